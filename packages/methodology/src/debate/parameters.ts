/**
 * Parameters and defaults of the debate fact-checking rules (RULES.md §7, seed 001). Every
 * threshold the code of this module uses is one of these constants; `rules.ts` lists them in the
 * catalogue, so the methodology page shows the values the code runs with.
 */

/**
 * DEB-1: the length of one audio chunk in seconds (informational: `splitSpeakingTime` takes the
 * seconds of the chunk it is given).
 *
 * @example
 * splitSpeakingTime(DEB_CHUNK_SECONDS, probabilities);
 */
export const DEB_CHUNK_SECONDS = 10;

/**
 * DEB-1 **[choice]**: a chunk whose chatter probability is strictly above this ("só conversa" =
 * strict majority) is dropped.
 *
 * @example
 * DEB_CHATTER_DROP_ABOVE; // 0.5
 */
export const DEB_CHATTER_DROP_ABOVE = 0.5;

/**
 * DEB-3: the excluded evidence domains of seed 001 ("Fontes excluídas (dos dois lados)"). A result
 * whose host is one of these, or is under one of them, is dropped.
 *
 * @example
 * DEB_EXCLUDED_DOMAINS.includes('brasil247.com'); // true
 */
export const DEB_EXCLUDED_DOMAINS = [
  'pt.org.br',
  'institutolula.org',
  'fpabramo.org.br',
  'vermelho.org.br',
  'brasil247.com',
  'revistaforum.com.br',
  'diariodocentrodomundo.com.br',
  'brasildefato.com.br',
  'pl.org.br',
  'fundacaoalvarovalle.org.br',
  'flaviobolsonaro.com.br',
  'revistaoeste.com',
  'brasilparalelo.com.br',
  'jornaldacidadeonline.com.br',
  'tercalivre.com.br',
] as const;

/**
 * DEB-3 **[choice]**: undated search results are dropped unless the caller sets `allowUndated`.
 *
 * @example
 * filterEvidence({ claimAt, results, allowUndated: DEB_ALLOW_UNDATED_DEFAULT });
 */
export const DEB_ALLOW_UNDATED_DEFAULT = false;

/**
 * DEB-4: host suffixes of official (public-body) sources; a host equal to or under one of these is
 * official.
 *
 * @example
 * DEB_OFFICIAL_SOURCE_SUFFIXES[0]; // 'gov.br'
 */
export const DEB_OFFICIAL_SOURCE_SUFFIXES = [
  'gov.br',
  'leg.br',
  'jus.br',
  'mp.br',
  'agenciabrasil.ebc.com.br',
] as const;

/**
 * DEB-5: query parameters whose name starts with this prefix (case-insensitive) are removed when
 * citations are compared.
 *
 * @example
 * normalizeCitationUrl('https://g1.globo.com/a?utm_source=x'); // 'https://g1.globo.com/a'
 */
export const DEB_TRACKING_PARAMETER_PREFIX = 'utm_';

/**
 * DEB-5: how many times the judge is asked again after an invalid citation before the verdict
 * becomes `no_data` with reason `invalid_citation` ("re-ask, then no_data" = one re-ask).
 *
 * @example
 * finalizeVerdict({ judge, searchedUrls, attempt: DEB_CITATION_REASKS + 1 }); // final, never re_ask
 */
export const DEB_CITATION_REASKS = 1;

/**
 * JR-1/4: relative deviation up to which a number is `true` ("até ~5%").
 *
 * @example
 * numericVerdict(105, 100, { tolerance: JR_NUMERIC_TOLERANCE }); // 'true'
 */
export const JR_NUMERIC_TOLERANCE = 0.05;

/**
 * JR-1/4 **[choice]**: relative deviation above which a same-sign number is `false` ("muito
 * diferente" = over 50 %).
 *
 * @example
 * numericVerdict(150, 100, { falseDeviation: JR_NUMERIC_FALSE_DEVIATION }); // 'imprecise'
 */
export const JR_NUMERIC_FALSE_DEVIATION = 0.5;

/**
 * JR-8: the definition the judge prompt uses for an unspecified "dívida pública" (a prompt rule,
 * kept here so that the page and the prompt cite one definition).
 *
 * @example
 * JR_PUBLIC_DEBT_DEFINITION.meaning; // 'Dívida Bruta do Governo Geral (DBGG)'
 */
export const JR_PUBLIC_DEBT_DEFINITION = {
  term: 'dívida pública',
  meaning: 'Dívida Bruta do Governo Geral (DBGG)',
  source: 'Banco Central do Brasil',
} as const;

/**
 * MEN-2: minimum checkable claims every compared candidate needs before the needle moves.
 *
 * @example
 * MEN_MIN_CHECKABLE; // 3
 */
export const MEN_MIN_CHECKABLE = 3;

/**
 * MEN-2: two indexes closer than this many points (of 100) are a technical tie.
 *
 * @example
 * MEN_TIE_POINTS; // 10
 */
export const MEN_TIE_POINTS = 10;

/**
 * REP-1 **[choice]**: token Jaccard similarity (of normalised claim texts) at or above which a claim
 * repeats an earlier one, when the normalised keys are not identical.
 *
 * @example
 * findRepeatedClaim({ claim, earlierChecks, jaccardThreshold: REP_JACCARD_THRESHOLD });
 */
export const REP_JACCARD_THRESHOLD = 0.8;

/**
 * REP-1 **[choice]**: cosine similarity (of two claim texts' embeddings) at or above which a claim
 * repeats an earlier one — a paraphrase the token Jaccard misses — per embedder backend, since each
 * embedder has its own similarity scale. An embedder without an entry is not used for REP-1.
 * Chosen on `packages/factcheck/data/repeat-pairs.jsonl` (48 es/pt-BR pairs, in sample) as the
 * lowest cosine above every non-repeat that states the same numbers; the figures are in the
 * factcheck README (`pnpm --filter @espectro/factcheck evaluate:repeats`).
 *
 * @example
 * REP_EMBEDDING_THRESHOLDS['offline-char-ngram-tfidf']; // 0.88
 */
export const REP_EMBEDDING_THRESHOLDS: Readonly<Record<string, number>> = Object.freeze({
  'offline-char-ngram-tfidf': 0.88,
});

/**
 * REP-1: the label prefix of a reused verdict ("já checado em <debate>").
 *
 * @example
 * `${REP_LABEL_PREFIX} Band 18/10`; // 'já checado em Band 18/10'
 */
export const REP_LABEL_PREFIX = 'já checado em';

/**
 * AUD-1: the first two re-transcriptions must come from this many different vendors.
 *
 * @example
 * AUD_MIN_DISTINCT_VENDORS; // 2
 */
export const AUD_MIN_DISTINCT_VENDORS = 2;

/**
 * AUD-1: at most three re-transcriptions (two, then a tie-breaker); without a majority an
 * arbiter decides.
 *
 * @example
 * AUD_MAX_TRANSCRIPTS; // 3
 */
export const AUD_MAX_TRANSCRIPTS = 3;

/**
 * AUD-1: the language whose number words are read when none is given (seed 001 is Brazilian).
 *
 * @example
 * extractKeyFacts('sete e meio por cento'); // read as Portuguese
 */
export const AUD_DEFAULT_LANGUAGE = 'pt' as const;
