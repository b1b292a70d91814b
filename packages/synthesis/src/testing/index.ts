/**
 * `@espectro/synthesis/testing` — the contract test suite every {@link RetryQueue} implementation
 * runs (the in-memory one here, the Postgres one in `@espectro/store`), in the manner of
 * unstorage's `testDriver`. Needs `vitest` and `@fast-check/vitest` (optional peer dependencies).
 *
 * @example
 * // packages/store/src/retry-queue.test.ts
 * import { retryQueueContract } from '@espectro/synthesis/testing';
 * retryQueueContract(async () => createPostgresRetryQueue(await freshDatabase()), { name: 'postgres' });
 *
 * @packageDocumentation
 */
import { fc, test } from '@fast-check/vitest';
import { SYNTHESIS_MAX_FAILED_ATTEMPTS, SYNTHESIS_RETRY_DELAYS_MINUTES } from '@espectro/methodology';
import type { RetryEntry, RetryQueue } from '@espectro/synthesis';
import { describe, expect } from 'vitest';

/** Options of {@link retryQueueContract}. */
export interface RetryQueueContractOptions {
  /** Suite name suffix, e.g. `postgres`. */
  name?: string;
  /** Runs of the model-based property test; default 60. */
  numRuns?: number;
  /** Called after each test with the queue it used (close connections, drop tables). */
  cleanup?: (queue: RetryQueue) => void | Promise<void>;
}

const MINUTE = 60_000;
const T0 = Date.parse('2026-04-27T10:00:00.000Z');
const iso = (ms: number): string => new Date(ms).toISOString();

/** What the model expects of one story. */
interface ModelEntry {
  status: 'pending' | 'done' | 'discarded';
  failedAttempts: number;
  nextAttemptAt: number | null;
  lastReason: string;
  discardReason: string | null;
}

interface Model {
  now: number;
  entries: Map<string, ModelEntry>;
}

interface Real {
  queue: RetryQueue;
}

/** The expected entry after one more failure at `now` (the SYN-5 schedule of the methodology). */
function modelFailure(entry: ModelEntry | undefined, reason: string, now: number): ModelEntry {
  const failedAttempts = (entry?.failedAttempts ?? 0) + 1;
  if (failedAttempts >= SYNTHESIS_MAX_FAILED_ATTEMPTS) {
    return { status: 'discarded', failedAttempts, nextAttemptAt: null, lastReason: reason, discardReason: reason };
  }
  return {
    status: 'pending',
    failedAttempts,
    nextAttemptAt: now + SYNTHESIS_RETRY_DELAYS_MINUTES[failedAttempts - 1]! * MINUTE,
    lastReason: reason,
    discardReason: entry?.discardReason ?? null,
  };
}

function expectMatches(actual: RetryEntry | undefined, expected: ModelEntry | undefined, storyId: string): void {
  if (expected === undefined) {
    expect(actual).toBeUndefined();
    return;
  }
  expect(actual, `entry of ${storyId}`).toBeDefined();
  expect(actual!.storyId).toBe(storyId);
  expect(actual!.status).toBe(expected.status);
  if (expected.status !== 'done') {
    expect(actual!.failedAttempts).toBe(expected.failedAttempts);
    expect(actual!.failures).toHaveLength(expected.failedAttempts);
    expect(actual!.lastReason).toBe(expected.lastReason);
  }
  expect(actual!.nextAttemptAt === null ? null : Date.parse(actual!.nextAttemptAt)).toBe(expected.nextAttemptAt);
  if (expected.status === 'discarded') expect(actual!.discardReason).toBe(expected.discardReason);
}

class Enqueue implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly storyId: string,
    readonly reason: string,
  ) {}
  check(): boolean {
    return true;
  }
  async run(model: Model, real: Real): Promise<void> {
    const existing = model.entries.get(this.storyId);
    if (existing === undefined || existing.status === 'done')
      model.entries.set(this.storyId, modelFailure(undefined, this.reason, model.now));
    const entry = await real.queue.enqueue(this.storyId, this.reason, iso(model.now));
    expectMatches(entry, model.entries.get(this.storyId), this.storyId);
  }
  toString(): string {
    return `enqueue(${this.storyId}, ${this.reason})`;
  }
}

class MarkFailed implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly storyId: string,
    readonly reason: string,
  ) {}
  check(): boolean {
    return true;
  }
  async run(model: Model, real: Real): Promise<void> {
    const existing = model.entries.get(this.storyId);
    if (existing === undefined) {
      await expect(real.queue.markFailed(this.storyId, this.reason, iso(model.now))).rejects.toMatchObject({
        code: 'unknown_story',
      });
      return;
    }
    if (existing.status === 'pending') model.entries.set(this.storyId, modelFailure(existing, this.reason, model.now));
    const entry = await real.queue.markFailed(this.storyId, this.reason, iso(model.now));
    expectMatches(entry, model.entries.get(this.storyId), this.storyId);
  }
  toString(): string {
    return `markFailed(${this.storyId}, ${this.reason})`;
  }
}

class MarkDone implements fc.AsyncCommand<Model, Real> {
  constructor(readonly storyId: string) {}
  check(): boolean {
    return true;
  }
  async run(model: Model, real: Real): Promise<void> {
    const existing = model.entries.get(this.storyId);
    if (existing !== undefined) model.entries.set(this.storyId, { ...existing, status: 'done', nextAttemptAt: null });
    const entry = await real.queue.markDone(this.storyId);
    expectMatches(entry, model.entries.get(this.storyId), this.storyId);
  }
  toString(): string {
    return `markDone(${this.storyId})`;
  }
}

class Due implements fc.AsyncCommand<Model, Real> {
  constructor(readonly limit: number) {}
  check(): boolean {
    return true;
  }
  async run(model: Model, real: Real): Promise<void> {
    const expected = [...model.entries.entries()]
      .filter(
        ([, entry]) => entry.status === 'pending' && entry.nextAttemptAt !== null && entry.nextAttemptAt <= model.now,
      )
      .sort(([idA, a], [idB, b]) => a.nextAttemptAt! - b.nextAttemptAt! || (idA < idB ? -1 : idA > idB ? 1 : 0))
      .slice(0, this.limit)
      .map(([storyId]) => storyId);
    const due = await real.queue.due(iso(model.now), this.limit);
    const ids = due.map((entry) => entry.storyId);
    expect(new Set(ids).size, 'due() lists a story twice').toBe(ids.length);
    expect(ids).toEqual(expected);
  }
  toString(): string {
    return `due(limit ${this.limit})`;
  }
}

class Advance implements fc.AsyncCommand<Model, Real> {
  constructor(readonly minutes: number) {}
  check(): boolean {
    return true;
  }
  async run(model: Model): Promise<void> {
    model.now += this.minutes * MINUTE;
  }
  toString(): string {
    return `advance(${this.minutes} min)`;
  }
}

const STORY_IDS = ['story-a', 'story-b', 'story-c', 'story-d'];

/**
 * Registers the SYN-5 retry-queue contract tests for an implementation: first-failure schedule,
 * idempotent enqueue, the 15 min / 1 h / 3 h / 6 h schedule and discard after the 5th failure with
 * its reason, due ordering and limits, done and stale reports, unknown stories, snapshots, and a
 * model-based property test (random scripts of enqueue / failure / done / due / clock moves) that
 * checks the queue never loses or duplicates a story. `makeQueue` must return an empty queue.
 *
 * @example
 * retryQueueContract(() => createMemoryRetryQueue(), { name: 'memory' });
 */
export function retryQueueContract(
  makeQueue: () => RetryQueue | Promise<RetryQueue>,
  options: RetryQueueContractOptions = {},
): void {
  const withQueue = async (body: (queue: RetryQueue) => Promise<void>): Promise<void> => {
    const queue = await makeQueue();
    try {
      await body(queue);
    } finally {
      await options.cleanup?.(queue);
    }
  };

  describe(`RetryQueue contract${options.name !== undefined ? ` (${options.name})` : ''}`, () => {
    test('a first failure is pending and due 15 min later (SYN-5)', () =>
      withQueue(async (queue) => {
        const entry = await queue.enqueue('s1', 'quota', iso(T0));
        expect(entry).toMatchObject({ storyId: 's1', status: 'pending', failedAttempts: 1, lastReason: 'quota' });
        expect(entry.nextAttemptAt).toBe(iso(T0 + 15 * MINUTE));
        expect(entry.failures).toEqual([{ attempt: 1, at: iso(T0), reason: 'quota' }]);
        expect(await queue.due(iso(T0 + 15 * MINUTE - 1), 10)).toEqual([]);
        expect((await queue.due(iso(T0 + 15 * MINUTE), 10)).map((due) => due.storyId)).toEqual(['s1']);
        expect(await queue.get('s1')).toEqual(entry);
      }));

    test('enqueue while pending is idempotent: no duplicate, same schedule', () =>
      withQueue(async (queue) => {
        const first = await queue.enqueue('s1', 'quota', iso(T0));
        const again = await queue.enqueue('s1', 'transient', iso(T0 + 5 * MINUTE));
        expect(again).toEqual(first);
        expect(await queue.due(iso(T0 + 60 * MINUTE), 10)).toHaveLength(1);
      }));

    test('retries after 15 min, 1 h, 3 h, 6 h; discarded with its reason after the 5th failure', () =>
      withQueue(async (queue) => {
        let now = T0;
        let entry = await queue.enqueue('s1', 'quota', iso(now));
        const delays = [15, 60, 180, 360];
        for (let failure = 2; failure <= 5; failure += 1) {
          expect(Date.parse(entry.nextAttemptAt!) - now).toBe(delays[failure - 2]! * MINUTE);
          now = Date.parse(entry.nextAttemptAt!);
          expect((await queue.due(iso(now), 10)).map((due) => due.storyId)).toEqual(['s1']);
          entry = await queue.markFailed('s1', `failure ${failure}`, iso(now));
          expect(entry.failedAttempts).toBe(failure);
        }
        expect(entry).toMatchObject({
          status: 'discarded',
          nextAttemptAt: null,
          discardReason: 'failure 5',
          discardedAt: iso(now),
        });
        expect(entry.failures.map((failure) => failure.reason)).toEqual([
          'quota',
          'failure 2',
          'failure 3',
          'failure 4',
          'failure 5',
        ]);
        expect(await queue.due(iso(now + 1000 * MINUTE), 10)).toEqual([]);
        // A discarded story stays discarded.
        expect((await queue.enqueue('s1', 'quota', iso(now + MINUTE))).status).toBe('discarded');
        expect((await queue.markFailed('s1', 'late', iso(now + MINUTE))).failedAttempts).toBe(5);
      }));

    test('due lists the earliest first (ties by story id) and honours the limit', () =>
      withQueue(async (queue) => {
        await queue.enqueue('s3', 'quota', iso(T0));
        await queue.enqueue('s1', 'quota', iso(T0 + MINUTE));
        await queue.enqueue('s2', 'quota', iso(T0));
        const at = iso(T0 + 30 * MINUTE);
        expect((await queue.due(at, 10)).map((due) => due.storyId)).toEqual(['s2', 's3', 's1']);
        expect((await queue.due(at, 2)).map((due) => due.storyId)).toEqual(['s2', 's3']);
        expect(await queue.due(at, 0)).toEqual([]);
        // Reading does not consume.
        expect(await queue.due(at, 10)).toHaveLength(3);
      }));

    test('markDone takes a story out; a later failure starts a new cycle', () =>
      withQueue(async (queue) => {
        await queue.enqueue('s1', 'quota', iso(T0));
        const done = await queue.markDone('s1');
        expect(done).toMatchObject({ storyId: 's1', status: 'done', nextAttemptAt: null });
        expect(await queue.due(iso(T0 + 1000 * MINUTE), 10)).toEqual([]);
        // A stale failure report after success changes nothing.
        expect((await queue.markFailed('s1', 'late', iso(T0 + 2 * MINUTE))).status).toBe('done');
        const again = await queue.enqueue('s1', 'transient', iso(T0 + 2000 * MINUTE));
        expect(again).toMatchObject({ status: 'pending', failedAttempts: 1, lastReason: 'transient' });
        expect(await queue.markDone('never-seen')).toBeUndefined();
      }));

    test('markFailed of an unknown story is an error (unknown_story); get of one is undefined', () =>
      withQueue(async (queue) => {
        await expect(queue.markFailed('nope', 'quota', iso(T0))).rejects.toMatchObject({ code: 'unknown_story' });
        expect(await queue.get('nope')).toBeUndefined();
      }));

    test('returned entries are snapshots', () =>
      withQueue(async (queue) => {
        const entry = await queue.enqueue('s1', 'quota', iso(T0));
        entry.failures.push({ attempt: 9, at: iso(T0), reason: 'mutated' });
        entry.status = 'done';
        expect(await queue.get('s1')).toMatchObject({
          status: 'pending',
          failures: [{ attempt: 1, at: iso(T0), reason: 'quota' }],
        });
      }));

    const storyId = fc.constantFrom(...STORY_IDS);
    const reason = fc.constantFrom('quota', 'transient', 'malformed_output', 'attribution');
    const commands = fc.commands(
      [
        fc.tuple(storyId, reason).map(([id, why]) => new Enqueue(id, why)),
        fc.tuple(storyId, reason).map(([id, why]) => new MarkFailed(id, why)),
        storyId.map((id) => new MarkDone(id)),
        fc.integer({ min: 0, max: 5 }).map((limit) => new Due(limit)),
        fc.integer({ min: 0, max: 400 }).map((minutes) => new Advance(minutes)),
      ],
      { maxCommands: 60 },
    );
    test.prop([commands], { numRuns: options.numRuns ?? 60 })(
      'random scripts of failures, retries and successes never lose or duplicate a story',
      async (script) => {
        const queue = await makeQueue();
        try {
          const model: Model = { now: T0, entries: new Map() };
          await fc.asyncModelRun(() => ({ model, real: { queue } }), script);
          for (const id of STORY_IDS) expectMatches(await queue.get(id), model.entries.get(id), id);
          const pending = [...model.entries.values()].filter((entry) => entry.status === 'pending').length;
          const due = await queue.due(iso(model.now + 10_000 * MINUTE), 100);
          expect(due).toHaveLength(pending);
        } finally {
          await options.cleanup?.(queue);
        }
      },
    );
  });
}
