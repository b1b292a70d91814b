import { TOPICS, type Topic } from '@espectro/methodology';
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import type { Article } from './articles.js';
import { dayNumber, isoMonth } from './dates.js';
import { allocateStrata, sampleArticles } from './sampler.js';

const AS_OF = '2026-04-27';
const asOfDay = dayNumber(AS_OF);

function article(index: number, daysBefore: number, topic: Topic | null, outlet = 'diario.example'): Article {
  return {
    id: `a${index}`,
    outlet,
    title: `t${index}`,
    text: 'x',
    publishedAt: new Date((asOfDay - daysBefore) * 86_400_000).toISOString().slice(0, 10),
    language: 'es',
    topic,
  };
}

const articlesArbitrary = fc
  .array(
    fc.record({
      days: fc.integer({ min: -10, max: 200 }),
      topic: fc.constantFrom<Topic | null>(null, ...TOPICS.slice(0, 4)),
    }),
    { maxLength: 250 },
  )
  .map((entries) => entries.map((entry, index) => article(index, entry.days, entry.topic)));

describe('sampleArticles', () => {
  test.prop([articlesArbitrary, fc.integer({ min: 0, max: 0xffffffff })])(
    'respects the window, the cap of 60 and the strata',
    (articles, seed) => {
      const sample = sampleArticles(articles, { outlet: 'diario.example', asOf: AS_OF, seed });
      const byId = new Map(articles.map((entry) => [entry.id, entry]));
      const inWindow = articles.filter((entry) => {
        const day = dayNumber(entry.publishedAt);
        return day >= asOfDay - 90 && day <= asOfDay;
      });
      expect(sample.population).toBe(inWindow.length);
      expect(sample.ids.length).toBe(Math.min(60, inWindow.length));
      expect(new Set(sample.ids).size).toBe(sample.ids.length);
      for (const id of sample.ids) {
        const day = dayNumber(byId.get(id)!.publishedAt);
        expect(day).toBeGreaterThanOrEqual(asOfDay - 90);
        expect(day).toBeLessThanOrEqual(asOfDay);
      }
      const strataKeys = new Set(inWindow.map((entry) => `${entry.topic ?? 'none'}|${isoMonth(entry.publishedAt)}`));
      expect(sample.strata.length).toBe(strataKeys.size);
      const drawnPerStratum = new Map<string, number>();
      for (const id of sample.ids) {
        const entry = byId.get(id)!;
        const key = `${entry.topic ?? 'none'}|${isoMonth(entry.publishedAt)}`;
        drawnPerStratum.set(key, (drawnPerStratum.get(key) ?? 0) + 1);
      }
      for (const stratum of sample.strata) {
        expect(drawnPerStratum.get(stratum.key) ?? 0).toBe(stratum.allocated);
        expect(stratum.allocated).toBeLessThanOrEqual(stratum.population);
        // every stratum with articles gets at least one when the cap allows
        if (sample.strata.length <= 60) expect(stratum.allocated).toBeGreaterThanOrEqual(1);
      }
    },
  );

  test.prop([articlesArbitrary, fc.integer({ min: 0, max: 0xffffffff })])(
    'is deterministic for a seed and independent of input order',
    (articles, seed) => {
      const first = sampleArticles(articles, { outlet: 'diario.example', asOf: AS_OF, seed });
      const again = sampleArticles([...articles].reverse(), { outlet: 'diario.example', asOf: AS_OF, seed });
      expect(again).toEqual(first);
    },
  );

  test('stores the seed (default: hash of outlet and date) and ignores other outlets', () => {
    const articles = [
      ...Array.from({ length: 80 }, (_, index) => article(index, index % 90, 'politics')),
      article(999, 1, 'politics', 'other.example'),
    ];
    const sample = sampleArticles(articles, { outlet: 'diario.example', asOf: AS_OF });
    expect(sample.seed).toBe(sampleArticles(articles, { outlet: 'diario.example', asOf: AS_OF }).seed);
    expect(sample.ids).not.toContain('a999');
    expect(sample.allocation).toBe('proportional');
    expect(sample.windowStart).toBe('2026-01-27');
    const other = sampleArticles(articles, { outlet: 'diario.example', asOf: AS_OF, seed: sample.seed + 1 });
    expect(other.ids).not.toEqual(sample.ids);
  });

  test('notBefore starts the window after a change of control', () => {
    const articles = Array.from({ length: 40 }, (_, index) => article(index, index * 2, 'economy'));
    const sample = sampleArticles(articles, { outlet: 'diario.example', asOf: AS_OF, notBefore: '2026-04-01' });
    expect(sample.windowStart).toBe('2026-04-01');
    expect(sample.population).toBe(14);
  });

  test('rejects duplicate ids and bad requests', () => {
    expect(() =>
      sampleArticles([article(1, 1, null), article(1, 2, null)], { outlet: 'diario.example', asOf: AS_OF }),
    ).toThrow(/duplicate article id/);
    expect(() => sampleArticles([], { outlet: 'diario.example', asOf: '27/04/2026' })).toThrow(
      /invalid sample request/,
    );
  });
});

describe('allocateStrata', () => {
  test('largest remainder with one article per stratum first', () => {
    expect(allocateStrata([30, 10, 5], 20)).toEqual([13, 5, 2]);
    expect(allocateStrata([3, 2], 60)).toEqual([3, 2]);
    expect(allocateStrata([5, 9, 1, 7], 3)).toEqual([1, 1, 0, 1]); // more strata than the cap: the 3 largest
  });

  test.prop([
    fc.array(fc.integer({ min: 1, max: 120 }), { minLength: 1, maxLength: 80 }),
    fc.integer({ min: 1, max: 60 }),
  ])('sums to min(cap, population), never exceeds a stratum, and is proportional within one article', (sizes, cap) => {
    const allocation = allocateStrata(sizes, cap);
    const population = sizes.reduce((sum, size) => sum + size, 0);
    expect(allocation.reduce((sum, value) => sum + value, 0)).toBe(Math.min(cap, population));
    allocation.forEach((value, index) => expect(value).toBeLessThanOrEqual(sizes[index]!));
    if (population > cap && sizes.length < cap) {
      const remaining = cap - sizes.length;
      allocation.forEach((value, index) => {
        const quota = 1 + (remaining * (sizes[index]! - 1)) / (population - sizes.length);
        expect(Math.abs(value - quota)).toBeLessThan(1);
      });
    }
  });
});
