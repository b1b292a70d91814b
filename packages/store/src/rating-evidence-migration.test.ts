/**
 * Migration 0004_rating_evidence rewrites the store's former rating_evidence spelling into the one
 * seed-002 record of @espectro/methodology, in `sources` and in the rating history, so that a
 * database written before it loses nothing and rates the same.
 */
import {
  evidenceToRateOutletInput,
  rateOutlet,
  RatingEvidenceRecordSchema,
  RatingEvidenceSchema,
} from '@espectro/methodology';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.js';
import { loadMigrations } from './migrate.js';
import { createTestDatabase, testBackends, type TestDatabase } from './testing/index.js';

const OLD_EVIDENCE = {
  illustrative: true,
  notes: 'ILLUSTRATIVE demo evidence',
  ownership: {
    owner_type: 'family-controlled',
    country_regime: 'democracy',
    last_control_change: '2025-09-01',
  },
  academic: [{ source: 'FOPEA', date: '2025-03-01', weight: 'primary', domestic: true, quote: 'liberal' }],
  academic_bucket: 'right',
  academic_factuality: 'high',
  content: {
    sample_size: 40,
    window_start: '2025-10-01',
    content_only_bias: 'right',
    content_only_factuality: 'high',
    quote_distribution: { left: 0.2, center: 0.3, right: 0.5 },
    news_bucket: 'center',
    opinion_bucket: 'right',
  },
};
const NON_POLITICAL = {
  illustrative: true,
  content: { sample_size: 30, window_days: 90, window_start: '2026-01-27', content_only_factuality: 'high' },
};
const PENDING = { status: 'pending', reason: 'visto en un feed', added_at: '2026-04-20' };

async function insertOutlet(
  database: Database,
  domain: string,
  scope: string | null,
  evidence: unknown,
  confidence = 'medium',
): Promise<void> {
  await database.query(
    `INSERT INTO sources (domain, name, country, scope, confidence, rating_evidence, methodology_version, added_at, updated_at)
     VALUES ($1, $1, 'AR', $2, $3, $4::jsonb, 'v1.2-2026-04', now(), now())`,
    [domain, scope, confidence, JSON.stringify(evidence)],
  );
  await database.query(
    `INSERT INTO source_ratings (domain, rated_at, kind, scope, confidence, rating_evidence, methodology_version)
     VALUES ($1, now(), $2, $3, $4, $5::jsonb, 'v1.2-2026-04')`,
    [domain, scope === null ? 'preliminary' : 'initial', scope, confidence, JSON.stringify(evidence)],
  );
}

for (const backend of testBackends()) {
  describe(`migration 0004_rating_evidence (${backend})`, () => {
    let test: TestDatabase;
    let database: Database;
    beforeAll(async () => {
      // A migrated database (the shared template), rows written in the old spelling, then the
      // migration's SQL run again over them — what an older database goes through.
      test = await createTestDatabase(backend);
      database = test.database;
      await insertOutlet(database, 'lanacion.com.ar', 'political', OLD_EVIDENCE);
      await insertOutlet(database, 'ole.com.ar', 'non_political', NON_POLITICAL, 'low');
      await insertOutlet(database, 'nuevo.com.ar', null, PENDING, 'preliminary');
      const migration = loadMigrations().find((entry) => entry.name === '0004_rating_evidence.sql')!;
      await database.rawTransaction((connection) => connection.exec(migration.sql));
    }, 120_000);
    afterAll(async () => {
      await test?.cleanup();
    });

    const stored = async (table: 'sources' | 'source_ratings', domain: string): Promise<unknown> =>
      (
        await database.query<{ rating_evidence: unknown }>(`SELECT rating_evidence FROM ${table} WHERE domain = $1`, [
          domain,
        ])
      )[0]!.rating_evidence;

    it('rewrites the old spelling into the seed-002 record, in sources and in the history', async () => {
      for (const table of ['sources', 'source_ratings'] as const) {
        const record = RatingEvidenceRecordSchema.parse(await stored(table, 'lanacion.com.ar'));
        expect(record).toEqual({
          domain: 'lanacion.com.ar',
          country: 'AR',
          editorial_scope: 'political',
          illustrative: true,
          notes: 'ILLUSTRATIVE demo evidence',
          ownership: {
            owner_type: 'family-controlled',
            country_regime: 'democracy',
            ownership_history: [{ date: '2025-09-01', event: 'change of control', control_change: true }],
          },
          academic: OLD_EVIDENCE.academic,
          academic_assessment: { bucket: 'right', factuality: 'high' },
          content: {
            sample_size: 40,
            window_start: '2025-10-01',
            content_only_sesgo: 'right',
            content_only_factualidad: 'high',
            quote_distribution: { izq: 0.2, centro: 0.3, der: 0.5 },
            news_sesgo: 'center',
            opinion_sesgo: 'right',
          },
        });
      }
    });

    it('the rewritten record rates as the old one did (the same funnel input)', async () => {
      const record = RatingEvidenceRecordSchema.parse(await stored('sources', 'lanacion.com.ar'));
      const input = evidenceToRateOutletInput(record, '2026-04-27');
      expect(input).toEqual({
        asOf: '2026-04-27',
        scope: 'political',
        ownership: { ownerType: 'family-controlled', countryRegime: 'democracy', lastControlChange: '2025-09-01' },
        academic: {
          bucket: 'right',
          factuality: 'high',
          sources: [{ date: '2025-03-01', weight: 'primary', domestic: true, name: 'FOPEA', quote: 'liberal' }],
        },
        content: {
          sampleSize: 40,
          windowStart: '2025-10-01',
          bucket: 'right',
          factuality: 'high',
          newsBucket: 'center',
          opinionBucket: 'right',
        },
      });
      expect(rateOutlet(input).flags).toContain('split_outlet');
    });

    it('a non-political record gets a null content bucket; a pending record is left as it is', async () => {
      expect(RatingEvidenceRecordSchema.parse(await stored('sources', 'ole.com.ar')).content).toEqual({
        sample_size: 30,
        window_days: 90,
        window_start: '2026-01-27',
        content_only_sesgo: null,
        content_only_factualidad: 'high',
      });
      expect(await stored('sources', 'nuevo.com.ar')).toEqual(PENDING);
      expect(RatingEvidenceSchema.safeParse(await stored('source_ratings', 'nuevo.com.ar')).success).toBe(true);
    });
  });
}
