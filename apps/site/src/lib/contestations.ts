/**
 * Contestations (rules CON-1..CON-3) and readers' error reports, as the site's server routes use
 * them. {@link ContestationBackend} is implemented by the store adapter (`@espectro/store`) and,
 * without a store, by {@link createFileContestationBackend}: a JSON file whose every change runs
 * the methodology's `checkContestationRateLimit` and `transitionContestation` inside one
 * serialised section, so a burst of requests can never slip past a limit.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  CONTESTATION_DAY_WINDOW_MS,
  checkContestationRateLimit,
  openContestation,
  transitionContestation,
  type Contestation,
  type ContestationRateLimitOutcome,
  type ContestationRateLimits,
  type ContestationState,
  type ContestationStatus,
  type ContestationTransitionOutcome,
  type ContestationTransitionRequest,
} from '@espectro/methodology';

/** A contestation with its CON-2 state and transition log. */
export interface ContestationRecord {
  contestation: Contestation;
  state: ContestationState;
}

/** A reader's "Achou erro nesta checagem?" report (REV-D input). */
export interface ReaderReport {
  id: string;
  checkId: string;
  receivedAt: string;
  message: string;
}

/** A refused submission (CON-3). */
export type RateLimitRefusal = Extract<ContestationRateLimitOutcome, { allowed: false }>;

/** Outcome of {@link ContestationBackend.create}. */
export type CreateContestationOutcome =
  { ok: true; record: ContestationRecord } | { ok: false; refusal: RateLimitRefusal };

/** Where a submission came from, besides its contester. */
export interface SubmissionOrigin {
  /** Keyed hash of the client address (`reader-identity.ts`): CON-3 counts the contester with its client. */
  clientKey?: string;
}

/** Where contestations live. Every method is safe under concurrent calls. */
export interface ContestationBackend {
  readonly description: string;
  /** Checks CON-3 against the stored submissions and, if allowed, stores the contestation as `open`. */
  create(contestation: Contestation, origin?: SubmissionOrigin): Promise<CreateContestationOutcome>;
  /** Contestations, newest first, optionally of one contester or in one state. */
  list(filter?: { contesterId?: string; status?: ContestationStatus }): Promise<ContestationRecord[]>;
  get(id: string): Promise<ContestationRecord | undefined>;
  /** Applies one CON-2 transition; `undefined` when the contestation does not exist. */
  transition(id: string, request: ContestationTransitionRequest): Promise<ContestationTransitionOutcome | undefined>;
  addReport(report: ReaderReport): Promise<void>;
}

/** A contestation as the file keeps it: with the client it came from. */
interface StoredRecord extends ContestationRecord {
  clientKey?: string;
}

interface FileContents {
  format: 'espectro-site-contestations';
  contestations: StoredRecord[];
  reports: ReaderReport[];
}

function emptyContents(): FileContents {
  return { format: 'espectro-site-contestations', contestations: [], reports: [] };
}

function load(path: string): FileContents {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return emptyContents();
  }
  const parsed = JSON.parse(text) as Partial<FileContents>;
  if (parsed.format !== 'espectro-site-contestations' || !Array.isArray(parsed.contestations)) {
    throw new Error(`@espectro/site: ${path} is not a contestations file`);
  }
  return { format: parsed.format, contestations: parsed.contestations, reports: parsed.reports ?? [] };
}

/**
 * A {@link ContestationBackend} over one JSON file (created on first write). Changes are
 * serialised in-process and written atomically (temporary file + rename); one server process per
 * file.
 *
 * @example
 * const backend = createFileContestationBackend('.espectro/site/contestaciones.json');
 */
export function createFileContestationBackend(path: string, limits?: ContestationRateLimits): ContestationBackend {
  let contents: FileContents | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const state = (): FileContents => (contents ??= load(path));
  const save = (): void => {
    mkdirSync(dirname(path), { recursive: true });
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(state())}\n`);
    renameSync(temporary, path);
  };
  /** Runs `task` after every earlier task: the check and the write of CON-3 are one step. */
  const serialised = <Result>(task: () => Result): Promise<Result> => {
    const run = queue.then(task);
    queue = run.catch(() => undefined);
    return run;
  };
  const newestFirst = (records: StoredRecord[]): ContestationRecord[] =>
    records
      .map(({ contestation, state }) => ({ contestation, state }))
      .sort((left, right) => Date.parse(right.contestation.createdAt) - Date.parse(left.contestation.createdAt));
  return {
    description: `archivo ${path}`,
    create: (contestation, origin = {}) =>
      serialised(() => {
        const data = state();
        const since = Date.parse(contestation.createdAt) - CONTESTATION_DAY_WINDOW_MS;
        const clientKey = origin.clientKey === undefined ? {} : { clientKey: origin.clientKey };
        const history = data.contestations
          .filter((record) => Date.parse(record.contestation.createdAt) > since)
          .map((record) => ({
            contesterId: record.contestation.contesterId,
            ...(record.clientKey === undefined ? {} : { clientKey: record.clientKey }),
            outlet: record.contestation.outlet,
            at: record.contestation.createdAt,
          }));
        const outcome = checkContestationRateLimit(
          history,
          {
            contesterId: contestation.contesterId,
            ...clientKey,
            outlet: contestation.outlet,
            at: contestation.createdAt,
          },
          limits,
        );
        if (!outcome.allowed) return { ok: false as const, refusal: outcome };
        const record: ContestationRecord = { contestation, state: openContestation(contestation) };
        data.contestations.push({ ...record, ...clientKey });
        save();
        return { ok: true as const, record };
      }),
    list: (filter = {}) =>
      serialised(() =>
        newestFirst(
          state().contestations.filter(
            (record) =>
              (filter.contesterId === undefined || record.contestation.contesterId === filter.contesterId) &&
              (filter.status === undefined || record.state.status === filter.status),
          ),
        ),
      ),
    get: (id) =>
      serialised(() => {
        const found = state().contestations.find((record) => record.contestation.id === id);
        return found === undefined ? undefined : { contestation: found.contestation, state: found.state };
      }),
    transition: (id, request) =>
      serialised(() => {
        const record = state().contestations.find((candidate) => candidate.contestation.id === id);
        if (record === undefined) return undefined;
        const outcome = transitionContestation(record.state, request);
        if (outcome.ok) {
          record.state = outcome.state;
          save();
        }
        return outcome;
      }),
    addReport: (report) =>
      serialised(() => {
        state().reports.push(report);
        save();
      }),
  };
}
