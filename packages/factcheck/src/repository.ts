import type { EarlierCheck, Scoreboards, VerdictHistoryEntry } from '@espectro/methodology';
import type { Check } from './schemas.js';

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
