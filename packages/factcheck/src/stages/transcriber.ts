import {
  createGroqTranscriber,
  createOpenAITranscriber,
  isLlmError,
  shouldFallThrough,
  type FallThroughPolicy,
  type Prompt,
  type TranscriberSettings,
  type TranscriptionModel,
} from '@espectro/llm';
import { encodeChunkWav, type AudioChunk } from '../audio/chunker.js';
import { withCallTag } from '../call-tag.js';
import { FactcheckError, messageOf, type PipelineStage } from '../errors.js';
import { transcriptionPrompt, type TranscriptionVariables } from '../prompts.js';
import type { DebateInfo, Transcript } from '../schemas.js';
import type { ChunkTranscriber, StageContext } from './types.js';

/** The names a debate's transcription prompt lists: candidates, parties, then the extra names. */
export function debateNames(debate: DebateInfo, extra: readonly string[] = []): string[] {
  const names = [
    ...debate.candidates.flatMap((candidate) => [
      candidate.name,
      ...(candidate.party !== undefined ? [candidate.party] : []),
    ]),
    ...debate.names,
    ...extra,
  ];
  return [...new Set(names)];
}

/** Settings of {@link createModelTranscriber}. */
export interface ModelTranscriberSettings {
  /** The primary model, then fallbacks tried in order (e.g. OpenAI, then Groq whisper-large-v3-turbo). */
  models: readonly TranscriptionModel[];
  /** Names added to the debate's name list. */
  names?: readonly string[];
  /** ISO-639-1 language; default the debate's. */
  language?: string;
  /** The versioned prompt (default {@link transcriptionPrompt}; AUD-1 and review use their own ids). */
  prompt?: Prompt<TranscriptionVariables>;
  /** When a failure moves on to the next model; default `resilient` (any provider failure). */
  fallThrough?: FallThroughPolicy;
  /** Stage recorded on errors; default `transcription`. */
  stage?: PipelineStage;
}

/**
 * Stage 2: speech to text through `@espectro/llm` transcription models, with the debate's name list
 * as the prompt and a fallback chain (seed 001: an OpenAI audio model, Whisper large-v3 turbo on
 * Groq as the reserve). Every call is recorded in the ledger with the audio seconds (rule COST).
 *
 * @example
 * const transcriber = createModelTranscriber({ models: [createOpenAITranscriber(), createGroqTranscriber()] });
 * const { text, vendor } = await transcriber.transcribe(chunk, context);
 */
export function createModelTranscriber(settings: ModelTranscriberSettings): ChunkTranscriber {
  const [first] = settings.models;
  if (first === undefined) {
    throw new FactcheckError({
      code: 'missing_configuration',
      stage: settings.stage ?? 'transcription',
      message: 'createModelTranscriber needs at least one model',
      field: 'models',
    });
  }
  const stage = settings.stage ?? 'transcription';
  return {
    vendor: first.vendor,
    model: first.modelId,
    async transcribe(chunk: AudioChunk, context: StageContext): Promise<Transcript> {
      if (chunk.samples === undefined) {
        throw new FactcheckError({
          code: 'invalid_audio',
          stage,
          message: `chunk ${chunk.index} has no samples (a replayed chunk needs replay stages)`,
          field: 'samples',
        });
      }
      const audio = encodeChunkWav(chunk.samples);
      let lastError: unknown;
      for (const [position, model] of settings.models.entries()) {
        try {
          const result = await withCallTag({ stage, key: context.key }, () =>
            model.transcribe({
              audio,
              fileName: `chunk-${String(chunk.index).padStart(4, '0')}.wav`,
              language: settings.language ?? context.debate.language,
              prompt: (settings.prompt ?? transcriptionPrompt) as Prompt,
              variables: { names: debateNames(context.debate, settings.names) },
              durationSeconds: chunk.durationSeconds,
              jobId: context.jobId,
              ...(context.ledger !== undefined ? { ledger: context.ledger } : {}),
              ...(context.signal !== undefined ? { signal: context.signal } : {}),
            }),
          );
          return { text: result.text, vendor: result.vendor, model: result.model };
        } catch (error) {
          lastError = error;
          const last = position === settings.models.length - 1;
          if (last || !isLlmError(error) || !shouldFallThrough(error, settings.fallThrough ?? 'resilient')) break;
        }
      }
      throw new FactcheckError({
        code: 'stage_failed',
        stage,
        message: `chunk ${chunk.index}: ${messageOf(lastError)}`,
        cause: lastError,
      });
    },
  };
}

/** Settings of {@link createDefaultTranscriber}. */
export interface DefaultTranscriberSettings {
  openai?: TranscriberSettings;
  groq?: TranscriberSettings;
  names?: readonly string[];
  prompt?: Prompt<TranscriptionVariables>;
  stage?: PipelineStage;
}

/**
 * Stage 2 with the defaults: OpenAI `gpt-4o-mini-transcribe` (key `OPENAI_API_KEY`), falling back
 * to Groq `whisper-large-v3-turbo` (key `GROQ_API_KEY`).
 *
 * @example
 * const transcriber = createDefaultTranscriber();
 */
export function createDefaultTranscriber(settings: DefaultTranscriberSettings = {}): ChunkTranscriber {
  return createModelTranscriber({
    models: [
      createOpenAITranscriber(settings.openai),
      createGroqTranscriber({ model: 'whisper-large-v3-turbo', ...settings.groq }),
    ],
    ...(settings.names !== undefined ? { names: settings.names } : {}),
    ...(settings.prompt !== undefined ? { prompt: settings.prompt } : {}),
    ...(settings.stage !== undefined ? { stage: settings.stage } : {}),
  });
}
