import { z } from 'zod';
import { VerdictSchema, type Verdict } from '../shared/schemas.js';
import { parseInput } from '../shared/validate.js';
import { citationCheck } from './citations.js';
import { DEB_CITATION_REASKS } from './parameters.js';

/**
 * JR-2/3 and JR-9: what kind of statement the judge found the claim to be.
 * `factual` is checkable; `opinion` (pure opinion), `value_judgement` and
 * `unmeasurable_comparison` give `no_data` (JR-2); `promise`, `future_goal` and `opinion` are
 * discarded (JR-9).
 *
 * @example
 * ClaimNatureSchema.parse('future_goal');
 */
export const ClaimNatureSchema = z.enum([
  'factual',
  'opinion',
  'value_judgement',
  'unmeasurable_comparison',
  'promise',
  'future_goal',
]);
export type ClaimNature = z.infer<typeof ClaimNatureSchema>;

/**
 * JR-3: whether the evidence is about exactly the fact claimed, or about another period or datum.
 *
 * @example
 * EvidenceScopeSchema.parse('other_period');
 */
export const EvidenceScopeSchema = z.enum(['same', 'other_period', 'other_datum']);
export type EvidenceScope = z.infer<typeof EvidenceScopeSchema>;

/**
 * The judge model's structured output for one claim.
 *
 * @example
 * JudgeOutputSchema.parse({ verdict: 'false', citations: ['https://www.ibge.gov.br/x'] });
 */
export const JudgeOutputSchema = z.strictObject({
  /** The verdict on the main part of the claim (JR-5: a claim is judged by its main point). */
  verdict: VerdictSchema,
  /** The URLs cited, as written by the judge. */
  citations: z.array(z.string()),
  /** Default `factual`. */
  claimNature: ClaimNatureSchema.optional(),
  /** Default `same`. */
  evidenceScope: EvidenceScopeSchema.optional(),
  /** JR-5: verdicts of the other (non-main) parts of a multi-part claim; default none. */
  otherParts: z.array(VerdictSchema).optional(),
  /** JR-6: an evident slip of the tongue with the other data right; default false. */
  slipOfTongue: z.boolean().optional(),
  /** JR-7: the claim repeats an accusation (audio, document, person) whose content is not proven; default false. */
  unprovenAccusation: z.boolean().optional(),
  /** The judge's explanation, kept as given. */
  explanation: z.string().optional(),
});
export type JudgeOutput = z.infer<typeof JudgeOutputSchema>;

/**
 * Input of {@link finalizeVerdict}.
 *
 * @example
 * FinalizeVerdictInputSchema.parse({ judge, searchedUrls: ['https://www.ibge.gov.br/x'], attempt: 1 });
 */
export const FinalizeVerdictInputSchema = z.strictObject({
  judge: JudgeOutputSchema,
  /** The URLs the search returned for this claim (after the DEB-3 filter). */
  searchedUrls: z.array(z.string()),
  /** 1 for the judge's first answer, 2 for the answer after one re-ask, … */
  attempt: z.number().int().min(1),
});
export type FinalizeVerdictInput = z.infer<typeof FinalizeVerdictInputSchema>;

/**
 * Reason codes of {@link finalizeVerdict}, each tied to its rule.
 *
 * @example
 * VerdictReasonSchema.parse('invalid_citation');
 */
export const VerdictReasonSchema = z.enum([
  'missing_citation', // DEB-5
  'invalid_citation', // DEB-5
  'opinion', // JR-2 (and JR-9)
  'value_judgement', // JR-2
  'unmeasurable_comparison', // JR-2
  'other_period', // JR-3
  'other_datum', // JR-3
  'main_true_other_part_not_true', // JR-5
  'main_false_most_parts_true', // JR-5
  'slip_of_tongue', // JR-6
  'unproven_accusation', // JR-7
  'promise', // JR-9
  'future_goal', // JR-9
]);
export type VerdictReason = z.infer<typeof VerdictReasonSchema>;

/**
 * Result of {@link finalizeVerdict}.
 *
 * @example
 * FinalVerdictSchema.parse({ outcome: 'final', verdict: 'true', status: 'published', reasons: [], trace: ['DEB-5'], citations: [], audioCheckRequired: false });
 */
export const FinalVerdictSchema = z.strictObject({
  /** `re_ask`: ask the judge again (DEB-5); `final`: verdict and status are decided. */
  outcome: z.enum(['re_ask', 'final']),
  verdict: VerdictSchema.nullable(),
  status: z.enum(['published', 'discarded']).nullable(),
  reasons: z.array(VerdictReasonSchema),
  /** Rule IDs that fired, in order. */
  trace: z.array(z.string()),
  /** The valid citations, normalised (DEB-5). */
  citations: z.array(z.string()),
  /** AUD-1: a published `false`/`imprecise` must be re-transcribed before it goes out. */
  audioCheckRequired: z.boolean(),
});
export type FinalVerdict = z.infer<typeof FinalVerdictSchema>;

/**
 * JR-2/3 without validation: the reason the claim gets `no_data`, or `null`.
 */
function evidenceMismatch(claimNature: ClaimNature, evidenceScope: EvidenceScope): VerdictReason | null {
  if (claimNature === 'opinion' || claimNature === 'value_judgement' || claimNature === 'unmeasurable_comparison') {
    return claimNature;
  }
  if (evidenceScope !== 'same') return evidenceScope;
  return null;
}

/**
 * JR-5 without validation. Judged by the main part: main `true` with any other scored part
 * `imprecise`/`false` → `imprecise`; main `false` while a strict majority of the scored parts
 * (main included) are `true` → `imprecise`; otherwise the main verdict. Parts with `no_data` are
 * not scored: not finding evidence for a part never downgrades the claim.
 */
function multiPart(main: Verdict, otherParts: readonly Verdict[]): { verdict: Verdict; reason: VerdictReason | null } {
  const scoredOthers = otherParts.filter((part) => part !== 'no_data');
  if (main === 'true' && scoredOthers.some((part) => part !== 'true')) {
    return { verdict: 'imprecise', reason: 'main_true_other_part_not_true' };
  }
  if (main === 'false') {
    const trueParts = scoredOthers.filter((part) => part === 'true').length;
    const scored = scoredOthers.length + 1;
    if (2 * trueParts > scored) return { verdict: 'imprecise', reason: 'main_false_most_parts_true' };
  }
  return { verdict: main, reason: null };
}

/**
 * JR-5: input of {@link multiPartVerdict}.
 *
 * @example
 * MultiPartVerdictInputSchema.parse({ main: 'false', otherParts: ['true', 'true'] });
 */
export const MultiPartVerdictInputSchema = z.strictObject({ main: VerdictSchema, otherParts: z.array(VerdictSchema) });

/**
 * Multi-part claims (rule JR-5): judged by the main part; main `true` with any other scored part
 * not true → `imprecise`; main `false` while most scored parts (strict majority, main included)
 * are true → `imprecise`, never `false`. `no_data` parts are not scored.
 *
 * @example
 * multiPartVerdict('true', ['true', 'false']);  // 'imprecise'
 * multiPartVerdict('false', ['true', 'true']);  // 'imprecise' (2 of 3 scored parts true)
 * multiPartVerdict('false', ['true']);          // 'false'     (1 of 2 is not a majority)
 */
export function multiPartVerdict(main: Verdict, otherParts: Verdict[]): Verdict {
  const input = parseInput(MultiPartVerdictInputSchema, { main, otherParts }, 'JR-5', 'multiPartVerdict');
  return multiPart(input.main, input.otherParts).verdict;
}

/**
 * Slip of the tongue (rule JR-6): an evident slip with the other data right is at most
 * `imprecise` — a `false` becomes `imprecise`; every other verdict is unchanged.
 *
 * @example
 * capSlipOfTongue('false'); // 'imprecise' (said 2003 when the figures are 2023's)
 * capSlipOfTongue('true');  // 'true'
 */
export function capSlipOfTongue(verdict: Verdict): Verdict {
  const parsed = parseInput(VerdictSchema, verdict, 'JR-6', 'capSlipOfTongue');
  return parsed === 'false' ? 'imprecise' : parsed;
}

/**
 * Repeated accusation without proof (rule JR-7): the claim is `imprecise` — a scored verdict
 * (`true` or `false`) becomes `imprecise`; `no_data` stays `no_data` (JR-2/3: not finding
 * evidence never makes a claim false).
 *
 * @example
 * capUnprovenAccusation('false');   // 'imprecise'
 * capUnprovenAccusation('no_data'); // 'no_data'
 */
export function capUnprovenAccusation(verdict: Verdict): Verdict {
  const parsed = parseInput(VerdictSchema, verdict, 'JR-7', 'capUnprovenAccusation');
  return parsed === 'no_data' ? 'no_data' : 'imprecise';
}

/**
 * Evidence mismatch (rules JR-2 and JR-3): opinion, value judgement, unmeasurable comparison, or
 * evidence about another period or datum → `no_data`; otherwise the verdict unchanged.
 *
 * @example
 * evidenceMismatchVerdict('false', { evidenceScope: 'other_period' }); // 'no_data'
 * evidenceMismatchVerdict('false', {});                                // 'false'
 */
export function evidenceMismatchVerdict(
  verdict: Verdict,
  judged: { claimNature?: ClaimNature; evidenceScope?: EvidenceScope },
): Verdict {
  const input = parseInput(
    z.strictObject({
      verdict: VerdictSchema,
      judged: z.strictObject({
        claimNature: ClaimNatureSchema.optional(),
        evidenceScope: EvidenceScopeSchema.optional(),
      }),
    }),
    { verdict, judged },
    'JR-2/3',
    'evidenceMismatchVerdict',
  );
  return evidenceMismatch(input.judged.claimNature ?? 'factual', input.judged.evidenceScope ?? 'same') === null
    ? input.verdict
    : 'no_data';
}

/**
 * Turns the judge's structured output into the published verdict and status, applying the rules
 * in this documented order (each rule that fires is appended to `trace`, its reason to `reasons`):
 *
 * 1. **DEB-5** citations: every citation must be a searched URL (normalised comparison) and a
 *    `true`/`imprecise`/`false` needs ≥ 1. If not, and `attempt ≤ DEB_CITATION_REASKS` (1), the
 *    outcome is `re_ask` (no verdict). On a later attempt the verdict becomes `no_data` with reason
 *    `invalid_citation` (plus `missing_citation` when that was the problem) and the steps below run
 *    on `no_data` (so JR-9 can still discard).
 * 2. **JR-2/3** opinion, value judgement, unmeasurable comparison, other period, other datum → `no_data`.
 * 3. **JR-5** multi-part aggregation over `otherParts` (see {@link multiPartVerdict}).
 * 4. **JR-6** slip of the tongue: `false` → `imprecise`.
 * 5. **JR-7** unproven accusation: `true`/`false` → `imprecise`.
 * 6. **JR-9** promise, future goal or pure opinion → status `discarded` with verdict `no_data`,
 *    outside the scoreboard; otherwise status `published`.
 *
 * `audioCheckRequired` (AUD-1) is true for a published `false` or `imprecise`.
 *
 * @example
 * finalizeVerdict({
 *   judge: { verdict: 'false', citations: ['https://www.ibge.gov.br/x/'], slipOfTongue: true },
 *   searchedUrls: ['https://ibge.gov.br/x'],
 *   attempt: 1,
 * });
 * // → { outcome: 'final', verdict: 'imprecise', status: 'published', reasons: ['slip_of_tongue'],
 * //     trace: ['DEB-5', 'JR-6'], citations: ['https://ibge.gov.br/x'], audioCheckRequired: true }
 */
export function finalizeVerdict(input: FinalizeVerdictInput): FinalVerdict {
  const parsed = parseInput(FinalizeVerdictInputSchema, input, 'DEB-5', 'finalizeVerdict');
  const { judge } = parsed;
  const trace: string[] = ['DEB-5'];
  const reasons: VerdictReason[] = [];

  // 1. rule DEB-5
  const citations = citationCheck(judge.verdict, judge.citations, parsed.searchedUrls);
  let verdict: Verdict = judge.verdict;
  if (!citations.valid) {
    if (parsed.attempt <= DEB_CITATION_REASKS) {
      return {
        outcome: 're_ask',
        verdict: null,
        status: null,
        reasons: [citations.problem ?? 'invalid_citation'],
        trace,
        citations: citations.normalizedCitations,
        audioCheckRequired: false,
      };
    }
    verdict = 'no_data';
    reasons.push('invalid_citation');
    if (citations.problem === 'missing_citation') reasons.push('missing_citation');
  }

  // 2. rule JR-2/3
  const claimNature = judge.claimNature ?? 'factual';
  const mismatch = evidenceMismatch(claimNature, judge.evidenceScope ?? 'same');
  if (mismatch !== null) {
    verdict = 'no_data';
    trace.push('JR-2/3');
    reasons.push(mismatch);
  }

  // 3. rule JR-5
  if (judge.otherParts !== undefined && judge.otherParts.length > 0) {
    const aggregated = multiPart(verdict, judge.otherParts);
    if (aggregated.reason !== null) {
      verdict = aggregated.verdict;
      trace.push('JR-5');
      reasons.push(aggregated.reason);
    }
  }

  // 4. rule JR-6
  if (judge.slipOfTongue === true && verdict === 'false') {
    verdict = 'imprecise';
    trace.push('JR-6');
    reasons.push('slip_of_tongue');
  }

  // 5. rule JR-7
  if (judge.unprovenAccusation === true && (verdict === 'true' || verdict === 'false')) {
    verdict = 'imprecise';
    trace.push('JR-7');
    reasons.push('unproven_accusation');
  }

  // 6. rule JR-9
  let status: 'published' | 'discarded' = 'published';
  if (claimNature === 'promise' || claimNature === 'future_goal' || claimNature === 'opinion') {
    status = 'discarded';
    verdict = 'no_data';
    trace.push('JR-9');
    if (!reasons.includes(claimNature)) reasons.push(claimNature);
  }

  return {
    outcome: 'final',
    verdict,
    status,
    reasons,
    trace,
    citations: citations.normalizedCitations,
    audioCheckRequired: status === 'published' && (verdict === 'false' || verdict === 'imprecise'),
  };
}
