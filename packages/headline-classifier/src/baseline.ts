import {
  applyHeadlinePrecedence,
  extractBoletines,
  type HeadlineClass,
  type HeadlineSignals,
} from '@espectro/methodology';
import type { Classification, EvidenceField, HeadlineClassifier, HeadlineInput } from './classifier.js';
import { compileRoster, PARLIAMENTARIAN_ROSTER, type Roster, type RosterMatcher } from './roster.js';
import { foldText } from './text.js';

/** Backend label of the offline rules baseline, written on every result it makes. */
export const RULES_BASELINE_BACKEND = 'rules-baseline (offline)';

/**
 * Vocabulary of the baseline, written from the HC-1 definitions of seed 004 (not fitted by any
 * search over the golden set — but by the same author who labelled it, so its figures on that set
 * are optimistic; see README). Every list is joined into one `\b(?:…|…)` expression and runs on
 * folded text: lower case, vowels without accents, `ñ` kept.
 */
export const BASELINE_VOCABULARY = {
  /** Acts of tramitación: ingreso, comisión, Sala, votación, indicación, urgencia, veto, despacho. */
  legislativeAct: [
    String.raw`ingres(?:a|an|o|aron|ara|aran|ado|ada|ar)\s+(?:(?:un|una|el|la|los|las)\s+)?(?:proyecto|mocion|mensaje|indicacion|iniciativa|veto|reforma)`,
    String.raw`ingreso del? (?:proyecto|mocion|mensaje|veto)`,
    String.raw`comision(?:es)?\s+(?:mixta|de\s+(?!etica)[a-z]+|del senado|de la camara|unidas)`,
    String.raw`comision\s+(?:aprueba|aprobo|despacha|despacho|rechaza|rechazo|vota|voto)\b`,
    String.raw`(?:la|en)\s+sala\b(?!\s+cuna)`,
    String.raw`votacion(?:es)?\b`,
    String.raw`votos a favor\b`,
    String.raw`indicacion(?:es)?\b`,
    String.raw`(?:suma\s+)?urgencia\b`,
    String.raw`discusion inmediata\b`,
    String.raw`veto\b`,
    String.raw`vet(?:a|ar|aron|ara)\b`,
    String.raw`despach(?:o|a|an|aron|ara|ado|ada|ados|adas)\b`,
    String.raw`aprob(?:o|aron|ado|ada|ados|adas|ar) en (?:general|particular)\b`,
    String.raw`en (?:general y (?:en )?)?particular\b`,
    String.raw`idea de legislar\b`,
    String.raw`(?:primer|segundo|tercer) tramite\b`,
    String.raw`tramite constitucional\b`,
    String.raw`tramitacion\b`,
    String.raw`(?:senado|camara(?: de diputad[oa]s(?: y diputad[oa]s)?| alta| baja)?|diputad[oa]s|senador[ea]s|congreso)\s+(?:aprueba|aprobo|aprueban|aprobaron|despacha|despacho|despachan|despacharon|rechaza|rechazo|rechazan|rechazaron|vota|voto|votara)\b`,
  ],
  /** Promulgation and entry-into-force vocabulary of a law in force. */
  lawInForce: [
    String.raw`entr(?:a|o|ara|aba) en (?:vigencia|vigor)\b`,
    String.raw`entrada en (?:vigencia|vigor)\b`,
    String.raw`(?:comienza|comenzo|empieza|empezo|comenzara|empezara) a regir\b`,
    String.raw`(?:ya )?rige (?:desde|a partir)\b`,
    String.raw`promulg(?:o|a|an|aron|ada|ado|acion|ara)\b`,
    String.raw`publicada en el diario oficial\b`,
    String.raw`diario oficial\b`,
    String.raw`reglamento de la ley\b`,
    String.raw`ley n(?:°|º|\.|ro\.?)?\s?\d{1,2}\.?\d{3}\b`,
    String.raw`nueva (?:ley|norma)\b`,
  ],
  /** A law named in the original text (`Ley Karin`, `Ley de Delitos Económicos`); case-sensitive. */
  namedLaw: String.raw`[Ll]ey (?:de |del |sobre )?\p{Lu}\p{L}+`,
  /** Offices that introduce a parliamentarian's name (`Diputada Cariola`, `el senador Juan Pérez`). */
  parliamentarianCue: String.raw`\b(?:diputad[oa]|senador|senadora|parlamentari[oa]|jef[ea] de bancada|president[ea] (?:de la camara|del senado))\s+(?!electo|electa)`,
  /** Contingent political vocabulary (non_legislative_politics). */
  politicalContent: [
    String.raw`president[ea] (?:de la republica|boric|kast|pinera|electo|electa|del senado|de la camara)\b`,
    String.raw`pdte\b`,
    String.raw`mandatari[oa]\b`,
    String.raw`gobierno\b`,
    String.raw`ministr[oa]s?\b`,
    String.raw`gabinete\b`,
    String.raw`la moneda\b`,
    String.raw`(?:cadem|criteria|encuesta)\b`,
    String.raw`elecci(?:on|ones)\b`,
    String.raw`electoral(?:es)?\b`,
    String.raw`candidat(?:o|a|os|as|ura|uras)\b`,
    String.raw`balotaje\b`,
    String.raw`plebiscito\b`,
    String.raw`primarias\b`,
    // 'partido' alone is also a football match: only party names and 'partido político' count.
    String.raw`partidos? (?:politicos?|republicano|socialista|comunista|nacional libertario|liberal|por la democracia|de la gente|humanista|ecologista|radical|de la libertad|social cristiano)\b`,
    String.raw`(?:oficialismo|oposicion|derecha|izquierda|coalicion|bancada)\b`,
    String.raw`(?:republicanos?|frente amplio|udi|rn|ppd|pc|ps|dc|evopoli|pdg)\b`,
    String.raw`(?:alcalde|alcaldesa|municipio|municipal|gobernador|gobernadora|concejal)\b`,
    String.raw`(?:servel|contraloria|subsecretari[oa])\b`,
    String.raw`(?:constitucion|constitucional|constituyente|convencion)\b`,
    String.raw`(?:boric|kast|pinera|bachelet|matthei|jara|parisi|frei)\b`,
    String.raw`(?:senador|senadora|senadores|diputad[oa]s?|parlamentari[oa]s?|congreso)\b`,
    String.raw`(?:presupuesto|cuenta publica|voto|votar|sufragio)\b`,
  ],
} as const;

function union(patterns: readonly string[]): RegExp {
  return new RegExp(`\\b(?:${patterns.join('|')})`);
}

/** Settings of {@link createRulesBaseline}. */
export interface RulesBaselineSettings {
  /** Roster of sitting parliamentarians; default the bundled `data/parliamentarians.json`. */
  roster?: Roster;
}

/** The offline rules baseline: a {@link HeadlineClassifier} that also classifies synchronously. */
export interface RulesBaseline extends HeadlineClassifier {
  /** Classifies one headline synchronously (same result as `classify`). */
  classifyOne(item: HeadlineInput): Classification;
}

/**
 * The offline rules baseline (no key, no network): reads the HC-1 signals from the title and
 * description with the vocabulary in {@link BASELINE_VOCABULARY} — tramitación acts and boletín
 * numbers (LINK-1 grammar, via `extractBoletines`), sitting parliamentarians named in the text
 * (roster names or an office followed by a capitalised name), promulgation vocabulary, political
 * vocabulary — and applies the HC-1 precedence with `applyHeadlinePrecedence` from
 * `@espectro/methodology`. It never answers `ambiguous`. Every result quotes the phrase that
 * decided it and is labelled `rules-baseline (offline)`.
 *
 * @example
 * const baseline = createRulesBaseline();
 * baseline.classifyOne({ id: 'x', title: 'Senado despacha a ley la reforma de pensiones' });
 * // { id: 'x', class: 'legislative_process', evidence: 'Senado despacha', evidenceField: 'title', backend: 'rules-baseline (offline)', … }
 */
export function createRulesBaseline(settings: RulesBaselineSettings = {}): RulesBaseline {
  const legislative = union(BASELINE_VOCABULARY.legislativeAct);
  const lawInForce = union(BASELINE_VOCABULARY.lawInForce);
  const namedLaw = new RegExp(`\\b${BASELINE_VOCABULARY.namedLaw}`, 'u');
  const cue = new RegExp(BASELINE_VOCABULARY.parliamentarianCue, 'g');
  const political = union(BASELINE_VOCABULARY.politicalContent);
  const boletinQuote = /\bbolet(?:in|ines)\b[^.;\n]{0,30}?\d[\d.]*\s*[-\u2013\u2014]\s*\d{2}/;
  // "diputado electo X", "X, senador electo": not (yet) sitting when the text was written.
  const electedAfter = /^\W{0,3}(?:[a-z]+\s+){0,5}(?:electo|electa)\b/;
  const electedBefore = /\belect[oa]\s+$/;
  const nameEnd = /[^\p{L}\s'-]|\s(?!\p{Lu})/u;
  const uppercase = /\p{Lu}/u;
  const matcher: RosterMatcher = compileRoster(settings.roster ?? PARLIAMENTARIAN_ROSTER);
  // rule HC-1: the precedence itself is applyHeadlinePrecedence from @espectro/methodology; its
  // answer depends only on the five booleans, so it is asked once per combination.
  const precedence = new Map<number, HeadlineClass>();
  const classOf = (signals: HeadlineSignals): HeadlineClass => {
    const key =
      (signals.legislativeAct ? 1 : 0) |
      (signals.namedSittingParliamentarian ? 2 : 0) |
      (signals.lawInForce ? 4 : 0) |
      (signals.politicalContent ? 8 : 0) |
      (signals.undecidable ? 16 : 0);
    let answer = precedence.get(key);
    if (answer === undefined) {
      answer = applyHeadlinePrecedence(signals);
      precedence.set(key, answer);
    }
    return answer;
  };

  /** A phrase found in one field: quoted from the original text at the folded offsets. */
  interface Found {
    field: EvidenceField;
    quote: string;
  }

  const found = (field: EvidenceField, original: string, start: number, end: number): Found => ({
    field,
    quote: original.slice(start, end),
  });

  const searchIn = (pattern: RegExp, field: EvidenceField, searched: string, original: string): Found | null => {
    const match = pattern.exec(searched);
    return match === null ? null : found(field, original, match.index, match.index + match[0].length);
  };

  const parliamentarianIn = (field: EvidenceField, original: string, folded: string): Found | null => {
    const rosterHit = matcher.find(folded);
    if (
      rosterHit !== null &&
      folded.slice(Math.max(0, rosterHit.start - 3), rosterHit.start) !== 'ex ' &&
      !electedBefore.test(folded.slice(Math.max(0, rosterHit.start - 8), rosterHit.start)) &&
      !electedAfter.test(folded.slice(rosterHit.end, rosterHit.end + 40))
    ) {
      return found(field, original, rosterHit.start, rosterHit.end);
    }
    cue.lastIndex = 0;
    for (let match = cue.exec(folded); match !== null; match = cue.exec(folded)) {
      if (folded.slice(Math.max(0, match.index - 3), match.index) === 'ex ') continue;
      const nameStart = match.index + match[0].length;
      if (!uppercase.test(original[nameStart] ?? '')) continue;
      const rest = original.slice(nameStart).search(nameEnd);
      return found(field, original, match.index, rest < 0 ? original.length : nameStart + rest);
    }
    return null;
  };

  const classifyOne = (item: HeadlineInput): Classification => {
    const title = item.title.normalize('NFC');
    const description = item.description ? item.description.normalize('NFC') : null;
    const foldedTitle = foldText(title);
    const foldedDescription = description === null ? null : foldText(description);

    let legislativeHit = searchIn(legislative, 'title', foldedTitle, title);
    if (legislativeHit === null && description !== null) {
      legislativeHit = searchIn(legislative, 'description', foldedDescription!, description);
    }
    // LINK-1 grammar: numbers count only after the word boletín, so texts without it are skipped.
    const mentionsBoletin = foldedTitle.includes('bolet') || (foldedDescription?.includes('bolet') ?? false);
    const boletines = mentionsBoletin
      ? extractBoletines(description === null ? title : `${title}\n${description}`)
      : [];
    if (legislativeHit === null && boletines.length > 0) {
      legislativeHit =
        searchIn(boletinQuote, 'title', foldedTitle, title) ??
        (description === null ? null : searchIn(boletinQuote, 'description', foldedDescription!, description));
    }
    const parliamentarianHit =
      parliamentarianIn('title', title, foldedTitle) ??
      (description === null ? null : parliamentarianIn('description', description, foldedDescription!));
    let lawHit = searchIn(lawInForce, 'title', foldedTitle, title);
    if (lawHit === null && description !== null)
      lawHit = searchIn(lawInForce, 'description', foldedDescription!, description);
    if (lawHit === null && foldedTitle.includes('ley ')) lawHit = searchIn(namedLaw, 'title', title, title);
    if (lawHit === null && description !== null && foldedDescription!.includes('ley ')) {
      lawHit = searchIn(namedLaw, 'description', description, description);
    }
    let politicalHit = searchIn(political, 'title', foldedTitle, title);
    if (politicalHit === null && description !== null) {
      politicalHit = searchIn(political, 'description', foldedDescription!, description);
    }
    const signals: HeadlineSignals = {
      legislativeAct: legislativeHit !== null || boletines.length > 0,
      namedSittingParliamentarian: parliamentarianHit !== null,
      lawInForce: lawHit !== null,
      politicalContent: politicalHit !== null,
      undecidable: false,
    };
    const headlineClass = classOf(signals);
    const evidence =
      headlineClass === 'legislative_process'
        ? legislativeHit
        : headlineClass === 'parliamentary_activity'
          ? parliamentarianHit
          : headlineClass === 'law_in_force'
            ? lawHit
            : headlineClass === 'non_legislative_politics'
              ? politicalHit
              : null;
    return {
      id: item.id,
      class: headlineClass,
      evidence: evidence?.quote ?? null,
      evidenceField: evidence?.field ?? null,
      backend: RULES_BASELINE_BACKEND,
      signals,
    };
  };

  return {
    backend: RULES_BASELINE_BACKEND,
    classifyOne,
    async classify(items) {
      return items.map(classifyOne);
    },
  };
}
