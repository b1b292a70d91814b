import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { mapOrdered } from './ordered.js';

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

async function* asyncItems<Item>(items: readonly Item[]): AsyncGenerator<Item> {
  for (const item of items) {
    await sleep(0);
    yield item;
  }
}

describe('mapOrdered', () => {
  test.prop([
    fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 30 }),
    fc.integer({ min: 1, max: 6 }),
    fc.boolean(),
  ])(
    'keeps input order and never exceeds the concurrency, under random delays',
    async (delays, concurrency, asyncSource) => {
      let active = 0;
      let peak = 0;
      const results: number[] = [];
      const source = asyncSource ? asyncItems(delays.map((_, index) => index)) : delays.map((_, index) => index);
      for await (const value of mapOrdered(
        source,
        async (index) => {
          active += 1;
          peak = Math.max(peak, active);
          await sleep(delays[index] as number);
          active -= 1;
          return index * 10;
        },
        { concurrency },
      )) {
        results.push(value);
      }
      expect(results).toEqual(delays.map((_, index) => index * 10));
      expect(peak).toBeLessThanOrEqual(concurrency);
    },
  );

  test.prop([
    fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 20 }),
    fc.integer({ min: 1, max: 4 }),
  ])('a failing item is retried, then recorded by onFailure, in its place', async (failures, concurrency) => {
    const attempts = new Map<number, number>();
    const results: string[] = [];
    for await (const value of mapOrdered(
      failures.map((_, index) => index),
      async (index, attempt) => {
        attempts.set(index, attempt);
        await sleep(index % 3);
        if (attempt <= (failures[index] as number)) throw new Error(`boom ${index}`);
        return `ok ${index}@${attempt}`;
      },
      {
        concurrency,
        retries: 2,
        onFailure: (index, error, count) => `failed ${index} after ${count}: ${(error as Error).message}`,
      },
    )) {
      results.push(value);
    }
    expect(results).toEqual(
      failures.map((failCount, index) =>
        failCount <= 2 ? `ok ${index}@${failCount + 1}` : `failed ${index} after 3: boom ${index}`,
      ),
    );
  });

  test('without onFailure the error surfaces in order, after earlier results', async () => {
    const seen: number[] = [];
    const run = async () => {
      for await (const value of mapOrdered(
        [1, 2, 3],
        async (item) => {
          if (item === 2) throw new Error('two');
          return item;
        },
        { retries: 0 },
      )) {
        seen.push(value);
      }
    };
    await expect(run()).rejects.toThrow('two');
    expect(seen).toEqual([1]);
  });

  test('reads a slow live source lazily (bounded look-ahead)', async () => {
    let pulled = 0;
    async function* live(): AsyncGenerator<number> {
      for (let index = 0; index < 100; index += 1) {
        pulled += 1;
        yield index;
      }
    }
    const iterator = mapOrdered(live(), async (item) => item, { concurrency: 2 })[Symbol.asyncIterator]();
    await iterator.next();
    expect(pulled).toBeLessThanOrEqual(6);
    await iterator.return?.(undefined);
  });
});
