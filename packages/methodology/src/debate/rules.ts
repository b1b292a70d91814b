import type { RuleEntry } from '../shared/rule-entry.js';
import {
  AUD_DEFAULT_LANGUAGE,
  AUD_MAX_TRANSCRIPTS,
  AUD_MIN_DISTINCT_VENDORS,
  DEB_ALLOW_UNDATED_DEFAULT,
  DEB_CHATTER_DROP_ABOVE,
  DEB_CHUNK_SECONDS,
  DEB_CITATION_REASKS,
  DEB_EXCLUDED_DOMAINS,
  DEB_OFFICIAL_SOURCE_SUFFIXES,
  DEB_TRACKING_PARAMETER_PREFIX,
  JR_NUMERIC_FALSE_DEVIATION,
  JR_NUMERIC_TOLERANCE,
  JR_PUBLIC_DEBT_DEFINITION,
  MEN_MIN_CHECKABLE,
  MEN_TIE_POINTS,
  REP_EMBEDDING_THRESHOLDS,
  REP_JACCARD_THRESHOLD,
  REP_LABEL_PREFIX,
} from './parameters.js';

const SECTION = '7. Debate fact-checking';

/**
 * Catalogue entries for the rules implemented in this module (RULES.md §7, seed 001 "Placar").
 * Parameters show the defaults the code runs with (the constants of `parameters.ts`).
 *
 * @example
 * debateRules.find((rule) => rule.id === 'MEN-2')?.parameters;
 */
export const debateRules: RuleEntry[] = [
  {
    id: 'DEB-1',
    title: 'Speaking time split by tone',
    section: SECTION,
    seed: '001 Como checamos §3',
    choice: true,
    implementedBy: ['splitSpeakingTime'],
    parameters: [
      { name: 'chunkSeconds', default: DEB_CHUNK_SECONDS, description: 'length of one audio chunk' },
      {
        name: 'chatterDropAbove',
        default: DEB_CHATTER_DROP_ABOVE,
        description: 'a chunk with chatter strictly above this is dropped ("só conversa" = strict majority)',
      },
    ],
    statement:
      'Each chunk’s seconds are split among proposal, attack, defense, record and chatter in proportion to the classifier’s probabilities, used as given (no renormalisation): 70 % attack and 30 % proposal of 10 s give 7 s and 3 s. Chatter > 0.5 (strict) → the chunk goes no further (null). Negative probabilities or a sum above 1 + 1e-9 are an input error.',
  },
  {
    id: 'DEB-2',
    title: 'Claim kinds: only checkable claims are searched',
    section: SECTION,
    seed: '001 Como checamos §4',
    choice: false,
    implementedBy: ['claimHandling'],
    parameters: [],
    statement:
      'Kinds: checkable (numbers, data, government acts, laws), proposal, attack, rhetoric, opinion, promise. Only checkable claims are searched and can become checks; proposals and attacks are annotated only; rhetoric, opinion and promises never become checks (status discarded). The specific datum is kept ("recorde de mulher assassinada", not "criminalidade") — a prompt rule.',
  },
  {
    id: 'DEB-3',
    title: 'Evidence filter',
    section: SECTION,
    seed: '001 Como checamos §5, Fontes excluídas',
    choice: true,
    implementedBy: ['filterEvidence', 'isExcludedSource'],
    parameters: [
      {
        name: 'excludedDomains',
        default: [...DEB_EXCLUDED_DOMAINS],
        description: 'party and militant outlets of both sides (seed 001)',
      },
      {
        name: 'allowUndated',
        default: DEB_ALLOW_UNDATED_DEFAULT,
        description: 'keep results without a publication date',
      },
    ],
    statement:
      'A search result is dropped when its host is, or is under, an excluded domain (case-insensitive, ignoring www., whole labels only: blog.pt.org.br is excluded, notpt.org.br is not); when it was published after the claim was spoken (two date-times compared as instants; a date without time compared by UTC calendar date, so a result dated the day of the claim is kept); and when undated, unless allowUndated.',
  },
  {
    id: 'DEB-4',
    title: 'Official sources and their share',
    section: SECTION,
    seed: '001 De onde vieram as provas',
    choice: false,
    implementedBy: ['isOfficialSource', 'officialSourceShare'],
    parameters: [
      {
        name: 'officialSuffixes',
        default: [...DEB_OFFICIAL_SOURCE_SUFFIXES],
        description: 'host suffixes of public bodies',
      },
    ],
    statement:
      'A source is official when its host is, or is under, gov.br, leg.br, jus.br, mp.br or agenciabrasil.ebc.com.br. The share per debate counts, among the checks with at least one citation, those citing at least one official source (seed: 41 of 75 checks, 55 %).',
  },
  {
    id: 'DEB-5',
    title: 'Citations only from the search',
    section: SECTION,
    seed: '001 Como checamos §6',
    choice: false,
    implementedBy: ['checkCitations', 'normalizeCitationUrl', 'finalizeVerdict'],
    parameters: [
      {
        name: 'trackingParameterPrefix',
        default: DEB_TRACKING_PARAMETER_PREFIX,
        description: 'query parameters removed before comparison',
      },
      {
        name: 'citationReasks',
        default: DEB_CITATION_REASKS,
        description: 're-asks after an invalid citation before no_data',
      },
    ],
    statement:
      'A verdict may cite only URLs returned by the search, compared after lowercasing scheme and host and removing www., the fragment, utm_* parameters and the trailing slash (http and https stay different). true, imprecise and false need at least one citation. An invalid or missing citation → the judge is asked again once, then the verdict is no_data with reason invalid_citation. A URL that appears only inside evidence text (prompt injection) is invalid.',
  },
  {
    id: 'JR-1/4',
    title: 'Numeric verdicts',
    section: SECTION,
    seed: '001 As regras do juiz 1, 4',
    choice: true,
    implementedBy: ['numericVerdict'],
    parameters: [
      {
        name: 'tolerance',
        default: JR_NUMERIC_TOLERANCE,
        description: 'relative deviation up to which a number is true',
      },
      {
        name: 'falseDeviation',
        default: JR_NUMERIC_FALSE_DEVIATION,
        description: 'relative deviation above which a same-sign number is false',
      },
    ],
    statement:
      'e = |claimed − reference| / |reference|, in this order: reference exactly 0 → true if claimed is exactly 0, else false; e ≤ 0.05 → true; opposite sign → false; e ≤ 0.5 → imprecise; else false. Values within 1e-9 of a threshold count as equal to it ("11 trilhões" for 10,8 is true).',
  },
  {
    id: 'JR-2/3',
    title: 'Opinion or mismatched evidence gives no data',
    section: SECTION,
    seed: '001 As regras do juiz 2, 3',
    choice: false,
    implementedBy: ['evidenceMismatchVerdict', 'finalizeVerdict'],
    parameters: [],
    statement:
      'Opinion, value judgement, unmeasurable comparison, or evidence about another period or another datum → no_data. Not finding evidence never makes a claim false.',
  },
  {
    id: 'JR-5',
    title: 'Multi-part claims',
    section: SECTION,
    seed: '001 As regras do juiz 5',
    choice: true,
    implementedBy: ['multiPartVerdict', 'finalizeVerdict'],
    parameters: [],
    statement:
      'Judged by the main part. Main true with any other scored part imprecise or false → imprecise. Main false while a strict majority of the scored parts (main included) are true → imprecise, never false. Parts with no_data are not scored.',
  },
  {
    id: 'JR-6',
    title: 'Slip of the tongue',
    section: SECTION,
    seed: '001 As regras do juiz 6',
    choice: false,
    implementedBy: ['capSlipOfTongue', 'finalizeVerdict'],
    parameters: [],
    statement:
      'An evident slip of the tongue with the other data right ("2003" for 2023) is at most imprecise: false becomes imprecise.',
  },
  {
    id: 'JR-7',
    title: 'Repeated accusation without proof',
    section: SECTION,
    seed: '001 As regras do juiz 7',
    choice: false,
    implementedBy: ['capUnprovenAccusation', 'finalizeVerdict'],
    parameters: [],
    statement:
      'A claim that repeats what an audio, document or person said stands only if the content is proven; an accusation without proof is imprecise (a true or false verdict becomes imprecise; no_data stays no_data).',
  },
  {
    id: 'JR-8',
    title: 'Public debt definition',
    section: SECTION,
    seed: '001 As regras do juiz 8',
    choice: false,
    implementedBy: ['JR_PUBLIC_DEBT_DEFINITION'],
    parameters: [
      {
        name: 'publicDebt',
        default: JR_PUBLIC_DEBT_DEFINITION.meaning,
        description: `meaning of an unspecified "${JR_PUBLIC_DEBT_DEFINITION.term}" (${JR_PUBLIC_DEBT_DEFINITION.source})`,
      },
    ],
    statement:
      'An unspecified "dívida pública" is the gross general government debt (DBGG) as published by the Banco Central. A definition given to the judge, not a computation.',
  },
  {
    id: 'JR-9',
    title: 'Promises, future goals and opinions are discarded',
    section: SECTION,
    seed: '001 As regras do juiz 9',
    choice: false,
    implementedBy: ['claimHandling', 'finalizeVerdict'],
    parameters: [],
    statement:
      'A promise, future goal or pure opinion gets status discarded (verdict no_data) and stays outside the scoreboard.',
  },
  {
    id: 'JR-10',
    title: 'Judged as an ordinary listener understands it',
    section: SECTION,
    seed: '001 As regras do juiz 10',
    choice: false,
    implementedBy: [],
    parameters: [],
    statement:
      'A sentence is judged by the meaning an ordinary listener understands, not the most literal reading. A prompt rule: not computable.',
  },
  {
    id: 'AUD-1',
    title: 'Audio re-verification before publishing false or imprecise',
    section: SECTION,
    seed: '001 Como checamos §7, Onde o sistema erra',
    choice: true,
    implementedBy: ['extractKeyFacts', 'compareTranscripts', 'transcriptsAgree', 'reverifyAudio'],
    parameters: [
      {
        name: 'minDistinctVendors',
        default: AUD_MIN_DISTINCT_VENDORS,
        description: 'the first two re-transcriptions come from different vendors',
      },
      {
        name: 'maxTranscripts',
        default: AUD_MAX_TRANSCRIPTS,
        description: 'two re-transcriptions and one tie-breaker',
      },
      { name: 'language', default: AUD_DEFAULT_LANGUAGE, description: 'language of the number words (pt or es)' },
    ],
    statement:
      'Before a false or imprecise is published the chunk is re-transcribed by two models of different vendors. They agree when their key facts agree: the sets of numbers with magnitude and percent unit ("sete e meio por cento" = 7,5 % ≠ 10,5 %; "134 milhões" ≠ "134 mil"; Portuguese and Spanish number words and digits with decimal comma and thousands dot) are equal, and every proper name of each (a capitalised word — opening a sentence only when it is not an ordinary sentence opener such as "O", "Hoje", "El" — or an acronym) occurs in the other ("Eletrobras" ≠ "Petrobras", "Irã" ≠ "Venezuela"). If they disagree a third breaks the tie; without a majority an arbiter chooses publish, correct the sentence, or under_review (off the scoreboard).',
  },
  {
    id: 'REP-1',
    title: 'Repeated claims reuse the revised verdict',
    section: SECTION,
    seed: '001 Como checamos §8',
    choice: true,
    implementedBy: ['normalizeClaimText', 'findRepeatedClaim'],
    parameters: [
      {
        name: 'jaccardThreshold',
        default: REP_JACCARD_THRESHOLD,
        description: 'token Jaccard similarity of normalised texts for a match',
      },
      ...Object.entries(REP_EMBEDDING_THRESHOLDS).map(([backend, threshold]) => ({
        name: `embeddingThreshold.${backend}`,
        default: threshold,
        description: `cosine of ${backend} claim embeddings for a paraphrase match (an embedder without a threshold is not used)`,
      })),
      { name: 'label', default: REP_LABEL_PREFIX, description: 'card label prefix' },
    ],
    statement:
      'A claim of the same speaker whose normalised text (accents folded, lowercase, punctuation and stopwords removed) equals that of an earlier published check, or whose token Jaccard similarity is ≥ 0.8 — or, when an embedder with a calibrated threshold is available, whose embedding cosine reaches that threshold (a paraphrase) — with the same numbers, reuses the latest revised verdict of the most recent such check and shows "já checado em <debate>".',
  },
  {
    id: 'REV-D',
    title: 'Post-debate review keeps history and both scoreboards',
    section: SECTION,
    seed: '001 Como checamos §9, Dados abertos',
    choice: false,
    implementedBy: ['reviseCheck', 'verdictStates', 'scoreboards'],
    parameters: [],
    statement:
      'Every change is appended to the check’s history (never overwritten), so the previous verdict stays visible. The live scoreboard is the state at the end of the broadcast (last live entry of each check); the revised scoreboard is the latest state. Review entries never change the live scoreboard.',
  },
  {
    id: 'MEN-1',
    title: 'Mentirômetro',
    section: SECTION,
    seed: '001 Mentirômetro',
    choice: false,
    implementedBy: ['mentirometro', 'scoreboards'],
    parameters: [],
    statement:
      'Per candidate, over published checks only: checkable = true + imprecise + false (no_data, discarded, under_review and removed excluded); index = (false + imprecise/2) / checkable, null without checkable claims. One row per candidate in order of first appearance.',
  },
  {
    id: 'MEN-2',
    title: 'Needle and technical tie',
    section: SECTION,
    seed: '001 Mentirômetro',
    choice: false,
    implementedBy: ['compareCandidates'],
    parameters: [
      { name: 'minCheckable', default: MEN_MIN_CHECKABLE, description: 'checkable claims each candidate needs' },
      {
        name: 'tiePoints',
        default: MEN_TIE_POINTS,
        description: 'indexes closer than this many points are a technical tie',
      },
    ],
    statement:
      'insufficient when any compared candidate has fewer than 3 checkable claims (checked first); a technical tie when the indexes are closer than 10 points, exactly: 5·|(2fA+iA)·nB − (2fB+iB)·nA| < nA·nB; otherwise the candidate with the higher index errs more.',
  },
  {
    id: 'COST',
    title: 'Cost of every model call',
    section: SECTION,
    seed: '001 Quanto custa',
    choice: false,
    implementedBy: ['CostRecordSchema', 'totalCost'],
    parameters: [],
    statement:
      'Every model call records vendor, model, prompt version, tokens in/out and USD cost; debate totals (calls, USD, tokens, per vendor) are reported.',
  },
];
