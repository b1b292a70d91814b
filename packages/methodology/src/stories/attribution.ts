/**
 * The attribution check of synthesised sentences (RULES.md §5 rule SYN-4, seed 003 §9): no outlet
 * of the roster may be named inside a sentence; attribution lives in the article ids.
 *
 * How a mention is found (the rule as implemented):
 * 1. Sentences and roster names, aliases and domains are *folded*: Unicode NFD, combining marks
 *    removed, lower-cased, runs of white space made one space. Matching is on folded text, so it
 *    is case- and accent-insensitive ("La Nacion", "LA NACIÓN" and "la nación" all match
 *    "La Nación"); offsets and `matchedText` refer to the original sentence.
 * 2. A match must sit on word boundaries: the character before and after it is not a letter or
 *    digit ("Marcador" does not contain "Marca"). A domain is also matched without its `www.`.
 * 3. A name that is also an ordinary phrase cannot be told apart from that phrase by spelling
 *    alone ("El País" the newspaper vs "el país" the country). Such a *common-phrase* name — one
 *    whose every folded word is in {@link ATTRIBUTION_COMMON_WORDS}, unless the roster entry sets
 *    `commonPhrase` — counts only when written as a proper name: every word capitalised in the
 *    roster form starts with a capital in the sentence (an all-capitals roster word such as
 *    "AS" must be all capitals), and the next word is not capitalised (then the match is part of
 *    a longer proper name: "El País Vasco"). So "según el país", "en el país", "El país vive"
 *    and "el País Vasco" are not hits, while "según El País", "EL PAÍS informó" are. An
 *    attribution cue does not relax this ("varía según el país" is not a hit). Distinctive names
 *    ("Infobae", "Clarín", "Página/12") and domains match in any case.
 * 4. Each hit reports the attribution cue that precedes it, if any ("según", "como informó",
 *    "de acuerdo con", "segundo", "de acordo com", …, see {@link ATTRIBUTION_CUES}, optionally
 *    followed by "el diario", "o jornal", …), and `phrase` = cue + mention.
 * 5. A hit strictly inside a longer hit is dropped ("CNN" inside "CNN Chile", "infobae" inside
 *    "infobae.com"); the same span named by two roster outlets gives two hits.
 */
import { parseInput } from '../shared/validate.js';
import { AttributionCheckInputSchema, type AttributionHit, type AttributionRosterEntry } from './schemas.js';

/**
 * Folded words (no accents, lower case) that make a roster name a *common phrase* when every word
 * of the name is among them (rule SYN-4): Spanish and Portuguese articles and prepositions, the
 * nouns and adjectives newspapers are named after, and country names. Override per outlet with
 * `commonPhrase` in the roster.
 *
 * @example
 * ATTRIBUTION_COMMON_WORDS.includes('pais'); // true → "El País" needs proper-name capitals
 */
export const ATTRIBUTION_COMMON_WORDS: readonly string[] = [
  // articles, prepositions, conjunctions (es, pt)
  'el',
  'la',
  'los',
  'las',
  'lo',
  'un',
  'una',
  'unos',
  'unas',
  'um',
  'uma',
  'de',
  'del',
  'y',
  'e',
  'en',
  'a',
  'al',
  'o',
  'os',
  'as',
  'da',
  'do',
  'das',
  'dos',
  'no',
  'na',
  'nos',
  'nas',
  'por',
  'para',
  'con',
  'com',
  'sin',
  'sem',
  'sobre',
  'entre',
  'desde',
  'hasta',
  'ate',
  // nouns and adjectives outlets are named after (es)
  'pais',
  'nacion',
  'mundo',
  'tiempo',
  'tiempos',
  'razon',
  'prensa',
  'diario',
  'diaria',
  'universal',
  'comercio',
  'republica',
  'nacional',
  'economista',
  'observador',
  'mercurio',
  'primera',
  'segunda',
  'tercera',
  'cuarta',
  'siglo',
  'heraldo',
  'informador',
  'espectador',
  'correo',
  'sol',
  'sur',
  'norte',
  'este',
  'oeste',
  'dia',
  'hoy',
  'manana',
  'tarde',
  'noche',
  'semana',
  'proceso',
  'reforma',
  'financiero',
  'periodico',
  'noticia',
  'noticias',
  'nuevo',
  'nueva',
  'expansion',
  'expreso',
  'publico',
  'publica',
  'marca',
  'opinion',
  'economia',
  'independiente',
  'confidencial',
  'espanol',
  'vanguardia',
  'cronica',
  'tribuna',
  'voz',
  'verdad',
  'estrella',
  'mostrador',
  'desconcierto',
  'ciudadano',
  'ciudadana',
  'radio',
  'television',
  'canal',
  'portal',
  'agencia',
  'revista',
  'ultima',
  'ultimas',
  'hora',
  'minuto',
  'libre',
  'pueblo',
  'capital',
  'gaceta',
  'imparcial',
  'patria',
  'mercado',
  'negocios',
  'cambio',
  'region',
  'provincia',
  'perfil',
  'ambito',
  'pagina',
  'siete',
  'semanario',
  'actualidad',
  'informacion',
  'informativo',
  'faro',
  'luz',
  'eco',
  'grafico',
  'popular',
  'sociedad',
  'cultura',
  'deportes',
  'deportivo',
  'tecnologia',
  'ciencia',
  'salud',
  'politica',
  'politico',
  'animal',
  'ahora',
  'universo',
  'planeta',
  'mundial',
  'jornada',
  'milenio',
  'deber',
  'andes',
  'sport',
  'record',
  // nouns and adjectives outlets are named after (pt)
  'globo',
  'folha',
  'estado',
  'jornal',
  'hoje',
  'agora',
  'povo',
  'correio',
  'poder',
  'nexo',
  'ponte',
  'forum',
  'epoca',
  'exame',
  'veja',
  'extra',
  'cidade',
  'fato',
  'reporter',
  'valor',
  'economico',
  'imprensa',
  'verdade',
  'opiniao',
  'carta',
  'nacao',
  'metropoles',
  // countries
  'mexico',
  'chile',
  'argentina',
  'colombia',
  'peru',
  'venezuela',
  'cuba',
  'espana',
  'brasil',
  'uruguay',
  'paraguay',
  'bolivia',
  'ecuador',
  'panama',
  'honduras',
  'guatemala',
  'salvador',
  'nicaragua',
  'dominicana',
  'puerto',
  'rico',
  'portugal',
];

/**
 * Folded attribution cues (rule SYN-4) reported with a hit when they immediately precede the
 * outlet mention, optionally followed by an article and a noun such as "el diario", "o jornal".
 *
 * @example
 * ATTRIBUTION_CUES.includes('segun'); // true
 */
export const ATTRIBUTION_CUES: readonly string[] = [
  // es
  'segun',
  'de acuerdo con',
  'de acuerdo a',
  'conforme a',
  'citado por',
  'citada por',
  'citados por',
  'citadas por',
  'en declaraciones a',
  'en entrevista con',
  'en una entrevista con',
  'como informo',
  'como informa',
  'como publico',
  'como publica',
  'como reporto',
  'como reporta',
  'como senalo',
  'como senala',
  'como indico',
  'como indica',
  'como revelo',
  'como revela',
  'como adelanto',
  'como adelanta',
  'como dijo',
  'como explico',
  'como recogio',
  'como recoge',
  'como consigno',
  'como consigna',
  'informo',
  'informa',
  'publico',
  'reporto',
  'senalo',
  'indico',
  'revelo',
  'adelanto',
  'recogio',
  'consigno',
  // pt
  'segundo',
  'de acordo com',
  'conforme',
  'citado pelo',
  'citada pelo',
  'citado pela',
  'citada pela',
  'em entrevista a',
  'em entrevista ao',
  'em entrevista com',
  'como informou',
  'como noticiou',
  'como publicou',
  'como revelou',
  'como mostrou',
  'como antecipou',
  'como disse',
  'informou',
  'noticiou',
  'publicou',
  'revelou',
  'mostrou',
  'antecipou',
  'apurou',
];

const CUE_ARTICLES = ['el', 'la', 'los', 'las', 'o', 'a', 'os', 'as', 'ao'];
const CUE_NOUNS = [
  'diario',
  'periodico',
  'medio',
  'portal',
  'sitio',
  'revista',
  'cadena',
  'canal',
  'agencia',
  'semanario',
  'noticiero',
  'programa',
  'radio',
  'televisora',
  'jornal',
  'site',
  'emissora',
  'rede',
  'tv',
];

function alternation(words: readonly string[]): string {
  // Longest first so that "como informo" wins over "informo".
  return [...words]
    .sort((a, b) => b.length - a.length)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|');
}

/** Matches, at the end of the folded text before a mention, a cue and an optional "el diario". */
const CUE_BEFORE_MENTION = new RegExp(
  `(?<![\\p{L}\\p{N}])((?:${alternation(ATTRIBUTION_CUES)})(?: (?:${alternation(CUE_ARTICLES)})(?: (?:${alternation(CUE_NOUNS)}))?)?) ?$`,
  'u',
);

const COMMON_WORDS: ReadonlySet<string> = new Set(ATTRIBUTION_COMMON_WORDS);
const COMBINING_MARKS = /\p{M}/gu;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;
const LETTER = /\p{L}/u;
const WHITE_SPACE = /\s/u;
const WHITE_SPACE_RUN = /\s+/u;

// ── Folding ────────────────────────────────────────────────────────────────────────────────────

interface FoldedText {
  text: string;
  /** For each UTF-16 unit of `text`, the original [start, end) it came from. */
  starts: number[];
  ends: number[];
}

function fold(original: string): FoldedText {
  let text = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let index = 0;
  while (index < original.length) {
    const codePoint = original.codePointAt(index)!;
    const end = index + (codePoint > 0xffff ? 2 : 1);
    const character = original.slice(index, end);
    if (WHITE_SPACE.test(character)) {
      if (text.endsWith(' ')) ends[ends.length - 1] = end;
      else {
        text += ' ';
        starts.push(index);
        ends.push(end);
      }
    } else {
      const folded =
        codePoint < 0x80
          ? character.toLowerCase()
          : character.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase();
      if (folded.length === 0) {
        // A combining mark of already decomposed text belongs to the previous character.
        if (ends.length > 0) ends[ends.length - 1] = end;
      }
      for (let unit = 0; unit < folded.length; unit += 1) {
        text += folded[unit];
        starts.push(index);
        ends.push(end);
      }
    }
    index = end;
  }
  return { text, starts, ends };
}

function foldPlain(original: string): string {
  return fold(original).text.trim();
}

// ── Roster preparation ─────────────────────────────────────────────────────────────────────────

interface Candidate {
  outlet: string;
  domain: string | null;
  via: AttributionHit['via'];
  /** Folded form searched for. */
  folded: string;
  /** Roster spelling, split in words, for the proper-name test; `null` = no capitalisation rule. */
  properNameWords: string[] | null;
  /** Roster order, for stable results. */
  order: number;
}

function isCommonPhrase(folded: string): boolean {
  return folded.split(' ').every((word) => COMMON_WORDS.has(word));
}

function prepareRoster(roster: readonly AttributionRosterEntry[]): Candidate[] {
  const candidates: Candidate[] = [];
  roster.forEach((entry, order) => {
    const domain = entry.domain ?? null;
    const addName = (spelling: string, via: 'name' | 'alias'): void => {
      const folded = foldPlain(spelling);
      if (folded === '') return;
      const common = entry.commonPhrase ?? isCommonPhrase(folded);
      candidates.push({
        outlet: entry.name,
        domain,
        via,
        folded,
        properNameWords: common ? spelling.trim().split(WHITE_SPACE_RUN) : null,
        order,
      });
    };
    addName(entry.name, 'name');
    for (const alias of entry.aliases ?? []) addName(alias, 'alias');
    if (domain !== null) {
      const folded = foldPlain(domain);
      if (folded === '') return;
      candidates.push({ outlet: entry.name, domain, via: 'domain', folded, properNameWords: null, order });
      if (folded.startsWith('www.') && folded.length > 4) {
        candidates.push({
          outlet: entry.name,
          domain,
          via: 'domain',
          folded: folded.slice(4),
          properNameWords: null,
          order,
        });
      }
    }
  });
  return candidates;
}

// ── Matching ───────────────────────────────────────────────────────────────────────────────────

function isWordCharacterAt(text: string, index: number): boolean {
  if (index < 0 || index >= text.length) return false;
  const codePoint = text.codePointAt(index)!;
  // Step back onto a high surrogate if `index` is the low half of a pair.
  if (codePoint >= 0xdc00 && codePoint <= 0xdfff && index > 0)
    return WORD_CHARACTER.test(text.slice(index - 1, index + 1));
  return WORD_CHARACTER.test(String.fromCodePoint(codePoint));
}

function firstLetter(word: string): string | null {
  for (const character of word) if (LETTER.test(character)) return character;
  return null;
}

function isUpperCase(letter: string): boolean {
  return letter !== letter.toLowerCase() && letter === letter.toUpperCase();
}

/** rule SYN-4 point 3: the roster's capitals are reproduced in the written word. */
function wordKeepsCapitals(rosterWord: string, writtenWord: string): boolean {
  const rosterInitial = firstLetter(rosterWord);
  if (rosterInitial === null || !isUpperCase(rosterInitial)) return true;
  const rosterLetters = [...rosterWord].filter((character) => LETTER.test(character));
  if (rosterLetters.length >= 2 && rosterLetters.every(isUpperCase)) {
    // An acronym ("AS", "ABC"): every letter must be a capital.
    return [...writtenWord].filter((character) => LETTER.test(character)).every(isUpperCase);
  }
  const writtenInitial = firstLetter(writtenWord);
  return writtenInitial !== null && isUpperCase(writtenInitial);
}

function isWrittenAsProperName(sentence: string, start: number, end: number, rosterWords: readonly string[]): boolean {
  const writtenWords = sentence.slice(start, end).split(WHITE_SPACE_RUN);
  if (writtenWords.length !== rosterWords.length) return false;
  for (let index = 0; index < rosterWords.length; index += 1) {
    if (!wordKeepsCapitals(rosterWords[index]!, writtenWords[index]!)) return false;
  }
  // Followed (after spaces only) by a capitalised word → part of a longer proper name.
  let next = end;
  while (next < sentence.length && (sentence[next] === ' ' || sentence[next] === '\u00a0' || sentence[next] === '\t'))
    next += 1;
  if (next === end || next >= sentence.length) return true;
  const following = String.fromCodePoint(sentence.codePointAt(next)!);
  return !(LETTER.test(following) && isUpperCase(following));
}

function findHits(sentence: string, sentenceIndex: number, candidates: readonly Candidate[]): AttributionHit[] {
  const folded = fold(sentence);
  const text = folded.text;
  const found: (AttributionHit & { order: number })[] = [];
  for (const candidate of candidates) {
    const needle = candidate.folded;
    const checkBefore = isWordCharacterAt(needle, 0);
    const checkAfter = isWordCharacterAt(needle, needle.length - 1);
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
      const last = at + needle.length - 1;
      if (checkBefore && isWordCharacterAt(text, at - 1)) continue;
      if (checkAfter && isWordCharacterAt(text, last + 1)) continue;
      const start = folded.starts[at]!;
      const end = folded.ends[last]!;
      if (candidate.properNameWords !== null && !isWrittenAsProperName(sentence, start, end, candidate.properNameWords))
        continue;
      const cue = CUE_BEFORE_MENTION.exec(text.slice(0, at));
      let cueText: string | null = null;
      let phraseStart = start;
      if (cue !== null) {
        const cueStart = cue.index;
        const cueLast = cueStart + cue[1]!.length - 1;
        phraseStart = folded.starts[cueStart]!;
        cueText = sentence.slice(phraseStart, folded.ends[cueLast]!);
      }
      found.push({
        sentenceIndex,
        outlet: candidate.outlet,
        domain: candidate.domain,
        via: candidate.via,
        matchedText: sentence.slice(start, end),
        phrase: sentence.slice(phraseStart, end),
        cue: cueText,
        start,
        end,
        order: candidate.order,
      });
    }
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end || a.order - b.order);
  const kept: (AttributionHit & { order: number })[] = [];
  for (const hit of found) {
    const covered = kept.some(
      (other) =>
        other.start <= hit.start &&
        hit.end <= other.end &&
        (other.start !== hit.start || other.end !== hit.end || other.order === hit.order),
    );
    if (!covered) kept.push(hit);
  }
  return kept.map(({ order: _order, ...hit }) => hit);
}

/**
 * Finds every outlet of the roster named inside the sentences (rule SYN-4); a non-empty result
 * means the synthesis must be rewritten, because attribution lives in the article ids, not in the
 * text. Matching is case- and accent-insensitive on word boundaries; names that are also
 * ordinary phrases ("El País", "La Nación", "Marca") count only when written as proper names —
 * the full rule is at the top of this module. Hits are ordered by sentence, then position.
 *
 * @example
 * attributionCheck(
 *   ['Según El País, el Gobierno aprobó el plan.', 'La inflación bajó en el país.', 'Lo publicó infobae.com ayer.'],
 *   [{ name: 'El País', domain: 'elpais.com' }, { name: 'Infobae', domain: 'infobae.com' }],
 * );
 * // [{ sentenceIndex: 0, outlet: 'El País', via: 'name', matchedText: 'El País', cue: 'Según', phrase: 'Según El País', … },
 * //  { sentenceIndex: 2, outlet: 'Infobae', via: 'domain', matchedText: 'infobae.com', cue: 'publicó', … }]
 */
export function attributionCheck(
  sentences: readonly string[],
  roster: readonly AttributionRosterEntry[],
): AttributionHit[] {
  const valid = parseInput(AttributionCheckInputSchema, { sentences, roster }, 'SYN-4', 'attributionCheck');
  const candidates = prepareRoster(valid.roster);
  return valid.sentences.flatMap((sentence, sentenceIndex) => findHits(sentence, sentenceIndex, candidates));
}
