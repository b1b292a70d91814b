/**
 * The one schema.org `ClaimReview` builder of Espectro (used by the site's check pages,
 * `/datos/claimreview.json` and `espectro debate … --out`), following Google Search Central's
 * "Fact check (ClaimReview) structured data" and https://schema.org/ClaimReview:
 *
 * - required: `claimReviewed`, `reviewRating` (a `Rating` with `alternateName`, the verdict as
 *   readers see it) and `url` (absolute, on the publisher's site: the check's own page);
 * - recommended: `author` (the publishing Organization, with `url`), `itemReviewed` (a `Claim` with
 *   its `author` — the candidate —, `datePublished` — when it was said — and `appearance` /
 *   `firstAppearance` — the debate), `Rating.name`, and the numeric `ratingValue` /
 *   `bestRating` / `worstRating`;
 * - one ClaimReview per check page.
 *
 * The numeric scale is Falso 1 → Impreciso 2 → Verdadeiro 3. "Sem dados" is not a point on a truth
 * scale (seed 001: "não achar a prova não torna a fala falsa"), so its Rating carries only the text
 * (`alternateName`, `name`): `ratingValue` is never outside `worstRating..bestRating`.
 */
import { verdictStates, type CheckStatus, type Verdict } from '@espectro/methodology';
import type { Check, DebateInfo } from '../schemas.js';
import { VERDICT_LABELS_PT } from './labels.js';

/** Numeric rating of a scored verdict: Falso 1, Impreciso 2, Verdadeiro 3. */
export const CLAIM_REVIEW_RATINGS: Record<Exclude<Verdict, 'no_data'>, number> = { false: 1, imprecise: 2, true: 3 };
/** Best and worst values of {@link CLAIM_REVIEW_RATINGS}. */
export const CLAIM_REVIEW_SCALE = { worstRating: 1, bestRating: 3 } as const;

/** What a ClaimReview is built from: one check as published now (its current state). */
export interface ClaimReviewSubject {
  checkId: string;
  debateId: string;
  debateName: string;
  /** Where the debate can be watched (the Claim's appearance), if known. */
  debateUrl: string | null;
  candidate: string;
  /** When it was said (ISO date-time). */
  spokenAt: string;
  /** The sentence as judged. */
  claimText: string;
  verdict: Verdict;
  status: CheckStatus;
  /** ISO time of the check's first (live) entry — when the fact-check was first published. */
  firstPublishedAt: string;
  /** ISO time of the current entry (the latest revision). */
  modifiedAt: string;
  /** BCP 47 language of the check page, e.g. `pt-BR`. */
  language: string;
}

/** Who publishes and where: the site the check pages live on. */
export interface ClaimReviewSite {
  /** Absolute base URL of the site, e.g. `https://placar.example/` (a path prefix is kept). */
  siteUrl: string;
  /** The publishing organisation's name (ClaimReview `author`). */
  publisherName: string;
}

/** A schema.org ClaimReview as built here. */
export interface ClaimReview {
  '@context': 'https://schema.org';
  '@type': 'ClaimReview';
  url: string;
  claimReviewed: string;
  datePublished: string;
  dateModified: string;
  inLanguage: string;
  author: { '@type': 'Organization'; name: string; url: string };
  reviewRating: {
    '@type': 'Rating';
    alternateName: string;
    name: string;
    ratingValue?: number;
    bestRating?: number;
    worstRating?: number;
  };
  itemReviewed: {
    '@type': 'Claim';
    author: { '@type': 'Person'; name: string };
    datePublished: string;
    appearance: { '@type': 'CreativeWork'; name: string; url?: string };
    firstAppearance: { '@type': 'CreativeWork'; name: string; url?: string };
  };
}

/** Where a check sits in its debate: the parts of its id `<debateId>#<chunk>.<claim>`. */
export interface CheckPosition {
  debateId: string;
  chunkIndex: number;
  claimIndex: number;
}

/**
 * The debate, chunk and claim of a check id as the live pipeline writes it
 * (`<debateId>#<chunk>.<claim>`), or `null` for an id of another shape.
 *
 * @example
 * checkPosition('aurora-2026-09-03#12.0'); // { debateId: 'aurora-2026-09-03', chunkIndex: 12, claimIndex: 0 }
 */
export function checkPosition(checkId: string): CheckPosition | null {
  const match = /^(.+)#(\d+)\.(\d+)$/.exec(checkId);
  if (match === null) return null;
  return { debateId: match[1]!, chunkIndex: Number(match[2]), claimIndex: Number(match[3]) };
}

/**
 * The slug of a check in its page's path: `<chunk>-<claim>` from the check id
 * `<debateId>#<chunk>.<claim>` (ids without that tail are slugged whole).
 *
 * @example
 * checkSlug('aurora-2026-09-03#12.0'); // '12-0'
 */
export function checkSlug(checkId: string): string {
  const tail = /#(\d+)\.(\d+)$/.exec(checkId);
  if (tail !== null) return `${tail[1]}-${tail[2]}`;
  return checkId.replace(/[^A-Za-z0-9_-]+/g, '-');
}

/**
 * The path of a debate's live page: `/placar/<debate>`.
 *
 * @example
 * debatePagePath('aurora-2026-09-03'); // '/placar/aurora-2026-09-03'
 */
export function debatePagePath(debateId: string): string {
  return `/placar/${encodeURIComponent(debateId)}`;
}

/**
 * The path of a check's own page (the ClaimReview `url`): `/placar/<debate>/checagens/<slug>`.
 *
 * @example
 * checkPagePath('aurora-2026-09-03', 'aurora-2026-09-03#12.0'); // '/placar/aurora-2026-09-03/checagens/12-0'
 */
export function checkPagePath(debateId: string, checkId: string): string {
  return `${debatePagePath(debateId)}/checagens/${checkSlug(checkId)}`;
}

/** `path` resolved against `siteUrl` keeping the site's own path prefix (never doubled). */
export function absoluteSiteUrl(siteUrl: string, path: string): string {
  const base = new URL(siteUrl);
  if (!/^https?:$/.test(base.protocol)) throw new TypeError(`site URL must be http(s): ${siteUrl}`);
  const prefix = base.pathname.replace(/\/+$/, '');
  return new URL(`${prefix}${path}`, base.origin).toString();
}

/**
 * The ClaimReview of one check, or `null` when the check is not published now (discarded, under
 * review or removed checks are not fact-checks to announce).
 *
 * @example
 * claimReview(claimReviewSubjectOf(check, debate), { siteUrl: 'https://placar.example/', publisherName: 'Placar da Verdade' });
 */
export function claimReview(subject: ClaimReviewSubject, site: ClaimReviewSite): ClaimReview | null {
  if (subject.status !== 'published') return null;
  const label = VERDICT_LABELS_PT[subject.verdict];
  const appearance = {
    '@type': 'CreativeWork' as const,
    name: subject.debateName,
    ...(subject.debateUrl !== null ? { url: subject.debateUrl } : {}),
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'ClaimReview',
    url: absoluteSiteUrl(site.siteUrl, checkPagePath(subject.debateId, subject.checkId)),
    claimReviewed: subject.claimText,
    datePublished: subject.firstPublishedAt.slice(0, 10),
    dateModified: subject.modifiedAt.slice(0, 10),
    inLanguage: subject.language,
    author: { '@type': 'Organization', name: site.publisherName, url: absoluteSiteUrl(site.siteUrl, '/') },
    reviewRating: {
      '@type': 'Rating',
      alternateName: label,
      name: label,
      ...(subject.verdict !== 'no_data'
        ? { ratingValue: CLAIM_REVIEW_RATINGS[subject.verdict], ...CLAIM_REVIEW_SCALE }
        : {}),
    },
    itemReviewed: {
      '@type': 'Claim',
      author: { '@type': 'Person', name: subject.candidate },
      datePublished: subject.spokenAt.slice(0, 10),
      appearance,
      firstAppearance: appearance,
    },
  };
}

/**
 * The subject of a pipeline check in its current (revised) state.
 *
 * @example
 * claimReviewSubjectOf(check, debate).verdict;
 */
export function claimReviewSubjectOf(
  check: Check,
  debate: Pick<DebateInfo, 'id' | 'name' | 'url' | 'language'>,
): ClaimReviewSubject {
  const states = verdictStates({ checkId: check.id, candidate: check.candidate, history: check.history });
  return {
    checkId: check.id,
    debateId: check.debateId,
    debateName: debate.name,
    debateUrl: debate.url ?? null,
    candidate: check.candidate,
    spokenAt: check.spokenAt,
    claimText: check.claim.text,
    verdict: states.current.verdict,
    status: states.current.status,
    firstPublishedAt: (check.history[0] ?? states.current).at,
    modifiedAt: states.current.at,
    language: debate.language === 'es' ? 'es' : 'pt-BR',
  };
}
