import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openStore, type Store } from '@espectro/store';
import { createTestDatabase, type TestDatabase } from '@espectro/store/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../test-io.js';
import { runPipeline } from '@espectro/pipeline';
import { runCommand } from './run.js';

const fixture = join(import.meta.dirname, '__fixtures__', 'run-data');
const child = join(import.meta.dirname, '__fixtures__', 'run-child.ts');
const repositoryRoot = resolve(import.meta.dirname, '..', '..', '..', '..');

/** Everything a run produces that must be the same however often it was interrupted. */
async function snapshot(store: Store) {
  const articles = await store.database.query<{ id: string; canonical_url: string }>(
    'SELECT id, canonical_url FROM articles ORDER BY id',
  );
  const stories = await store.database.query<{ id: string; status: string; title: string }>(
    "SELECT id, status, title FROM stories WHERE status <> 'superseded' ORDER BY id",
  );
  const members = await store.database.query<{ story_id: string; article_id: string }>(
    'SELECT story_id, article_id FROM story_articles ORDER BY story_id, article_id',
  );
  const sentences = await store.database.query<{ story_id: string; position: number; text: string }>(
    'SELECT story_id, position, text FROM story_sentences ORDER BY story_id, position',
  );
  const outlets = await store.database.query<{ domain: string; confidence: string }>(
    'SELECT domain, confidence FROM sources ORDER BY domain',
  );
  const ratings = await store.database.query<{ domain: string; kind: string }>(
    'SELECT domain, kind FROM source_ratings ORDER BY domain, id',
  );
  const flags = await store.database.query<{ story_id: string; formula: string; buckets: unknown }>(
    'SELECT story_id, formula, buckets FROM blindspot_flags ORDER BY story_id, formula',
  );
  return { articles, stories, members, sentences, outlets, ratings, flags };
}

describe('runPipeline', () => {
  let test: TestDatabase;
  let store: Store;
  beforeAll(async () => {
    test = await createTestDatabase();
    store = (await import('@espectro/store')).createStore(test.database);
  }, 60_000);
  afterAll(async () => {
    await test?.cleanup();
  });

  it('rates, ingests, clusters, synthesises, guards and stores, reporting a failed feed without stopping', async () => {
    const events: string[] = [];
    const summary = await runPipeline({
      dataDirectory: fixture,
      store,
      env: {},
      batchSize: 2,
      onProgress: (event) => events.push(event.stage),
    });
    expect(summary.resumed).toBe(false);
    expect(summary.outlets).toMatchObject({ roster: 8, rated: 8, preliminaryAdded: 1 });
    expect(summary.ingest).toMatchObject({ sources: 6, inserted: 25, duplicates: 0 });
    expect(summary.ingest.failed).toEqual([expect.objectContaining({ source: 'feeds/roto.xml', code: 'invalid_xml' })]);
    expect(summary.clustering.stories).toBeGreaterThanOrEqual(3);
    expect(summary.synthesis.backend).toBe('extractive (offline)');
    expect(
      summary.guard.published + summary.guard.held + summary.guard.notSynthesised + summary.guard.pendingSynthesis,
    ).toBe(summary.clustering.stories);
    expect(new Set(events)).toEqual(new Set(['rate', 'ingest', 'cluster', 'store']));
    const outlet = await store.outlets.get('mediofuera.com');
    expect(outlet).toMatchObject({ confidence: 'preliminary', bias: null, scope: null });
    const stories = await store.stories.list();
    expect(stories).toHaveLength(summary.clustering.stories);
    const story = await store.stories.get(stories[0]!.id);
    expect(story!.sources.length).toBeGreaterThanOrEqual(2);
    for (const sentence of story!.sentences)
      expect(story!.sources.map((source) => source.articleId)).toEqual(expect.arrayContaining(sentence.articleIds));
  });

  it('is idempotent: a second run adds nothing and changes nothing', async () => {
    const before = await snapshot(store);
    const summary = await runPipeline({ dataDirectory: fixture, store, env: {}, batchSize: 2 });
    expect(summary.ingest).toMatchObject({ inserted: 0, duplicates: 25 });
    expect(summary.outlets).toMatchObject({ rated: 0, unchanged: 8, preliminaryAdded: 0 });
    expect(await snapshot(store)).toEqual(before);
  });
});

describe('espectro run (command)', () => {
  it('explains what is missing', async () => {
    const io = memoryIo();
    await expect(runCommand.run([], io)).rejects.toThrow(/--data DIR .* or --demo/);
    await expect(runCommand.run(['--data', 'x', '--demo'], io)).rejects.toThrow(/either --demo or --data/);
    await expect(runCommand.run(['--data', '/nonexistent-folder'], io)).rejects.toThrow(/no outlets.json/);
  });
});

describe('reliability: killed at random checkpoints, re-running completes with nothing duplicated or lost', () => {
  let work: string;
  let template: string;
  let reference: Awaited<ReturnType<typeof snapshot>>;
  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'espectro-crash-'));
    // One migrated embedded database, copied for each case (initdb takes seconds).
    template = join(work, 'template-db');
    const store = await openStore({ dataDir: template, env: {} });
    await store.close();
    const referenceDb = join(work, 'reference-db');
    cpSync(template, referenceDb, { recursive: true });
    const clean = await openStore({ dataDir: referenceDb, env: {} });
    await runPipeline({ dataDirectory: fixture, store: clean, env: {}, batchSize: 1 });
    reference = await snapshot(clean);
    await clean.close();
  }, 120_000);
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  const runChild = (db: string, crash: { at: number; mode: string } | null) =>
    spawnSync(
      process.execPath,
      [
        '--conditions=@espectro/source',
        '--import',
        'tsx',
        child,
        '--data',
        fixture,
        '--db',
        db,
        '--batch',
        '1',
        '--quiet',
        '--json',
      ],
      {
        cwd: repositoryRoot,
        encoding: 'utf8',
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          ...(crash ? { ESPECTRO_CRASH_AT_CHECKPOINT: String(crash.at), ESPECTRO_CRASH_MODE: crash.mode } : {}),
        },
        timeout: 120_000,
      },
    );

  // Checkpoints of this run: rate, 6 feeds, cluster, then one per story (batch 1) — 12 or more.
  // The crash points are drawn at random (seeded per test run) from the first 12.
  const seed = Number(process.env.ESPECTRO_CRASH_SEED ?? Date.now() % 1000);
  const draw = (index: number) => 1 + ((seed * 7919 + index * 104_729) % 12);
  const cases = [
    { at: draw(1), mode: 'after-commit' },
    { at: draw(2), mode: 'before-commit' },
    { at: draw(3), mode: 'after-commit' },
  ];

  it.each(cases)(
    'crash at checkpoint $at ($mode), then resume',
    async ({ at, mode }) => {
      const db = join(work, `case-${at}-${mode}`);
      cpSync(template, db, { recursive: true });
      const crashed = runChild(db, { at, mode });
      expect(
        crashed.signal,
        `seed ${seed}: the child should have been killed at checkpoint ${at}\n${crashed.stderr}`,
      ).toBe('SIGKILL');
      const resumed = runChild(db, null);
      expect(resumed.status, resumed.stderr).toBe(0);
      const summary = JSON.parse(resumed.stdout) as { resumed: boolean };
      expect(summary.resumed).toBe(true);
      const store = await openStore({ dataDir: db, env: {} });
      try {
        expect(await snapshot(store)).toEqual(reference);
        const runs = await store.runs.list();
        expect(runs.map((run) => run.status)).toEqual(['completed']);
      } finally {
        await store.close();
      }
    },
    180_000,
  );
});
