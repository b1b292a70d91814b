import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { reportError } from '../errors.js';
import { memoryIo } from '../test-io.js';
import { isPendingEvidence } from '@espectro/methodology';
import { parseStoredRatingsFile, recordPreliminary, recordRating } from '@espectro/rating';
import { openStore, recordContentWindow } from '@espectro/store';
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

/** A database folder holding the synthetic demo roster's ratings, as `espectro run` stores them. */
async function demoStore(): Promise<string> {
  const folder = join(mkdtempSync(join(tmpdir(), 'espectro-outlets-')), 'db');
  const { outlets } = parseStoredRatingsFile(JSON.parse(readFileSync(join(demo, 'roster.json'), 'utf8')));
  const store = await openStore({ dataDir: folder, loadDataDir: await migratedTemplate(), env: {} });
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
  return folder;
}

describe('espectro outlets due', () => {
  test('decides from stored data: an accepted contestation, 14 stored days of drift, a preliminary outlet’s stored articles', async () => {
    const folder = await demoStore();
    const store = await openStore({ dataDir: folder, env: {} });
    try {
      await store.contestations.create({
        id: 'c-demo-1',
        dimension: 'bias',
        outlet: 'periodico-a.example',
        contesterId: 'lector-demo',
        text: 'Texto ficticio.',
        createdAt: '2026-05-01T10:00:00Z',
      });
      await store.contestations.transition('c-demo-1', {
        to: 'triage',
        by: 'editora',
        at: '2026-05-02T09:00:00Z',
        notes: '',
      });
      await store.contestations.transition('c-demo-1', {
        to: 'accepted',
        by: 'editora',
        at: '2026-05-02T10:00:00Z',
        notes: 'Procede.',
      });
      // Rated on 2026-04-27: 13 days of drift by 2026-05-10, 14 by 2026-05-11.
      for (let offset = 0; offset < 14; offset += 1) {
        const day = new Date(Date.parse('2026-05-11T00:00:00Z') - offset * 86_400_000).toISOString().slice(0, 10);
        await store.database.db.transaction((tx) =>
          recordContentWindow(tx, {
            domain: 'periodico-b.example',
            day,
            windowStart: day,
            windowDays: 30,
            articles: 40,
            sampleSize: 40,
            bucket: 'center',
            backend: 'lexicon-baseline (offline)',
            content: null,
            computedAt: `${day}T06:00:00Z`,
          }),
        );
      }
      await store.articles.insert(
        Array.from({ length: 23 }, (_, index) => ({
          url: `https://nuevo-medio.example/nota-${index}`,
          canonicalUrl: `https://nuevo-medio.example/nota-${index}`,
          domain: 'nuevo-medio.example',
          title: `Nota ficticia ${index}`,
          titleKey: `nota ficticia ${index}`,
          publishedAt: `2026-04-${String(11 + (index % 18)).padStart(2, '0')}T10:00:00Z`,
          firstSeenAt: '2026-04-29T10:00:00Z',
        })),
      );
    } finally {
      await store.close();
    }
    const { code, out, err } = await run(['due', '--db', folder, '--as-of', '2026-05-11']);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toContain(`3 of 4 outlet(s) due on 2026-05-11 (${folder})`);
    expect(out).toMatch(/periodico-a\.example\s+yes\s+accepted_contestation\s+accepted_contestation/);
    expect(out).toMatch(/periodico-b\.example\s+yes\s+editorial_change\s+content_drift/);
    expect(out).toMatch(/jornal-c\.example\s+no/);
    expect(out).toMatch(/nuevo-medio\.example\s+yes\s+editorial_change\s+preliminary_content_analysis_due/);
    expect(out).toContain('REV-2: 23 articles');
    expect(out).toMatch(
      /1 re-rating\(s\) waiting in the queue[\s\S]*periodico-a\.example: accepted_contestation → accepted_contestation/,
    );
    const day13 = JSON.parse((await run(['due', '--db', folder, '--as-of', '2026-05-10', '--json'])).out) as {
      outlets: { domain: string; reasons: string[] }[];
    };
    expect(day13.outlets.find((outlet) => outlet.domain === 'periodico-b.example')!.reasons).toEqual([]);
    expect((await run(['due', '--roster', join(demo, 'roster.json')])).code).toBe(2);
  }, 180_000);
});

describe('espectro outlets verify', () => {
  test('re-derives every rating stored in the database: exit 0 and the verdicts stored; exit 1 naming a tampered field', async () => {
    const folder = await demoStore();
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

    const store = await openStore({ dataDir: folder, env: {} });
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

describe('espectro outlets split', () => {
  test('lists the outlets whose stored rating is split (CONF-SPLIT), appends notes, refuses an outlet not on the list', async () => {
    const folder = join(mkdtempSync(join(tmpdir(), 'espectro-outlets-')), 'db');
    const store = await openStore({ dataDir: folder, loadDataDir: await migratedTemplate(), env: {} });
    try {
      await recordRating(store.ratings, {
        evidence: {
          domain: 'mixto.example',
          name: 'Mixto',
          country: 'CL',
          editorial_scope: 'political',
          illustrative: true,
          notes: 'Opinion leans left; news reads center.',
          academic: [{ source: 'Observatorio ficticio', date: '2025-03-01', weight: 'primary', domestic: true }],
          academic_assessment: { bucket: 'center', factuality: 'high' },
          content: {
            sample_size: 40,
            window_start: '2026-01-27',
            content_only_sesgo: 'center',
            content_only_factualidad: 'high',
            news_sesgo: 'center',
            opinion_sesgo: 'left',
          },
        },
        asOf: '2026-04-27',
        changedAt: '2026-04-27T12:00:00.000Z',
      });
    } finally {
      await store.close();
    }
    const listed = await run(['split', '--db', folder]);
    expect(listed.err).toBe('');
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(
      `1 outlet(s) on the split_outlets list — news and opinion rate apart (CONF-SPLIT) (${folder})`,
    );
    expect(listed.out).toMatch(/mixto\.example\s+center\s+left\s+2026-04-27\s+2026-04-27/);
    expect(listed.out).toContain('  - Opinion leans left; news reads center.');

    const noted = await run(['split', 'mixto.example', '--note', 'Checked the opinion section.', '--db', folder]);
    expect(noted.code).toBe(0);
    const json = JSON.parse((await run(['split', '--db', folder, '--json'])).out) as {
      outlets: { domain: string; notes: string; newsBucket: string; opinionBucket: string }[];
    };
    expect(json.outlets).toEqual([
      expect.objectContaining({
        domain: 'mixto.example',
        newsBucket: 'center',
        opinionBucket: 'left',
        notes: 'Opinion leans left; news reads center.\nChecked the opinion section.',
      }),
    ]);

    const missing = await run(['split', 'nadie.example', '--note', 'x', '--db', folder]);
    expect(missing.code).toBe(3);
    expect(missing.err).toContain('nadie.example is not on the split_outlets list');
    expect((await run(['split', 'mixto.example', '--db', folder])).code).toBe(2);
  }, 180_000);
});

describe('espectro outlets ownership', () => {
  test('add records a reported change (the outlet becomes due, cause ownership_change); list shows it; bad input names the flag', async () => {
    const folder = join(mkdtempSync(join(tmpdir(), 'espectro-outlets-')), 'db');
    const store = await openStore({ dataDir: folder, loadDataDir: await migratedTemplate(), env: {} });
    try {
      await recordRating(store.ratings, {
        evidence: {
          domain: 'vendido.example',
          name: 'Vendido',
          country: 'CL',
          editorial_scope: 'political',
          illustrative: true,
          ownership: { owner_type: 'family-controlled', country_regime: 'democracy' },
          academic: [{ source: 'Observatorio ficticio', date: '2025-03-01', weight: 'primary', domestic: true }],
          academic_assessment: { bucket: 'center', factuality: 'high' },
        },
        asOf: '2026-04-27',
        changedAt: '2026-04-27T12:00:00.000Z',
      });
    } finally {
      await store.close();
    }
    const dueBefore = await run(['due', '--db', folder, '--as-of', '2026-05-10', '--json']);
    expect(dueBefore.out).not.toContain('ownership_change');

    const added = await run(
      [
        'ownership',
        'add',
        'vendido.example',
        '--date',
        '2026-05-01',
        '--event',
        'adquirido por Grupo Ficticio',
        '--control-change',
        '--source',
        'https://registro.example/acta/7',
        '--by',
        'editora',
        '--db',
        folder,
      ],
      {},
    );
    expect(added.err).toBe('');
    expect(added.code).toBe(0);
    expect(added.out).toContain(
      'vendido.example: change of control on 2026-05-01 recorded ("adquirido por Grupo Ficticio")',
    );

    const listed = await run(['ownership', 'list', 'vendido.example', '--db', folder]);
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(`1 recorded ownership event(s) of vendido.example (${folder})`);
    expect(listed.out).toMatch(
      /\d+\s+vendido\.example\s+2026-05-01\s+yes\s+adquirido por Grupo Ficticio\s+\S+\s+editora\s+https:\/\/registro\.example\/acta\/7\s+—/,
    );

    // recorded today (after the 2026-04-27 review): due from the day it was reported
    const today = new Date().toISOString().slice(0, 10);
    const due = JSON.parse((await run(['due', '--db', folder, '--as-of', today, '--json'])).out) as {
      outlets: { domain: string; reasons: string[]; cause: string | null }[];
    };
    expect(due.outlets.find((outlet) => outlet.domain === 'vendido.example')).toMatchObject({
      reasons: expect.arrayContaining(['ownership_change']),
      cause: 'ownership_change',
    });

    const refusals: [string[], string][] = [
      [['vendido.example', '2026-05-01', 'adquirido por Grupo Ficticio'], 'already has the event'],
      [['nadie.example', '2026-05-01', 'x'], 'nadie.example is not in the roster'],
      [['vendido.example', '1/5/2026', 'x'], '--date:'],
      [['vendido.example', '2026-05-01', 'x', '--source', 'registro'], '--source: expected an absolute http(s) URL'],
    ];
    for (const [[domain, date, event, ...extra], message] of refusals) {
      const refused = await run([
        'ownership',
        'add',
        domain!,
        '--date',
        date!,
        '--event',
        event!,
        ...extra,
        '--db',
        folder,
      ]);
      expect(refused.code).toBe(3);
      expect(refused.err).toContain(message);
    }
    expect((await run(['ownership', 'add', 'vendido.example', '--event', 'x', '--db', folder])).code).toBe(2);
    expect((await run(['ownership', 'remove', '--db', folder])).code).toBe(2);
    const json = JSON.parse((await run(['ownership', 'list', '--db', folder, '--json'])).out) as {
      events: { id: number; retraction: unknown }[];
    };
    expect(json.events).toHaveLength(1);
    expect(json.events[0]!.retraction).toBeNull();

    // The sale fell through: retracted with a reason, kept on record, and the rating re-rated.
    const id = String(json.events[0]!.id);
    expect((await run(['ownership', 'retract', id, '--by', 'editora', '--db', folder])).code).toBe(2);
    expect((await run(['ownership', 'retract', 'siete', '--reason', 'x', '--db', folder])).code).toBe(2);
    const unknown = await run(['ownership', 'retract', '999999', '--reason', 'x', '--db', folder]);
    expect(unknown.code).toBe(3);
    expect(unknown.err).toContain('no recorded ownership event has the id 999999');
    const retracted = await run(
      ['ownership', 'retract', id, '--reason', 'la venta no se concretó', '--by', 'editora', '--db', folder],
      {},
    );
    expect(retracted.err).toBe('');
    expect(retracted.code).toBe(0);
    expect(retracted.out).toContain(
      `vendido.example: event ${id} of 2026-05-01 ("adquirido por Grupo Ficticio") retracted; it was the change of control in effect: re-rating enqueued (cause ownership_change)`,
    );
    const again = await run(['ownership', 'retract', id, '--reason', 'otra vez', '--db', folder]);
    expect(again.code).toBe(3);
    expect(again.err).toContain(`<event-id>: event ${id} was already retracted by editora`);
    const audit = await run(['ownership', 'list', 'vendido.example', '--db', folder]);
    expect(audit.out).toMatch(/adquirido por Grupo Ficticio.+\d{4}-\d{2}-\d{2} by editora: la venta no se concretó/);
  }, 180_000);
});
