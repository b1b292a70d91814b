import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blindspotPrisma, checkContestationRateLimit, CONTESTATION_LABELS, TOPICS } from '@espectro/methodology';
import { afterEach, describe, expect, test } from 'vitest';
import { buildFixtureSnapshot, HELD_WITHOUT_SYNTHESIS_ID, HOSTILE_PAYLOADS } from '../fixtures/fixture.js';
import {
  BIAS_LABELS,
  CONTESTATION_STATUS_LABELS,
  LABELS,
  storyTextLang,
  t,
  TOPIC_LABELS,
  TOPIC_SLUGS,
} from '../i18n.js';
import { absoluteSiteUrl, checkPagePath } from '@espectro/factcheck';
import { claimReviews, jsonForScript } from './claimreview.js';
import { createFileContestationBackend } from './contestations.js';
import { csvCell, toCsv } from './csv.js';
import { siteDataChoice } from './data.js';
import { readFields, submitContestation } from './requests.js';
import { assertSnapshot, createSnapshotSiteData, SnapshotError } from './snapshot.js';
import { dataNotice, debateView, factualityDistribution, fujaView, prismaView, storyOutletInput } from './views.js';

const snapshot = buildFixtureSnapshot({ stories: 30 });
const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});
function temporary(): string {
  const directory = mkdtempSync(join(tmpdir(), 'espectro-site-unit-'));
  directories.push(directory);
  return directory;
}

describe('fixture snapshot', () => {
  test('labels every story and debate as a fixture and uses reserved .example domains', () => {
    expect(snapshot.source.fixture).toBe(true);
    expect(snapshot.stories.every((story) => story.fixture)).toBe(true);
    expect(snapshot.debates.every((debate) => debate.fixture)).toBe(true);
    expect(snapshot.outlets.every((outlet) => outlet.domain.endsWith('.example'))).toBe(true);
  });

  test('stores the blindspot flags the methodology computes', () => {
    for (const story of snapshot.stories) {
      expect(story.storedBlindspots.prisma).toEqual(
        blindspotPrisma({ outlets: story.outlets.map(storyOutletInput), topic: story.topic }),
      );
    }
  });

  test('shows the fixture notice, never the illustrative-ratings one', () => {
    expect(dataNotice(snapshot.source)).toBe('fixture');
    expect(dataNotice({ ...snapshot.source, illustrativeRatings: true })).toBe('fixture');
  });

  test('lists the stories the publish guard held, with the reasons it returned', async () => {
    const data = createSnapshotSiteData(snapshot);
    const held = await data.listHeldStories();
    const expected = snapshot.stories.filter(
      (story) => !story.publishGuard.publish && story.publishGuard.reasons.length > 0,
    );
    expect(held.map((story) => story.id).sort()).toEqual(expected.map((story) => story.id).sort());
    for (const story of held) {
      expect(story.guardReasons).toEqual(expected.find((candidate) => candidate.id === story.id)!.publishGuard.reasons);
      expect(await data.getStory(story.id)).toBeUndefined();
    }
    const published = new Set((await data.listStories()).map((story) => story.id));
    expect(held.some((story) => published.has(story.id))).toBe(false);
  });

  test('gives every held story its review data: sentences, sources, audit, the guard result', async () => {
    const data = createSnapshotSiteData(snapshot);
    const held = await data.listHeldStories();
    // What the lists show stays small: no texts in the list form.
    expect(held.every((story) => !('sentences' in story))).toBe(true);
    for (const summary of held) {
      const story = snapshot.stories.find((candidate) => candidate.id === summary.id)!;
      const detail = await data.getHeldStory(summary.id);
      expect(detail).toMatchObject({
        id: story.id,
        title: story.title,
        guardReasons: story.publishGuard.reasons,
        publishGuard: story.publishGuard,
        audit: story.audit,
      });
      expect(detail!.sentences).toEqual(story.sentences);
      expect(detail!.articles).toEqual(story.articles);
    }
    expect(held.some((story) => story.guardReasons.length > 0 && story.id !== HELD_WITHOUT_SYNTHESIS_ID)).toBe(true);
    // The synthesis returned nothing: held for no_synthesis, with its articles and no sentences.
    const empty = await data.getHeldStory(HELD_WITHOUT_SYNTHESIS_ID);
    expect(empty).toMatchObject({ sentences: [], guardReasons: ['no_synthesis'] });
    expect(empty!.articles.length).toBeGreaterThan(0);
    // Published and unknown stories have no review page.
    const [published] = await data.listStories();
    expect(await data.getHeldStory(published!.id)).toBeUndefined();
    expect(await data.getHeldStory('no-existe')).toBeUndefined();
  });

  test('held entries of older snapshots (without sentences) are listed but get no review page', async () => {
    const listed = (await createSnapshotSiteData(snapshot).listHeldStories())[0]!;
    const data = createSnapshotSiteData({ ...snapshot, held: [listed] });
    expect((await data.listHeldStories()).map((story) => story.id)).toEqual([listed.id]);
    expect(await data.getHeldStory(listed.id)).toBeUndefined();
  });

  test('is deterministic', () => {
    expect(buildFixtureSnapshot({ stories: 30 })).toEqual(snapshot);
  });
});

describe('snapshot SiteData', () => {
  test('lists only published stories, newest first, and finds them by id', async () => {
    const data = createSnapshotSiteData(snapshot);
    const stories = await data.listStories();
    expect(stories.length).toBe(snapshot.stories.filter((story) => story.publishGuard.publish).length);
    const times = stories.map((story) => Date.parse(story.publishedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await data.getStory(stories[0]!.id))?.sentences.length).toBeGreaterThan(0);
    const unpublished = snapshot.stories.find((story) => !story.publishGuard.publish);
    if (unpublished) expect(await data.getStory(unpublished.id)).toBeUndefined();
    expect((await data.getOutlet('cordillera.example'))?.name).toBe('Diario Cordillera');
  });

  test('refuses files that are not snapshots', () => {
    expect(() => assertSnapshot({ format: 'other' }, 'x.json')).toThrow(SnapshotError);
    expect(() => assertSnapshot({ ...snapshot, version: 2 }, 'x.json')).toThrow(/version 2/);
    expect(() => assertSnapshot({ ...snapshot, stories: {} }, 'x.json')).toThrow(/stories/);
  });

  test('the data source is chosen from the environment', () => {
    expect(siteDataChoice({})).toEqual({ kind: 'fixture' });
    expect(siteDataChoice({ ESPECTRO_SITE_SNAPSHOT: 'a.json' })).toEqual({ kind: 'snapshot', path: 'a.json' });
    expect(siteDataChoice({ ESPECTRO_SITE_SNAPSHOT_AT_BUILD: '/b.json' })).toEqual({
      kind: 'snapshot',
      path: '/b.json',
    });
    expect(siteDataChoice({ ESPECTRO_SITE_SOURCE: 'store', ESPECTRO_SITE_SNAPSHOT: 'a.json' })).toEqual({
      kind: 'store',
    });
  });
});

describe('i18n', () => {
  test('every label exists in both locales', () => {
    for (const [key, label] of Object.entries(LABELS)) {
      expect(label.es.trim(), key).not.toBe('');
      expect(label['pt-BR'].trim(), key).not.toBe('');
    }
    expect(Object.keys(TOPIC_LABELS).sort()).toEqual([...TOPICS].sort());
    expect(new Set(Object.values(TOPIC_SLUGS)).size).toBe(TOPICS.length);
  });

  test('uses the RULES labels table and the methodology contestation labels', () => {
    expect(BIAS_LABELS.left).toEqual({ es: 'Izquierda', 'pt-BR': 'Esquerda' });
    expect(CONTESTATION_STATUS_LABELS).toBe(CONTESTATION_LABELS.status);
  });

  test('fills placeholders', () => {
    expect(t('es', 'outletCount', { count: 12 })).toBe('12 medios');
    expect(t('pt-BR', 'alreadyChecked', { debate: 'Band 18/10' })).toBe('já checado em Band 18/10');
  });

  test("marks a story's text with its language only where it differs from the page's", () => {
    expect(storyTextLang('es', 'pt')).toBe('pt-BR');
    expect(storyTextLang('es', 'es')).toBeUndefined();
    expect(storyTextLang('pt-BR', 'pt')).toBeUndefined();
    expect(storyTextLang('pt-BR', 'es')).toBe('es');
  });
});

describe('views call the methodology and log drift', () => {
  test('a stored Prisma flag that disagrees is logged once with the DRIFT message', async () => {
    const drifted = buildFixtureSnapshot({ stories: 30, driftStoryIds: ['h00002'] });
    const story = (await createSnapshotSiteData(drifted).listStories()).find((candidate) => candidate.id === 'h00002')!;
    const warnings: string[] = [];
    const view = prismaView(story, ({ storyId, rule, drift }) => warnings.push(`${storyId} ${rule} ${drift.rule}`));
    expect(view.drift).not.toBeNull();
    expect(warnings).toEqual(['h00002 BS-PR DRIFT']);
    const clean = (await createSnapshotSiteData(snapshot).listStories())[0]!;
    expect(prismaView(clean, () => warnings.push('unexpected')).drift).toBeNull();
  });

  test('Fuja da Bolha counts articles, not outlets', async () => {
    const story = (await createSnapshotSiteData(snapshot).listStories()).find(
      (candidate) => candidate.country === 'BR',
    )!;
    const view = fujaView(story, () => undefined);
    expect(view.explanation.total).toBe(story.articleDomains.length);
    expect(view.explanation.result).toBe(story.storedBlindspots.fujaDaBolha);
  });

  test('debate scoreboards: live and revised, with insufficient and comparison states', () => {
    const [current, earlier] = snapshot.debates;
    const view = debateView(current!);
    const helena = (rows: typeof view.live.rows) => rows.find((row) => row.candidate === 'Helena Valadares')!;
    // The creche check was false live and true after review.
    expect(helena(view.live.rows).false).toBe(helena(view.revised.rows).false + 1);
    expect(view.revised.needleMoves).toBe(true);
    expect(debateView(earlier!).live.comparisons.map((comparison) => comparison.result)).toEqual(['insufficient']);
  });

  test('factuality distribution percentages sum to 100', () => {
    const distribution = factualityDistribution(snapshot.outlets);
    expect(distribution.levels.reduce((sum, level) => sum + level.percent, 0)).toBe(100);
    expect(distribution.unrated).toBe(1);
  });
});

describe('ClaimReview', () => {
  test('one per published check, with the schema.org fields', () => {
    const debate = snapshot.debates[0]!;
    const reviews = claimReviews(debate, 'https://espectro.example/');
    expect(reviews).toHaveLength(debate.checks.filter((check) => check.status === 'published').length);
    const review = reviews[0]!;
    expect(review).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ClaimReview',
      author: { '@type': 'Organization', name: 'Espectro' },
      reviewRating: { '@type': 'Rating', bestRating: 3, worstRating: 1 },
      itemReviewed: { '@type': 'Claim', author: { '@type': 'Person' }, appearance: { '@type': 'CreativeWork' } },
    });
    // the absolute URL of the check's own page, as factcheck's builder makes it (one ClaimReview per check page)
    const first = debate.checks.find((check) => check.status === 'published')!;
    expect(review.url).toBe(absoluteSiteUrl('https://espectro.example/', checkPagePath(debate.id, first.id)));
    expect(review.url.startsWith('https://espectro.example/placar/')).toBe(true);
    expect(review.reviewRating.name).toBe(review.reviewRating.alternateName);
    expect(review.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const noData = reviews.find((candidate) => candidate.reviewRating.alternateName === 'Sem dados');
    expect(noData?.reviewRating.ratingValue).toBeUndefined();
  });

  test('JSON for a script element cannot close it', () => {
    const text = jsonForScript({ phrase: HOSTILE_PAYLOADS.phrase });
    expect(text).not.toMatch(/[<>]/);
    expect(JSON.parse(text)).toEqual({ phrase: HOSTILE_PAYLOADS.phrase });
  });
});

describe('CSV', () => {
  test('quotes, doubles quotes and defuses formulas', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
    expect(toCsv(['a', 'b'], [[1, 'x\ny']])).toBe('a,b\r\n1,"x\ny"\r\n');
  });
});

describe('contestations', () => {
  const contestation = (
    index: number,
    contesterId = 'lector-1',
    outlet = 'cordillera.example',
    at = '2026-04-27T10:00:00.000Z',
  ) => ({
    id: `imp-${index}`,
    dimension: 'bias' as const,
    outlet,
    contesterId,
    text: 'Texto de prueba.',
    createdAt: at,
  });

  test('a concurrent burst never passes the CON-3 limit, and refusals change nothing', async () => {
    const path = join(temporary(), 'c.json');
    const backend = createFileContestationBackend(path);
    const outcomes = await Promise.all(Array.from({ length: 8 }, (_, index) => backend.create(contestation(index))));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(3);
    const refused = outcomes.find((outcome) => !outcome.ok);
    expect(refused && !refused.ok && refused.refusal.rule).toBe('contester_hour');
    expect(await backend.list()).toHaveLength(3);
    // The file holds the same three: a new backend over it agrees with the methodology.
    const reopened = createFileContestationBackend(path);
    const history = (await reopened.list()).map((record) => ({
      contesterId: record.contestation.contesterId,
      outlet: record.contestation.outlet,
      at: record.contestation.createdAt,
    }));
    expect(
      checkContestationRateLimit(history, {
        contesterId: 'lector-1',
        outlet: 'cordillera.example',
        at: '2026-04-27T10:30:00.000Z',
      }).allowed,
    ).toBe(false);
    expect(
      checkContestationRateLimit(history, {
        contesterId: 'lector-1',
        outlet: 'cordillera.example',
        at: '2026-04-27T11:00:00.000Z',
      }).allowed,
    ).toBe(true);
  });

  test('transitions follow CON-2 and are logged', async () => {
    const backend = createFileContestationBackend(join(temporary(), 'c.json'));
    await backend.create(contestation(1));
    expect(
      await backend.transition('imp-1', { to: 'accepted', by: 'e', at: '2026-04-27T11:00:00Z', notes: 'x' }),
    ).toMatchObject({ ok: false, reason: 'invalid_transition' });
    expect(
      await backend.transition('imp-1', { to: 'triage', by: 'e', at: '2026-04-27T11:00:00Z', notes: '' }),
    ).toMatchObject({ ok: true });
    expect(
      await backend.transition('imp-1', {
        to: 'accepted',
        by: 'e',
        at: '2026-04-27T12:00:00Z',
        notes: 'Fuentes nuevas.',
      }),
    ).toMatchObject({ ok: true, triggersRerating: true });
    expect(
      await backend.transition('imp-1', { to: 'rejected', by: 'e', at: '2026-04-27T13:00:00Z', notes: 'x' }),
    ).toMatchObject({ ok: false, reason: 'terminal_state' });
    expect(
      await backend.transition('imp-x', { to: 'triage', by: 'e', at: '2026-04-27T13:00:00Z', notes: '' }),
    ).toBeUndefined();
    expect((await backend.get('imp-1'))?.state.transitions.map((entry) => entry.to)).toEqual(['triage', 'accepted']);
  });

  test('submissions: unknown fields, schema, unknown outlet, 429 with seconds to wait', async () => {
    const backend = createFileContestationBackend(join(temporary(), 'c.json'));
    const submit = (fields: Record<string, unknown>, now = new Date('2026-04-27T10:00:00Z')) =>
      submitContestation({
        fields,
        contesterId: 'lector-9',
        backend,
        outletExists: async (domain) => domain === 'cordillera.example',
        now,
        locale: 'es',
      });
    const valid = { dimension: 'factuality', outlet: 'cordillera.example', text: 'Corrige esto.' };
    expect(await submit({ ...valid, createdAt: 'x' })).toMatchObject({
      ok: false,
      problem: { status: 400, code: 'unknown_fields' },
    });
    expect(await submit({ ...valid, outlet: 'HTTPS://X' })).toMatchObject({
      ok: false,
      problem: { status: 400, code: 'invalid_fields' },
    });
    expect(await submit({ ...valid, outlet: 'otro.example' })).toMatchObject({ ok: false, problem: { status: 422 } });
    for (let index = 0; index < 3; index += 1) expect((await submit(valid)).ok).toBe(true);
    const refused = await submit(valid, new Date('2026-04-27T10:20:00Z'));
    expect(refused).toMatchObject({
      ok: false,
      problem: { status: 429, rule: 'contester_hour', retryAfterSeconds: 40 * 60 },
    });
  });

  test('bodies: content types, size cap, repeated form fields', async () => {
    const request = (body: string, type: string) =>
      new Request('http://localhost/x', { method: 'POST', body, headers: { 'content-type': type } });
    expect(await readFields(request('a=1', 'text/plain'), 'es')).toMatchObject({ ok: false, problem: { status: 415 } });
    expect(await readFields(request('x'.repeat(100), 'application/json'), 'es', 50)).toMatchObject({
      ok: false,
      problem: { status: 413 },
    });
    expect(await readFields(request('a=1&a=2', 'application/x-www-form-urlencoded'), 'es')).toMatchObject({
      ok: false,
      problem: { status: 400 },
    });
    expect(await readFields(request('{"a":1}', 'application/json; charset=utf-8'), 'es')).toEqual({
      ok: true,
      fields: { a: 1 },
      form: false,
    });
  });
});
