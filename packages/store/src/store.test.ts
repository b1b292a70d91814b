/**
 * The store's contract suite: the same tests on every backend — PGlite always, PostgreSQL when
 * ESPECTRO_TEST_DATABASE_URL is set (CI sets it).
 */
import { getTableConfig } from 'drizzle-orm/pg-core';
import {
  evidenceToRateOutletInput,
  METHODOLOGY_VERSION,
  MethodologyInputError,
  rateOutlet,
  type RatingEvidenceRecord,
} from '@espectro/methodology';
import { recordRating, verifyRatings, type RecordRatingRequest } from '@espectro/rating';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { articleIdFor } from './articles.js';
import { StoreError } from './errors.js';
import { loadMigrations, migrate, migrationStatus } from './migrate.js';
import { storeSchema } from './schema.js';
import { createStore, type Store } from './store.js';
import { createTestDatabase, testBackends, type TestDatabase } from './testing/index.js';

const TABLES = [
  'chile_headlines',
  'judge_pending_pairs',
  'judge_verdicts',
  'story_guard_inputs',
  'guard_queue',
  'story_queue',
  'clusters',
  'article_vectors',
  'article_clusters',
  'ingested_sources',
  'run_checkpoints',
  'runs',
  'scoreboards',
  'verdict_history',
  'checks',
  'debates',
  'synthesis_retry_queue',
  'contestation_transitions',
  'contestations',
  'cost_ledger',
  'audit_records',
  'blindspot_flags',
  'guard_decisions',
  'story_sentences',
  'story_articles',
  'stories',
  'articles',
  'source_rating_changes',
  'source_ratings',
  'sources',
];

const evidence: RatingEvidenceRecord = {
  domain: 'demo.example',
  country: 'ES',
  editorial_scope: 'political',
  illustrative: true,
  ownership: { owner_type: 'corporate-conglomerate', owner_entity: 'Grupo Demo', country_regime: 'democracy' },
  academic: [{ source: 'demo placeholder', date: '2025-03-01', weight: 'primary', domestic: true }],
  academic_assessment: { bucket: 'center', factuality: 'high' },
  content: {
    sample_size: 40,
    window_start: '2026-01-27',
    content_only_sesgo: 'center',
    content_only_factualidad: 'high',
  },
};

/** A record with its content and academic reading moved to `bias`. */
function leaning(bias: 'left' | 'center' | 'right'): RatingEvidenceRecord {
  return {
    ...evidence,
    academic_assessment: { bucket: bias, factuality: 'high' },
    content: {
      sample_size: 40,
      window_start: '2026-01-27',
      content_only_sesgo: bias,
      content_only_factualidad: 'high',
    },
  };
}

function rated(evidenceRecord: RatingEvidenceRecord) {
  return rateOutlet(evidenceToRateOutletInput(evidenceRecord, '2026-04-27'));
}

function article(domain: string, slug: string, title: string, publishedAt: string | null = '2026-04-27T10:00:00Z') {
  const canonicalUrl = `https://${domain}/${slug}`;
  return {
    url: `${canonicalUrl}?utm_source=x`,
    canonicalUrl,
    domain,
    title,
    titleKey: title.toLowerCase(),
    description: `${title}. Descripción.`,
    body: 'Cuerpo completo del artículo.',
    publishedAt,
    firstSeenAt: '2026-04-27T12:00:00Z',
  };
}

/** Rates `record` as the outlet `domain` through the store's RatingRecordStore. */
function rateAs(
  store: Store,
  domain: string,
  record: RatingEvidenceRecord,
  changedAt: string,
  extra: Partial<RecordRatingRequest> = {},
) {
  return recordRating(store.ratings, {
    evidence: { ...record, domain },
    asOf: changedAt.slice(0, 10),
    changedAt,
    ...extra,
  });
}

async function addOutlet(store: Store, domain: string, bias: 'left' | 'center' | 'right', bodyLicensed = false) {
  await rateAs(store, domain, leaning(bias), '2026-04-27T00:00:00Z', { name: domain });
  await store.outlets.setProfiles([{ domain, bodyLicensed }]);
}

for (const backend of testBackends()) {
  describe(`@espectro/store contract (${backend})`, () => {
    let test: TestDatabase;
    let store: Store;
    beforeAll(async () => {
      test = await createTestDatabase(backend);
      store = createStore(test.database);
    }, 60_000);
    afterAll(async () => {
      await test?.cleanup();
    });
    beforeEach(async () => {
      await test.database.query(`TRUNCATE ${TABLES.join(', ')} RESTART IDENTITY CASCADE`);
    });

    describe('migrations', () => {
      it('are applied once and recorded with their checksum', async () => {
        expect(await migrationStatus(test.database)).toEqual({
          applied: loadMigrations().map((m) => m.name),
          pending: [],
        });
        expect(await migrate(test.database)).toEqual({
          applied: [],
          alreadyApplied: loadMigrations().map((m) => m.name),
        });
      });
      it('refuse an applied migration whose file changed', async () => {
        const [first] = loadMigrations();
        await expect(migrate(test.database, [{ ...first!, checksum: 'different' }])).rejects.toMatchObject({
          code: 'migration_failed',
        });
      });
      it('match the Drizzle schema column for column (no drift)', async () => {
        const columns = await test.database.query<{
          table_name: string;
          column_name: string;
          data_type: string;
          is_nullable: string;
        }>(
          'SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns WHERE table_schema = current_schema()',
        );
        const inDatabase = new Map(columns.map((column) => [`${column.table_name}.${column.column_name}`, column]));
        const typeOf: Record<string, string> = {
          PgText: 'text',
          PgTimestamp: 'timestamp with time zone',
          PgJsonb: 'jsonb',
          PgBoolean: 'boolean',
          PgInteger: 'integer',
          PgDoublePrecision: 'double precision',
          PgBigSerial53: 'bigint',
          PgBigInt53: 'bigint',
          PgCustomColumn: 'bytea',
        };
        let declared = 0;
        for (const table of Object.values(storeSchema)) {
          const config = getTableConfig(table);
          for (const column of config.columns) {
            declared += 1;
            const actual = inDatabase.get(`${config.name}.${column.name}`);
            expect(actual, `${config.name}.${column.name} exists in the migrations`).toBeDefined();
            expect(actual!.data_type, `${config.name}.${column.name} type`).toBe(typeOf[column.columnType]);
            expect(actual!.is_nullable === 'NO', `${config.name}.${column.name} NOT NULL`).toBe(column.notNull);
          }
          const tableColumns = columns.filter((column) => column.table_name === config.name);
          expect(tableColumns.length, `columns of ${config.name}`).toBe(config.columns.length);
        }
        expect(declared).toBeGreaterThan(100);
      });
    });

    describe('outlets and rating history (CON-4)', () => {
      it('stores a funnel rating with its evidence and reads it back', async () => {
        const rating = rated(evidence);
        const first = await rateAs(store, 'elpais.com', evidence, '2026-04-27T00:00:00Z', { name: 'El País' });
        expect(first).toMatchObject({ outcome: 'created', changes: [] });
        const outlet = await store.outlets.get('elpais.com');
        expect(outlet).toMatchObject({
          domain: 'elpais.com',
          name: 'El País',
          country: 'ES',
          bias: rating.bias,
          confidence: rating.confidence,
          methodologyVersion: METHODOLOGY_VERSION,
          illustrative: true,
        });
        expect(outlet!.ratingEvidence).toEqual({ ...evidence, domain: 'elpais.com' });
        expect(outlet!.history).toHaveLength(1);
        expect(outlet!.history[0]).toMatchObject({ kind: 'initial', cause: null, trace: rating.trace });
        expect((await rateAs(store, 'elpais.com', evidence, '2026-04-28T00:00:00Z')).outcome).toBe('unchanged');
        expect((await store.outlets.get('elpais.com'))!.history).toHaveLength(1);
      });

      it('a changed rating records one CON-4 entry per field with its cause (given, or derived by ratingChangeCause)', async () => {
        await rateAs(store, 'abc.es', evidence, '2026-04-27T00:00:00Z', { name: 'ABC' });
        const right = leaning('right');
        const result = await rateAs(store, 'abc.es', right, '2026-05-01T00:00:00Z', {
          cause: 'editorial_change',
          notes: 'Nuevo análisis de contenido',
        });
        expect(result.outcome).toBe('rerated');
        expect(result.changes.map((change) => [change.field, change.previous, change.next])).toEqual([
          ['bias', 'center', 'right'],
        ]);
        const outlet = await store.outlets.get('abc.es');
        expect(outlet!.history.map((entry) => entry.kind)).toEqual(['initial', 'rerating']);
        expect(outlet!.history[1]!.changes[0]).toMatchObject({
          outlet: 'abc.es',
          cause: 'editorial_change',
          field: 'bias',
          notes: 'Nuevo análisis de contenido',
        });
        const sold = { ...right, ownership: { ...right.ownership!, owner_entity: 'Grupo Nuevo' } };
        const derived = await rateAs(store, 'abc.es', sold, '2026-05-01T12:00:00Z');
        expect(derived.changes).toMatchObject([
          {
            field: 'ownership',
            cause: 'ownership_change',
            previous: 'corporate-conglomerate: Grupo Demo',
            next: 'corporate-conglomerate: Grupo Nuevo',
          },
        ]);
        // An accepted contestation must name itself (the methodology's CON-4 record check); nothing is written.
        await expect(
          rateAs(store, 'abc.es', evidence, '2026-05-02T00:00:00Z', { cause: 'accepted_contestation' }),
        ).rejects.toThrow(/contestationId/);
        expect((await store.outlets.get('abc.es'))!.history).toHaveLength(3);
      });

      it('verify re-derives every stored rating from its stored evidence and stores the verdict per outlet', async () => {
        await rateAs(store, 'elpais.com', evidence, '2026-04-27T00:00:00Z');
        await rateAs(store, 'abc.es', leaning('right'), '2026-04-27T00:00:00Z');
        await store.outlets.ensurePreliminary([
          { domain: 'nuevo.example', reason: 'visto en un feed', addedAt: '2026-04-27' },
        ]);
        const clean = verifyRatings(await store.ratings.list());
        expect(clean).toMatchObject({ checked: 3, verified: 3, mismatches: [], unsealed: [] });
        // one field of the stored evidence edited behind the store's back
        await test.database.query(
          `UPDATE sources SET rating_evidence = jsonb_set(rating_evidence, '{academic,0,date}', '"2025-03-02"') WHERE domain = 'abc.es'`,
        );
        const tampered = verifyRatings(await store.ratings.list());
        expect(tampered.verified).toBe(2);
        expect(tampered.mismatches).toEqual([expect.objectContaining({ domain: 'abc.es', field: 'rating_evidence' })]);
        await store.ratingVerifications.record(tampered.outlets, '2026-04-28T09:00:00.000Z');
        const latest = await store.ratingVerifications.latest();
        expect([...latest.values()].map((entry) => [entry.domain, entry.result, entry.verifiedAt])).toEqual(
          expect.arrayContaining([
            ['abc.es', 'mismatch', '2026-04-28T09:00:00.000Z'],
            ['elpais.com', 'verified', '2026-04-28T09:00:00.000Z'],
            ['nuevo.example', 'verified', '2026-04-28T09:00:00.000Z'],
          ]),
        );
        expect(latest.get('abc.es')!.mismatches[0]!.field).toBe('rating_evidence');
        // a verdict never creates an outlet
        await store.ratingVerifications.record(
          [{ domain: 'nadie.example', result: 'verified', mismatches: [], methodologyVersion: METHODOLOGY_VERSION }],
          '2026-04-28T09:00:00.000Z',
        );
        expect((await store.ratingVerifications.latest(['nadie.example'])).size).toBe(0);
      });

      it('adds unrostered domains as preliminary outlets (PRELIM), once, and promotes them on their first rating', async () => {
        const added = await store.outlets.ensurePreliminary([
          {
            domain: 'diariolibre.com',
            reason: 'Dominio visto en un feed; en cola para análisis de contenido',
            addedAt: '2026-04-27',
          },
          { domain: 'diariolibre.com', reason: 'duplicate in the same call', addedAt: '2026-04-27' },
        ]);
        expect(added).toEqual(['diariolibre.com']);
        expect(
          await store.outlets.ensurePreliminary([
            { domain: 'diariolibre.com', reason: 'again', addedAt: '2026-04-28' },
          ]),
        ).toEqual([]);
        const outlet = await store.outlets.get('diariolibre.com');
        expect(outlet).toMatchObject({
          bias: null,
          scope: null,
          confidence: 'preliminary',
          ratingReviewedAt: null,
          factuality: null,
        });
        expect(outlet!.ratingEvidence).toEqual({
          status: 'pending',
          reason: 'Dominio visto en un feed; en cola para análisis de contenido',
          added_at: '2026-04-27',
        });
        expect((await rateAs(store, 'diariolibre.com', evidence, '2026-05-20T00:00:00Z')).outcome).toBe('initial');
        expect((await store.outlets.get('diariolibre.com'))!.history.map((entry) => entry.kind)).toEqual([
          'preliminary',
          'initial',
        ]);
        expect(await store.outlets.countByConfidence()).toEqual({ [rated(evidence).confidence]: 1 });
      });

      it('refuses a rating of a malformed domain and a profile of an unknown outlet', async () => {
        await expect(rateAs(store, 'Marca.com', evidence, '2026-04-27T00:00:00Z')).rejects.toMatchObject({
          code: 'invalid_input',
        });
        await expect(store.outlets.setProfiles([{ domain: 'marca.com', language: 'es' }])).rejects.toMatchObject({
          code: 'invalid_input',
          field: 'domain',
        });
        expect(await store.outlets.list()).toEqual([]);
      });
    });

    describe('articles', () => {
      beforeEach(async () => {
        await addOutlet(store, 'elpais.com', 'center');
        await addOutlet(store, 'abc.es', 'right', true);
      });

      it('dedups by canonical URL and by near-identical title within a domain', async () => {
        const first = await store.articles.insert([
          article('elpais.com', 'a', 'El Gobierno aprueba la ley'),
          article('elpais.com', 'a', 'El Gobierno aprueba la ley (repetido)'),
          article('elpais.com', 'b', 'El Gobierno aprueba la ley'),
          article('abc.es', 'c', 'El Gobierno aprueba la ley'),
          article('elpais.com', 'd', 'El Gobierno aprueba la ley', '2026-05-20T10:00:00Z'),
        ]);
        expect(first.inserted.map((entry) => entry.index)).toEqual([0, 3, 4]);
        expect(first.duplicates).toEqual([
          { index: 1, reason: 'canonical_url', existingId: articleIdFor('https://elpais.com/a') },
          { index: 2, reason: 'near_identical_title', existingId: articleIdFor('https://elpais.com/a') },
        ]);
        const again = await store.articles.insert([
          article('elpais.com', 'a', 'Otro título'),
          article('abc.es', 'e', 'El Gobierno aprueba la ley'),
        ]);
        expect(again.inserted).toEqual([]);
        expect(again.duplicates.map((entry) => entry.reason)).toEqual(['canonical_url', 'near_identical_title']);
        expect(await store.articles.count()).toBe(3);
      });

      it('stores bodies only for licensed outlets and needs the outlet first', async () => {
        const result = await store.articles.insert([article('elpais.com', 'x', 'Uno'), article('abc.es', 'y', 'Dos')]);
        expect(result.bodiesDropped).toBe(1);
        const stored = await store.articles.list();
        expect(Object.fromEntries(stored.map((entry) => [entry.domain, entry.body]))).toEqual({
          'elpais.com': null,
          'abc.es': 'Cuerpo completo del artículo.',
        });
        await expect(store.articles.insert([article('nuevo.com', 'z', 'Tres')])).rejects.toMatchObject({
          code: 'invalid_input',
          field: 'domain',
        });
      });

      it('refuses a link or image that is not http(s) and stores nothing of the batch (issue 21 §2)', async () => {
        for (const hostile of [
          { url: 'javascript:alert(document.domain)//' },
          { canonicalUrl: 'javascript:alert(1)' },
          { imageUrl: 'data:image/svg+xml,<svg onload=alert(1)>' },
        ]) {
          await expect(
            store.articles.insert([
              article('elpais.com', 'ok', 'Bien'),
              { ...article('elpais.com', 'x', 'Mal'), ...hostile },
            ]),
          ).rejects.toMatchObject({ code: 'invalid_input' });
        }
        expect(await store.articles.count()).toBe(0);
      });

      it('keeps articles without a date, using when they were first seen', async () => {
        await store.articles.insert([article('elpais.com', 'nodate', 'Sin fecha', null)]);
        const [stored] = await store.articles.list({ since: '2026-04-27T11:00:00Z' });
        expect(stored).toMatchObject({ publishedAt: null, firstSeenAt: '2026-04-27T12:00:00.000Z' });
      });
    });

    describe('stories', () => {
      const coverage = {
        total: 2,
        political: 2,
        nonPolitical: 0,
        counts: { left: 0, center: 1, right: 1 },
        percent: { left: 0, center: 50, right: 50 },
      };
      let ids: string[];
      beforeEach(async () => {
        await addOutlet(store, 'elpais.com', 'center');
        await addOutlet(store, 'abc.es', 'right');
        const result = await store.articles.insert([
          article('elpais.com', 's1', 'Sube el paro en abril'),
          article('abc.es', 's2', 'El paro sube en abril'),
        ]);
        ids = result.inserted.map((entry) => entry.id);
      });

      it('saves a story with sentences, guard decision and blindspots, and reads it back with its sources', async () => {
        await store.stories.save({
          id: ids[0]!,
          title: 'Sube el paro en abril',
          summary: 'El paro subió en abril.',
          status: 'held',
          tier: null,
          country: 'ES',
          coverage,
          articleIds: ids,
          outletCount: 2,
          firstPublishedAt: '2026-04-27T10:00:00Z',
          lastPublishedAt: '2026-04-27T10:00:00Z',
          methodologyVersion: METHODOLOGY_VERSION,
          runId: 'run-1',
          sentences: [{ text: 'El paro subió en abril.', articleIds: ids }],
          guard: { publish: false, reasons: ['no_image', 'low_coverage'], input: { rawOutlets: 2 } },
          blindspots: { prisma: [], fujaDaBolha: null },
          decidedAt: '2026-04-27T12:00:00Z',
        });
        // Idempotent within a run: saving again replaces, never duplicates.
        await store.stories.save({
          id: ids[0]!,
          title: 'Sube el paro en abril',
          status: 'held',
          coverage,
          articleIds: ids,
          outletCount: 2,
          lastPublishedAt: '2026-04-27T10:00:00Z',
          methodologyVersion: METHODOLOGY_VERSION,
          runId: 'run-1',
          sentences: [{ text: 'El paro subió en abril.', articleIds: ids }],
          guard: { publish: false, reasons: ['no_image', 'low_coverage'], input: { rawOutlets: 2 } },
          blindspots: { prisma: ['left'], fujaDaBolha: 'left' },
          decidedAt: '2026-04-27T12:00:00Z',
        });
        const [listed] = await store.stories.list();
        expect(listed).toMatchObject({
          id: ids[0],
          status: 'held',
          coverage,
          articleCount: 2,
          guardReasons: ['no_image', 'low_coverage'],
          blindspots: { prisma: ['left'], fujaDaBolha: 'left' },
        });
        const story = await store.stories.get(ids[0]!);
        expect(story!.sentences).toEqual([
          { position: 0, text: 'El paro subió en abril.', articleIds: ids, discrepancy: false },
        ]);
        expect(story!.sources.map((source) => [source.domain, source.outlet.bias])).toEqual(
          expect.arrayContaining([
            ['elpais.com', 'center'],
            ['abc.es', 'right'],
          ]),
        );
        expect(story!.guard).toMatchObject({ publish: false, reasons: ['no_image', 'low_coverage'] });
        const decisions = await test.database.query<{ n: number }>('SELECT count(*)::int AS n FROM guard_decisions');
        expect(decisions[0]!.n).toBe(1);
        expect(await store.stories.list({ blindspot: true })).toHaveLength(1);
        expect(await store.stories.get('missing')).toBeUndefined();
      });

      it('rejects sentences citing articles outside the story (SYN-3)', async () => {
        await expect(
          store.stories.save({
            id: 's',
            title: 't',
            status: 'held',
            coverage,
            articleIds: [ids[0]!],
            outletCount: 1,
            methodologyVersion: METHODOLOGY_VERSION,
            sentences: [{ text: 'x', articleIds: [ids[1]!] }],
            decidedAt: '2026-04-27T12:00:00Z',
          }),
        ).rejects.toMatchObject({ code: 'invalid_input', field: 'sentences[0].articleIds[0]' });
      });
    });

    describe('contestations (CON-1..3)', () => {
      beforeEach(async () => {
        await addOutlet(store, 'latercera.com', 'right');
      });
      const at = (minutes: number) => new Date(Date.parse('2026-04-27T10:00:00Z') + minutes * 60_000).toISOString();

      it('enforces the per-contester hourly limit from stored history; a refusal stores nothing', async () => {
        for (const minutes of [0, 10, 20]) {
          await store.contestations.create({
            dimension: 'bias',
            outlet: 'latercera.com',
            contesterId: 'reader-1',
            text: 'No es de derecha.',
            createdAt: at(minutes),
          });
        }
        const refused = await store.contestations
          .create({
            dimension: 'bias',
            outlet: 'latercera.com',
            contesterId: 'reader-1',
            text: 'Otra vez.',
            createdAt: at(30),
          })
          .catch((error: unknown) => error);
        expect(refused).toBeInstanceOf(StoreError);
        expect(refused).toMatchObject({
          code: 'rate_limited',
          data: { rule: 'contester_hour', retryAt: new Date(Date.parse(at(60))).toISOString() },
        });
        expect(await store.contestations.list({ contesterId: 'reader-1' })).toHaveLength(3);
        // Once the oldest leaves the window it is allowed again.
        await store.contestations.create({
          dimension: 'factuality',
          outlet: 'latercera.com',
          contesterId: 'reader-1',
          text: 'Ahora sí.',
          createdAt: at(60),
        });
        // Other readers are not affected.
        await store.contestations.create({
          dimension: 'ownership',
          outlet: 'latercera.com',
          contesterId: 'reader-2',
          text: 'Propiedad.',
          createdAt: at(30),
        });
      });

      it('validates contestations with the methodology (CON-1) and needs a known outlet', async () => {
        await expect(
          store.contestations.create({
            dimension: 'tone',
            outlet: 'latercera.com',
            contesterId: 'r',
            text: 'x',
            createdAt: at(0),
          }),
        ).rejects.toBeInstanceOf(MethodologyInputError);
        await expect(
          store.contestations.create({
            dimension: 'bias',
            outlet: 'unknown.cl',
            contesterId: 'r',
            text: 'x',
            createdAt: at(0),
          }),
        ).rejects.toMatchObject({ code: 'not_found' });
      });

      it('moves through CON-2 transitions, logs them and refuses the rest', async () => {
        const created = await store.contestations.create({
          id: 'c-1',
          dimension: 'bias',
          outlet: 'latercera.com',
          contesterId: 'reader-1',
          text: 'No es de derecha.',
          createdAt: at(0),
        });
        expect(created.status).toBe('open');
        await expect(
          store.contestations.transition('c-1', { to: 'accepted', by: 'editor', at: at(5), notes: 'x' }),
        ).rejects.toMatchObject({
          code: 'invalid_transition',
          data: { reason: 'invalid_transition' },
        });
        await store.contestations.transition('c-1', { to: 'triage', by: 'editor', at: at(5), notes: '' });
        const accepted = await store.contestations.transition('c-1', {
          to: 'accepted',
          by: 'editor-2',
          at: at(60),
          notes: 'Editoriales confirman.',
        });
        expect(accepted.triggersRerating).toBe(true);
        expect(accepted.contestation.transitions.map((entry) => [entry.from, entry.to, entry.by])).toEqual([
          ['open', 'triage', 'editor'],
          ['triage', 'accepted', 'editor-2'],
        ]);
        await expect(
          store.contestations.transition('c-1', { to: 'rejected', by: 'editor', at: at(61), notes: 'x' }),
        ).rejects.toMatchObject({ data: { reason: 'terminal_state' } });
        expect((await store.contestations.get('c-1'))!.status).toBe('accepted');
        // CON-4: the re-rating it triggers names the contestation.
        const center = evidence;
        const rerating = await rateAs(store, 'latercera.com', center, at(120), {
          cause: 'accepted_contestation',
          contestationId: 'c-1',
        });
        expect(rerating.changes[0]).toMatchObject({ cause: 'accepted_contestation', contestationId: 'c-1' });
      });

      it('never lets concurrent submissions exceed a limit', async () => {
        const attempts = await Promise.allSettled(
          Array.from({ length: 8 }, (_, index) =>
            store.contestations.create({
              dimension: 'bias',
              outlet: 'latercera.com',
              contesterId: 'burst',
              text: `intento ${index}`,
              createdAt: at(index),
            }),
          ),
        );
        expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(3);
        expect(await store.contestations.list({ contesterId: 'burst' })).toHaveLength(3);
      });

      it('counts a contester together with its client: identities minted in a burst from one client get 3 (issue 21 §3)', async () => {
        const attempts = await Promise.allSettled(
          Array.from({ length: 8 }, (_, index) =>
            store.contestations.create({
              dimension: 'bias',
              outlet: 'latercera.com',
              contesterId: `fresh-${index}`,
              clientKey: 'cliente-uno',
              text: `intento ${index}`,
              createdAt: at(index),
            }),
          ),
        );
        expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(3);
      });
    });

    describe('editor access (issue 21 §3)', () => {
      it("keeps sessions by hash until they expire and updates one client's failures one at a time", async () => {
        const now = new Date('2026-12-02T05:00:00Z');
        const later = new Date('2026-12-02T13:00:00Z');
        await store.editorAccess.sessions.create({ idSha256: 'h1', createdAt: now, expiresAt: later });
        expect((await store.editorAccess.sessions.expiresAt('h1'))?.toISOString()).toBe(later.toISOString());
        expect(await store.editorAccess.sessions.deleteExpired(later)).toBe(1);
        expect(await store.editorAccess.sessions.expiresAt('h1')).toBeNull();
        await Promise.all(
          Array.from({ length: 20 }, () =>
            store.editorAccess.signInFailures.update('cliente-x', (previous) => ({
              failures: (previous?.failures ?? 0) + 1,
              firstFailedAt: previous?.firstFailedAt ?? now.toISOString(),
              lockedUntil: null,
            })),
          ),
        );
        expect((await store.editorAccess.signInFailures.get('cliente-x'))?.failures).toBe(20);
        await store.editorAccess.signInFailures.update('cliente-x', () => null);
        expect(await store.editorAccess.signInFailures.get('cliente-x')).toBeNull();
      });
    });

    describe('checks (REV-D)', () => {
      const check = (id: string, debateId: string) => ({
        id,
        debateId,
        candidate: 'A',
        spokenAt: '2026-10-18T23:10:00Z',
        claim: { kind: 'checkable', text: 'O desemprego caiu 5%', datum: '5%' },
        verdict: 'false' as const,
        status: 'published' as const,
        history: [
          {
            verdict: 'false' as const,
            status: 'published' as const,
            at: '2026-10-18T23:10:00Z',
            phase: 'live' as const,
          },
        ],
      });

      it('saves, lists and appends history; refuses to rewrite it', async () => {
        await store.checks.saveDebateName('d1', 'Band 18/10');
        await store.checks.saveCheck(check('d1#0.0', 'd1'));
        await store.checks.saveCheck(check('d2#0.0', 'd2'));
        const updated = await store.checks.appendHistory('d1#0.0', {
          verdict: 'true',
          status: 'published',
          at: '2026-10-19T12:00:00Z',
          phase: 'review',
          reason: 're-transcription',
        });
        expect(updated).toMatchObject({
          verdict: 'true',
          history: [{ phase: 'live' }, { phase: 'review', reason: 're-transcription' }],
        });
        expect((await store.checks.getCheck('d1#0.0'))!.history).toHaveLength(2);
        expect((await store.checks.listChecks({ debateId: 'd1' })).map((entry) => entry.id)).toEqual(['d1#0.0']);
        expect(await store.checks.earlierChecks({ candidate: 'A', excludeDebateId: 'd2' })).toEqual([
          expect.objectContaining({ checkId: 'd1#0.0', debate: 'Band 18/10', text: 'O desemprego caiu 5%' }),
        ]);
        await expect(store.checks.saveCheck(check('d1#0.0', 'd1'))).rejects.toMatchObject({ code: 'history_rewrite' });
        await expect(
          store.checks.appendHistory('nope', {
            verdict: 'true',
            status: 'published',
            at: '2026-10-19T12:00:00Z',
            phase: 'review',
          }),
        ).rejects.toMatchObject({ code: 'not_found' });
        const rows = await test.database.query<{ n: number }>('SELECT count(*)::int AS n FROM verdict_history');
        expect(rows[0]!.n).toBe(3);
        await store.checks.saveScoreboards({ debateId: 'd1', at: '2026-10-19T12:00:00Z', live: [], revised: [] });
        expect(await store.checks.listScoreboards('d1')).toEqual([
          { debateId: 'd1', at: '2026-10-19T12:00:00Z', live: [], revised: [] },
        ]);
      });
    });

    describe('retry queue leases (SKIP LOCKED)', () => {
      it('gives every due story to exactly one worker', async () => {
        const queue = store.retryQueue;
        for (let index = 0; index < 30; index += 1)
          await queue.enqueue(`story-${String(index).padStart(2, '0')}`, 'quota', '2026-04-27T10:00:00Z');
        const now = '2026-04-27T11:00:00Z';
        const claims = await Promise.all(
          Array.from({ length: 4 }, (_, worker) => queue.claimDue(now, 10, { workerId: `worker-${worker}` })),
        );
        const claimed = claims.flat().map((entry) => entry.storyId);
        expect(new Set(claimed).size).toBe(claimed.length);
        expect(claimed.length).toBeLessThanOrEqual(30);
        const rest = await queue.claimDue(now, 100, { workerId: 'late' });
        expect(new Set([...claimed, ...rest.map((entry) => entry.storyId)]).size).toBe(30);
        // Leases expire: after the lease, unfinished stories can be claimed again.
        expect(await queue.claimDue('2026-04-27T11:10:00Z', 100, { workerId: 'again' })).toEqual([]);
        expect(await queue.claimDue('2026-04-27T12:00:00Z', 100, { workerId: 'again' })).toHaveLength(30);
      });
    });

    describe('audit and cost', () => {
      it('stores AUDIT records validated by the methodology and COST ledger entries', async () => {
        await store.audit.record('article', 'a1', {
          model: 'gemini-2.5-flash',
          promptVersion: 'p1',
          tokens: { input: 100, output: 20 },
          score: 0.5,
          confidence: 'high',
          indicators: ['x'],
          methodologyVersion: METHODOLOGY_VERSION,
        });
        expect(await store.audit.list('article', 'a1')).toHaveLength(1);
        await expect(store.audit.record('article', 'a1', { model: 'x' })).rejects.toBeInstanceOf(MethodologyInputError);
        await store.audit.recordCosts(
          [
            {
              at: '2026-04-27T10:00:00Z',
              vendor: 'gemini',
              model: 'gemini-2.5-flash',
              promptId: 'synthesis',
              promptVersion: '1',
              jobId: 's1',
              operation: 'object',
              layer: 0,
              phase: 'answer',
              retry: 0,
              usage: { inputTokens: 1000, outputTokens: 200 },
              latencyMs: 900,
              outcome: 'ok',
              costUsd: 0.0012,
              priced: true,
            },
          ],
          'run-1',
        );
        expect(await store.audit.costTotals('s1')).toEqual({
          calls: 1,
          inputTokens: 1000,
          outputTokens: 200,
          costUsd: 0.0012,
        });
      });
    });
  });
}
