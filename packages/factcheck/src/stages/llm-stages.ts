import type { LanguageModel, Prompt } from '@espectro/llm';
import { withCallTag } from '../call-tag.js';
import { FactcheckError, messageOf, type PipelineStage } from '../errors.js';
import {
  arbiterPrompt,
  claimsPrompt,
  judgePrompt,
  reviewPrompt,
  tonePrompt,
  type ArbiterVariables,
  type ClaimsVariables,
  type JudgeVariables,
  type ReviewVariables,
  type ToneVariables,
} from '../prompts.js';
import {
  ArbiterAnswerSchema,
  ClaimExtractionSchema,
  JudgeAnswerSchema,
  ReviewAnswerSchema,
  ToneAnswerSchema,
  type ArbiterAnswer,
  type ExtractedClaim,
  type JudgeAnswer,
  type ReviewAnswer,
  type ToneAnswer,
} from '../schemas.js';
import type { AudioArbiter, ClaimExtractor, Judge, Reviewer, StageContext, ToneClassifier } from './types.js';
import type { z } from 'zod';

async function callObject<Schema extends z.ZodType, Variables extends Record<string, unknown>>(
  stage: PipelineStage,
  model: LanguageModel,
  prompt: Prompt<Variables>,
  variables: Variables,
  schema: Schema,
  schemaName: string,
  context: StageContext,
): Promise<z.output<Schema>> {
  try {
    const result = await withCallTag({ stage, key: context.key }, () =>
      model.generateObject({
        prompt: prompt as unknown as Prompt,
        variables,
        schema,
        schemaName,
        jobId: context.jobId,
        ...(context.ledger !== undefined ? { ledger: context.ledger } : {}),
        ...(context.signal !== undefined ? { signal: context.signal } : {}),
      }),
    );
    return result.object as z.output<Schema>;
  } catch (error) {
    throw new FactcheckError({
      code: 'stage_failed',
      stage,
      message: messageOf(error),
      field: context.key,
      cause: error,
    });
  }
}

/** Settings of the LLM-backed stages: the model (or fallback chain) and, optionally, another prompt version. */
export interface LlmStageSettings<Variables extends Record<string, unknown>> {
  model: LanguageModel;
  prompt?: Prompt<Variables>;
}

/**
 * Stage 4: tone probabilities from a language model with the versioned {@link tonePrompt}.
 *
 * @example
 * const tone = createLlmToneClassifier({ model: createGroq({ model: 'llama-3.1-8b-instant' }) });
 */
export function createLlmToneClassifier(settings: LlmStageSettings<ToneVariables>): ToneClassifier {
  return {
    classify(input, context): Promise<ToneAnswer> {
      return callObject(
        'tone',
        settings.model,
        settings.prompt ?? tonePrompt,
        { transcript: input.transcript, speaker: input.speaker ?? 'desconhecido' },
        ToneAnswerSchema,
        'tone',
        context,
      );
    },
  };
}

/**
 * Stage 5: the editor-style claim extractor with the versioned {@link claimsPrompt} (DEB-2).
 *
 * @example
 * const claims = createLlmClaimExtractor({ model: createAnthropic({ model: 'claude-haiku-4-5' }) });
 */
export function createLlmClaimExtractor(settings: LlmStageSettings<ClaimsVariables>): ClaimExtractor {
  return {
    async extract(input, context): Promise<ExtractedClaim[]> {
      const answer = await callObject(
        'claims',
        settings.model,
        settings.prompt ?? claimsPrompt,
        { transcript: input.transcript, speaker: input.speaker },
        ClaimExtractionSchema,
        'claims',
        context,
      );
      return answer.claims;
    },
  };
}

/**
 * Stage 7: the judge with seed 001's ten rules ({@link judgePrompt}). Its answer is turned into a
 * verdict by `@espectro/methodology` (see `decideVerdict`).
 *
 * @example
 * const judge = createLlmJudge({ model: createGemini({ model: 'gemini-2.5-flash' }) });
 */
export function createLlmJudge(settings: LlmStageSettings<JudgeVariables>): Judge {
  return {
    judge(input, context): Promise<JudgeAnswer> {
      return callObject(
        'judge',
        settings.model,
        settings.prompt ?? judgePrompt,
        {
          speaker: input.speaker,
          claimAt: input.claimAt,
          text: input.claim.text,
          datum: input.claim.datum,
          transcript: input.transcript,
          evidence: input.evidence,
          searchSummary: input.searchSummary,
          invalidCitations: input.invalidCitations ?? [],
        },
        JudgeAnswerSchema,
        'verdict',
        context,
      );
    },
  };
}

/**
 * Stage 8: the AUD-1 arbiter ({@link arbiterPrompt}).
 *
 * @example
 * const arbiter = createLlmArbiter({ model: createAnthropic({ model: 'claude-sonnet-4-6' }) });
 */
export function createLlmArbiter(settings: LlmStageSettings<ArbiterVariables>): AudioArbiter {
  return {
    async decide(input, context): Promise<ArbiterAnswer> {
      const answer = await callObject(
        'arbiter',
        settings.model,
        settings.prompt ?? arbiterPrompt,
        { original: input.original, claim: input.claim, transcripts: input.transcripts },
        ArbiterAnswerSchema,
        'arbiter',
        context,
      );
      if (answer.choice === 'correct' && (answer.correctedText === null || answer.correctedText.trim() === '')) {
        throw new FactcheckError({
          code: 'stage_failed',
          stage: 'arbiter',
          message: `${context.key}: the arbiter chose "correct" without the corrected sentence`,
          field: 'correctedText',
        });
      }
      return answer;
    },
  };
}

/**
 * Stage 10: the post-debate reviewer ({@link reviewPrompt}, REV-D).
 *
 * @example
 * const reviewer = createLlmReviewer({ model: createAnthropic({ model: 'claude-opus-4-6' }) });
 */
export function createLlmReviewer(settings: LlmStageSettings<ReviewVariables>): Reviewer {
  return {
    review(input, context): Promise<ReviewAnswer> {
      const live = input.check.history.filter((entry) => entry.phase === 'live').at(-1);
      return callObject(
        'review',
        settings.model,
        settings.prompt ?? reviewPrompt,
        {
          speaker: input.check.candidate,
          claimAt: input.check.spokenAt,
          text: input.check.claim.text,
          datum: input.check.claim.datum,
          liveTranscript: input.check.transcript,
          reviewTranscript: input.reviewTranscript,
          differences:
            input.differences.numbers.length + input.differences.names.length === 0
              ? 'nenhuma'
              : [...input.differences.numbers, ...input.differences.names].join('; '),
          liveVerdict: live !== undefined ? `${live.verdict} (${live.status})` : '(não publicada ao vivo)',
          liveReason: input.check.judge?.reason ?? input.check.reasons.join(', '),
          reports: input.reports.map((report) => ({ id: report.id, message: report.message })),
          evidence: input.evidence,
          searchSummary: input.searchSummary,
          invalidCitations: input.invalidCitations ?? [],
        },
        ReviewAnswerSchema,
        'review',
        context,
      );
    },
  };
}
