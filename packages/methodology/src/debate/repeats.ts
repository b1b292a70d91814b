import { z } from 'zod';
import { lessThan } from '../shared/exact.js';
import { parseInput } from '../shared/validate.js';
import { foldAccents, instantOf } from './internal.js';
import { REP_JACCARD_THRESHOLD, REP_LABEL_PREFIX } from './parameters.js';
import { assertHistoryOrder, VerdictHistoryEntrySchema, type VerdictHistoryEntry } from './review.js';
import { keyNumberKeys, TranscriptLanguageSchema } from './transcripts.js';

/**
 * Function words removed by {@link normalizeClaimText} (Portuguese and Spanish articles,
 * prepositions, contractions, conjunctions and pronouns, accent-folded). Negations ("não", "no",
 * "nunca", "nem", "ni") are kept: they change what a claim says.
 *
 * @example
 * REP_STOPWORDS.has('de'); // true
 */
export const REP_STOPWORDS: ReadonlySet<string> = new Set([
  // Portuguese
  'a',
  'o',
  'as',
  'os',
  'um',
  'uma',
  'uns',
  'umas',
  'de',
  'do',
  'da',
  'dos',
  'das',
  'em',
  'na',
  'nas',
  'nos',
  'num',
  'numa',
  'ao',
  'aos',
  'pelo',
  'pela',
  'pelos',
  'pelas',
  'por',
  'para',
  'pra',
  'pro',
  'com',
  'e',
  'ou',
  'que',
  'se',
  'eu',
  'ele',
  'ela',
  'eles',
  'elas',
  'nos',
  'voce',
  'isso',
  'isto',
  'esse',
  'essa',
  'este',
  'esta',
  'aquele',
  'aquela',
  'meu',
  'minha',
  'seu',
  'sua',
  'nosso',
  'nossa',
  'lhe',
  'me',
  'te',
  'ja',
  'entao',
  'porque',
  'mas',
  // Spanish
  'el',
  'la',
  'los',
  'las',
  'un',
  'unos',
  'unas',
  'del',
  'al',
  'en',
  'y',
  'con',
  'su',
  'sus',
  'lo',
  'le',
  'les',
  'mi',
  'yo',
  'usted',
  'ese',
  'eso',
  'esto',
  'pero',
  'porque',
]);

/**
 * REP-1: the normalised key of a claim text: accents folded, lowercased, punctuation removed,
 * stopwords ({@link REP_STOPWORDS}) removed, whitespace collapsed. Decimal and thousands
 * separators between digits are kept ("10,5" stays "10,5").
 *
 * @example
 * normalizeClaimText('O desemprego caiu para 10,5%!'); // 'desemprego caiu 10,5'
 */
export function normalizeClaimText(text: string): string {
  const parsed = parseInput(z.string(), text, 'REP-1', 'normalizeClaimText');
  return claimTokens(parsed).join(' ');
}

function claimTokens(text: string): string[] {
  return (foldAccents(text).match(/\d+(?:[.,]\d+)*|[\p{L}\p{N}]+/gu) ?? []).filter(
    (token) => !REP_STOPWORDS.has(token),
  );
}

/**
 * REP-1: an earlier check of a claim, with its verdict history (REV-D).
 *
 * @example
 * EarlierCheckSchema.parse({ checkId: 'c1', candidate: 'A', debate: 'Band 18/10', text: '…', history: [entry] });
 */
export const EarlierCheckSchema = z.strictObject({
  checkId: z.string().min(1),
  candidate: z.string().min(1),
  /** How the debate is named on the card ("Band 18/10"). */
  debate: z.string().min(1),
  /** The claim as checked. */
  text: z.string(),
  history: z.array(VerdictHistoryEntrySchema).min(1),
});
export type EarlierCheck = z.infer<typeof EarlierCheckSchema>;

/**
 * REP-1: input of {@link findRepeatedClaim}.
 *
 * @example
 * FindRepeatedClaimInputSchema.parse({ claim: { candidate: 'A', text: '…' }, earlierChecks: [] });
 */
export const FindRepeatedClaimInputSchema = z
  .strictObject({
    claim: z.strictObject({ candidate: z.string().min(1), text: z.string() }),
    earlierChecks: z.array(EarlierCheckSchema),
    /** Token Jaccard similarity at or above which two claims are the same; default 0.8. */
    jaccardThreshold: z.number().min(0).max(1).optional(),
    /**
     * Cosine similarity of the claim's embedding with each earlier check's (same order as
     * `earlierChecks`; null = not embedded), when an embedder is available — paraphrases match too.
     */
    embeddingSimilarities: z.array(z.number().min(-1.000001).max(1.000001).nullable()).optional(),
    /** Cosine at or above which an embedded pair matches (required with `embeddingSimilarities`): `REP_EMBEDDING_THRESHOLDS[backend]`. */
    embeddingThreshold: z.number().min(-1).max(1).optional(),
    /** Language of the number words compared (default `pt`). */
    language: TranscriptLanguageSchema.optional(),
  })
  .superRefine((input, context) => {
    if (input.embeddingSimilarities === undefined) return;
    if (input.embeddingSimilarities.length !== input.earlierChecks.length)
      context.addIssue({
        code: 'custom',
        path: ['embeddingSimilarities'],
        message: `${input.embeddingSimilarities.length} similarities for ${input.earlierChecks.length} earlier checks`,
      });
    if (input.embeddingThreshold === undefined)
      context.addIssue({
        code: 'custom',
        path: ['embeddingThreshold'],
        message: 'embeddingSimilarities need the embedder’s threshold (REP_EMBEDDING_THRESHOLDS[backend])',
      });
  });
export type FindRepeatedClaimInput = z.infer<typeof FindRepeatedClaimInputSchema>;

/**
 * REP-1: the earlier check a claim repeats, or `{ repeated: false }`.
 *
 * @example
 * RepeatedClaimSchema.parse({ repeated: false });
 */
export const RepeatedClaimSchema = z.discriminatedUnion('repeated', [
  z.strictObject({ repeated: z.literal(false) }),
  z.strictObject({
    repeated: z.literal(true),
    checkId: z.string(),
    debate: z.string(),
    /** The latest revised state of the earlier check (its verdict is reused). */
    reused: VerdictHistoryEntrySchema,
    /** "já checado em <debate>". */
    label: z.string(),
    matchedBy: z.enum(['exact_key', 'jaccard', 'embedding']),
    /** Jaccard (exact key: 1), or the cosine for an `embedding` match. */
    similarity: z.number().min(-1.000001).max(1.000001),
    trace: z.array(z.string()),
  }),
]);
export type RepeatedClaim = z.infer<typeof RepeatedClaimSchema>;

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const token of a) if (b.has(token)) shared += 1;
  return shared / (a.size + b.size - shared);
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((item) => b.has(item));
}

/**
 * Repeated-claim reuse (rule REP-1). Among the earlier checks of the same candidate whose latest
 * state is `published`, a check matches when its normalised key ({@link normalizeClaimText}) equals
 * the claim's, or when the token Jaccard similarity of the keys is at least `jaccardThreshold`
 * (default 0.8) **and** both texts state the same numbers (AUD-1 reading, so "10%" never matches
 * "5%"). Of the matches, the most recently checked (time of its first entry) wins; ties go to the
 * higher similarity, then to input order. The result reuses that check's latest revised state and
 * the label "já checado em <debate>".
 *
 * @example
 * findRepeatedClaim({
 *   claim: { candidate: 'A', text: 'O desemprego caiu para 10,5%.' },
 *   earlierChecks: [{ checkId: 'c1', candidate: 'A', debate: 'Band 18/10', text: 'o desemprego caiu para 10,5%',
 *     history: [{ verdict: 'true', status: 'published', at: '2026-10-18T23:00:00Z', phase: 'live' }] }],
 * }); // → { repeated: true, checkId: 'c1', label: 'já checado em Band 18/10', matchedBy: 'exact_key', similarity: 1, … }
 */
export function findRepeatedClaim(input: FindRepeatedClaimInput): RepeatedClaim {
  const parsed = parseInput(FindRepeatedClaimInputSchema, input, 'REP-1', 'findRepeatedClaim');
  const threshold = parsed.jaccardThreshold ?? REP_JACCARD_THRESHOLD;
  const embedded = parsed.embeddingSimilarities;
  const language = parsed.language ?? 'pt';
  const claimTokenList = claimTokens(parsed.claim.text);
  const claimKey = claimTokenList.join(' ');
  const claimSet = new Set(claimTokenList);
  const claimNumbers = keyNumberKeys(parsed.claim.text, language);

  type MatchedBy = 'exact_key' | 'jaccard' | 'embedding';
  let best: { check: EarlierCheck; similarity: number; matchedBy: MatchedBy; checkedAt: number } | null = null;
  parsed.earlierChecks.forEach((check, index) => {
    assertHistoryOrder(check.history, 'findRepeatedClaim', ['earlierChecks', index, 'history']);
    if (check.candidate !== parsed.claim.candidate) return;
    const latest = check.history[check.history.length - 1] as VerdictHistoryEntry;
    if (latest.status !== 'published') return;
    const tokens = claimTokens(check.text);
    let matchedBy: MatchedBy;
    let similarity: number;
    if (tokens.join(' ') === claimKey) {
      matchedBy = 'exact_key';
      similarity = 1;
    } else {
      // the same numbers, always: a paraphrase never turns "10%" into "5%"
      if (!sameSet(claimNumbers, keyNumberKeys(check.text, language))) return;
      similarity = jaccard(claimSet, new Set(tokens));
      const cosine = embedded?.[index] ?? null;
      // RULES.md §10: a similarity within 1e-9 of the threshold counts as equal to it.
      if (!lessThan(similarity, threshold)) matchedBy = 'jaccard';
      else if (cosine !== null && !lessThan(cosine, parsed.embeddingThreshold as number)) {
        matchedBy = 'embedding';
        similarity = cosine;
      } else return;
    }
    const checkedAt = instantOf((check.history[0] as VerdictHistoryEntry).at);
    if (best === null || checkedAt > best.checkedAt || (checkedAt === best.checkedAt && similarity > best.similarity)) {
      best = { check, similarity, matchedBy, checkedAt };
    }
  });
  if (best === null) return { repeated: false };
  const chosen: { check: EarlierCheck; similarity: number; matchedBy: MatchedBy } = best;
  return {
    repeated: true,
    checkId: chosen.check.checkId,
    debate: chosen.check.debate,
    reused: chosen.check.history[chosen.check.history.length - 1] as VerdictHistoryEntry,
    label: `${REP_LABEL_PREFIX} ${chosen.check.debate}`,
    matchedBy: chosen.matchedBy,
    similarity: chosen.similarity,
    trace: ['REP-1'],
  };
}
