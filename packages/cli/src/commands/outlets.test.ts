import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { reportError } from '../errors.js';
import { memoryIo } from '../test-io.js';
import { isPendingEvidence } from '@espectro/methodology';
import { parseStoredRatingsFile, recordPreliminary, recordRating } from '@espectro/rating';
import { openStore } from '@espectro/store';
import { migratedTemplate } from '@espectro/store/testing';
import { outletsCommand } from './outlets.js';

const ratingDirectory = dirname(createRequire(import.meta.url).resolve('@espectro/rating/package.json'));
const demo = join(ratingDirectory, 'demo');
const repositoryRoot = join(ratingDirectory, '..', '..');

async function run(args: string[], env: Record<string, string | undefined> = {}) {
  const io = memoryIo(repositoryRoot, env);
  let code: number;
  try {
    code = await outletsCommand.run(args, io);
  } catch (error) {
    code = reportError(error, io, outletsCommand.usage);
  }
  return { code, out: io.out(), err: io.err() };
}

const articles = join(demo, 'articles.jsonl');

describe('espectro outlets analyze', () => {
  test('offline content analysis of the synthetic demo outlet, rated from its evidence', async () => {
    const { code, out, err } = await run([
      'analyze',
      'periodico-a.example',
      '--articles',
      articles,
      '--evidence',
      join(demo, 'evidence', 'periodico-a.example.json'),
      '--as-of',
      '2026-04-27',
    ]);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toContain('backend      lexicon-baseline (offline) (lexicon-es@');
    expect(out).toContain('window       2026-01-27 … 2026-04-27 (90 days)');
    expect(out).toMatch(/bucket {7}left \(/);
    expect(out).toContain('rating from the evidence with this content');
    expect(out).toMatch(/bias {9}left/);
  });

  test('--json: the content evidence, the merged record and the rating; --offline wins over keys', async () => {
    const offline = await run(
      [
        'analyze',
        'periodico-b.example',
        '--articles',
        articles,
        '--evidence',
        join(demo, 'evidence', 'periodico-b.example.json'),
        '--seed',
        '11',
        '--json',
        '--offline',
      ],
      { GEMINI_API_KEY: 'must-not-be-used' },
    );
    expect(offline.code).toBe(0);
    const result = JSON.parse(offline.out) as {
      backend: string;
      content: { content_only_sesgo: string; sample: { seed: number } };
      evidence: { content: unknown };
      rating: { bias: string };
    };
    expect(result.backend).toBe('lexicon-baseline (offline)');
    expect(result.content.sample.seed).toBe(11);
    expect(result.evidence.content).toEqual(result.content);
    expect(result.content.content_only_sesgo).toBe('right');
    expect(result.rating.bias).toBe('right');
  });

  test('Brazilian outlet: the OT tendency is shown; too few articles → insufficient', async () => {
    const brazil = await run(['analyze', 'jornal-c.example', '--articles', articles, '--country', 'BR']);
    expect(brazil.code).toBe(0);
    expect(brazil.out).toContain('tendency (OT, seed 000)');
    const early = await run([
      'analyze',
      'jornal-c.example',
      '--articles',
      articles,
      '--country',
      'BR',
      '--as-of',
      '2026-02-10',
      '--offline',
    ]);
    expect(early.code).toBe(0);
    expect(early.out).toContain('insufficient (sample');
  });

  test('usage and input errors', async () => {
    expect((await run(['analyze', 'periodico-a.example'])).code).toBe(2);
    expect((await run(['analyze', 'periodico-a.example', '--articles', articles])).err).toMatch(/--country/);
    expect((await run(['analyze', 'nadie.example', '--articles', articles, '--country', 'ES'])).code).toBe(3);
    expect((await run(['analyze', 'periodico-a.example', '--articles', articles, '--country', 'PE'])).err).toMatch(
      /no political-actor map for PE/,
    );
    expect(
      (
        await run([
          'analyze',
          'periodico-a.example',
          '--articles',
          articles,
          '--country',
          'ES',
          '--as-of',
          '27/04/2026',
        ])
      ).code,
    ).toBe(2);
    expect((await run(['frobnicate'])).code).toBe(2);
  });
});

describe('espectro outlets due', () => {
  test('lists due outlets with reasons and CON-4 causes', async () => {
    const { code, out } = await run(['due', '--roster', join(demo, 'roster.json'), '--as-of', '2026-05-10']);
    expect(code).toBe(0);
    expect(out).toContain('3 of 4 outlet(s) due on 2026-05-10');
    expect(out).toMatch(/periodico-a\.example\s+yes\s+accepted_contestation\s+accepted_contestation/);
    expect(out).toMatch(/periodico-b\.example\s+yes\s+editorial_change\s+content_drift/);
    expect(out).toMatch(/jornal-c\.example\s+no/);
    const json = JSON.parse(
      (await run(['due', '--roster', join(demo, 'roster.json'), '--as-of', '2026-05-10', '--json'])).out,
    ) as { outlets: { domain: string; due: boolean }[] };
    expect(json.outlets.filter((outlet) => outlet.due).map((outlet) => outlet.domain)).toEqual([
      'periodico-a.example',
      'periodico-b.example',
      'nuevo-medio.example',
    ]);
    expect((await run(['due', '--roster', join(demo, 'roster.json')])).code).toBe(2);
  });
});

describe('espectro outlets verify', () => {
  test('re-derives every rating stored in the database: exit 0 and the verdicts stored; exit 1 naming a tampered field', async () => {
    const folder = join(mkdtempSync(join(tmpdir(), 'espectro-outlets-')), 'db');
    const { outlets } = parseStoredRatingsFile(JSON.parse(readFileSync(join(demo, 'roster.json'), 'utf8')));
    let store = await openStore({ dataDir: folder, loadDataDir: await migratedTemplate(), env: {} });
    try {
      for (const outlet of outlets) {
        const evidence = outlet.rating_evidence;
        if (isPendingEvidence(evidence)) {
          await recordPreliminary(store.ratings, {
            domain: outlet.domain,
            name: outlet.name,
            country: outlet.country,
            evidence,
            changedAt: `${outlet.added_at}T08:00:00.000Z`,
            methodologyVersion: outlet.rating.methodology_version,
          });
        } else {
          await recordRating(store.ratings, {
            evidence,
            asOf: outlet.rating.as_of,
            changedAt: `${outlet.rating.as_of}T12:00:00.000Z`,
          });
        }
      }
    } finally {
      await store.close();
    }

    const ok = await run(['verify', '--db', folder, '--json']);
    expect(ok.err).toBe('');
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.out)).toMatchObject({
      database: folder,
      checked: 4,
      verified: 4,
      mismatches: [],
      unsealed: [],
    });

    store = await openStore({ dataDir: folder, env: {} });
    try {
      expect([...(await store.ratingVerifications.latest()).values()].map((entry) => entry.result)).toEqual([
        'verified',
        'verified',
        'verified',
        'verified',
      ]);
      await store.database.query(
        `UPDATE sources SET rating_evidence = jsonb_set(rating_evidence, '{content,sample_size}', '45') WHERE domain = 'periodico-a.example'`,
      );
      await store.database.query(`UPDATE sources SET bias = 'right' WHERE domain = 'jornal-c.example'`);
    } finally {
      await store.close();
    }
    const bad = await run(['verify', '--db', folder]);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain(`2 of 4 rating(s) reproduced exactly from their sealed evidence (${folder})`);
    expect(bad.out).toMatch(
      /✗ periodico-a\.example rating_evidence: the stored evidence is not the evidence the rating was computed from/,
    );
    expect(bad.out).toContain('✗ jornal-c.example bias: stored bias "right" but the evidence gives "left"');
    expect((await run(['verify', '--roster', join(demo, 'roster.json')])).code).toBe(2);
  }, 180_000);
});
