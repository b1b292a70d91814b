/**
 * The markup of the live page's changing parts — a check card and a scoreboard — as one function
 * each, so the page (server-rendered) and the Server-Sent Events of `/placar/<debate>/eventos`
 * (inserted by the browser as they arrive) show the very same HTML. Every text is escaped here.
 */
import { checkPagePath } from '@espectro/factcheck';
import { verdictStates, type MentirometroRow, type VerdictHistoryEntry } from '@espectro/methodology';
import { CHECK_STATUS_LABELS, formatDate, formatNumber, t, VERDICT_LABELS, type Locale } from '../i18n.js';
import { externalHref } from './links.js';
import type { SiteCheck } from './types.js';
import type { ScoreboardView } from './views.js';

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** ` href="…"` for an http(s) URL, nothing for any other (issue 21 §2). */
function hrefAttribute(url: string): string {
  const href = externalHref(url);
  return href === undefined ? '' : ` href="${escapeHtml(href)}"`;
}

/** The DOM id of a check's card on its debate's page. */
export function checkCardId(check: Pick<SiteCheck, 'id'>): string {
  return `checagem-${check.id.replace(/[^A-Za-z0-9_-]+/g, '-')}`;
}

/**
 * The time zone debate times are shown in: Placar da Verdade covers Brazilian debates (seed 001),
 * so a reader reads the hour as it was on the broadcast, with the zone named ("BRT").
 */
export const DEBATE_TIME_ZONE = 'America/Sao_Paulo';

const debateTimeFormats = new Map<Locale, { time: Intl.DateTimeFormat; zone: Intl.DateTimeFormat }>();

/** An instant of a debate as readers of the broadcast read it: date, hour and the zone's name ("BRT"). */
export function formatDebateTime(locale: Locale, iso: string): string {
  let formats = debateTimeFormats.get(locale);
  if (formats === undefined) {
    formats = {
      time: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: DEBATE_TIME_ZONE }),
      zone: new Intl.DateTimeFormat(locale, { timeZone: DEBATE_TIME_ZONE, timeZoneName: 'short' }),
    };
    debateTimeFormats.set(locale, formats);
  }
  const instant = new Date(iso);
  const zone = formats.zone.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value;
  return zone === undefined ? formats.time.format(instant) : `${formats.time.format(instant)} ${zone}`;
}

/** A verdict as a reader reads it: "Falso", or "Falso (removida)" when it is not published. */
export function verdictText(entry: Pick<VerdictHistoryEntry, 'verdict' | 'status'>, locale: Locale): string {
  const verdict = VERDICT_LABELS[entry.verdict][locale];
  return entry.status === 'published' ? verdict : `${verdict} (${CHECK_STATUS_LABELS[entry.status][locale]})`;
}

/** How a card is rendered besides its check. */
export interface CheckCardOptions {
  /** The page of the earlier check a reused verdict comes from (REP-1), when the site has it. */
  earlierCheckPath?: string | null;
  /** The card is the check's own page: no link to itself, the verdict history open. */
  onCheckPage?: boolean;
}

function historyHtml(history: readonly VerdictHistoryEntry[], locale: Locale, open: boolean): string {
  const entries = history
    .map(
      (entry) =>
        `<li><time datetime="${escapeHtml(entry.at)}">${escapeHtml(
          entry.at.length > 10 ? formatDebateTime(locale, entry.at) : formatDate(locale, entry.at),
        )}</time> — ${escapeHtml(entry.phase === 'live' ? t(locale, 'phaseLive') : t(locale, 'phaseReview'))}: ${escapeHtml(
          verdictText(entry, locale),
        )}${entry.reason ? ` — ${escapeHtml(entry.reason)}` : ''}</li>`,
    )
    .join('');
  return `<details class="check-card__history"${open ? ' open' : ''}><summary>${escapeHtml(t(locale, 'verdictHistory'))}</summary><ol>${entries}</ol></details>`;
}

/**
 * One check card: sentence, verdict (with status), the datum checked, reason, sources, "já checado
 * em" linking the earlier check for a reused verdict (REP-1), the previous verdicts after a review
 * and the whole verdict history (REV-D), a link to the check's own page and the "Achou erro nesta
 * checagem?" form.
 */
export function checkCardHtml(
  check: SiteCheck,
  debateId: string,
  locale: Locale,
  options: CheckCardOptions = {},
): string {
  const states = verdictStates({ checkId: check.id, candidate: check.candidate, history: check.history });
  const sources =
    check.evidence.length === 0
      ? escapeHtml(t(locale, 'noSources'))
      : `<ul>${check.evidence
          .map(
            (source) =>
              `<li><a${hrefAttribute(source.url)} rel="noopener nofollow">${escapeHtml(source.title ?? source.url)}</a>${
                source.publishedAt ? ` (${escapeHtml(formatDate(locale, source.publishedAt))})` : ''
              }</li>`,
          )
          .join('')}</ul>`;
  const status =
    check.status !== 'published'
      ? ` <span class="badge badge--tier">${escapeHtml(CHECK_STATUS_LABELS[check.status][locale])}</span>`
      : '';
  let repeat = '';
  if (check.repeatOf !== null) {
    const label = escapeHtml(t(locale, 'alreadyChecked', { debate: check.repeatOf.debate }));
    repeat =
      options.earlierCheckPath !== undefined && options.earlierCheckPath !== null
        ? ` <a class="badge badge--tier" data-repeat-of="${escapeHtml(check.repeatOf.checkId ?? '')}" href="${escapeHtml(options.earlierCheckPath)}">${label}</a>`
        : ` <span class="badge badge--tier" data-repeat-of="${escapeHtml(check.repeatOf.checkId ?? '')}">${label}</span>`;
  }
  const previous =
    states.previous.length > 0
      ? `<p class="correction" data-previous-verdicts>${escapeHtml(t(locale, 'previousVerdict'))}: ${states.previous
          .map((entry) => escapeHtml(verdictText(entry, locale)))
          .join(', ')}</p>`
      : '';
  const formId = `relato-${checkCardId(check)}`;
  const ownPage = options.onCheckPage
    ? ''
    : `<p><a href="${escapeHtml(checkPagePath(debateId, check.id))}">${escapeHtml(t(locale, 'checkPage'))}</a></p>`;
  return `<li class="check-card" id="${checkCardId(check)}" data-check-id="${escapeHtml(check.id)}" data-verdict="${check.verdict}" data-status="${check.status}">
<p class="story-card__meta"><strong>${escapeHtml(check.candidate)}</strong> <span><time datetime="${escapeHtml(check.spokenAt)}">${escapeHtml(formatDebateTime(locale, check.spokenAt))}</time></span></p>
<blockquote><p>${escapeHtml(check.phrase)}</p></blockquote>
<p><span class="verdict verdict--${check.verdict}">${escapeHtml(t(locale, 'verdict'))}: ${escapeHtml(VERDICT_LABELS[check.verdict][locale])}</span>${status}${repeat}</p>
<dl class="facts">${check.datum ? `<dt>${escapeHtml(t(locale, 'datum'))}</dt><dd>${escapeHtml(check.datum)}</dd>` : ''}<dt>${escapeHtml(t(locale, 'reason'))}</dt><dd>${escapeHtml(check.reason ?? check.repeatOf?.label ?? '—')}</dd><dt>${escapeHtml(t(locale, 'sources'))}</dt><dd>${sources}</dd></dl>
${previous}${historyHtml(check.history, locale, options.onCheckPage === true)}${ownPage}
<details><summary>${escapeHtml(t(locale, 'reportError'))}</summary><form class="stack" method="post" action="/placar/relato"><input type="hidden" name="checkId" value="${escapeHtml(check.id)}" /><div><label for="${formId}">${escapeHtml(t(locale, 'reportMessage'))}</label><textarea id="${formId}" name="message" required maxlength="5000"></textarea></div><div><button class="button" type="submit">${escapeHtml(t(locale, 'reportSend'))}</button></div></form></details>
</li>`;
}

/** The mentirômetro dial of one candidate (MEN-1); the needle only when MEN-2 lets it move. */
export function gaugeHtml(row: MentirometroRow, needle: boolean, locale: Locale): string {
  const percent = row.index === null ? null : row.index * 100;
  const angle = Math.PI * (1 - (row.index ?? 0));
  const tip = { x: 100 + 70 * Math.cos(angle), y: 100 - 70 * Math.sin(angle) };
  const value = percent === null ? t(locale, 'noCheckable') : `${formatNumber(locale, percent, 0)} %`;
  const counts = `${row.false} ${VERDICT_LABELS.false[locale]} · ${row.imprecise} ${VERDICT_LABELS.imprecise[locale]} · ${row.true} ${VERDICT_LABELS.true[locale]}`;
  const description = `${row.candidate}: ${t(locale, 'errorIndex')} ${value}; ${row.checkable} ${t(locale, 'checkable')}: ${counts}`;
  const moves = needle && percent !== null;
  const needleLine = moves
    ? `<line class="gauge__needle" x1="100" y1="100" x2="${tip.x.toFixed(1)}" y2="${tip.y.toFixed(1)}" stroke="#1a1a1a" stroke-width="4" stroke-linecap="round"></line>`
    : '';
  return `<figure class="gauge" data-candidate="${escapeHtml(row.candidate)}" data-checkable="${row.checkable}" data-needle="${moves ? 'moves' : 'still'}"><svg viewBox="0 0 200 120" role="img" aria-label="${escapeHtml(description)}"><path d="M 15 100 A 85 85 0 0 1 185 100" fill="none" stroke="#d4d4d0" stroke-width="18"></path><path d="M 15 100 A 85 85 0 0 1 185 100" fill="none" stroke="#1a1a1a" stroke-width="1" stroke-dasharray="2 4"></path><text x="10" y="117" font-size="11" fill="#1a1a1a">0 %</text><text x="88" y="11" font-size="11" fill="#1a1a1a">50 %</text><text x="164" y="117" font-size="11" fill="#1a1a1a">100 %</text>${needleLine}<circle cx="100" cy="100" r="6" fill="#1a1a1a"></circle></svg><figcaption><strong>${escapeHtml(row.candidate)}</strong><br />${escapeHtml(t(locale, 'errorIndex'))}: ${escapeHtml(value)}<br /><span class="hint">${escapeHtml(`${row.checkable} ${t(locale, 'checkable')}: ${counts}`)}</span></figcaption></figure>`;
}

/** A whole scoreboard (live or revised): one dial per candidate and the MEN-2 comparisons. */
export function scoreboardHtml(board: ScoreboardView, title: string, locale: Locale): string {
  const comparisons = board.comparisons
    .map((comparison) => {
      const text =
        comparison.result === 'insufficient'
          ? t(locale, 'comparisonInsufficient')
          : comparison.result === 'tie'
            ? t(locale, 'comparisonTie')
            : t(locale, 'comparisonErrsMore', { candidate: comparison.result === 'a' ? comparison.a : comparison.b });
      return `<li data-result="${comparison.result}" data-a="${escapeHtml(comparison.a)}" data-b="${escapeHtml(comparison.b)}">${escapeHtml(`${comparison.a} × ${comparison.b}: ${text}`)}</li>`;
    })
    .join('');
  return `<h3>${escapeHtml(title)}</h3><ul class="gauge-list">${board.rows
    .map((row) => `<li>${gaugeHtml(row, board.needleMoves, locale)}</li>`)
    .join('')}</ul><h4>${escapeHtml(t(locale, 'comparison'))}</h4><ul class="comparisons">${comparisons}</ul>`;
}
