/**
 * `espectro serve` as a real child process over the built site (served mode):
 * - on embedded PGlite with `--replay-demo`: the one process owns the folder (a second opener is
 *   refused, naming it), `/healthz` reports the cycles, feeds by address, queue and backends, the
 *   open site lists exactly the stories the store published, and SIGTERM stops it with exit 0 and
 *   the folder's lock released;
 * - on PostgreSQL: a site opened while the store has no story shows none; feeds added afterwards
 *   (by another process, as `espectro feeds add` would) are fetched by the next cycle and the same
 *   running site then lists what was published — no restart.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fictionalDebateReplay } from '@espectro/factcheck/replay';
import {
  DEMO_REPLAY_LABEL,
  createManualClock,
  createNewsroom,
  demoReplayOutlets,
  demoReplayStart,
} from '@espectro/ingest/testing';
import { navigationTopics, topicOrNull } from '@espectro/methodology';
import { demoDataDirectory, rateRoster, readDataFolder, resolveBackends } from '@espectro/pipeline';
import { inspectFolderLock, openDatabase, openStore, type Store } from '@espectro/store';
import { TEST_DATABASE_URL_ENV, withFolderLockHeld } from '@espectro/store/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../test-io.js';
import { outletsCommand } from './outlets.js';
import { serveCommand } from './serve.js';

const repositoryRoot = resolve(import.meta.dirname, '..', '..', '..', '..');
const siteDirectory = join(repositoryRoot, 'apps', 'site');
// The children run the built CLI (`pnpm build:fast` or `pnpm build` before the tests, as CI does), as
// run.test.ts does: through tsx on the sources each child spent seconds more transforming them.
const cli = join(repositoryRoot, 'packages', 'cli', 'bin', 'espectro.js');
const builtCli = join(repositoryRoot, 'packages', 'cli', 'dist', 'index.js');

/** A running `espectro serve` child and what it printed. */
interface ServeChild {
  process: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function startServe(args: string[], env: Record<string, string> = {}): ServeChild {
  const process_ = spawn(process.execPath, [cli, 'serve', '--port', '0', ...args], {
    cwd: repositoryRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  process_.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  process_.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    process_.once('exit', (code, signal) => done({ code, signal })),
  );
  return { process: process_, stdout: () => stdout, stderr: () => stderr, exited };
}

/** Polls until `probe` returns a value (no deadline of its own: the test's timeout is the limit). */
async function waitFor<T>(
  what: string,
  serve: ServeChild,
  probe: () => Promise<T | undefined> | T | undefined,
): Promise<T> {
  for (;;) {
    if (serve.process.exitCode !== null)
      throw new Error(
        `espectro serve exited (${serve.process.exitCode}) while waiting for ${what}:\n${serve.stderr()}`,
      );
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolveLater) => setTimeout(resolveLater, 200));
  }
}

const siteOrigin = (serve: ServeChild) => /site at (http:\/\/[^/\s]+)\//.exec(serve.stderr())?.[1];

/** The ids of the stories the front page links to. */
async function frontPageStoryIds(origin: string): Promise<string[]> {
  const html = await (await fetch(`${origin}/`)).text();
  return [...new Set([...html.matchAll(/href="\/historia\/([^"/]+)"/g)].map((match) => match[1]!))].sort();
}

async function publishedIds(store: Store): Promise<string[]> {
  return (await store.stories.list({ status: 'published' })).map((story) => story.id).sort();
}

/** The first event of a Server-Sent Events stream (the connection is closed after it). */
async function firstServerSentEvent(url: string): Promise<string> {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the event stream ended before any event:\n${text}`);
      text += decoder.decode(value, { stream: true });
      const events = text.split('\n\n').filter((block) => block.startsWith('id: '));
      if (events.length > 0) return events[0]!;
    }
  } finally {
    controller.abort();
  }
}

async function stop(serve: ServeChild) {
  serve.process.kill('SIGTERM');
  return serve.exited;
}

describe('espectro serve', () => {
  let work: string;
  let builtSite: string;

  beforeAll(async () => {
    if (!existsSync(builtCli)) throw new Error(`${builtCli} is missing: run pnpm build:fast before these tests`);
    work = mkdtempSync(join(tmpdir(), 'espectro-serve-'));
    // The server bundle imports its dependencies by name: it must live under apps/site/node_modules.
    const cache = join(siteDirectory, 'node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    builtSite = mkdtempSync(join(cache, 'serve-test-'));
    // The site's test builds hold this folder's lock (apps/site/src/testing/site-build.ts,
    // SITE_BUILD_LOCK_FOLDER): test files run in parallel, and two builds at once share its caches.
    await withFolderLockHeld(
      join(cache, 'astro-build-lock'),
      async () => {
        const build = spawn(process.execPath, [join(siteDirectory, 'node_modules', 'astro', 'astro.js'), 'build'], {
          cwd: siteDirectory,
          env: {
            ...process.env,
            ASTRO_TELEMETRY_DISABLED: '1',
            ESPECTRO_SITE_MODE: 'served',
            ESPECTRO_SITE_OUT_DIR: builtSite,
            NODE_ENV: 'production',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let log = '';
        build.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
        build.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
        const code = await new Promise<number | null>((done) => build.on('close', done));
        if (code !== 0) throw new Error(`astro build (served) failed:\n${log.slice(-4000)}`);
      },
      { command: `astro build (served) for ${builtSite}` },
    );
  }, 600_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
    if (builtSite) rmSync(builtSite, { recursive: true, force: true });
  });

  it('refuses a missing site and a static build, naming the command that builds the served one', async () => {
    const missing = join(work, 'no-site');
    await expect(serveCommand.run(['--site', missing], memoryIo(work))).rejects.toThrow(
      /no built site .*ESPECTRO_SITE_MODE=served pnpm --filter @espectro\/site build/,
    );
    const staticBuild = join(work, 'static-site');
    mkdirSync(join(staticBuild, 'server'), { recursive: true });
    mkdirSync(join(staticBuild, 'client'), { recursive: true });
    writeFileSync(join(staticBuild, 'server', 'entry.mjs'), 'export const handler = () => {};\n');
    writeFileSync(join(staticBuild, 'client', 'index.html'), '<!doctype html>');
    await expect(serveCommand.run(['--site', staticBuild], memoryIo(work))).rejects.toThrow(
      /built in static mode .* would not follow the store/,
    );
    await expect(serveCommand.run(['--once'], memoryIo(work))).rejects.toThrow(/espectro worker --once/);
    await expect(serveCommand.run(['--port', 'http'], memoryIo(work))).rejects.toThrow(/--port must be a port/);
  });

  it('PGlite, --replay-demo: one owner of the folder, /healthz, the site lists what the store published; SIGTERM exits 0', async () => {
    const db = join(work, 'pglite-db');
    const serve = startServe([
      '--replay-demo',
      '--hours',
      '1',
      '--db',
      db,
      '--site',
      builtSite,
      '--interval',
      '2s',
      '--embedder',
      'offline',
      '--judge',
      'none',
    ]);
    try {
      const origin = await waitFor('the site address', serve, () => siteOrigin(serve));
      // The single-writer rule holds: the process that serves owns the folder.
      await expect(openStore({ dataDir: db, env: {} })).rejects.toThrow(/espectro serve/);
      await waitFor('the end of the replay', serve, () => (/replay done/.test(serve.stderr()) ? true : undefined));
      expect(serve.stderr()).toContain(DEMO_REPLAY_LABEL);

      // The replay's cycles run back to back (interval 0); then cycles go on every --interval.
      const response = await waitFor('a cycle after the replay', serve, async () => {
        const answer = await fetch(`${origin}/healthz`);
        const body = (await answer.clone().json()) as { freshness: { intervalMs: number } };
        return body.freshness.intervalMs === 2_000 ? answer : undefined;
      });
      expect(response.status).toBe(200);
      const health = (await response.json()) as {
        healthy: boolean;
        lastCycle: { durationMs: number; finishedAt: string };
        freshness: { intervalMs: number };
        backends: { embedder: string; judge: string; synthesis: string };
        feeds: { url: string; last: { result: string; error: string | null } | null }[];
        queue: Record<string, { completed: number }>;
        stories: Record<string, number>;
      };
      expect(health.healthy).toBe(true);
      expect(health.freshness.intervalMs).toBe(2_000);
      expect(health.backends).toMatchObject({
        embedder: expect.stringMatching(/offline/),
        judge: expect.stringMatching(/^none/),
      });
      expect(health.feeds.length).toBeGreaterThan(100);
      for (const feed of health.feeds) {
        expect(feed.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/feeds\//);
        expect(feed.last).toMatchObject({ error: null });
      }
      expect(health.queue['fetch-feeds']!.completed).toBeGreaterThanOrEqual(2);
      expect(health.stories.published).toBeGreaterThan(0);
      const shown = await frontPageStoryIds(origin);

      // Issue 18: the site's "now" is the service's clock — the replay's, which starts at the hour
      // after the corpus's newest article — not the machine's; every page says it is a replay.
      const front = await (await fetch(`${origin}/`)).text();
      expect(front).toContain('data-notice="replay"');
      expect(await (await fetch(`${origin}/pt/`)).text()).toMatch(/data-notice="replay">Repetição da demonstração/);
      const openData = (await (await fetch(`${origin}/datos/historias.json`)).json()) as {
        source: { generatedAt: string; replayedDemo?: boolean };
      };
      expect(openData.source.replayedDemo).toBe(true);
      const replayStart = demoReplayStart(demoDataDirectory(repositoryRoot)).getTime();
      const siteNow = Date.parse(openData.source.generatedAt);
      expect(siteNow).toBeGreaterThan(replayStart);
      expect(siteNow - replayStart).toBeLessThan(86_400_000);
      const navigation = /data-topic-nav="([^"]*)"/.exec(front)?.[1]?.split(' ') ?? [];

      // The fictional debate streams to its live page from this process (issue 17 §4).
      const debateId = fictionalDebateReplay().debate.id;
      expect(serve.stderr()).toMatch(
        new RegExp(`FICTÍCIO[\\s\\S]*streaming .* to ${origin}/placar/${debateId} at 10x`),
      );
      const event = await firstServerSentEvent(`${origin}/placar/${debateId}/eventos?desde=0`);
      expect(event).toMatch(/^id: \d+\nevent: [a-z-]+\ndata: \{/);
      expect(await (await fetch(`${origin}/placar/${debateId}`)).text()).toMatch(/fict[íi]ci/i);

      const exit = await stop(serve);
      expect(exit, serve.stderr()).toEqual({ code: 0, signal: null });
      expect(serve.stderr()).toMatch(/stopped; the database is released/);
      expect(inspectFolderLock(db).state).toBe('free');
      const store = await openStore({ dataDir: db, env: {} });
      try {
        const published = await publishedIds(store);
        expect(published).toHaveLength(health.stories.published!);
        expect(shown).toEqual(published);
        // TOP-NAV on the served page is the methodology's, over what the store published, at the
        // site's instant (the replay's clock).
        const stories = await store.stories.list({ status: 'published' });
        const expected = navigationTopics({
          asOf: openData.source.generatedAt,
          stories: stories.map((story) => ({
            topic: topicOrNull(story.topic),
            outlets: story.outletCount,
            publishedAt: story.lastPublishedAt!,
          })),
        });
        expect(navigation).toEqual(expected.map((entry) => entry.topic));
        // The front page's featured blindspots follow the store: published blindspots are featured;
        // when there is none, the section says so and counts the held stories that carry a flag.
        const featured = await store.stories.list({ status: 'published', blindspot: true });
        const heldFlagged = await store.stories.list({ status: 'held', blindspot: true });
        expect(featured.length + heldFlagged.length).toBeGreaterThan(0);
        expect(front).toContain('data-home-section="blindspots"');
        for (const story of featured)
          expect(front).toMatch(new RegExp(`data-featured="[a-z]+"[\\s\\S]*/historia/${story.id}`));
        expect(front.includes('data-featured-none')).toBe(featured.length === 0);
        expect(/data-held-blindspots="(\d+)"/.exec(front)?.[1]).toBe(
          featured.length === 0 && heldFlagged.length > 0 ? String(heldFlagged.length) : undefined,
        );
      } finally {
        await store.close();
      }

      // Issue 16: every rating the served store holds re-derives from its stored evidence, and the
      // demo — rated as of the replay's day — is not all due by the 180-day cadence at once.
      const verifyIo = memoryIo(work);
      expect(await outletsCommand.run(['verify', '--db', db, '--json'], verifyIo)).toBe(0);
      const verdict = JSON.parse(verifyIo.out()) as { checked: number; verified: number; mismatches: unknown[] };
      expect(verdict.mismatches).toEqual([]);
      expect(verdict.checked).toBeGreaterThan(100);
      expect(verdict.verified).toBe(verdict.checked);
      const dueIo = memoryIo(work);
      expect(await outletsCommand.run(['due', '--db', db, '--json'], dueIo)).toBe(0);
      const due = JSON.parse(dueIo.out()) as { outlets: { reasons: string[] }[]; queued: { reason: string }[] };
      expect(due.outlets.filter((outlet) => outlet.reasons.includes('cadence'))).toEqual([]);
      expect(due.queued.filter((entry) => entry.reason === 'cadence')).toEqual([]);
    } finally {
      if (serve.process.exitCode === null) serve.process.kill('SIGKILL');
    }
  }, 600_000);

  it.runIf(Boolean(process.env[TEST_DATABASE_URL_ENV]))(
    'PostgreSQL: feeds added while the site is open are fetched and published, and the running site shows them',
    async () => {
      const server = process.env[TEST_DATABASE_URL_ENV]!;
      const name = `espectro_serve_${randomBytes(5).toString('hex')}`;
      const admin = await openDatabase({ url: server, migrate: false });
      await admin.query(`CREATE DATABASE ${name}`);
      const url = Object.assign(new URL(server), { pathname: `/${name}` }).toString();
      const directory = demoDataDirectory(repositoryRoot);
      const start = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3_600_000);
      // The corpus spread over 2 hours, the newsroom's clock after its first 30 minutes: the outlets of
      // its first quarter (27 feeds). They share one loopback host, so the fetcher's per-host politeness
      // (2 at once, 1 s apart) paces them: the whole first half (96 feeds) took 100 s to fetch and showed
      // nothing more; the full corpus is served and published by the --replay-demo test above.
      const clock = createManualClock(new Date(start.getTime() + 30 * 60_000));
      const newsroom = await createNewsroom({
        clock,
        outlets: demoReplayOutlets({ directory, start, durationMs: 2 * 3_600_000 }).filter((outlet) =>
          outlet.items.some((item) => Date.parse(item.appearsAt ?? '') <= clock.now().getTime()),
        ),
        scenarios: false,
        label: DEMO_REPLAY_LABEL,
      });
      const store = await openStore({ url, env: {} });
      const backends = await resolveBackends({ env: {}, embedder: 'offline', judge: 'none' });
      let serve: ServeChild | undefined;
      try {
        const folder = await readDataFolder(directory);
        await rateRoster({ store, backends, clock }, folder.roster.outlets, { asOf: folder.roster.asOf });
        const running = startServe(
          ['--site', builtSite, '--interval', '1s', '--embedder', 'offline', '--judge', 'none'],
          { DATABASE_URL: url, ESPECTRO_SITE_REFRESH_MS: '0' },
        );
        serve = running;
        const origin = await waitFor('the site address', running, () => siteOrigin(running));
        await waitFor('a first cycle', running, async () =>
          (await fetch(`${origin}/healthz`)).status === 200 ? true : undefined,
        );
        expect(await frontPageStoryIds(origin)).toEqual([]);

        for (const feed of newsroom.feeds)
          await store.feeds.add({ url: feed.url, outlet: feed.outlet, kind: feed.kind, pollIntervalSeconds: 3_600 });
        await waitFor('every feed fetched', running, async () =>
          (await store.feeds.list()).every((feed) => feed.lastFetch !== null) ? true : undefined,
        );
        // A cycle that started after the last fetch has built and published everything fetched.
        const fetchedBy = Date.now();
        await waitFor('a cycle after the fetches', running, async () => {
          const health = (await (await fetch(`${origin}/healthz`)).json()) as {
            lastCycle: { cycleTime: string } | null;
          };
          return health.lastCycle && Date.parse(health.lastCycle.cycleTime) > fetchedBy ? true : undefined;
        });
        const published = await publishedIds(store);
        expect(published.length).toBeGreaterThan(0);
        // The same running site lists them: no restart, no rebuild (the refresh looks at every request here).
        expect(await frontPageStoryIds(origin)).toEqual(published);
        expect(await stop(running)).toEqual({ code: 0, signal: null });
      } finally {
        if (serve && serve.process.exitCode === null) serve.process.kill('SIGKILL');
        await newsroom.close();
        await store.close();
        await backends.dispose();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
        await admin.close();
      }
    },
    600_000,
  );
});
