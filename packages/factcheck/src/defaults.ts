import {
  apiKeyFromEnv,
  createAnthropic,
  createFallbackChain,
  createGemini,
  createGroq,
  createGroqTranscriber,
  createMemoryCacheStore,
  createOpenAI,
  createOpenAITranscriber,
  createMemoryLedger,
  type CacheStore,
  type CostLedger,
} from '@espectro/llm';
import { FactcheckError } from './errors.js';
import { audioCheckPrompt, reviewTranscriptionPrompt } from './prompts.js';
import { DEFAULT_STAGE_MODELS } from './replay/format.js';
import { cachedSearch, combineSearches, createGoogleFactCheckSearch, createSonarSearch } from './stages/search.js';
import { createSpeakerIdIdentifier, type SpeakerIdIdentifierSettings } from './stages/speaker.js';
import {
  createLlmArbiter,
  createLlmClaimExtractor,
  createLlmJudge,
  createLlmReviewer,
  createLlmToneClassifier,
} from './stages/llm-stages.js';
import { createModelTranscriber } from './stages/transcriber.js';
import type { LiveStages, ReviewStages, WebSearch } from './stages/types.js';

/** Settings of {@link createDefaultStages}. */
export interface DefaultStagesSettings {
  /** API keys are read from here (default `process.env`). */
  env?: Record<string, string | undefined>;
  /**
   * Enrolled candidate voices for stage 3 (a voices file path or object). Only the live stages
   * need them: without, the speaker stage fails every chunk with `missing_configuration` (a
   * review of a stored debate needs none).
   */
  voices?: SpeakerIdIdentifierSettings['voices'];
  speaker?: Omit<SpeakerIdIdentifierSettings, 'voices'>;
  /** Where every call is recorded; default a new in-memory ledger with the default price table (returned). */
  ledger?: CostLedger;
  /** Response cache shared by the model stages; default an in-memory LRU. */
  cache?: CacheStore;
}

const REQUIRED_KEYS = [
  ['OPENAI_API_KEY'],
  ['GROQ_API_KEY'],
  ['ANTHROPIC_API_KEY'],
  ['GEMINI_API_KEY', 'GOOGLE_API_KEY'],
  ['PERPLEXITY_API_KEY'],
] as const;

function key(env: Record<string, string | undefined>, names: readonly string[]): string | undefined {
  return apiKeyFromEnv(names, env);
}

/**
 * The real stages with the default models ({@link DEFAULT_STAGE_MODELS}): OpenAI transcription with
 * Groq Whisper as reserve; speaker-id over the enrolled voices; Groq tone; Claude Haiku claims
 * (Gemini as fallback); Perplexity Sonar (+ Google Fact Check Tools when `GOOGLE_FACTCHECK_API_KEY`
 * is set) behind a search cache; Gemini judge (OpenAI as fallback); AUD-1 with OpenAI and Groq
 * re-transcriptions, `gpt-4o-transcribe` as tie-breaker and Claude Sonnet as arbiter; the review
 * with Groq `whisper-large-v3` and Gemini. Throws `missing_configuration` naming every missing key.
 *
 * @example
 * const { live, review } = await createDefaultStages({ voices: 'voices.json', ledger });
 */
export async function createDefaultStages(
  settings: DefaultStagesSettings,
): Promise<{ live: LiveStages; review: ReviewStages; ledger: CostLedger }> {
  const env = settings.env ?? process.env;
  const missing = REQUIRED_KEYS.filter((names) => key(env, names) === undefined).map((names) => names.join(' or '));
  if (missing.length > 0) {
    throw new FactcheckError({
      code: 'missing_configuration',
      stage: 'chunk',
      message: `the live pipeline needs API keys: ${missing.join(', ')} (or run a replay)`,
      field: 'env',
    });
  }
  const ledger = settings.ledger ?? createMemoryLedger();
  const shared = { ledger, cache: settings.cache ?? createMemoryCacheStore({ maxEntries: 10_000 }) };
  const openaiKey = key(env, ['OPENAI_API_KEY']) as string;
  const groqKey = key(env, ['GROQ_API_KEY']) as string;
  const anthropicKey = key(env, ['ANTHROPIC_API_KEY']) as string;
  const geminiKey = key(env, ['GEMINI_API_KEY', 'GOOGLE_API_KEY']) as string;
  const models = DEFAULT_STAGE_MODELS;
  const gemini = (model: string) => createGemini({ apiKey: geminiKey, model, ...shared });
  const anthropic = (model: string) => createAnthropic({ apiKey: anthropicKey, model, ...shared });

  const searches: WebSearch[] = [
    createSonarSearch({ apiKey: key(env, ['PERPLEXITY_API_KEY']) as string, model: models.search.model, ledger }),
  ];
  const factCheckKey = key(env, ['GOOGLE_FACTCHECK_API_KEY']);
  if (factCheckKey !== undefined) searches.push(createGoogleFactCheckSearch({ apiKey: factCheckKey }));

  const live: LiveStages = {
    transcriber: createModelTranscriber({
      models: [
        createOpenAITranscriber({ apiKey: openaiKey, model: models.transcription.model, ledger }),
        createGroqTranscriber({ apiKey: groqKey, model: 'whisper-large-v3-turbo', ledger }),
      ],
    }),
    speaker:
      settings.voices !== undefined
        ? await createSpeakerIdIdentifier({ ...settings.speaker, voices: settings.voices, env })
        : {
            identify: () =>
              Promise.reject(
                new FactcheckError({
                  code: 'missing_configuration',
                  stage: 'speaker',
                  field: 'voices',
                  message: 'no enrolled voices: pass voices (espectro speaker enroll) for the live stages',
                }),
              ),
          },
    tone: createLlmToneClassifier({ model: createGroq({ apiKey: groqKey, model: models.tone.model, ...shared }) }),
    claims: createLlmClaimExtractor({
      model: createFallbackChain([anthropic(models.claims.model), gemini(models.judge.model)], shared),
    }),
    search: cachedSearch(combineSearches(searches), { ledger }),
    judge: createLlmJudge({
      model: createFallbackChain(
        [gemini(models.judge.model), createOpenAI({ apiKey: openaiKey, model: 'gpt-4o-mini', ...shared })],
        shared,
      ),
    }),
    audioCheck: {
      transcribers: [
        createModelTranscriber({
          models: [createOpenAITranscriber({ apiKey: openaiKey, model: models.audioCheck[0].model })],
          prompt: audioCheckPrompt,
          stage: 'audio_check',
        }),
        createModelTranscriber({
          models: [createGroqTranscriber({ apiKey: groqKey, model: models.audioCheck[1].model })],
          prompt: audioCheckPrompt,
          stage: 'audio_check',
        }),
        createModelTranscriber({
          models: [createOpenAITranscriber({ apiKey: openaiKey, model: models.audioCheck[2].model })],
          prompt: audioCheckPrompt,
          stage: 'audio_check',
        }),
      ],
      arbiter: createLlmArbiter({ model: anthropic(models.arbiter.model) }),
    },
  };
  const review: ReviewStages = {
    judge: live.judge,
    transcriber: createModelTranscriber({
      models: [createGroqTranscriber({ apiKey: groqKey, model: models.reviewTranscription.model })],
      prompt: reviewTranscriptionPrompt,
      stage: 'review_transcription',
    }),
    reviewer: createLlmReviewer({ model: gemini(models.reviewer.model) }),
    // seed 001 stage 9: every check is "conferida em fontes oficiais" after the debate
    search: live.search,
  };
  return { live, review, ledger };
}
