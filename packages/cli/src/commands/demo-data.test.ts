/**
 * The bundled demo corpus (examples/demo-data): every article is sourced, nothing of it comes from
 * the clustering calibration set, and `espectro run --demo` on it exercises the whole story
 * pipeline — enough stories at tier, some published, some held by the publish guard, some
 * blindspots — with the offline clustering measured against the corpus's hand event labels.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { clusteringQuality } from '@espectro/clustering';
import { foldForComparison } from '@espectro/ingest';
import { createStore, type Store } from '@espectro/store';
import { createTestDatabase, type TestDatabase } from '@espectro/store/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { demoDataDirectory, runPipeline, type RunSummary } from '@espectro/pipeline';

const demo = demoDataDirectory(import.meta.dirname);
const devSetPath = join(demo, '..', '..', 'packages', 'clustering', 'data', 'dev-set.jsonl');

const httpUrl = z.string().regex(/^https?:\/\/[^\s]+$/);
const DemoItemSchema = z
  .object({
    title: z.string().min(8),
    description: z.string().min(20).max(600).optional(),
    url: httpUrl,
    outlet: z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/),
    outletName: z.string().min(1),
    publishedAt: z.string().regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?(\.\d+)?(Z|[+-]\d{2}:\d{2}))?$/),
    language: z.enum(['es', 'pt']),
    imageUrl: httpUrl.optional(),
    sourceUrl: httpUrl,
    event: z.string().regex(/^[a-z0-9-]+$/),
    gatheredBy: z.string().regex(/^(search pages|github) /),
  })
  .strict();
const DemoFeedSchema = z
  .object({ event: z.string(), note: z.string(), items: z.array(DemoItemSchema).min(1) })
  .strict();
type DemoItem = z.infer<typeof DemoItemSchema>;

const feeds = readdirSync(join(demo, 'feeds'))
  .filter((name) => name.endsWith('.json'))
  .map((name) => ({ name, feed: DemoFeedSchema.parse(JSON.parse(readFileSync(join(demo, 'feeds', name), 'utf8'))) }));
const items: DemoItem[] = feeds.flatMap(({ feed }) => feed.items);
const roster = z
  .object({
    outlets: z.array(
      z
        .object({
          domain: z.string(),
          evidence: z.object({ illustrative: z.literal(true), notes: z.string() }).passthrough(),
        })
        .passthrough(),
    ),
  })
  .parse(JSON.parse(readFileSync(join(demo, 'outlets.json'), 'utf8')));

describe('demo corpus', () => {
  it('has one event per feed file, one voice per outlet and event, and events spanning at most 60 hours', () => {
    for (const { name, feed } of feeds) {
      expect(
        feed.items.every((item) => item.event === feed.event),
        name,
      ).toBe(true);
      const outlets = feed.items.map((item) => item.outlet);
      expect(new Set(outlets).size, name).toBe(outlets.length);
      const times = feed.items.map((item) =>
        Date.parse(item.publishedAt.length === 10 ? `${item.publishedAt}T12:00:00Z` : item.publishedAt),
      );
      expect(Math.max(...times) - Math.min(...times), name).toBeLessThanOrEqual(60 * 3_600_000);
    }
    expect(new Set(items.map((item) => item.url)).size).toBe(items.length);
  });

  it('gives every outlet an illustrative roster entry', () => {
    const domains = new Set(roster.outlets.map((outlet) => outlet.domain));
    expect(items.filter((item) => !domains.has(item.outlet)).map((item) => item.outlet)).toEqual([]);
    for (const outlet of roster.outlets) expect(outlet.evidence.notes, outlet.domain).toMatch(/ILLUSTRATIVE/);
  });

  it('shares no headline with the clustering calibration set, so the clustering numbers below are out of sample', () => {
    const devTitles = new Set(
      readFileSync(devSetPath, 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => foldForComparison(z.object({ title: z.string() }).parse(JSON.parse(line)).title)),
    );
    expect(devTitles.size).toBeGreaterThan(200);
    expect(items.filter((item) => devTitles.has(foldForComparison(item.title))).map((item) => item.title)).toEqual([]);
  });
});

describe('espectro run --demo', () => {
  let test: TestDatabase;
  let store: Store;
  let summary: RunSummary;
  beforeAll(async () => {
    test = await createTestDatabase();
    store = createStore(test.database);
    summary = await runPipeline({ dataDirectory: demo, store, env: {} });
  }, 180_000);
  afterAll(async () => {
    await test?.cleanup();
  });

  it('ingests every article and synthesises at least 30 stories offline', () => {
    expect(summary.ingest).toMatchObject({ items: items.length, inserted: items.length, duplicates: 0, failed: [] });
    expect(summary.synthesis.backend).toBe('extractive (offline)');
    expect(summary.synthesis.synthesised).toBeGreaterThanOrEqual(30);
    expect(summary.synthesis.failed).toBe(0);
  });

  it('publishes some stories, holds others with the guard, and flags blindspots', async () => {
    expect(summary.guard.published).toBeGreaterThanOrEqual(1);
    expect(summary.guard.held).toBeGreaterThanOrEqual(1);
    expect(summary.blindspots.prisma + summary.blindspots.fujaDaBolha).toBeGreaterThanOrEqual(1);
    const stories = await store.stories.list();
    const published = stories.filter((story) => story.status === 'published');
    expect(published).toHaveLength(summary.guard.published);
    for (const story of published) {
      const detail = await store.stories.get(story.id);
      expect(detail!.sentences.length, story.title).toBeGreaterThanOrEqual(5);
      expect(detail!.guardReasons, story.title).toEqual([]);
    }
  });

  it('clusters the corpus close to its hand event labels (B-cubed F1 >= 0.85; measured 2026-11-30)', async () => {
    const eventOf = new Map(items.map((item) => [`${item.outlet}\u0000${item.title}`, item.event]));
    const predicted = new Map<string, string>();
    for (const story of await store.stories.list()) {
      const detail = await store.stories.get(story.id);
      for (const source of detail!.sources) predicted.set(`${source.domain}\u0000${source.title}`, story.id);
    }
    // Articles in no multi-outlet story are clusters of their own.
    for (const key of eventOf.keys()) if (!predicted.has(key)) predicted.set(key, `single:${key}`);
    const quality = clusteringQuality(predicted, eventOf);
    expect(quality.bcubed.f1).toBeGreaterThanOrEqual(0.85);
  });
});
