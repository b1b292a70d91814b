import { openaiClientFactory, OPENAI_BASE_URL, type ProviderSettings } from './adapters/openai.js';
import { GROQ_BASE_URL, groqClientFactory } from './adapters/groq.js';
import { callRecorder, retryPolicyOf, sumAttempts, withAttempts } from './core.js';
import type { CostLedger } from './ledger.js';
import { definePrompt, type Prompt, type PromptVariables } from './prompt.js';
import { runWithRetries } from './retry.js';
import { apiKeyFromEnv, loadSdk } from './sdk.js';
import type { AttemptRecord, TokenUsage } from './types.js';

/** Options of {@link TranscriptionModel.transcribe}. */
export interface TranscribeOptions {
  /** The audio bytes (flac, mp3, mp4, m4a, ogg, wav or webm). */
  audio: Uint8Array | ArrayBuffer | Blob;
  /** File name sent with the upload (its extension tells the vendor the format); default `audio.wav`. */
  fileName?: string;
  /** MIME type of the upload; default from the extension. */
  mimeType?: string;
  /** ISO-639-1 language, e.g. `pt` or `es`. */
  language?: string;
  /**
   * Proper names to recognise (candidates, moderators, parties): sent as the transcription prompt,
   * comma-separated, with the built-in versioned prompt {@link namesPrompt}.
   */
  names?: readonly string[];
  /** A versioned prompt instead of `names` (its rendered user text is the transcription prompt). */
  prompt?: Prompt;
  variables?: PromptVariables;
  /** Audio length, for the cost of per-minute models when the vendor does not report it. */
  durationSeconds?: number;
  jobId?: string;
  ledger?: CostLedger;
  signal?: AbortSignal;
}

/** Result of a transcription. */
export interface TranscriptionResult {
  text: string;
  vendor: string;
  model: string;
  language: string | undefined;
  /** Audio length as reported by the vendor, else as given. */
  durationSeconds: number | undefined;
  promptId: string;
  promptVersion: string;
  usage: TokenUsage;
  costUsd: number;
  latencyMs: number;
  attempts: AttemptRecord[];
}

/** Speech-to-text over one vendor, with the same retry, timeout and ledger behaviour as LanguageModel. */
export interface TranscriptionModel {
  readonly vendor: string;
  readonly modelId: string;
  transcribe(options: TranscribeOptions): Promise<TranscriptionResult>;
}

/** Settings of the transcribers. */
export type TranscriberSettings = Omit<ProviderSettings, 'cache' | 'maxOutputTokens' | 'temperature'>;

/** The built-in prompt for name lists (`names` joined by ", "). */
export const namesPrompt = definePrompt({
  id: 'transcription.names',
  version: '1',
  description: 'Proper names expected in the audio, comma-separated, to bias recognition',
  template: '{{names}}',
});

/** The prompt used when neither `names` nor `prompt` is given. */
const noPrompt = definePrompt({ id: 'transcription.none', version: '1', template: '' });

interface TranscriptionResponse {
  text?: string;
  language?: string;
  duration?: number;
  usage?: { type?: string; seconds?: number; input_tokens?: number; output_tokens?: number };
}

interface AudioClient {
  audio: {
    transcriptions: {
      create(body: Record<string, unknown>, options: { signal: AbortSignal; maxRetries: number }): PromiseLike<unknown>;
    };
  };
}

interface UploadModule {
  toFile(value: unknown, name: string, options?: { type?: string }): Promise<unknown>;
}

const MIME_TYPES: Record<string, string> = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  mpga: 'audio/mpeg',
  mpeg: 'audio/mpeg',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
  ogg: 'audio/ogg',
  webm: 'audio/webm',
  flac: 'audio/flac',
};

function createTranscriber(options: {
  vendor: string;
  model: string;
  settings: TranscriberSettings;
  responseFormat: 'json' | 'verbose_json';
  client: () => Promise<unknown>;
  uploads: () => Promise<UploadModule>;
  /** The API key sent, scrubbed from every failure's message. */
  apiKey: string | undefined;
}): TranscriptionModel {
  const { vendor, model, settings } = options;
  const policy = retryPolicyOf(settings);
  return {
    vendor,
    modelId: model,
    async transcribe(call) {
      const started = performance.now();
      const prompt: Prompt =
        call.prompt ?? ((call.names !== undefined && call.names.length > 0 ? namesPrompt : noPrompt) as Prompt);
      const rendered = prompt.render(
        call.prompt !== undefined ? (call.variables ?? {}) : { names: (call.names ?? []).join(', ') },
      );
      const recorder = callRecorder(call.ledger ?? settings.ledger, {
        promptId: rendered.promptId,
        promptVersion: rendered.promptVersion,
        jobId: call.jobId,
        operation: 'transcription',
      });
      const fileName = call.fileName ?? 'audio.wav';
      const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
      const type = call.mimeType ?? MIME_TYPES[extension] ?? 'application/octet-stream';
      const success = await runWithRetries({
        policy,
        vendor,
        model,
        stage: 'transcribe',
        signal: call.signal,
        secrets: [options.apiKey],
        run: async (signal) => {
          const client = (await options.client()) as AudioClient;
          const { toFile } = await options.uploads();
          const file = await toFile(
            call.audio instanceof ArrayBuffer ? new Uint8Array(call.audio) : call.audio,
            fileName,
            { type },
          );
          const body: Record<string, unknown> = { file, model, response_format: options.responseFormat };
          if (rendered.user !== '') body.prompt = rendered.user;
          if (call.language !== undefined) body.language = call.language;
          return (await client.audio.transcriptions.create(body, { signal, maxRetries: 0 })) as TranscriptionResponse;
        },
        onFailure: (failure) =>
          recorder.record({
            vendor,
            model,
            layer: 0,
            phase: 'transcribe',
            retry: failure.retry,
            waitedMs: failure.waitedMs,
            latencyMs: failure.latencyMs,
            outcome: failure.error.code,
            usage: { inputTokens: 0, outputTokens: 0 },
            message: failure.error.message,
          }),
      }).catch((error: unknown) => {
        throw withAttempts(error, recorder.attempts);
      });
      const response = success.value;
      const durationSeconds =
        response.duration ??
        (response.usage?.type === 'duration' ? response.usage.seconds : undefined) ??
        call.durationSeconds;
      recorder.record({
        vendor,
        model,
        layer: 0,
        phase: 'transcribe',
        retry: success.retry,
        waitedMs: success.waitedMs,
        latencyMs: success.latencyMs,
        outcome: 'ok',
        usage: {
          inputTokens: response.usage?.input_tokens ?? 0,
          outputTokens: response.usage?.output_tokens ?? 0,
        },
        audioSeconds: durationSeconds,
      });
      const totals = sumAttempts(recorder.attempts);
      return {
        text: response.text ?? '',
        vendor,
        model,
        language: response.language ?? call.language,
        durationSeconds,
        promptId: rendered.promptId,
        promptVersion: rendered.promptVersion,
        usage: totals.usage,
        costUsd: totals.costUsd,
        latencyMs: performance.now() - started,
        attempts: recorder.attempts,
      };
    },
  };
}

/** Default OpenAI transcription model. */
export const OPENAI_TRANSCRIBE_DEFAULT_MODEL = 'gpt-4o-mini-transcribe';
/** Default Groq transcription model. */
export const GROQ_TRANSCRIBE_DEFAULT_MODEL = 'whisper-large-v3-turbo';

/**
 * OpenAI `/audio/transcriptions` (default `gpt-4o-mini-transcribe`, key `OPENAI_API_KEY`).
 *
 * @example
 * const stt = createOpenAITranscriber();
 * const { text } = await stt.transcribe({ audio, fileName: 'chunk-0042.wav', language: 'pt', names: ['Lula', 'Tarcísio'] });
 */
export function createOpenAITranscriber(settings: TranscriberSettings = {}): TranscriptionModel {
  const model = settings.model ?? OPENAI_TRANSCRIBE_DEFAULT_MODEL;
  const apiKey = settings.apiKey ?? apiKeyFromEnv(['OPENAI_API_KEY']);
  return createTranscriber({
    vendor: 'openai',
    model,
    settings,
    apiKey,
    responseFormat: 'json',
    client: openaiClientFactory(
      'openai',
      {
        apiKey,
        baseURL: settings.baseURL ?? OPENAI_BASE_URL,
        timeoutMs: settings.timeoutMs ?? 60_000,
        fetch: settings.fetch,
        headers: settings.headers,
      },
      ['OPENAI_API_KEY'],
      model,
    ),
    uploads: () =>
      loadSdk<UploadModule>('openai', 'openai', () => import('openai') as Promise<unknown> as Promise<UploadModule>),
  });
}

/**
 * Groq `/openai/v1/audio/transcriptions` (default `whisper-large-v3-turbo`, key `GROQ_API_KEY`);
 * asks for `verbose_json` so the audio duration (and thus the cost) is known.
 */
export function createGroqTranscriber(settings: TranscriberSettings = {}): TranscriptionModel {
  const model = settings.model ?? GROQ_TRANSCRIBE_DEFAULT_MODEL;
  const apiKey = settings.apiKey ?? apiKeyFromEnv(['GROQ_API_KEY']);
  return createTranscriber({
    vendor: 'groq',
    model,
    settings,
    apiKey,
    responseFormat: 'verbose_json',
    client: groqClientFactory(
      {
        apiKey,
        baseURL: settings.baseURL ?? GROQ_BASE_URL,
        timeoutMs: settings.timeoutMs ?? 60_000,
        fetch: settings.fetch,
        headers: settings.headers,
      },
      model,
    ),
    uploads: () =>
      loadSdk<UploadModule>('groq-sdk', 'groq', () => import('groq-sdk') as Promise<unknown> as Promise<UploadModule>),
  });
}
