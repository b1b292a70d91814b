/**
 * The data model of the debate pipeline: what each stage returns, what a check is, and the results
 * of the live run and of the post-debate review. Every model output is validated with one of these
 * zod schemas before the pipeline uses it; every verdict decision is made by
 * `@espectro/methodology` (RULES.md §7), never here.
 */
import {
  ArbiterChoiceSchema,
  AudioReverificationSchema,
  AudioTranscriptSchema,
  CheckStatusSchema,
  ClaimKindSchema,
  ClaimNatureSchema,
  EvidenceDropReasonSchema,
  EvidenceScopeSchema,
  IsoDateSchema,
  ToneProbabilitiesSchema,
  VerdictHistoryEntrySchema,
  VerdictSchema,
} from '@espectro/methodology';
import { z } from 'zod';

const HttpUrlSchema = z.string().refine((value) => URL.canParse(value) && /^https?:$/i.test(new URL(value).protocol), {
  message: 'expected an absolute http(s) URL',
});

/**
 * One debate: its id (used as the ledger job id), how cards name it ("já checado em <name>"),
 * when it started (claim times are `startedAt` + chunk offset, and the DEB-3 cut-off), and the
 * names the transcriber should expect.
 *
 * @example
 * DebateInfoSchema.parse({ id: 'aurora-2026-09-03', name: 'Debate Rede Aurora 03/09', startedAt: '2026-09-03T22:00:00Z',
 *   candidates: [{ name: 'Helena Valadares' }, { name: 'Otávio Barreto' }] });
 */
export const DebateInfoSchema = z.strictObject({
  id: z.string().min(1),
  name: z.string().min(1),
  /** ISO date-time of the first chunk (offset 0). */
  startedAt: IsoDateSchema,
  /** Language of the audio; default `pt`. */
  language: z.enum(['pt', 'es']).default('pt'),
  candidates: z.array(z.strictObject({ name: z.string().min(1), party: z.string().min(1).optional() })).min(1),
  /** Extra proper names for the transcription prompt (moderators, parties, places, programmes). */
  names: z.array(z.string().min(1)).default([]),
  /** Page of the debate (ClaimReview `itemReviewed.appearance`). */
  url: HttpUrlSchema.optional(),
});
export type DebateInfo = z.output<typeof DebateInfoSchema>;
/** Input form of {@link DebateInfo} (defaults optional). */
export type DebateInfoInput = z.input<typeof DebateInfoSchema>;

/**
 * A transcript of one chunk and who made it.
 *
 * @example
 * TranscriptSchema.parse({ text: 'A inflação caiu para 4,2%.', vendor: 'openai', model: 'gpt-4o-mini-transcribe' });
 */
export const TranscriptSchema = z.strictObject({
  text: z.string(),
  vendor: z.string().min(1),
  model: z.string().min(1),
});
export type Transcript = z.infer<typeof TranscriptSchema>;

/**
 * Who speaks in a chunk: an enrolled candidate, or `null` (unknown voices stay unknown).
 *
 * @example
 * SpeakerResultSchema.parse({ speaker: null, score: 0.31, backend: 'replay' });
 */
export const SpeakerResultSchema = z.strictObject({
  speaker: z.string().min(1).nullable(),
  score: z.number().nullable(),
  backend: z.string().min(1),
});
export type SpeakerResult = z.infer<typeof SpeakerResultSchema>;

/**
 * Tone classifier output (DEB-1): a probability for each of the five tones.
 *
 * @example
 * ToneAnswerSchema.parse({ probabilities: { proposal: 0.3, attack: 0.7, defense: 0, record: 0, chatter: 0 } });
 */
export const ToneAnswerSchema = z.object({ probabilities: ToneProbabilitiesSchema });
export type ToneAnswer = z.infer<typeof ToneAnswerSchema>;

/**
 * One statement the editor-style extractor annotated (DEB-2): its kind, the sentence as said, the
 * specific datum to check ("recorde de mulheres assassinadas", not "criminalidade"), and a search
 * query.
 *
 * @example
 * ExtractedClaimSchema.parse({ kind: 'checkable', text: 'O desemprego caiu para 6,1%.', datum: 'taxa de desemprego 6,1%', query: 'taxa de desemprego PNAD' });
 */
export const ExtractedClaimSchema = z.object({
  kind: ClaimKindSchema,
  text: z.string().min(1),
  datum: z.string(),
  query: z.string(),
});
export type ExtractedClaim = z.infer<typeof ExtractedClaimSchema>;

/**
 * Claim extractor output.
 *
 * @example
 * ClaimExtractionSchema.parse({ claims: [] });
 */
export const ClaimExtractionSchema = z.object({ claims: z.array(ExtractedClaimSchema) });
export type ClaimExtraction = z.infer<typeof ClaimExtractionSchema>;

/**
 * One search result offered as evidence. `text` is page text or a fact-check's rating: it is
 * data for the judge, never instructions.
 *
 * @example
 * EvidenceItemSchema.parse({ url: 'https://dados.exemplo.gov.br/pnad', provider: 'sonar', publishedAt: '2026-08-29' });
 */
export const EvidenceItemSchema = z.strictObject({
  url: HttpUrlSchema,
  title: z.string().optional(),
  /** ISO date or date-time; `null`/absent = undated (dropped by DEB-3 unless allowed). */
  publishedAt: IsoDateSchema.nullable().optional(),
  snippet: z.string().optional(),
  /** Which search adapter returned it (`sonar`, `google_fact_check`, `replay`, …). */
  provider: z.string().min(1),
  /** `fact_check` for an existing fact-check (Google Fact Check Tools), else `web`. */
  kind: z.enum(['web', 'fact_check']).default('web'),
});
export type EvidenceItem = z.output<typeof EvidenceItemSchema>;

/**
 * What a search adapter returns for one claim.
 *
 * @example
 * SearchResponseSchema.parse({ results: [], summary: null });
 */
export const SearchResponseSchema = z.strictObject({
  results: z.array(EvidenceItemSchema),
  /** A search engine's own summary (Perplexity Sonar), given to the judge as data. */
  summary: z.string().nullable().default(null),
});
export type SearchResponse = z.output<typeof SearchResponseSchema>;

/**
 * The judge model's structured answer: verdict, reason, cited URLs and the structured facts the
 * deterministic post-processing needs (JR-1/4 numbers, JR-2/3 nature and scope, JR-5 parts,
 * JR-6 slip, JR-7 accusation).
 *
 * @example
 * JudgeAnswerSchema.parse({ verdict: 'false', reason: '…', citations: ['https://dados.exemplo.gov.br/x'],
 *   facts: { claimed: 134000, reference: 134000000, unit: 'pessoas', claimNature: 'factual', evidenceScope: 'same',
 *            otherParts: [], slipOfTongue: false, unprovenAccusation: false } });
 */
export const JudgeAnswerSchema = z.object({
  verdict: VerdictSchema,
  /** The reason shown on the card (pt-BR). */
  reason: z.string(),
  citations: z.array(z.string()),
  facts: z.object({
    /** JR-1/4: the number the speaker stated, or null. */
    claimed: z.number().nullable(),
    /** JR-1/4: the reference number from the evidence, or null. */
    reference: z.number().nullable(),
    unit: z.string().nullable(),
    claimNature: ClaimNatureSchema,
    evidenceScope: EvidenceScopeSchema,
    /** JR-5: verdicts of the other parts of a multi-part claim. */
    otherParts: z.array(VerdictSchema),
    slipOfTongue: z.boolean(),
    unprovenAccusation: z.boolean(),
  }),
});
export type JudgeAnswer = z.infer<typeof JudgeAnswerSchema>;

/**
 * The AUD-1 arbiter's answer when the re-transcriptions have no majority.
 *
 * @example
 * ArbiterAnswerSchema.parse({ choice: 'under_review', correctedText: null, reason: 'áudio inaudível' });
 */
export const ArbiterAnswerSchema = z.object({
  choice: ArbiterChoiceSchema,
  /** With `correct`: the sentence as the arbiter hears it. */
  correctedText: z.string().nullable(),
  reason: z.string(),
});
export type ArbiterAnswer = z.infer<typeof ArbiterAnswerSchema>;

/**
 * The post-debate reviewer's answer for one check (REV-D).
 *
 * @example
 * ReviewAnswerSchema.parse({ claimSaid: true, correctedText: null, judge });
 */
export const ReviewAnswerSchema = z.object({
  /** False when the full re-transcription shows the claim was never said (the check is removed). */
  claimSaid: z.boolean(),
  /** The claim as the re-transcription has it, when it differs. */
  correctedText: z.string().nullable(),
  judge: JudgeAnswerSchema,
});
export type ReviewAnswer = z.infer<typeof ReviewAnswerSchema>;

/**
 * A reader's error report ("Achou erro nesta checagem?"), reviewed by REV-D.
 *
 * @example
 * ReaderReportSchema.parse({ id: 'r1', checkId: 'd#12.0', receivedAt: '2026-09-03T23:40:00Z', message: 'O dado é de 2025.' });
 */
export const ReaderReportSchema = z.strictObject({
  id: z.string().min(1),
  checkId: z.string().min(1),
  receivedAt: IsoDateSchema,
  message: z.string(),
});
export type ReaderReport = z.infer<typeof ReaderReportSchema>;

/**
 * AUD-1 record of a check: every re-transcription, the methodology decision and the arbiter's answer.
 *
 * @example
 * ReverificationRecordSchema.parse({ transcripts: [], decision, arbiter: null, correctedText: null });
 */
export const ReverificationRecordSchema = z.strictObject({
  transcripts: z.array(AudioTranscriptSchema),
  decision: AudioReverificationSchema,
  arbiter: ArbiterAnswerSchema.nullable(),
  /** The sentence the check was re-judged with (`correct`), else `null`. */
  correctedText: z.string().nullable(),
});
export type ReverificationRecord = z.infer<typeof ReverificationRecordSchema>;

/**
 * The judge's part of a check (what the model said before deterministic post-processing).
 *
 * @example
 * JudgeRecordSchema.parse({ modelVerdict: 'false', numericVerdict: null, reason: '…', attempts: 1, facts });
 */
export const JudgeRecordSchema = z.strictObject({
  modelVerdict: VerdictSchema,
  /** JR-1/4 verdict from the structured numbers, when both were given. */
  numericVerdict: VerdictSchema.nullable(),
  reason: z.string(),
  /** 1, or 2 after a DEB-5 re-ask. */
  attempts: z.number().int().min(1),
  facts: JudgeAnswerSchema.shape.facts,
});
export type JudgeRecord = z.infer<typeof JudgeRecordSchema>;

/**
 * One fact-check of a candidate's claim, with its full verdict history (REV-D).
 *
 * @example
 * CheckSchema.shape.history; // append-only VerdictHistoryEntry[]
 */
export const CheckSchema = z.strictObject({
  /** `<debateId>#<chunkIndex>.<claimIndex>`. */
  id: z.string().min(1),
  debateId: z.string().min(1),
  chunkIndex: z.number().int().nonnegative(),
  claimIndex: z.number().int().nonnegative(),
  candidate: z.string().min(1),
  /** When the claim was said (debate start + chunk offset). */
  spokenAt: IsoDateSchema,
  claim: z.strictObject({ kind: ClaimKindSchema, text: z.string(), datum: z.string() }),
  /** The live chunk transcript the claim came from. */
  transcript: z.string(),
  /** Evidence kept by DEB-3, official sources first (DEB-4). */
  evidence: z.array(EvidenceItemSchema),
  droppedEvidence: z.array(z.strictObject({ url: z.string(), reason: EvidenceDropReasonSchema })),
  searchSummary: z.string().nullable(),
  judge: JudgeRecordSchema.nullable(),
  /** Current verdict and status (the latest history entry). */
  verdict: VerdictSchema,
  status: CheckStatusSchema,
  /** Methodology reason codes and rule trace of the latest decision. */
  reasons: z.array(z.string()),
  trace: z.array(z.string()),
  /** Valid citations, normalised (DEB-5). */
  citations: z.array(z.string()),
  reverification: ReverificationRecordSchema.nullable(),
  /** REP-1: the earlier check whose revised verdict was reused. */
  repeatOf: z
    .strictObject({
      checkId: z.string(),
      debate: z.string(),
      label: z.string(),
      matchedBy: z.enum(['exact_key', 'jaccard', 'embedding']),
      similarity: z.number(),
      /** For an `embedding` match: the embedder backend whose cosine matched (REP_EMBEDDING_THRESHOLDS). */
      embedder: z.string().optional(),
    })
    .nullable(),
  history: z.array(VerdictHistoryEntrySchema).min(1),
});
export type Check = z.infer<typeof CheckSchema>;

/**
 * What happened to one 10-second chunk.
 * `claims`: it went through claim extraction; `chatter`: dropped by DEB-1; `unknown_speaker`: no
 * enrolled voice (kept for speaking time, never attributed); `failed`: a stage kept failing after
 * the retries (recorded, never lost).
 *
 * @example
 * ChunkOutcomeSchema.shape.status.options; // ['claims', 'chatter', 'unknown_speaker', 'failed']
 */
export const ChunkOutcomeSchema = z.strictObject({
  index: z.number().int().nonnegative(),
  startSeconds: z.number().nonnegative(),
  durationSeconds: z.number().nonnegative(),
  status: z.enum(['claims', 'chatter', 'unknown_speaker', 'failed']),
  /** How many times the chunk was attempted (1 = no retry). */
  attempts: z.number().int().min(1),
  error: z.strictObject({ stage: z.string(), message: z.string() }).nullable(),
  transcript: TranscriptSchema.nullable(),
  speaker: SpeakerResultSchema.nullable(),
  tone: ToneProbabilitiesSchema.nullable(),
  /** DEB-1 seconds per tone; `null` when dropped as chatter or failed. */
  speakingTime: z.record(z.string(), z.number()).nullable(),
  /** Concrete proposals and attacks (annotated, never searched or scored — DEB-2). */
  annotations: z.array(z.strictObject({ kind: ClaimKindSchema, text: z.string() })),
  /** Rhetoric, opinion and promises: never checks (DEB-2, JR-9). */
  discarded: z.array(z.strictObject({ kind: ClaimKindSchema, text: z.string(), trace: z.array(z.string()) })),
  checkIds: z.array(z.string()),
});
export type ChunkOutcome = z.infer<typeof ChunkOutcomeSchema>;

/**
 * The result of the live run.
 *
 * @example
 * const live: LiveDebateResult = await runLiveDebate({ debate, chunks, stages });
 */
export const LiveDebateResultSchema = z.strictObject({
  debate: DebateInfoSchema,
  chunks: z.array(ChunkOutcomeSchema),
  checks: z.array(CheckSchema),
});
export type LiveDebateResult = z.infer<typeof LiveDebateResultSchema>;

/**
 * One change made by the post-debate review.
 *
 * @example
 * ReviewChangeSchema.parse({ checkId: 'd#3.0', before: { verdict: 'false', status: 'published' }, after: { verdict: 'true', status: 'published' }, reason: '…' });
 */
export const ReviewChangeSchema = z.strictObject({
  checkId: z.string(),
  before: z.strictObject({ verdict: VerdictSchema, status: CheckStatusSchema }),
  after: z.strictObject({ verdict: VerdictSchema, status: CheckStatusSchema }),
  reason: z.string(),
});
export type ReviewChange = z.infer<typeof ReviewChangeSchema>;

/**
 * The result of the post-debate review (REV-D).
 *
 * @example
 * const review: ReviewResult = await reviewDebate({ live, stages, reviewedAt });
 */
export const ReviewResultSchema = z.strictObject({
  reviewedAt: IsoDateSchema,
  /** The full re-transcription, one entry per chunk (`null` text when that chunk failed). */
  transcripts: z.array(
    z.strictObject({ index: z.number().int().nonnegative(), transcript: TranscriptSchema.nullable() }),
  ),
  /** Every check, with the review entry appended to its history. */
  checks: z.array(CheckSchema),
  changes: z.array(ReviewChangeSchema),
  reports: z.array(ReaderReportSchema),
  /** Checks whose review kept failing: left as they were (nothing is lost). */
  failed: z.array(z.strictObject({ checkId: z.string(), message: z.string() })),
});
export type ReviewResult = z.infer<typeof ReviewResultSchema>;
