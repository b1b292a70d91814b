/**
 * The deterministic glue between model answers and verdicts. Every decision is a call into
 * `@espectro/methodology`: `numericVerdict` (JR-1/4), `finalizeVerdict` (DEB-5, JR-2…JR-9),
 * `checkCitations` (DEB-5) and `reverifyAudio` (AUD-1). Nothing here compares a number with a
 * threshold.
 */
import {
  checkCitations,
  finalizeVerdict,
  numericVerdict,
  reverifyAudio,
  type AudioReverification,
  type AudioTranscript,
  type FinalVerdict,
  type JudgeOutput,
  type Verdict,
} from '@espectro/methodology';
import type { AudioChunk } from './audio/chunker.js';
import type { ArbiterAnswer, EvidenceItem, JudgeAnswer, JudgeRecord, ReverificationRecord } from './schemas.js';
import type { AudioCheckStages, JudgeInput, StageContext } from './stages/types.js';

/** A judge answer turned into a decision. */
export interface VerdictDecision {
  final: FinalVerdict;
  /** JR-1/4 verdict from the structured numbers, or `null` when the judge gave none. */
  numericVerdict: Verdict | null;
}

/**
 * Turns the judge's structured answer into a decision: when the judge gave both the claimed and
 * the reference number, the main verdict is `numericVerdict(claimed, reference)` (rule JR-1/4),
 * otherwise the judge's own; then `finalizeVerdict` applies DEB-5, JR-2/3, JR-5, JR-6, JR-7 and
 * JR-9 in its documented order. `JR-1/4` is prepended to the trace when the numbers decided.
 *
 * @example
 * decideVerdict(answer, ['https://dados.exemplo.gov.br/pnad'], 1).final.verdict; // 'imprecise'
 */
export function decideVerdict(answer: JudgeAnswer, searchedUrls: readonly string[], attempt: number): VerdictDecision {
  const { facts } = answer;
  const numeric =
    facts.claimed !== null && facts.reference !== null ? numericVerdict(facts.claimed, facts.reference) : null;
  const judge: JudgeOutput = {
    verdict: numeric ?? answer.verdict,
    citations: answer.citations,
    claimNature: facts.claimNature,
    evidenceScope: facts.evidenceScope,
    otherParts: facts.otherParts,
    slipOfTongue: facts.slipOfTongue,
    unprovenAccusation: facts.unprovenAccusation,
    explanation: answer.reason,
  };
  const final = finalizeVerdict({ judge, searchedUrls: [...searchedUrls], attempt });
  return { final: numeric !== null ? { ...final, trace: ['JR-1/4', ...final.trace] } : final, numericVerdict: numeric };
}

/** A judged claim: the decision, the judge record and the answer that produced it. */
export interface JudgedClaim extends VerdictDecision {
  record: JudgeRecord;
}

/**
 * Asks a judge-like model and applies DEB-5's re-ask: when the first answer cites a URL the search
 * did not return (or a scored verdict cites nothing), the model is asked once more with the invalid
 * citations named; the second answer is final (`no_data`, `invalid_citation` if still invalid).
 * `ask(attempt, invalidCitations)` makes the call (keys `<key>#1`, `<key>#2`).
 *
 * @example
 * const judged = await judgeWithReask((attempt, invalid) => judge.judge({ ...input, invalidCitations: invalid }, { ...context, key: `${key}#${attempt}` }), searchedUrls);
 */
export async function judgeWithReask(
  ask: (attempt: number, invalidCitations: string[]) => Promise<JudgeAnswer>,
  searchedUrls: readonly string[],
): Promise<JudgedClaim> {
  let attempt = 1;
  let invalidCitations: string[] = [];
  for (;;) {
    const answer = await ask(attempt, invalidCitations);
    const decision = decideVerdict(answer, searchedUrls, attempt);
    if (decision.final.outcome === 'final') {
      return {
        ...decision,
        record: {
          modelVerdict: answer.verdict,
          numericVerdict: decision.numericVerdict,
          reason: answer.reason,
          attempts: attempt,
          facts: answer.facts,
        },
      };
    }
    // rule DEB-5: name the citations that were not searched URLs, then ask again
    const citationCheck = checkCitations({
      verdict: decision.numericVerdict ?? answer.verdict,
      citations: answer.citations,
      searchedUrls: [...searchedUrls],
    });
    invalidCitations =
      citationCheck.invalidCitations.length > 0 ? citationCheck.invalidCitations : ['(nenhuma citação)'];
    attempt += 1;
  }
}

/**
 * Stage 7 with DEB-5: judges a claim against its evidence (searched URLs = the evidence kept by DEB-3).
 *
 * @example
 * const judged = await judgeClaim(stages.judge, input, context);
 */
export function judgeClaim(
  judge: { judge(input: JudgeInput, context: StageContext): Promise<JudgeAnswer> },
  input: JudgeInput,
  context: StageContext,
): Promise<JudgedClaim> {
  return judgeWithReask(
    (attempt, invalidCitations) =>
      judge.judge(
        { ...input, ...(invalidCitations.length > 0 ? { invalidCitations } : {}) },
        { ...context, key: `${context.key}#${attempt}` },
      ),
    input.evidence.map((item: EvidenceItem) => item.url),
  );
}

/**
 * AUD-1 for one check, run before a `false`/`imprecise` is published: the chunk is re-transcribed
 * by the first two transcribers (different vendors) in parallel; if `reverifyAudio` asks for a
 * third, the third transcribes; without a majority the arbiter is asked and its choice applied by
 * `reverifyAudio`. `correctedText` is the sentence to re-judge when the decision is `correct`
 * (the prevailing transcript, or the arbiter's sentence).
 *
 * @example
 * const record = await reverifyClaimAudio({ chunk, original: transcript, claim: claim.text, stages: stages.audioCheck, context });
 * record.decision.action; // 'publish' | 'correct' | 'under_review'
 */
export async function reverifyClaimAudio(options: {
  chunk: AudioChunk;
  original: string;
  claim: string;
  stages: AudioCheckStages;
  context: StageContext;
  language?: 'pt' | 'es';
}): Promise<ReverificationRecord> {
  const { chunk, stages, context } = options;
  const [first, second, third] = stages.transcribers;
  const transcribe = async (transcriber: typeof first, suffix: string): Promise<AudioTranscript> => {
    const transcript = await transcriber.transcribe(chunk, { ...context, key: `${context.key}#${suffix}` });
    return { vendor: transcript.vendor, model: transcript.model, text: transcript.text };
  };
  const language = options.language ?? context.debate.language;
  const transcripts = await Promise.all([transcribe(first, 'a'), transcribe(second, 'b')]);
  let decision: AudioReverification = reverifyAudio({ transcripts, original: options.original, language });
  if (decision.action === 'transcribe_third') {
    transcripts.push(await transcribe(third, 'c'));
    decision = reverifyAudio({ transcripts, original: options.original, language });
  }
  let arbiter: ArbiterAnswer | null = null;
  if (decision.action === 'ask_arbiter') {
    arbiter = await stages.arbiter.decide(
      { original: options.original, claim: options.claim, transcripts },
      { ...context, key: `${context.key}#arbiter` },
    );
    decision = reverifyAudio({ transcripts, original: options.original, arbiterChoice: arbiter.choice, language });
  }
  let correctedText: string | null = null;
  if (decision.action === 'correct') {
    correctedText =
      decision.winner !== null
        ? (transcripts[decision.winner] as AudioTranscript).text
        : (arbiter?.correctedText ?? null);
  }
  return { transcripts, decision, arbiter, correctedText };
}
