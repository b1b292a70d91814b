/**
 * The reader's site in a real browser (issue 18 §Benchmarks): builds `apps/site` from a fixture
 * snapshot in both route modes, serves each on 127.0.0.1 and reports
 *
 * - per page (front page, a story page with a cover, sources, the pt-BR front page): bytes
 *   transferred (the sum of every response's `encodedDataLength` from the Chrome DevTools Protocol)
 *   and Largest Contentful Paint on a throttled profile — Lighthouse's mobile defaults: CPU slowed
 *   4×, 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up — against the issue's budgets (story page
 *   ≤ 100 KB transferred, LCP ≤ 1.5 s), with the load average beside each figure. LCP is taken
 *   `BENCH_SITE_BROWSER_LCP_RUNS` times per page (default 5, each a fresh context with the cache
 *   off): the median is the figure, the spread and the LCP element (text or image) are recorded;
 * - timed cases: a story page rendered on demand from the data (served mode) and the same page
 *   prerendered (static mode), against the static baseline of `/robots.txt` from the same server.
 *
 * Why not Lighthouse: `lighthouse` (13.5.0 on npm) is installable, but it brings a large dependency
 * tree for two figures; the same two measurements are taken here through the protocol Lighthouse
 * itself reads (CDP, via playwright-core, which the site's browser tests already use), with its
 * throttling profile. No score is computed. The browser is Debian's /usr/bin/chromium; without it
 * the browser figures are skipped with a message and only the HTTP cases run.
 */
import { existsSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserType } from 'playwright-core';
import { buildFixtureSnapshot } from '../apps/site/src/fixtures/fixture.js';
import {
  buildDirectory,
  buildSite,
  SITE_DIRECTORY,
  startSite,
  writeSnapshot,
  type SiteServer,
} from '../apps/site/src/testing/site-build.js';
import { countTransfer, PAGE_WEIGHT_BUDGETS } from '../apps/site/src/testing/page-weight.js';
import type { BenchSuite } from './harness.js';

const CHROMIUM = '/usr/bin/chromium';
const STORIES = Number(process.env.BENCH_SITE_BROWSER_STORIES ?? 200);
/** Issue 18's budgets: the bytes one is enforced by the browser tests too (`PAGE_WEIGHT_BUDGETS`). */
const STORY_PAGE_BUDGET_BYTES = PAGE_WEIGHT_BUDGETS.storyPageBytes;
const LCP_BUDGET_MILLISECONDS = 1500;
/** Lighthouse's default mobile throttling (its "simulated" profile values, applied here for real). */
const THROTTLING = {
  cpuSlowdown: 4,
  latencyMilliseconds: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
};
const LCP_RUNS = Math.max(1, Number(process.env.BENCH_SITE_BROWSER_LCP_RUNS ?? 5));
const PAGES = ['/', '/historia/h00001', '/fuentes', '/pt'];

/** The one-minute load average, as printed beside every figure. */
const load = () => loadavg()[0]!.toFixed(2);

/** One page load on the throttled profile. */
interface PageLoad {
  page: string;
  transferredBytes: number;
  largestContentfulPaintMilliseconds: number | null;
  /** What the LCP was: `img` (and its address) or the text element's tag, with its painted size. */
  largestContentfulPaintElement: string | null;
  loadAverage: string;
}

/** A page's figures over {@link LCP_RUNS} loads: the median LCP, its spread, each load. */
interface PageFigures extends PageLoad {
  largestContentfulPaintRuns: (number | null)[];
  largestContentfulPaintRangeMilliseconds: [number, number] | null;
}

/** The median of the measured values; `null` when a load reported none (counted as over budget). */
function median(values: (number | null)[]): number | null {
  if (values.some((value) => value === null)) return null;
  const sorted = (values as number[]).toSorted((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** {@link LCP_RUNS} loads of one page; the figure is the median load's. */
async function measurePageRuns(browser: Browser, origin: string, path: string): Promise<PageFigures> {
  const loads: PageLoad[] = [];
  for (let run = 0; run < LCP_RUNS; run += 1) loads.push(await measurePage(browser, origin, path));
  const runs = loads.map((pageLoad) => pageLoad.largestContentfulPaintMilliseconds);
  const middle = median(runs);
  const measured = runs.filter((value): value is number => value !== null);
  const representative =
    loads.find((pageLoad) => pageLoad.largestContentfulPaintMilliseconds === middle) ?? loads[loads.length - 1]!;
  return {
    ...representative,
    largestContentfulPaintMilliseconds: middle,
    largestContentfulPaintRuns: runs,
    largestContentfulPaintRangeMilliseconds:
      measured.length === 0 ? null : [Math.min(...measured), Math.max(...measured)],
    loadAverage: load(),
  };
}

/** One page load on the throttled profile: bytes over the wire and the LCP the page reports. */
async function measurePage(browser: Browser, origin: string, path: string): Promise<PageLoad> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.setCacheDisabled', { cacheDisabled: true });
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: THROTTLING.latencyMilliseconds,
    downloadThroughput: THROTTLING.downloadBytesPerSecond,
    uploadThroughput: THROTTLING.uploadBytesPerSecond,
  });
  await session.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuSlowdown });
  const transferred = countTransfer(session);
  await page.goto(`${origin}${path}`, { waitUntil: 'load' });
  // The LCP entries buffered since navigation; the last one is the page's LCP.
  const largest = await page.evaluate(
    () =>
      new Promise<{ startTime: number; element: string } | null>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as (PerformanceEntry & {
            element?: Element;
            url?: string;
            size?: number;
          })[];
          const last = entries[entries.length - 1];
          if (last === undefined) return resolve(null);
          const tag = last.element?.tagName.toLowerCase() ?? '?';
          const element = last.url ? `${tag} ${last.url.replace(location.origin, '')}` : tag;
          resolve({ startTime: last.startTime, element: `${element} (${last.size ?? 0} px²)` });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(null), 5000);
      }),
  );
  const { transferredBytes } = transferred();
  await context.close();
  return {
    page: path,
    transferredBytes,
    largestContentfulPaintMilliseconds: largest?.startTime ?? null,
    largestContentfulPaintElement: largest?.element ?? null,
    loadAverage: load(),
  };
}

export default async function siteBrowserBench(): Promise<BenchSuite> {
  const directory = buildDirectory('bench-site-browser');
  const servers: SiteServer[] = [];
  let browser: Browser | undefined;
  try {
    const snapshotPath = join(directory, 'snapshot.json');
    writeSnapshot(snapshotPath, buildFixtureSnapshot({ stories: STORIES }));
    const staticBuild = await buildSite(snapshotPath, join(directory, 'dist-static'), {}, 'static');
    const servedBuild = await buildSite(snapshotPath, join(directory, 'dist-served'), {}, 'served');
    const staticSite = await startSite(staticBuild.outDir);
    servers.push(staticSite);
    const servedSite = await startSite(servedBuild.outDir, { ESPECTRO_SITE_SNAPSHOT: snapshotPath });
    servers.push(servedSite);

    const figures: PageFigures[] = [];
    if (existsSync(CHROMIUM)) {
      const require = createRequire(join(SITE_DIRECTORY, 'package.json'));
      const { chromium } = require('playwright-core') as { chromium: BrowserType };
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
      });
      // One warm-up load (the server's first render, the browser's first page), not reported.
      await measurePage(browser, staticSite.origin, '/');
      for (const path of PAGES) figures.push(await measurePageRuns(browser, staticSite.origin, path));
      for (const figure of figures) {
        const range = figure.largestContentfulPaintRangeMilliseconds;
        console.log(
          `site-browser: ${figure.page} ${(figure.transferredBytes / 1024).toFixed(1)} KB transferred, ` +
            `LCP median ${figure.largestContentfulPaintMilliseconds?.toFixed(0) ?? '—'} ms of ${LCP_RUNS} ` +
            `(${range === null ? '—' : `${range[0].toFixed(0)}–${range[1].toFixed(0)}`} ms, throttled), ` +
            `LCP element ${figure.largestContentfulPaintElement ?? '—'} · load ${figure.loadAverage}`,
        );
      }
    } else console.log(`site-browser: ${CHROMIUM} not found — browser figures skipped, HTTP cases only`);

    const story = figures.find((figure) => figure.page.startsWith('/historia/'));
    const budgets = {
      storyPageBudgetBytes: STORY_PAGE_BUDGET_BYTES,
      storyPageWithinBudget: story === undefined ? null : story.transferredBytes <= STORY_PAGE_BUDGET_BYTES,
      lcpBudgetMilliseconds: LCP_BUDGET_MILLISECONDS,
      pagesOverLcpBudget: figures
        .filter((figure) => (figure.largestContentfulPaintMilliseconds ?? Infinity) > LCP_BUDGET_MILLISECONDS)
        .map((figure) => figure.page),
    };
    console.log(
      `site-browser: story page budget ≤ ${STORY_PAGE_BUDGET_BYTES / 1024} KB: ${budgets.storyPageWithinBudget === null ? 'not measured' : budgets.storyPageWithinBudget ? 'met' : 'NOT met'}; ` +
        `LCP ≤ ${LCP_BUDGET_MILLISECONDS} ms: ${figures.length === 0 ? 'not measured' : budgets.pagesOverLcpBudget.length === 0 ? 'met on every page' : `NOT met on ${budgets.pagesOverLcpBudget.join(', ')}`} · load ${load()}`,
    );

    const fetchText = async (url: string) => {
      const response = await fetch(url);
      if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
      return response.text();
    };
    return {
      name: 'site-browser',
      baseline: {
        name: 'GET /robots.txt (static file, same server)',
        run: () => fetchText(`${staticSite.origin}/robots.txt`),
      },
      cases: [
        {
          name: 'GET /historia/h00001 prerendered (static mode)',
          run: () => fetchText(`${staticSite.origin}/historia/h00001`),
        },
        {
          name: 'GET /historia/h00001 rendered on demand from the data (served mode)',
          run: () => fetchText(`${servedSite.origin}/historia/h00001`),
        },
        { name: 'GET / rendered on demand from the data (served mode)', run: () => fetchText(`${servedSite.origin}/`) },
      ],
      notes: {
        stories: STORIES,
        throttling: THROTTLING,
        lcpRuns: LCP_RUNS,
        viewport: '390×844',
        pages: figures,
        budgets,
        buildSeconds: { static: staticBuild.milliseconds / 1000, served: servedBuild.milliseconds / 1000 },
        loadAverageAtEnd: load(),
      },
    };
  } finally {
    await browser?.close();
    // The timed cases run after this function returns, so the servers stay up until the process
    // ends; unreferenced, they do not keep it alive, and they are stopped and the builds removed on exit.
    for (const server of servers) {
      server.process.unref();
      server.process.stdout?.unref?.();
      server.process.stderr?.unref?.();
    }
    process.once('exit', () => {
      for (const server of servers) server.process.kill();
      rmSync(directory, { recursive: true, force: true });
    });
  }
}
