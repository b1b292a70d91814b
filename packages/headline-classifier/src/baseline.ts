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
  /** Acts that only a bill has: ingreso, indicación, urgencia, veto, comisión mixta, trámite. */
  legislativeAct: [
    String.raw`ingres(?:a|an|o|aron|ara|aran|ado|ada|ar)\s+(?:(?:un|una|el|la|los|las)\s+)?(?:proyecto|mocion|mensaje|indicacion|iniciativa|veto|reforma)`,
    String.raw`ingreso del? (?:proyecto|mocion|mensaje|veto)`,
    String.raw`presenta(?:n|ron)?\s+(?:un\s+|una\s+)?(?:proyecto(?! de (?:resolucion|acuerdo))|mocion|reforma constitucional)`,
    String.raw`comision(?:es)?\s+(?:mixta|unidas)`,
    // "por indicación de Kast" is an instruction, not a bill's indicación.
    String.raw`(?<!por )indicacion(?:es)?\b`,
    String.raw`(?:suma\s+)?urgencias?\b`,
    String.raw`discusion inmediata\b`,
    String.raw`veto\b`,
    String.raw`vet(?:a|ar|aron|ara)\b`,
    String.raw`idea de legislar\b`,
    String.raw`(?:primer|segundo|tercer) tramite\b`,
    String.raw`tramite constitucional\b`,
    String.raw`(?:comienza|inicia|inician|continua|sigue|avanza|avanzan) (?:su |la )?tramitacion\b`,
    // A vote counts when the text says what was voted (a bill); bare "votación" is also an election.
    String.raw`votacion(?:es)?\s+(?:en general|en particular|de la idea de legislar|(?:del|de la|de los)\s+(?:[a-z0-9%]+\s+){0,2}(?:proyecto|reforma|ley|retiro)s?)\b`,
    // "fue respaldada de manera unánime en el Senado": a chamber's vote told in the passive.
    String.raw`(?:aprobad|respaldad|despachad|rechazad)(?:o|a|os|as)\s+(?:[a-z]+\s+){0,4}(?:en|por)\s+(?:el senado|la camara|la sala|el congreso)\b`,
    String.raw`(?:no\s+)?vot(?:a|o|an|aron|ara|ar|aran)\s+(?:a favor\s+|en contra\s+)?(?:de\s+)?(?:el|la|los|las)\s+(?:[a-z]+\s+)?(?:proyecto|reforma|retiro|ley|idea de legislar)\b`,
  ],
  /**
   * What a chamber, a committee or the Sala does — vote, approve, reject, dispatch. Read as a
   * legislative act unless the text is about Congress business that is not a bill
   * ({@link BASELINE_VOCABULARY.nonBillBusiness}) and names no bill (codebook reading 1).
   */
  chamberAct: [
    String.raw`comision\s+(?:aprueba|aprobo|despacha|despacho|rechaza|rechazo|vota|voto)\b`,
    String.raw`votos a favor\b`,
    String.raw`despach(?:o|a|an|aron|ara|ado|ada|ados|adas)\b`,
    String.raw`aprob(?:o|aron|ado|ada|ados|adas|ar) en (?:general|particular)\b`,
    String.raw`en (?:general y (?:en )?)?particular\b`,
    String.raw`(?:senado|camara(?: de diputad[oa]s(?: y diputad[oa]s)?| alta| baja)?|diputad[oa]s|senador[ea]s|congreso)\s+(?:aprueba|aprobo|aprueban|aprobaron|despacha|despacho|despachan|despacharon|rechaza|rechazo|rechazan|rechazaron|vota|voto|votara)\b`,
  ],
  /**
   * Where a bill is handled — a committee's name, the Sala. Read as a legislative act only when the
   * text also names a bill ({@link BASELINE_VOCABULARY.billNoun}): "integra la Comisión de
   * Seguridad", "50 parlamentarios en sala" are about people and sessions, not a bill.
   */
  chamberVenue: [
    String.raw`comision(?:es)?\s+(?:de\s+(?!etica)[a-z]+|del senado|de la camara)`,
    String.raw`(?:la|en)\s+sala\b(?!\s+cuna)`,
  ],
  /**
   * What makes a bill word in the same clause no act: a condition, a request or a reproach ("si el
   * Gobierno no manda la indicación", "debió poner urgencia", "piden discusión inmediata").
   */
  notAnActContext: String.raw`\b(?:si|debi(?:o|a|eron)|deberi(?:a|an)|pid(?:e|en|io|ieron)|solicit(?:a|an|o|aron)|exig(?:e|en|io|ieron)|reclam(?:a|an|o|aron))\b`,
  /** Offices that are not seats in Congress: a roster surname right after one is someone else ("el alcalde de Maipú, Tomás Vodanovic"). */
  otherOffice: String.raw`\b(?:alcalde|alcaldesa|gobernador|gobernadora|ministr[oa]|concejal|concejala|delegad[oa]|seremi|intendent[ea]|subsecretari[oa])\b[^.;:]{0,30}$`,
  /** A death reported in the title: an obituary is news about a person, not public action (codebook reading 5). */
  obituary: String.raw`\b(?:fallec(?:e|io|ieron|ido|ida)|muere|murio|deceso)\b`,
  /** Another country's authority: a law named next to it is not a Chilean norm (codebook reading 4, international). */
  foreignAuthority: String.raw`\b(?:ee\.?\s?uu|estados unidos|norteamerican[oa]|estadounidense|argentin[oa]|peruan[oa]|brasilen[oa]|mexican[oa]|espanol[a]?|europe[oa])\b`,
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
    String.raw`nueva (?:ley|norma|normativa|regulacion)\b`,
    String.raw`(?:esta|la) (?:nueva )?(?:normativa|regulacion) (?:exige|obliga|establece|permite|prohibe)\b`,
    String.raw`cumplimiento de la ley\b`,
    // Norms below statute rank are norms too (codebook reading 3): decrees and ordinances.
    String.raw`(?:firm(?:a|o|an|aron)|dict(?:a|o)|public(?:a|o))\s+(?:el\s+|un\s+)?decreto\b`,
    String.raw`decreto (?:supremo|ley|con fuerza de ley)\b`,
    String.raw`(?:modific(?:a|an|o|aron)|aprueb(?:a|an)|aprob(?:o|aron)|nueva)\s+(?:la\s+|una\s+)?ordenanza\b`,
    String.raw`ordenanza municipal\b`,
  ],
  /** A law named in the original text (`Ley Karin`, `Ley de Delitos Económicos`); case-sensitive. */
  namedLaw: String.raw`[Ll]ey (?:de |del |sobre )?\p{Lu}\p{L}+`,
  /** Offices that introduce a parliamentarian's name (`Diputada Cariola`, `el senador Juan Pérez`). */
  parliamentarianCue: String.raw`\b(?:diputad[oa]|senador|senadora|parlamentari[oa]|jef[ea] de bancada|president[ea] (?:de la camara(?: de diputad[oa]s(?: y diputad[oa]s)?| alta| baja)?|del senado),?)\s+(?!electo|electa)`,
  /**
   * Congress business that is not a bill (acusaciones constitucionales, prórrogas of a state of
   * exception, censures, investigative committees, desafueros, proyectos de resolución): a vote on
   * one of these is not a legislative act (codebook reading 1).
   */
  nonBillBusiness: [
    String.raw`acusacion(?:es)? constitucional(?:es)?`,
    String.raw`\bac\b`,
    String.raw`libelo`,
    String.raw`estado de (?:excepcion|emergencia|catastrofe|sitio)`,
    String.raw`prorroga`,
    String.raw`censura`,
    String.raw`interpelacion`,
    String.raw`comision(?:es)? (?:especial )?investigadora`,
    String.raw`desafuero`,
    String.raw`proyecto(?:s)? de (?:resolucion|acuerdo)`,
  ],
  /**
   * Constituent bodies (Convención, Consejo Constitucional, Comisión Experta) are not Congress: their
   * votes, indicaciones and enmiendas are not bill acts unless the text also names Congress.
   */
  constituentBody: [
    String.raw`consejo constitucional`,
    String.raw`consejer[oa]s constitucionales`,
    String.raw`convencion(?:al(?:es)?)? constitucional(?:es)?`,
    String.raw`convencionales`,
    String.raw`comision experta`,
    String.raw`anteproyecto`,
  ],
  /** Congress words that bring a constituent-body text back to Congress. */
  congressWord: [String.raw`senado`, String.raw`camara de diputad`, String.raw`congreso`, String.raw`proyecto de ley`],
  /** Words that name a bill; when one is present a vote is read as a legislative act after all. */
  billNoun: [
    String.raw`proyecto(?:s)? de ley`,
    String.raw`proyecto(?! de (?:resolucion|acuerdo))`,
    String.raw`reforma`,
    String.raw`iniciativa`,
    String.raw`retiro`,
    String.raw`presupuesto`,
    String.raw`mocion`,
    String.raw`bolet(?:in|ines)`,
  ],
  /**
   * An office that refers back to a person named elsewhere in the text ("el senador", "la
   * diputada", "el legislador"): with a person named in the title it identifies a parliamentarian
   * whether or not the name is in the roster.
   */
  anaphoricOffice: String.raw`\b(?:el|la|del|al)\s+(?:senador|senadora|diputado|diputada|parlamentario|parlamentaria|legislador|legisladora)\b(?!\s+(?:electo|electa)\b)`,
  /** A name followed by its office: "Manuel José Ossandón, senador RN", "Kaiser juró como diputado". */
  officeAfterName: String.raw`^\s*(?:,\s*|\s+(?:juro|asumio|asume|jura)\s+como\s+)(?:senador|senadora|diputado|diputada)\b(?!\s+(?:electo|electa)\b)`,
  /** Words that make a sentence about a norm conditional or future (HC-1 ambiguous, see `undecidable`). */
  undecidedNorm: {
    conditional: [
      String.raw`podri(?:a|an)`,
      String.raw`busca(?:n|ria|rian)?`,
      String.raw`pretende(?:n)?`,
      String.raw`permitiri(?:a|an)`,
    ],
  },
  /**
   * Capitalised words that open titles without being a person's name (institutions, offices,
   * common title openers): never read as the name an office refers back to.
   */
  notNames: [
    'Senado',
    'Cámara',
    'Congreso',
    'Gobierno',
    'Presidente',
    'Presidenta',
    'Ministro',
    'Ministra',
    'Encuesta',
    'Corte',
    'Suprema',
    'Tribunal',
    'Comisión',
    'Ley',
    'Nueva',
    'Nuevo',
    'Partido',
    'Frente',
    'Amplio',
    'Chile',
    'Región',
    'Oposición',
    'Oficialismo',
    'Diputado',
    'Diputada',
    'Diputados',
    'Senador',
    'Senadora',
    'Senadores',
    'Gobernador',
    'Gobernadora',
    'Alcalde',
    'Alcaldesa',
    'Fiscalía',
    'Carabineros',
    'Contraloría',
    'Moneda',
    'Video',
    'En',
    'El',
    'La',
    'Los',
    'Las',
    'Un',
    'Una',
    'Tras',
    'Con',
    'Por',
    'Para',
    'Qué',
    'Quién',
    'Cómo',
    'Estado',
    'Constitución',
    'Convención',
    'Consejo',
    'Capítulo',
    'Desde',
    'Redacción',
    'Entrevista',
    'Santiago',
    'Republicanos',
    'Republicano',
    'Socialista',
    'Comunista',
    'Cadem',
    'Criteria',
    'Plan',
    'Caso',
    'Fin',
  ],
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
    String.raw`(?:oficialismo|oposicion|derecha|izquierda|coalicion|bancadas?)\b`,
    String.raw`(?:republicanos?|frente amplio|udi|rn|ppd|pc|ps|dc|evopoli|pdg)\b`,
    String.raw`(?:alcalde|alcaldesa|municipio|gobernador|gobernadora|concejal|intendente|intendenta)\b`,
    String.raw`(?:segpres|segegob|cancilleria)\b`,
    String.raw`reformas?\s+(?:previsional|tributaria|de pensiones|de salud|constitucional|laboral|educacional|al sistema)\b`,
    String.raw`pensiones\b`,
    String.raw`(?:elecciones|eleccion|gobierno|consejo|concejo) (?:municipal|regional)(?:es)?\b`,
    String.raw`(?:servel|contraloria|subsecretari[oa])\b`,
    String.raw`(?:minvu|servicio de impuestos internos|sii|sector publico|funcionarios publicos)\b`,
    String.raw`(?:constitucion|constitucional|constituyente|convencion)\b`,
    String.raw`(?:boric|kast|pinera|bachelet|matthei|jara|parisi|frei)\b`,
    String.raw`(?:senador|senadora|senadores|diputad[oa]s?|parlamentari[oa]s?|congreso|senado|camara de diputad[oa]s|camara (?:alta|baja))\b`,
    String.raw`(?:acusacion(?:es)? constitucional(?:es)?|estado de excepcion|interpelacion|comision investigadora|desafuero)\b`,
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
  const chamber = union(BASELINE_VOCABULARY.chamberAct);
  const chamberVenue = union(BASELINE_VOCABULARY.chamberVenue);
  const notAnActContext = new RegExp(BASELINE_VOCABULARY.notAnActContext);
  const legislativeAll = new RegExp(legislative.source, 'g');
  const otherOffice = new RegExp(BASELINE_VOCABULARY.otherOffice);
  const obituary = new RegExp(BASELINE_VOCABULARY.obituary);
  const foreignAuthority = new RegExp(BASELINE_VOCABULARY.foreignAuthority);
  const nonBill = union(BASELINE_VOCABULARY.nonBillBusiness);
  const billNoun = union(BASELINE_VOCABULARY.billNoun);
  const anaphoricOffice = new RegExp(BASELINE_VOCABULARY.anaphoricOffice);
  const officeAfterName = new RegExp(BASELINE_VOCABULARY.officeAfterName);
  const conditional = union(BASELINE_VOCABULARY.undecidedNorm.conditional);
  const constituent = union(BASELINE_VOCABULARY.constituentBody);
  const congressWord = union(BASELINE_VOCABULARY.congressWord);
  // "ley" as the name of a norm — not the "de ley" of "proyecto de ley".
  const lawWord = /(?<!\bde )\bley(?:es)?\b/;
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
  // One to four capitalised words ("Felipe Kast", "Manuel José Ossandón", "Kaiser").
  const personName = /\p{Lu}[\p{Ll}'-]+(?:\s+(?:de\s+la\s+|del\s+|de\s+)?\p{Lu}[\p{Ll}'-]+){0,3}/gu;
  const notNames = new Set(BASELINE_VOCABULARY.notNames.map((word) => foldText(word)));
  const notAName = (candidate: string): boolean => candidate.split(/\s+/).some((word) => notNames.has(foldText(word)));
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

  /** The first bill act in `folded` that no condition, request or reproach of its clause undoes. */
  const legislativeActIn = (field: EvidenceField, folded: string, original: string): Found | null => {
    legislativeAll.lastIndex = 0;
    for (let match = legislativeAll.exec(folded); match !== null; match = legislativeAll.exec(folded)) {
      const before = folded.slice(Math.max(0, match.index - 40), match.index);
      const clause = before.slice(
        Math.max(...['.', ';', ':', '?', '!', '"', '\u201c'].map((mark) => before.lastIndexOf(mark))) + 1,
      );
      if (!notAnActContext.test(clause)) return found(field, original, match.index, match.index + match[0].length);
    }
    return null;
  };

  const parliamentarianIn = (field: EvidenceField, original: string, folded: string): Found | null => {
    // Roster names, skipping a former member, a member-elect and a namesake in another office.
    for (let offset = 0; offset < folded.length;) {
      const hit = matcher.find(folded.slice(offset));
      if (hit === null) break;
      const start = offset + hit.start;
      const end = offset + hit.end;
      if (
        folded.slice(Math.max(0, start - 3), start) !== 'ex ' &&
        !electedBefore.test(folded.slice(Math.max(0, start - 8), start)) &&
        !electedAfter.test(folded.slice(end, end + 40)) &&
        !otherOffice.test(folded.slice(Math.max(0, start - 45), start))
      ) {
        return found(field, original, start, end);
      }
      offset = end;
    }
    cue.lastIndex = 0;
    for (let match = cue.exec(folded); match !== null; match = cue.exec(folded)) {
      if (folded.slice(Math.max(0, match.index - 3), match.index) === 'ex ') continue;
      const nameStart = match.index + match[0].length;
      if (!uppercase.test(original[nameStart] ?? '')) continue;
      const rest = original.slice(nameStart).search(nameEnd);
      return found(field, original, match.index, rest < 0 ? original.length : nameStart + rest);
    }
    // "Manuel José Ossandón, senador RN", "Johannes Kaiser juró como diputado".
    personName.lastIndex = 0;
    for (let match = personName.exec(original); match !== null; match = personName.exec(original)) {
      const end = match.index + match[0].length;
      if (officeAfterName.test(folded.slice(end, end + 40)) && !notAName(match[0])) {
        return found(field, original, match.index, end);
      }
    }
    return null;
  };

  /**
   * A person named in the title ("Felipe Kast y Plan Araucanía…", "Ossandón y AC:…") that an
   * office with a definite article refers back to ("el senador", "la diputada", "el legislador").
   */
  const anaphoricParliamentarian = (
    title: string,
    foldedTitle: string,
    foldedDescription: string | null,
  ): Found | null => {
    const office =
      anaphoricOffice.exec(foldedTitle) ??
      (foldedDescription === null ? null : anaphoricOffice.exec(foldedDescription));
    if (office === null) return null;
    const before = (office.input ?? '').slice(Math.max(0, office.index - 4), office.index);
    if (/\bex\s?$/.test(before)) return null;
    personName.lastIndex = 0;
    for (let match = personName.exec(title); match !== null; match = personName.exec(title)) {
      const words = match[0].split(/\s+/);
      const atStart = match.index === 0 || /^[\s"“«'¿¡]*$/.test(title.slice(0, match.index));
      const followedBy = title.slice(match.index + match[0].length);
      // One capitalised word counts only as the subject opening the title ("Kaiser minimiza…").
      if (words.length === 1 && !(atStart && /^\s*(?::|,|\s+y\s|\s+[a-záéíóúñ])/.test(followedBy))) continue;
      if (notAName(match[0])) continue;
      return found('title', title, match.index, match.index + match[0].length);
    }
    return null;
  };

  const classifyOne = (item: HeadlineInput): Classification => {
    const title = item.title.normalize('NFC');
    const description = item.description ? item.description.normalize('NFC') : null;
    const foldedTitle = foldText(title);
    const foldedDescription = description === null ? null : foldText(description);

    const bothFolded = foldedDescription === null ? foldedTitle : `${foldedTitle}\n${foldedDescription}`;
    // Codebook reading 1: a chamber's vote on an acusación, a prórroga or a censure is not a bill act.
    const chamberCounts = !nonBill.test(bothFolded) || billNoun.test(bothFolded);
    const namesBill = billNoun.test(bothFolded);
    const actIn = (field: EvidenceField, folded: string, original: string): Found | null =>
      legislativeActIn(field, folded, original) ??
      (chamberCounts ? searchIn(chamber, field, folded, original) : null) ??
      (chamberCounts && namesBill ? searchIn(chamberVenue, field, folded, original) : null);
    let legislativeHit =
      actIn('title', foldedTitle, title) ??
      (description === null ? null : actIn('description', foldedDescription!, description));
    // Codebook reading 1: a constituent body's indicaciones and votes are not Congress acts.
    if (legislativeHit !== null && constituent.test(bothFolded) && !congressWord.test(bothFolded)) {
      legislativeHit = null;
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
      (description === null ? null : parliamentarianIn('description', description, foldedDescription!)) ??
      anaphoricParliamentarian(title, foldedTitle, foldedDescription);
    let lawHit = searchIn(lawInForce, 'title', foldedTitle, title);
    if (lawHit === null && description !== null)
      lawHit = searchIn(lawInForce, 'description', foldedDescription!, description);
    const foreign = foreignAuthority.test(bothFolded);
    if (lawHit === null && !foreign && foldedTitle.includes('ley ')) lawHit = searchIn(namedLaw, 'title', title, title);
    if (lawHit === null && !foreign && description !== null && foldedDescription!.includes('ley ')) {
      lawHit = searchIn(namedLaw, 'description', description, description);
    }
    let politicalHit = searchIn(political, 'title', foldedTitle, title);
    if (politicalHit === null && description !== null) {
      politicalHit = searchIn(political, 'description', foldedDescription!, description);
    }
    // Codebook reading 5: an obituary (a death in the title, no bill act, no norm) is non_legislative.
    const obituaryOnly =
      legislativeHit === null && boletines.length === 0 && lawHit === null && obituary.test(foldedTitle);
    const signals: HeadlineSignals = {
      legislativeAct: legislativeHit !== null || boletines.length > 0,
      namedSittingParliamentarian: parliamentarianHit !== null && !obituaryOnly,
      lawInForce: lawHit !== null,
      politicalContent: politicalHit !== null && !obituaryOnly,
      // HC-1 ambiguous: a norm called both a law and a bill (iniciativa, proyecto) in a conditional
      // or future sentence, with no act to tell which — the text cannot decide between
      // legislative_process and law_in_force.
      undecidable:
        legislativeHit === null &&
        boletines.length === 0 &&
        lawWord.test(bothFolded) &&
        billNoun.test(bothFolded) &&
        conditional.test(bothFolded),
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
              : headlineClass === 'ambiguous'
                ? (searchIn(conditional, 'title', foldedTitle, title) ??
                  (description === null ? null : searchIn(conditional, 'description', foldedDescription!, description)))
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
