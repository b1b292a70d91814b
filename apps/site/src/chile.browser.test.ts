/**
 * End-to-end tests of the Chilean section (seed 004), lean: one static build from the fixture
 * snapshot plus synthetic classified headlines (one with a boletín, one with a hostile title),
 * checked over HTTP — the class filter, LINK-1 links, 404 for an unknown class, and a validation
 * page whose every figure keeps its n and interval and matches the frozen verdict — then in
 * chromium at 1280 and 390 px: no horizontal overflow, axe clean, screenshots saved to
 * apps/site/test-results/chile-*.png for a person to look at. Both route modes rendering the same
 * bytes is checked for every page of the static export by site.browser.test.ts.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type AxeBuilderClass from '@axe-core/playwright';
import { billPageUrl } from '@espectro/methodology';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildFixtureSnapshot } from './fixtures/fixture.js';
import {
  CHILE_CLASS_SLUGS,
  chileValidation,
  figureText,
  intervalAgainst,
  type SiteChileHeadline,
} from './lib/chile.js';
import type { SiteSnapshot } from './lib/snapshot.js';
import {
  buildDirectory,
  buildSite,
  SITE_DIRECTORY,
  startSite,
  writeSnapshot,
  type SiteServer,
} from './testing/site-build.js';

const CHROMIUM = '/usr/bin/chromium';
const RESULTS = join(SITE_DIRECTORY, 'test-results');
const HOSTILE = '<script>alert("x")</script> Diputada «prueba» & co.';

const row = (id: string, overrides: Partial<SiteChileHeadline>): SiteChileHeadline => ({
  id,
  outlet: 'latercera',
  outletName: 'La Tercera',
  url: `https://www.latercera.com/${id}`,
  publishedAt: '2026-04-27T10:00:00Z',
  title: `Titular sintético ${id}`,
  description: null,
  class: 'non_legislative',
  backend: 'rules-baseline (offline)',
  evidence: null,
  evidenceField: null,
  boletines: [],
  classifiedAt: '2026-04-27T10:05:00Z',
  ...overrides,
});

/** Synthetic rows (this test only): the fixture site otherwise shows golden-set examples. */
const HEADLINES: SiteChileHeadline[] = [
  row('cl-1', {
    title: 'Senado despacha el proyecto, boletín N° 12.345-07 (sintético)',
    class: 'legislative_process',
    evidence: 'Senado despacha',
    evidenceField: 'title',
    boletines: ['12345-07'],
    publishedAt: '2026-04-27T12:00:00Z',
  }),
  row('cl-2', {
    title: HOSTILE,
    class: 'parliamentary_activity',
    evidence: 'Diputada',
    evidenceField: 'title',
    outlet: 'cooperativa',
    outletName: 'Cooperativa',
  }),
  row('cl-3', { class: 'non_legislative', description: 'Bajada sintética.', publishedAt: '2026-04-26T09:00:00Z' }),
];
const SNAPSHOT: SiteSnapshot = { ...buildFixtureSnapshot({ stories: 4 }), chileHeadlines: HEADLINES };

let workDirectory: string;
let server: SiteServer;
const url = (path: string) => `${server.origin}${path}`;
const page = async (path: string) => {
  const response = await fetch(url(path));
  return { status: response.status, html: await response.text() };
};

beforeAll(async () => {
  workDirectory = buildDirectory('chile-test');
  const snapshotPath = join(workDirectory, 'snapshot.json');
  writeSnapshot(snapshotPath, SNAPSHOT);
  const build = await buildSite(snapshotPath, join(workDirectory, 'dist'), {}, 'static');
  server = await startSite(build.outDir);
}, 600_000);

afterAll(async () => {
  await server?.stop();
  if (workDirectory) rmSync(workDirectory, { recursive: true, force: true });
});

describe('/chile over HTTP', () => {
  test('lists the stored headlines newest first, escaped, with LINK-1 links only by boletín', async () => {
    const { status, html } = await page('/chile');
    expect(status).toBe(200);
    expect(html).toContain('lang="es-CL"');
    expect([...html.matchAll(/data-headline="([^"]+)"/g)].map((match) => match[1])).toEqual(['cl-1', 'cl-2', 'cl-3']);
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;script&gt;alert');
    expect(html).toContain(`href="${billPageUrl('12345-07').replace(/&/g, '&amp;')}"`);
    expect([...html.matchAll(/data-boletin=/g)]).toHaveLength(1);
    expect(html).not.toContain('data-notice="chile-examples"');
  });

  test('filters by class, and an unknown class is a 404', async () => {
    const { html } = await page(`/chile/clase/${CHILE_CLASS_SLUGS.legislative_process}`);
    expect([...html.matchAll(/data-headline="([^"]+)"/g)].map((match) => match[1])).toEqual(['cl-1']);
    expect(html).toMatch(
      /aria-current="page"[^>]*data-class-filter="legislative_process"|data-class-filter="legislative_process"[^>]*aria-current="page"/,
    );
    expect((await page(`/chile/clase/${CHILE_CLASS_SLUGS.ambiguous}`)).html).toContain('data-empty');
    expect((await page('/chile/clase/no-existe')).status).toBe(404);
  });

  test('the validation page keeps every figure with its n and interval and shows the frozen verdict', async () => {
    const { status, html } = await page('/chile/clasificacion');
    expect(status).toBe(200);
    const figures = [...html.matchAll(/<(?:td|strong|span)[^>]*data-figure[^>]*>([^<]*)</g)].map((match) =>
      match[1]!.replace(/\u00a0/g, ' '),
    );
    expect(figures.length).toBeGreaterThanOrEqual(13);
    for (const text of figures) expect(text).toMatch(/\(IC 95 %: [^;]+–[^;]+; n = \d+\)/);
    const summary = await chileValidation();
    expect(html).toContain(figureText(summary.outOfSample.evaluation.macroAccuracy!));
    expect(html).toContain(`data-verdict="${summary.outOfSample.evaluation.passed.overall ? 'passed' : 'not-passed'}"`);
    const evaluation = summary.outOfSample.evaluation;
    expect(html).toContain(
      `data-interval-reading="${intervalAgainst(evaluation.macroAccuracy!, evaluation.thresholds.macroAccuracy.minimum)}"`,
    );
    for (const hash of Object.values(summary.sha256)) expect(html).toContain(hash);
    expect(html).toContain(summary.composition.largest.outlet);
    expect(html).toMatch(/no está medido: se declara aquí como ausente/);
    expect(html).toMatch(/Ninguna etiqueta es humana/);
    // The errors of the run, one by one: as many as the recall table's misses, none dropped.
    const misses = summary.outOfSampleRecall.reduce((sum, line) => sum + line.goldCases - line.correct, 0);
    expect(misses).toBeGreaterThan(0);
    expect(html).toContain(`data-error-count="${misses}"`);
    expect([...html.matchAll(/data-error-id="([^"]+)"/g)].map((match) => match[1])).toEqual(
      summary.outOfSampleErrors.map((error) => error.id),
    );
    expect([...html.matchAll(/<li data-confusion-class="[^"]+"/g)]).toHaveLength(summary.outOfSampleConfusion.length);
  });
});

describe.skipIf(!existsSync(CHROMIUM))('/chile in chromium', () => {
  let browser: Browser;
  let AxeBuilder: typeof AxeBuilderClass;

  beforeAll(async () => {
    const { chromium } = await import('playwright-core');
    AxeBuilder = (await import('@axe-core/playwright')).default;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  test.each([1280, 390])(
    'at %i px: no horizontal overflow, axe clean, screenshots saved',
    async (width) => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      try {
        const tab = await context.newPage();
        mkdirSync(RESULTS, { recursive: true });
        for (const path of [
          '/chile',
          `/chile/clase/${CHILE_CLASS_SLUGS.legislative_process}`,
          '/chile/clasificacion',
        ]) {
          await tab.goto(url(path));
          expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          const results = await new AxeBuilder({ page: tab })
            .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
            .analyze();
          expect(results.violations.map((violation) => `${path} ${violation.id}`)).toEqual([]);
          await tab.screenshot({
            path: join(RESULTS, `chile${path.replace(/\//g, '-')}-${width}.png`),
            fullPage: true,
          });
        }
      } finally {
        await context.close();
      }
    },
    180_000,
  );
});
