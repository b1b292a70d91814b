import { coverage, METHODOLOGY_VERSION, type RatingEvidenceRecord } from '@espectro/methodology';
import { recordRating } from '@espectro/rating';
import * as storeModule from '@espectro/store';
import type { Store } from '@espectro/store';
import { createTestDatabase, type TestDatabase } from '@espectro/store/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDataDocument } from './open-data-schemas.js';
import { createSnapshotSiteData } from './snapshot.js';
import { navigationTopicsOf } from './navigation.js';
import { contestationBackendOver, createRefreshingStoreSiteData, snapshotFromStore } from './store-adapter.js';
import { dataNotice, prismaView } from './views.js';

const evidence = (domain: string, bias: 'left' | 'center' | 'right'): RatingEvidenceRecord => ({
  domain,
  country: 'CL',
  editorial_scope: 'political',
  illustrative: true,
  ownership: { owner_type: 'corporate-conglomerate', country_regime: 'democracy' },
  academic: [{ source: 'Observatorio ficticio', date: '2025-03-01', weight: 'primary', domestic: true }],
  academic_assessment: { bucket: bias, factuality: 'high' },
  content: { sample_size: 40, window_start: '2026-01-27', content_only_sesgo: bias, content_only_factualidad: 'high' },
});

let store: Store;
let database: TestDatabase;
const domains = { 'izquierda.example': 'left', 'centro.example': 'center', 'derecha.example': 'right' } as const;

beforeAll(async () => {
  // A copy of the migrated template (migrations are not replayed: that alone took over 60 s at load 50).
  database = await createTestDatabase();
  store = storeModule.createStore(database.database);
  for (const [domain, bias] of Object.entries(domains)) {
    await recordRating(store.ratings, {
      evidence: evidence(domain, bias),
      name: `Medio ${bias}`,
      asOf: '2026-04-27',
      changedAt: '2026-04-27T00:00:00Z',
    });
    await store.outlets.setProfiles([{ domain, factualityScore: 70 }]);
  }
  await store.outlets.ensurePreliminary([{ domain: 'nuevo.example', reason: 'en cola', addedAt: '2026-04-20' }]);
  const inserted = await store.articles.insert(
    Object.keys(domains).map((domain, index) => ({
      url: `https://${domain}/nota`,
      canonicalUrl: `https://${domain}/nota`,
      domain,
      title: `Titular ficticio ${index}`,
      titleKey: `titular ficticio ${index}`,
      publishedAt: `2026-04-27T1${index}:00:00Z`,
      firstSeenAt: '2026-04-27T12:00:00Z',
    })),
  );
  const ids = inserted.inserted.map((entry) => entry.id);
  const outlets = Object.entries(domains).map(([domain, bias]) => ({ domain, scope: 'political' as const, bias }));
  await store.stories.save({
    id: 'historia-1',
    title: 'Historia ficticia guardada',
    summary: 'Resumen.',
    status: 'published',
    tier: 'limited',
    topic: 'politics',
    country: 'CL',
    backend: 'extractive (offline)',
    provenance: { method: 'extractive-v1', costUsd: 0 },
    coverage: coverage(outlets),
    articleIds: ids,
    outletCount: 3,
    lastPublishedAt: '2026-04-27T12:00:00Z',
    methodologyVersion: METHODOLOGY_VERSION,
    sentences: [
      { text: 'Primera frase.', articleIds: [ids[0]!, ids[1]!] },
      { text: 'Segunda frase.', articleIds: [ids[2]!] },
    ],
    guard: { publish: true, reasons: [], input: {} },
    blindspots: { prisma: ['left'], fujaDaBolha: null },
    decidedAt: '2026-04-27T12:00:00Z',
  });
  // Held by the publish guard: reasons deliberately not in the guard's usual order, to show the
  // site keeps the stored order.
  await store.stories.save({
    id: 'retenida-1',
    title: 'Historia retenida guardada',
    summary: null,
    status: 'held',
    tier: 'limited',
    topic: 'economy',
    country: 'CL',
    backend: 'extractive (offline)',
    provenance: { method: 'extractive-v1', costUsd: 0 },
    coverage: coverage(outlets.slice(0, 2)),
    articleIds: ids.slice(0, 2),
    outletCount: 2,
    methodologyVersion: METHODOLOGY_VERSION,
    sentences: [{ text: 'Única frase.', articleIds: [ids[0]!] }],
    guard: { publish: false, reasons: ['no_image', 'insufficient_synthesis'], input: {} },
    blindspots: { prisma: [], fujaDaBolha: null },
    decidedAt: '2026-04-27T13:00:00Z',
  });
  // Held because the synthesis returned no sentence (no_synthesis): its review page shows the
  // articles and says there is no text.
  await store.stories.save({
    id: 'retenida-sin-sintesis',
    title: 'Historia retenida sin síntesis',
    summary: null,
    status: 'held',
    tier: 'limited',
    topic: null,
    country: 'CL',
    backend: 'llm',
    provenance: {
      provider: 'gemini',
      model: 'gemini-2.5-flash',
      promptId: 'story-synthesis',
      promptVersion: '3',
      costUsd: 0.0002,
    },
    coverage: coverage(outlets),
    articleIds: ids,
    outletCount: 3,
    methodologyVersion: METHODOLOGY_VERSION,
    sentences: [],
    guard: { publish: false, reasons: ['no_synthesis', 'no_image'], input: {} },
    blindspots: { prisma: [], fujaDaBolha: null },
    decidedAt: '2026-04-27T09:00:00Z',
  });
  await store.checks.saveDebateName('debate-1', 'Debate ficticio');
  await store.checks.saveCheck({
    id: 'debate-1#0.0',
    debateId: 'debate-1',
    candidate: 'Candidata A',
    spokenAt: '2026-04-20T22:04:00Z',
    claim: { kind: 'checkable', text: 'A inflação caiu.', datum: 'inflação' },
    judge: { reason: 'Dado oficial fictício.' },
    citations: ['https://dados.exemplo.gov.br/x'],
    evidence: [{ url: 'https://dados.exemplo.gov.br/x', provider: 'replay', kind: 'web' }],
    verdict: 'true',
    status: 'published',
    history: [{ verdict: 'true', status: 'published', at: '2026-04-20T22:05:00Z', phase: 'live' }],
  });
}, 300_000); // a bound against a hang only: no verdict depends on how long this takes

afterAll(async () => {
  await database?.cleanup();
});

describe('snapshotFromStore', () => {
  test('reads the classified Chilean headlines (title and bajada only) for /chile', async () => {
    await store.chileHeadlines.save([
      {
        id: 'cooperativa:prueba-1',
        outlet: 'cooperativa',
        url: 'https://www.cooperativa.cl/noticias/prueba-1',
        publishedAt: '2026-04-27T10:00:00Z',
        title: 'Senado despacha el proyecto (boletín N° 12.345-07) — titular de prueba',
        description: null,
        class: 'legislative_process',
        backend: 'rules-baseline (offline)',
        evidence: 'Senado despacha',
        evidenceField: 'title',
        rejection: null,
        boletines: ['12345-07'],
        trace: ['HC-1', 'LINK-1', 'AGR-3'],
        firstSeenAt: '2026-04-27T10:05:00Z',
        classifiedAt: '2026-04-27T10:05:00Z',
      },
    ]);
    const data = createSnapshotSiteData(await snapshotFromStore(store, storeModule, '2026-04-27T12:00:00Z'));
    expect(data.chile.origin).toBe('monitor');
    const [headline] = await data.chile.listHeadlines({ class: 'legislative_process' });
    expect(headline).toMatchObject({ outletName: 'Cooperativa', boletines: ['12345-07'], description: null });
    expect(await data.chile.listHeadlines({ class: 'non_legislative' })).toEqual([]);
  });

  test('maps outlets, stories and checks; illustrative rating evidence is not fictitious news', async () => {
    const snapshot = await snapshotFromStore(store, storeModule, '2026-04-27T12:00:00Z');
    expect(snapshot.source).toMatchObject({ kind: 'store', fixture: false, illustrativeRatings: true });
    // Store mode never shows the fixture banner; it says the ratings are illustrative instead.
    expect(dataNotice(snapshot.source)).toBe('illustrativeRatings');
    const left = snapshot.outlets.find((outlet) => outlet.domain === 'izquierda.example')!;
    expect(left).toMatchObject({
      scope: 'political',
      ownerType: 'corporate-conglomerate',
      factualityScore: 70,
      rating: { bias: 'left', methodologyVersion: METHODOLOGY_VERSION },
    });
    expect(left.evidence?.academic?.sources[0]).toMatchObject({ name: 'Observatorio ficticio', weight: 'primary' });
    expect(snapshot.outlets.find((outlet) => outlet.domain === 'nuevo.example')).toMatchObject({
      scope: null,
      preliminary: { reason: 'en cola' },
      evidence: null,
    });

    const [story] = snapshot.stories;
    expect(snapshot.stories).toHaveLength(1);
    expect(story).toMatchObject({
      id: 'historia-1',
      tier: 'limited',
      topic: 'politics',
      language: 'es',
      fixture: false,
      audit: { backend: 'extractive (offline)', method: 'extractive-v1' },
    });
    expect(story!.outlets.map((outlet) => outlet.domain).sort()).toEqual(Object.keys(domains).sort());
    expect(story!.coverage.rated).toBe(3);
    expect(story!.ownershipMix.counts['corporate-conglomerate']).toBe(3);
    expect(story!.sentences.map((sentence) => sentence.articleIds.length)).toEqual([2, 1]);

    // The site recomputes the stored flag and finds the (deliberately wrong) stored one drifted.
    const [summary] = await createSnapshotSiteData(snapshot).listStories();
    expect(prismaView(summary!, () => undefined).drift).not.toBeNull();

    expect(snapshot.held).toHaveLength(2);
    expect(snapshot.debates).toHaveLength(1);
    expect(snapshot.debates[0]).toMatchObject({ name: 'Debate ficticio', candidates: [{ name: 'Candidata A' }] });
    expect(snapshot.debates[0]!.checks[0]).toMatchObject({
      phrase: 'A inflação caiu.',
      reason: 'Dado oficial fictício.',
      verdict: 'true',
    });
  });
});

describe('held stories', () => {
  test('lists the stories the publish guard held, with its stored reasons in their order', async () => {
    const data = createSnapshotSiteData(await snapshotFromStore(store, storeModule, '2026-04-27T12:00:00Z'));
    expect((await data.listStories()).map((story) => story.id)).toEqual(['historia-1']);
    const held = await data.listHeldStories();
    expect(held.map((story) => story.id)).toEqual(['retenida-1', 'retenida-sin-sintesis']);
    expect(held[0]).toMatchObject({
      id: 'retenida-1',
      title: 'Historia retenida guardada',
      tier: 'limited',
      topic: 'economy',
      fixture: false,
    });
    expect(held[0]!.guardReasons).toEqual(['no_image', 'insufficient_synthesis']);
    expect(held[0]!.coverage).toMatchObject({ total: 2, rated: 2 });
    expect(Date.parse(held[0]!.decidedAt)).not.toBeNaN();
    expect(await data.getStory('retenida-1')).toBeUndefined();
  });

  test('gives each held story its stored sentences, sources, provenance and guard record for its review page', async () => {
    const data = createSnapshotSiteData(await snapshotFromStore(store, storeModule, '2026-04-27T12:00:00Z'));
    const held = await data.getHeldStory('retenida-1');
    expect(held).toMatchObject({
      id: 'retenida-1',
      guardReasons: ['no_image', 'insufficient_synthesis'],
      publishGuard: { publish: false, reasons: ['no_image', 'insufficient_synthesis'] },
      audit: { backend: 'extractive (offline)', method: 'extractive-v1', methodologyVersion: METHODOLOGY_VERSION },
      sentences: [{ text: 'Única frase.', discrepancy: false }],
    });
    expect(held!.articles.map((article) => article.domain).sort()).toEqual(['centro.example', 'izquierda.example']);
    expect(held!.articles.map((article) => article.id)).toContain(held!.sentences[0]!.articleIds[0]);
    expect(held!.ownershipMix.counts['corporate-conglomerate']).toBe(2);

    const empty = await data.getHeldStory('retenida-sin-sintesis');
    expect(empty).toMatchObject({
      sentences: [],
      guardReasons: ['no_synthesis', 'no_image'],
      topic: null,
      audit: { backend: 'llm', provider: 'gemini', promptVersion: '3' },
    });
    expect(empty!.articles).toHaveLength(3);
    // Published stories have no review page; held ones no story page.
    expect(await data.getHeldStory('historia-1')).toBeUndefined();
    expect(await data.getStory('retenida-sin-sintesis')).toBeUndefined();
  });

  test('without illustrative evidence the store shows no data notice', () => {
    expect(
      dataNotice({
        kind: 'store',
        description: 'x',
        generatedAt: '2026-04-27T12:00:00Z',
        fixture: false,
        illustrativeRatings: false,
      }),
    ).toBeNull();
    expect(
      dataNotice({ kind: 'snapshot', description: 'x', generatedAt: '2026-04-27T12:00:00Z', fixture: false }),
    ).toBeNull();
  });
});

describe('contestations in the store', () => {
  test('a burst holds CON-3 and transitions follow CON-2', async () => {
    const backend = contestationBackendOver(store);
    const contestation = (index: number) => ({
      id: `imp-store-${index}`,
      dimension: 'bias' as const,
      outlet: 'centro.example',
      contesterId: 'lector-store',
      text: 'Texto de prueba.',
      createdAt: `2026-04-27T10:0${index}:00Z`,
    });
    const outcomes = await Promise.all([0, 1, 2, 3, 4].map((index) => backend.create(contestation(index))));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(3);
    const refused = outcomes.find((outcome) => !outcome.ok);
    expect(refused && !refused.ok ? refused.refusal.rule : null).toBe('contester_hour');
    const [newest] = await backend.list({ contesterId: 'lector-store' });
    expect(newest!.state.status).toBe('open');
    const id = newest!.contestation.id;
    expect(
      await backend.transition(id, { to: 'accepted', by: 'e', at: '2026-04-27T11:00:00Z', notes: 'x' }),
    ).toMatchObject({ ok: false, reason: 'invalid_transition' });
    expect(
      await backend.transition(id, { to: 'triage', by: 'e', at: '2026-04-27T11:00:00Z', notes: '' }),
    ).toMatchObject({ ok: true, entry: { to: 'triage' } });
    expect(
      await backend.transition('no-existe', { to: 'triage', by: 'e', at: '2026-04-27T11:00:00Z', notes: '' }),
    ).toBeUndefined();
  });
});

describe('accepting a contestation in the editor (CON-4)', () => {
  test('enqueues the re-rating of the outlet with cause accepted_contestation, once', async () => {
    const backend = contestationBackendOver(store);
    const created = await backend.create({
      id: 'imp-aceptada',
      dimension: 'bias',
      outlet: 'derecha.example',
      contesterId: 'lector-aceptada',
      text: 'La fuente académica no es del país.',
      createdAt: '2026-04-28T10:00:00Z',
    });
    expect(created.ok).toBe(true);
    await backend.transition('imp-aceptada', { to: 'triage', by: 'editora', at: '2026-04-28T11:00:00Z', notes: '' });
    expect(await store.reratings.list({ domain: 'derecha.example' })).toEqual([]);
    const accepted = await backend.transition('imp-aceptada', {
      to: 'accepted',
      by: 'editora',
      at: '2026-04-28T12:00:00Z',
      notes: 'Procede.',
    });
    expect(accepted).toMatchObject({ ok: true, triggersRerating: true });
    const queued = await store.reratings.list({ domain: 'derecha.example' });
    expect(queued).toMatchObject([
      {
        status: 'pending',
        reason: 'accepted_contestation',
        cause: 'accepted_contestation',
        contestationId: 'imp-aceptada',
      },
    ]);
    expect(queued[0]!.detail).toContain('editora');
  });
});

describe('site data that follows the store', () => {
  test('a story published after the first read is served after the next look, without a restart', async () => {
    let clock = 0;
    const data = createRefreshingStoreSiteData({
      minIntervalMs: 1_000,
      now: () => clock,
      openStore: async () => store,
    });
    const first = await data.current();
    const before = (await first.listStories()).map((story) => story.id);
    expect(before).toContain('historia-1');
    expect(before).not.toContain('historia-nueva');
    const ids = (await store.stories.get('historia-1'))!.sources.map((source) => source.articleId);
    await store.stories.save({
      id: 'historia-nueva',
      title: 'Historia publicada por el worker',
      summary: 'Resumen nuevo.',
      status: 'published',
      tier: 'limited',
      topic: 'politics',
      country: 'CL',
      backend: 'extractive (offline)',
      provenance: { method: 'extractive-v1', costUsd: 0 },
      coverage: coverage(
        Object.entries(domains).map(([domain, bias]) => ({ domain, scope: 'political' as const, bias })),
      ),
      articleIds: ids,
      outletCount: 3,
      lastPublishedAt: '2026-04-27T14:00:00Z',
      methodologyVersion: METHODOLOGY_VERSION,
      sentences: [{ text: 'Frase nueva.', articleIds: [ids[0]!] }],
      guard: { publish: true, reasons: [], input: {} },
      blindspots: { prisma: [], fujaDaBolha: null },
      decidedAt: '2026-04-27T14:00:00Z',
    });
    // Within the interval the previous data is served (no read per request)…
    clock = 500;
    expect(await data.current()).toBe(first);
    // …after it, the change is seen and the new story is there.
    clock = 1_500;
    const second = await data.current();
    expect((await second.listStories()).map((story) => story.id)).toContain('historia-nueva');
    // Nothing changed since: not read again (the same stories), only the data's instant moves on.
    clock = 3_000;
    const third = await data.current();
    expect(await third.listStories()).toBe(await second.listStories());
    expect(third.source.generatedAt).toBe(new Date(3_000).toISOString());
  });

  test("the data's instant is the shared service's clock: the navigation's window ends there and rolls on without a change", async () => {
    let serviceNow = new Date('2026-04-28T10:00:00Z');
    let machine = 0;
    const data = createRefreshingStoreSiteData({
      minIntervalMs: 1_000,
      now: () => machine,
      openStore: async () => store,
      service: () => ({ now: () => serviceNow, replay: { label: 'replay of the Espectro demo corpus' } }),
    });
    const first = await data.current();
    expect(first.source.generatedAt).toBe('2026-04-28T10:00:00.000Z');
    expect(first.source.replayedDemo).toBe(true);
    const stories = await first.listStories();
    const active = stories.filter(
      (story) => story.topic !== null && Date.parse(story.publishedAt) > Date.parse('2026-04-26T10:00:00Z'),
    );
    // The fixture store has topic-classified stories inside the 48 h before the service's instant…
    expect(active.length).toBeGreaterThan(0);
    expect(navigationTopicsOf(stories, first.source.generatedAt).length).toBeGreaterThan(0);
    // …and three days later on the service's clock, with nothing stored in between, none is active.
    serviceNow = new Date('2026-05-01T10:00:00Z');
    machine = 1_500;
    const later = await data.current();
    expect(later.source.generatedAt).toBe('2026-05-01T10:00:00.000Z');
    expect(await later.listStories()).toBe(stories);
    expect(navigationTopicsOf(stories, later.source.generatedAt)).toEqual([]);
  });
});

describe('the open-data outlet record (issue 16)', () => {
  test("carries the ownership_history the stored rating read, through the API's schema", async () => {
    await recordRating(store.ratings, {
      evidence: {
        ...evidence('propietario.example', 'center'),
        ownership: {
          owner_type: 'corporate-conglomerate',
          country_regime: 'democracy',
          ownership_history: [
            { date: '2017', event: 'adquirido por Grupo Salinas' },
            { date: '2026-03-02', event: 'vendido a Grupo Ficticio', control_change: true },
          ],
        },
      },
      name: 'Medio con historia',
      asOf: '2026-04-27',
      changedAt: '2026-04-27T00:00:00Z',
    });
    const data = createSnapshotSiteData(await snapshotFromStore(store, storeModule, '2026-04-27T12:00:00Z'));
    const document = await openDataDocument(data, 'fuentes', 'https://espectro.example');
    const outlets = document.outlets as { domain: string; ownershipHistory: unknown[] }[];
    expect(outlets.find((outlet) => outlet.domain === 'propietario.example')!.ownershipHistory).toEqual([
      { date: '2017', event: 'adquirido por Grupo Salinas' },
      { date: '2026-03-02', event: 'vendido a Grupo Ficticio', control_change: true },
    ]);
    // No history, and a preliminary outlet: an empty list, never a missing field.
    expect(outlets.find((outlet) => outlet.domain === 'centro.example')!.ownershipHistory).toEqual([]);
    expect(outlets.find((outlet) => outlet.domain === 'nuevo.example')!.ownershipHistory).toEqual([]);
  });
});
