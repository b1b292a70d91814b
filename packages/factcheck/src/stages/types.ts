import type { CostLedger } from '@espectro/llm';
import type { AudioChunk } from '../audio/chunker.js';
import type {
  ArbiterAnswer,
  Check,
  DebateInfo,
  EvidenceItem,
  ExtractedClaim,
  JudgeAnswer,
  ReaderReport,
  ReviewAnswer,
  SearchResponse,
  SpeakerResult,
  ToneAnswer,
  Transcript,
} from '../schemas.js';

/**
 * What every stage call receives: the debate, the ledger job id (the debate id) and ledger, and
 * a replay key that names the call (`"12"`, `"12.0#1"`) — replay adapters answer by it, real
 * adapters ignore it.
 */
export interface StageContext {
  debate: DebateInfo;
  /** Ledger job id of every model call (default: the debate id). */
  jobId: string;
  /** Where model calls are recorded (rule COST); adapters fall back to their own setting. */
  ledger?: CostLedger | undefined;
  /** Names the call for replays: see the key formats in the replay README. */
  key: string;
  signal?: AbortSignal | undefined;
}

/** Stage 2 — speech to text for one chunk (also used by AUD-1 and the review re-transcription). */
export interface ChunkTranscriber {
  /** Vendor of the model (AUD-1 needs two different vendors). */
  readonly vendor: string;
  readonly model: string;
  transcribe(chunk: AudioChunk, context: StageContext): Promise<Transcript>;
}

/** Stage 3 — who is speaking: an enrolled candidate or `null` (unknown voices stay unknown). */
export interface SpeakerIdentifier {
  identify(chunk: AudioChunk, context: StageContext): Promise<SpeakerResult>;
}

/** Stage 4 — tone probabilities of a chunk (DEB-1). */
export interface ToneClassifier {
  classify(input: { transcript: string; speaker: string | null }, context: StageContext): Promise<ToneAnswer>;
}

/** Stage 5 — editor-style claim extraction (DEB-2). */
export interface ClaimExtractor {
  extract(input: { transcript: string; speaker: string }, context: StageContext): Promise<ExtractedClaim[]>;
}

/** A claim as the search sees it. */
export interface SearchQuery {
  /** The sentence as said. */
  text: string;
  /** The specific datum to look for. */
  datum: string;
  /** Search terms proposed by the extractor. */
  query: string;
  /** Who said it. */
  speaker: string;
  /** When it was said (results published later are dropped, DEB-3). */
  claimAt: string;
  /**
   * `official`: the post-debate review's re-check "em fontes oficiais" (seed 001 stage 9) — an
   * adapter that can restrict its search to DEB-4's official domains does so. Default `any`.
   */
  sources?: 'any' | 'official';
}

/**
 * Stage 6 — a web search (Perplexity Sonar, Google Fact Check Tools, a replay, or your own).
 * Results are filtered afterwards by DEB-3 whatever the adapter did.
 */
export interface WebSearch {
  /** Name recorded as `provider` on each result. */
  readonly name: string;
  search(query: SearchQuery, context: StageContext): Promise<SearchResponse>;
}

/** What the judge reads. */
export interface JudgeInput {
  claim: { text: string; datum: string };
  speaker: string;
  claimAt: string;
  /** The chunk transcript the claim came from (or the corrected sentence). */
  transcript: string;
  /** The evidence after DEB-3, official sources first. */
  evidence: EvidenceItem[];
  searchSummary: string | null;
  /** On a DEB-5 re-ask: the citations of the previous answer that were not searched URLs. */
  invalidCitations?: string[];
}

/** Stage 7 — the judge model. */
export interface Judge {
  judge(input: JudgeInput, context: StageContext): Promise<JudgeAnswer>;
}

/** What the AUD-1 arbiter reads. */
export interface ArbiterInput {
  /** The sentence as judged (live transcript). */
  original: string;
  transcripts: { vendor: string; model: string; text: string }[];
  claim: string;
}

/** Stage 8 — the AUD-1 arbiter (publish, correct, or under review) when transcripts have no majority. */
export interface AudioArbiter {
  decide(input: ArbiterInput, context: StageContext): Promise<ArbiterAnswer>;
}

/** What the post-debate reviewer reads. */
export interface ReviewerInput {
  check: Check;
  /** The chunk as the full re-transcription has it. */
  reviewTranscript: string;
  /** AUD-1 key-fact differences between the live and the review transcript. */
  differences: { numbers: string[]; names: string[] };
  reports: ReaderReport[];
  evidence: EvidenceItem[];
  searchSummary: string | null;
  invalidCitations?: string[];
}

/** Stage 10 — the post-debate reviewer (REV-D). */
export interface Reviewer {
  review(input: ReviewerInput, context: StageContext): Promise<ReviewAnswer>;
}

/** AUD-1: three transcribers (the first two of different vendors) and an arbiter. */
export interface AudioCheckStages {
  transcribers: readonly [ChunkTranscriber, ChunkTranscriber, ChunkTranscriber];
  arbiter: AudioArbiter;
}

/** Every stage of the live pipeline. */
export interface LiveStages {
  transcriber: ChunkTranscriber;
  speaker: SpeakerIdentifier;
  tone: ToneClassifier;
  claims: ClaimExtractor;
  search: WebSearch;
  judge: Judge;
  audioCheck: AudioCheckStages;
}

/** The stages of the post-debate review. */
export interface ReviewStages {
  /** The full re-transcription (a different model from the live one is best). */
  transcriber: ChunkTranscriber;
  reviewer: Reviewer;
  /**
   * The live judge, to re-judge checks where nothing changed (same transcript key facts, no
   * readers' report, not under review): with the live judge's response cache the identical
   * question is answered from the cache at no cost. Without it every check goes to the reviewer.
   */
  judge?: Judge;
  /**
   * The evidence re-check of seed 001 stage 9 ("conferida em fontes oficiais"): every check is
   * searched again with `sources: 'official'` and the results are merged with the live evidence
   * (DEB-3 still applies). `createDefaultStages` sets it; without it the live evidence is reused.
   */
  search?: WebSearch;
}
