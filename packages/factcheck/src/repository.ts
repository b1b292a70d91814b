import type { LedgerEntry } from '@espectro/llm';
import type { StoredChunkMark } from './live/resume.js';
import type { EarlierCheck, Scoreboards, VerdictHistoryEntry } from '@espectro/methodology';
import {
  CheckSchema,
  ChunkOutcomeSchema,
  DebateInfoSchema,
  type Check,
  type ChunkOutcome,
  type DebateInfo,
  type ReaderReport,
  type ReviewResult,
} from './schemas.js';

/** A debate's two scoreboards as stored (REV-D: both are kept). */
export interface StoredScoreboards extends Scoreboards {
  debateId: string;
  /** ISO time of the snapshot. */
  at: string;
}

/**
 * Where checks live between debates (REP-1 needs earlier debates; REV-D appends to histories).
 * `@espectro/store` will implement it over PGlite/Postgres; {@link createMemoryCheckRepository} is
 * the in-memory implementation. Methods may be synchronous or return promises.
 */
export interface CheckRepository {
  /** Inserts or replaces a check (by id). */
  saveCheck(check: Check): void | Promise<void>;
  getCheck(checkId: string): Check | undefined | Promise<Check | undefined>;
  /** Checks of a debate (in insertion order), or all. */
  listChecks(filter?: { debateId?: string; candidate?: string }): Check[] | Promise<Check[]>;
  /** Appends a history entry (REV-D: histories are append-only) and returns the updated check. */
  appendHistory(checkId: string, entry: VerdictHistoryEntry): Check | Promise<Check>;
  /** REP-1 candidates: checks of `candidate` from debates other than `excludeDebateId`, named as their debate. */
  earlierChecks(query: { candidate: string; excludeDebateId: string }): EarlierCheck[] | Promise<EarlierCheck[]>;
  /** Records a debate's display name (used in "já checado em <name>"). */
  saveDebateName(debateId: string, name: string): void | Promise<void>;
  saveScoreboards(scoreboards: StoredScoreboards): void | Promise<void>;
  /** Every stored snapshot of a debate, oldest first. */
  listScoreboards(debateId: string): StoredScoreboards[] | Promise<StoredScoreboards[]>;
}

/** The in-memory repository, with `clear()`. */
export interface MemoryCheckRepository extends CheckRepository {
  clear(): void;
}

/**
 * In-memory {@link CheckRepository}. Values are copied in and out (structuredClone), so callers
 * cannot change stored histories behind its back.
 *
 * @example
 * const repository = createMemoryCheckRepository();
 * await runLiveDebate({ debate, chunks, stages, repository });
 */
export function createMemoryCheckRepository(
  initial: { checks?: Check[]; debateNames?: Record<string, string> } = {},
): MemoryCheckRepository {
  let checks = new Map<string, Check>();
  let names = new Map<string, string>(Object.entries(initial.debateNames ?? {}));
  let boards: StoredScoreboards[] = [];
  for (const check of initial.checks ?? []) checks.set(check.id, structuredClone(check));
  return {
    saveCheck(check) {
      checks.set(check.id, structuredClone(check));
    },
    getCheck(checkId) {
      const check = checks.get(checkId);
      return check === undefined ? undefined : structuredClone(check);
    },
    listChecks(filter = {}) {
      return [...checks.values()]
        .filter(
          (check) =>
            (filter.debateId === undefined || check.debateId === filter.debateId) &&
            (filter.candidate === undefined || check.candidate === filter.candidate),
        )
        .map((check) => structuredClone(check));
    },
    appendHistory(checkId, entry) {
      const check = checks.get(checkId);
      if (check === undefined) throw new Error(`@espectro/factcheck repository: no check "${checkId}"`);
      const updated: Check = {
        ...check,
        history: [...check.history, { ...entry }],
        verdict: entry.verdict,
        status: entry.status,
      };
      checks.set(checkId, updated);
      return structuredClone(updated);
    },
    earlierChecks({ candidate, excludeDebateId }) {
      return [...checks.values()]
        .filter((check) => check.candidate === candidate && check.debateId !== excludeDebateId)
        .map((check) => ({
          checkId: check.id,
          candidate: check.candidate,
          debate: names.get(check.debateId) ?? check.debateId,
          text: check.claim.text,
          history: structuredClone(check.history),
        }));
    },
    saveDebateName(debateId, name) {
      names.set(debateId, name);
    },
    saveScoreboards(scoreboards) {
      boards.push(structuredClone(scoreboards));
    },
    listScoreboards(debateId) {
      return boards.filter((board) => board.debateId === debateId).map((board) => structuredClone(board));
    },
    clear() {
      checks = new Map();
      names = new Map();
      boards = [];
    },
  };
}

/** The phases of a stored debate: being checked live, live part over, reviewed (REV-D). */
export type DebatePhase = 'live' | 'ended' | 'reviewed';

/** One change of a stored debate, in the order it was stored (`seq` is the SSE event id). */
export interface DebateChangeEvent {
  seq: number;
  debateId: string;
  kind: 'chunk' | 'ended' | 'review' | 'report';
  chunkIndex: number | null;
  at: string;
}

/** A debate as a {@link DebateRepository} lists it. */
export interface StoredDebateRecord {
  info: DebateInfo;
  /** A bundled or invented replay: every page labels it fictional. */
  fictional: boolean;
  phase: DebatePhase;
  chunkCount: number;
  /** Id of the latest change-feed event (the SSE id a page rendered now has seen). */
  lastEventSeq: number;
}

/**
 * Where whole debates live (issue 17 §1): a {@link CheckRepository} that also keeps the debate, its
 * chunks (idempotent by debate id and chunk index, so a crashed run resumes), readers' reports and
 * reviews. `@espectro/store`'s `createStoreDebateRepository` implements it over PGlite/PostgreSQL.
 */
export interface DebateRepository extends CheckRepository {
  /**
   * Records the debate (idempotent) and returns the indexes of the chunks already stored and the
   * last of them (where a resumed live run starts again: `planLiveResume`).
   */
  startDebate(
    debate: DebateInfo,
    options?: { fictional?: boolean },
  ): Promise<{ phase: DebatePhase; storedChunks: number[]; lastChunk?: StoredChunkMark | null }>;
  /** A finished chunk, its checks and its model costs in one transaction; `false` when already stored. */
  saveChunk(input: {
    debateId: string;
    outcome: ChunkOutcome;
    checks: readonly Check[];
    costs?: readonly LedgerEntry[];
    at?: Date;
  }): Promise<boolean>;
  listChunks(debateId: string): Promise<ChunkOutcome[]>;
  /** The live part is over (phase `ended`). */
  endDebate(debateId: string, at?: Date): Promise<void>;
  getDebate(debateId: string): Promise<StoredDebateRecord | undefined>;
  listDebates(): Promise<StoredDebateRecord[]>;
  addReport(report: ReaderReport): Promise<void>;
  listReports(debateId: string, filter?: { unreviewed?: boolean }): Promise<ReaderReport[]>;
  /** Change-feed events of a debate after `afterSeq` (the SSE ids of the live page), oldest first. */
  eventsAfter(debateId: string, afterSeq: number, limit?: number): Promise<DebateChangeEvent[]>;
  /** The review, its checks and both scoreboards in one transaction (phase `reviewed`). */
  saveReview(input: {
    debateId: string;
    review: ReviewResult;
    scoreboards: Scoreboards;
    costs?: readonly LedgerEntry[];
    at?: Date;
  }): Promise<number>;
}

/**
 * True when a repository also stores whole debates (then the live pipeline stores chunks and
 * resumes, and the review can read stored reports).
 *
 * @example
 * if (isDebateRepository(repository)) await repository.listChunks(debate.id);
 */
export function isDebateRepository(repository: CheckRepository | undefined): repository is DebateRepository {
  return (
    repository !== undefined &&
    typeof (repository as Partial<DebateRepository>).saveChunk === 'function' &&
    typeof (repository as Partial<DebateRepository>).startDebate === 'function'
  );
}

/**
 * Validating parsers for documents a store hands back (a check, a chunk outcome, a debate's info),
 * for `@espectro/store`'s `createStoreDebateRepository(database, debateDocumentParsers)`: the one
 * place where stored debate documents become pipeline types again.
 *
 * @example
 * const repository = createStoreDebateRepository(store.database, debateDocumentParsers);
 */
export const debateDocumentParsers = {
  parseCheck: (document: unknown): Check => CheckSchema.parse(document),
  parseChunk: (document: unknown): ChunkOutcome => ChunkOutcomeSchema.parse(document),
  parseInfo: (document: unknown): DebateInfo => DebateInfoSchema.parse(document),
};
