import { IsoDateSchema, ToneProbabilitiesSchema, VerdictHistoryEntrySchema } from '@espectro/methodology';
import { z } from 'zod';
import {
  ArbiterAnswerSchema,
  DebateInfoSchema,
  EvidenceItemSchema,
  ExtractedClaimSchema,
  JudgeAnswerSchema,
  ReaderReportSchema,
  ReviewAnswerSchema,
} from '../schemas.js';

/**
 * A vendor and model a replay pretends to be (so the default price table prices its calls).
 *
 * @example
 * ModelRefSchema.parse({ vendor: 'gemini', model: 'gemini-2.5-flash' });
 */
export const ModelRefSchema = z.strictObject({ vendor: z.string().min(1), model: z.string().min(1) });
export type ModelRef = z.infer<typeof ModelRefSchema>;

/**
 * The default model of each stage (all in `@espectro/llm`'s default price table): OpenAI
 * `gpt-4o-mini-transcribe` with Groq Whisper as reserve; Groq Llama 3.1 8B for tone; Claude Haiku
 * for claims (seed 001 uses Haiku); Perplexity Sonar for search; Gemini 2.5 Flash as judge; AUD-1
 * re-transcription by OpenAI and Groq (different vendors) with `gpt-4o-transcribe` as tie-breaker
 * and Claude Sonnet as arbiter; the review re-transcribes with Groq `whisper-large-v3` and
 * re-judges with Gemini 2.5 Flash.
 */
export const DEFAULT_STAGE_MODELS = {
  transcription: { vendor: 'openai', model: 'gpt-4o-mini-transcribe' },
  tone: { vendor: 'groq', model: 'llama-3.1-8b-instant' },
  claims: { vendor: 'anthropic', model: 'claude-haiku-4-5' },
  search: { vendor: 'perplexity', model: 'sonar' },
  judge: { vendor: 'gemini', model: 'gemini-2.5-flash' },
  audioCheck: [
    { vendor: 'openai', model: 'gpt-4o-mini-transcribe' },
    { vendor: 'groq', model: 'whisper-large-v3-turbo' },
    { vendor: 'openai', model: 'gpt-4o-transcribe' },
  ],
  arbiter: { vendor: 'anthropic', model: 'claude-sonnet-4-6' },
  reviewTranscription: { vendor: 'groq', model: 'whisper-large-v3' },
  reviewer: { vendor: 'gemini', model: 'gemini-2.5-flash' },
} as const satisfies Record<string, ModelRef | readonly [ModelRef, ModelRef, ModelRef]>;

/**
 * One recorded chunk: the live transcript, the speaker, the tone and the extracted claims.
 * `failures` makes a stage fail that many times before it answers (reliability demos: 1 = one
 * retry; more than the retries = a chunk recorded as failed).
 *
 * @example
 * ReplayChunkSchema.parse({ index: 0, transcript: 'Boa noite.', speaker: null, tone: { proposal: 0, attack: 0, defense: 0, record: 0, chatter: 1 } });
 */
export const ReplayChunkSchema = z.strictObject({
  index: z.number().int().nonnegative(),
  /** Default index × 10. */
  startSeconds: z.number().nonnegative().optional(),
  durationSeconds: z.number().positive().default(10),
  transcript: z.string(),
  speaker: z.string().min(1).nullable(),
  speakerScore: z.number().nullable().default(null),
  tone: ToneProbabilitiesSchema,
  claims: z.array(ExtractedClaimSchema).default([]),
  failures: z
    .partialRecord(
      z.enum(['transcription', 'speaker', 'tone', 'claims', 'search', 'judge']),
      z.number().int().nonnegative(),
    )
    .default({}),
  /** What the chunk demonstrates (for readers of the file; not used). */
  note: z.string().optional(),
});
export type ReplayChunk = z.output<typeof ReplayChunkSchema>;

/**
 * A check from an earlier debate (REP-1 reuses its latest revised verdict).
 *
 * @example
 * EarlierCheckRecordSchema.parse({ id: 'aurora-1#4.0', debateId: 'aurora-1', candidate: 'Otávio Barreto', spokenAt: '2026-08-20T22:01:00Z',
 *   text: '…', datum: '…', citations: [], history: [{ verdict: 'false', status: 'published', at: '2026-08-20T22:01:00Z', phase: 'live' }] });
 */
export const EarlierCheckRecordSchema = z.strictObject({
  id: z.string().min(1),
  debateId: z.string().min(1),
  candidate: z.string().min(1),
  spokenAt: IsoDateSchema,
  text: z.string(),
  datum: z.string(),
  citations: z.array(z.string()),
  reason: z.string().default(''),
  history: z.array(VerdictHistoryEntrySchema).min(1),
});
export type EarlierCheckRecord = z.output<typeof EarlierCheckRecordSchema>;

/**
 * A recorded search answer (`summary` optional).
 *
 * @example
 * ReplaySearchSchema.parse({ results: [] });
 */
export const ReplaySearchSchema = z.strictObject({
  results: z.array(EvidenceItemSchema),
  summary: z.string().nullable().default(null),
});

/**
 * A recorded AUD-1 re-verification: two or three transcripts (the models are the replay's
 * `audioCheck` models) and, without a majority, the arbiter's answer.
 *
 * @example
 * ReplayAudioCheckSchema.parse({ transcripts: ['…', '…'] });
 */
export const ReplayAudioCheckSchema = z.strictObject({
  transcripts: z.array(z.string()).min(2).max(3),
  arbiter: ArbiterAnswerSchema.optional(),
});

/**
 * A whole debate recorded stage by stage. Keys: chunk `"<index>"`; claim `"<index>.<n>"` (the n-th
 * statement the extractor returned for that chunk). `judge` has `"<claim>#<attempt>"` and, after an
 * AUD-1 correction, `"<claim>#corrected#<attempt>"`; `evidence` has `"<claim>"` and
 * `"<claim>#corrected"`; `review.answers` has `"<claim>#<attempt>"` (a check without a recorded
 * review answer is confirmed with its live judge answer); `review.transcripts` has `"<index>"`
 * (chunks not listed re-transcribe as they did live).
 *
 * @example
 * const replay = DebateReplaySchema.parse(JSON.parse(readFileSync('debate.json', 'utf8')));
 */
export const DebateReplaySchema = z.strictObject({
  format: z.literal('espectro.debate-replay'),
  version: z.literal(1),
  /** True for invented debates: every statement and figure is fictional. */
  fictional: z.boolean(),
  notice: z.string(),
  debate: DebateInfoSchema,
  models: z
    .strictObject({
      transcription: ModelRefSchema,
      tone: ModelRefSchema,
      claims: ModelRefSchema,
      search: ModelRefSchema,
      judge: ModelRefSchema,
      audioCheck: z.tuple([ModelRefSchema, ModelRefSchema, ModelRefSchema]),
      arbiter: ModelRefSchema,
      reviewTranscription: ModelRefSchema,
      reviewer: ModelRefSchema,
    })
    .partial()
    .default({}),
  earlierDebates: z.array(z.strictObject({ id: z.string().min(1), name: z.string().min(1) })).default([]),
  earlierChecks: z.array(EarlierCheckRecordSchema).default([]),
  chunks: z.array(ReplayChunkSchema).min(1),
  correctedClaims: z.record(z.string(), z.array(ExtractedClaimSchema)).default({}),
  evidence: z.record(z.string(), ReplaySearchSchema).default({}),
  judge: z.record(z.string(), JudgeAnswerSchema).default({}),
  audioCheck: z.record(z.string(), ReplayAudioCheckSchema).default({}),
  review: z
    .strictObject({
      reviewedAt: IsoDateSchema,
      transcripts: z.record(z.string(), z.string()).default({}),
      reports: z.array(ReaderReportSchema).default([]),
      answers: z.record(z.string(), ReviewAnswerSchema).default({}),
    })
    .optional(),
});
export type DebateReplay = z.output<typeof DebateReplaySchema>;
/** Input form of {@link DebateReplay} (as written in a file). */
export type DebateReplayInput = z.input<typeof DebateReplaySchema>;
