/**
 * The reference site at scale: builds `apps/site` (astro build, Node adapter) from a snapshot of
 * 10 000 generated fixture stories, and reports the build time and the largest page's transfer
 * size (gzip) — overall and for a story page. Targets (issue 7): build < 120 s, story page < 100 KB.
 * The build runs once (it takes tens of seconds); its figures are recorded in the suite's notes and
 * printed. The timed cases are the per-story work every build repeats: loading the snapshot and the
 * Prisma recomputation with its drift check (rule DRIFT) that /prisma and every story card run.
 */
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildFixtureSnapshot } from '../apps/site/src/fixtures/fixture.js';
import { createSnapshotSiteData, readSnapshotFile } from '../apps/site/src/lib/snapshot.js';
import type { SiteStorySummary } from '../apps/site/src/lib/types.js';
import { prismaView } from '../apps/site/src/lib/views.js';
import { buildDirectory, buildSite, writeSnapshot } from '../apps/site/src/testing/site-build.js';
import type { BenchSuite } from './harness.js';

const STORIES = Number(process.env.BENCH_SITE_STORIES ?? 10_000);
const BUILD_TARGET_SECONDS = 120;
const STORY_PAGE_TARGET_BYTES = 100 * 1024;

function htmlFiles(directory: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) found.push(...htmlFiles(path));
    else if (entry.name.endsWith('.html')) found.push(path);
  }
  return found;
}

interface PageSize {
  page: string;
  bytes: number;
  gzipBytes: number;
}

export default async function siteBench(): Promise<BenchSuite> {
  const directory = buildDirectory('bench-site');
  try {
    const snapshotPath = join(directory, 'snapshot.json');
    const generationStarted = performance.now();
    writeSnapshot(snapshotPath, buildFixtureSnapshot({ stories: STORIES }));
    const generationSeconds = (performance.now() - generationStarted) / 1000;
    const snapshotBytes = statSync(snapshotPath).size;

    const build = await buildSite(snapshotPath, join(directory, 'dist'));
    const buildSeconds = build.milliseconds / 1000;
    const client = join(build.outDir, 'client');
    const sizes: PageSize[] = htmlFiles(client).map((path) => {
      const html = readFileSync(path);
      return {
        page: `/${relative(client, path).replace(/(^|\/)index\.html$/, '')}`,
        bytes: html.length,
        gzipBytes: gzipSync(html).length,
      };
    });
    const byGzip = (left: PageSize, right: PageSize) => right.gzipBytes - left.gzipBytes;
    const largest = [...sizes].sort(byGzip)[0]!;
    const storyPages = sizes.filter((size) => size.page.startsWith('/historia/')).sort(byGzip);
    const largestStory = storyPages[0]!;
    const largestStoryHtml = readFileSync(join(client, largestStory.page, 'index.html'));

    const report = {
      stories: STORIES,
      pages: sizes.length,
      storyPages: storyPages.length,
      snapshotMegabytes: Number((snapshotBytes / 1e6).toFixed(1)),
      snapshotGenerationSeconds: Number(generationSeconds.toFixed(1)),
      buildSeconds: Number(buildSeconds.toFixed(1)),
      buildTargetSeconds: BUILD_TARGET_SECONDS,
      buildTargetMet: buildSeconds < BUILD_TARGET_SECONDS,
      largestPage: largest,
      largestStoryPage: largestStory,
      storyPageTargetBytes: STORY_PAGE_TARGET_BYTES,
      storyPageTargetMet: largestStory.gzipBytes < STORY_PAGE_TARGET_BYTES,
      largestPageUnderTarget: largest.gzipBytes < STORY_PAGE_TARGET_BYTES,
    };
    console.log(
      `\nsite: built ${report.pages} pages from ${STORIES} stories in ${report.buildSeconds} s (target < ${BUILD_TARGET_SECONDS} s: ${report.buildTargetMet ? 'met' : 'NOT met'})` +
        `\nsite: largest page ${largest.page} ${(largest.gzipBytes / 1024).toFixed(1)} KB gzip (${(largest.bytes / 1024).toFixed(1)} KB raw)` +
        `\nsite: largest story page ${largestStory.page} ${(largestStory.gzipBytes / 1024).toFixed(1)} KB gzip (target < 100 KB: ${report.storyPageTargetMet ? 'met' : 'NOT met'})`,
    );

    const snapshot = readSnapshotFile(snapshotPath);
    const stories: SiteStorySummary[] = await createSnapshotSiteData(snapshot).listStories();
    const quiet = () => undefined;
    return {
      name: 'site',
      baseline: { name: 'gzip the largest story page', run: () => gzipSync(largestStoryHtml) },
      cases: [
        {
          name: `index the snapshot (${STORIES} stories)`,
          run: () => createSnapshotSiteData(snapshot),
          operationsPerCall: snapshot.stories.length,
        },
        {
          name: 'Prisma recomputation + drift check per story',
          run: () => stories.forEach((story) => prismaView(story, quiet)),
          operationsPerCall: stories.length,
        },
      ],
      notes: report,
    };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
