/**
 * `espectro worker` killed and restarted (issue 15 tests): the built CLI in a child process runs
 * `worker --once` against a loopback newsroom serving four demo outlets' feeds, and dies at a seeded
 * unit of work — SIGKILL before or after a unit commits, or a SIGTERM there (graceful stop). Run
 * again, it must end with the database of an uninterrupted run: articles, clusters, stories and
 * their members, sentences, guard and queues (`storeSnapshot`), and no job left queued, running or
 * failed. On PGlite and on PostgreSQL (where a job killed inside a stage stayed `active` for an hour
 * before the heartbeats); plus two workers at once on one PostgreSQL database: every feed fetched
 * once, every job run once, the same database.
 *
 * `ESPECTRO_CRASH_SEED=<n>` reproduces a run; the seed is in every failure message.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  DEMO_REPLAY_LABEL,
  createManualClock,
  createNewsroom,
  demoReplayOutlets,
  type Newsroom,
} from '@espectro/ingest/testing';
import { demoDataDirectory, rateRoster, readDataFolder, readQueueDepths, resolveBackends } from '@espectro/pipeline';
import { storeSnapshot } from '@espectro/pipeline/testing';
import { openDatabase, openStore, type Store } from '@espectro/store';
import { TEST_DATABASE_URL_ENV } from '@espectro/store/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repositoryRoot = resolve(import.meta.dirname, '..', '..', '..', '..');
const cli = join(repositoryRoot, 'packages', 'cli', 'bin', 'espectro.js');
const built = existsSync(join(repositoryRoot, 'packages', 'cli', 'dist', 'index.js'));
const postgresUrl = process.env[TEST_DATABASE_URL_ENV];

/** Four demo outlets with shared events (Peru, Brazil): stories form, and a cycle's fetch stays short. */
const OUTLETS = ['elcomercio.pe', 'infobae.com', 'folha.uol.com.br', 'estadao.com.br'];
const HOUR = 3_600_000;

const seed = Number(process.env.ESPECTRO_CRASH_SEED ?? Date.now() % 100_000);
const draw = (index: number, modulo: number) => (seed * 7919 + index * 104_729) % modulo;

/** How a worker is stopped at its kill point. */
const MODES = {
  pglite: [
    { signal: 'SIGKILL', mode: 'before-commit', units: 'any' },
    { signal: 'SIGKILL', mode: 'after-commit', units: 'any' },
    // Embedded PGlite answers without I/O, so a process doing only database work would never poll for
    // its signals; since 1edb1a3 every unit of a stage job first takes a turn of the event loop, so a
    // SIGTERM is handled at the next unit of a stage too (WorkStopped, the job cancelled, the restart
    // does the rest), not only while fetches are in flight. One lands after a feed body is stored with
    // other fetches still running, one after a stage's unit commits.
    { signal: 'SIGTERM', mode: 'after-commit', units: 'fetching' },
    { signal: 'SIGTERM', mode: 'after-commit', units: 'stage' },
  ],
  // The first is the bug of issue 15: killed inside a stage job, whose pg-boss job stayed active.
  postgres: [
    { signal: 'SIGKILL', mode: 'before-commit', units: 'stage' },
    { signal: 'SIGKILL', mode: 'after-commit', units: 'any' },
    { signal: 'SIGTERM', mode: 'after-commit', units: 'any' },
  ],
} as const;
type Mode = (typeof MODES)[keyof typeof MODES][number];
interface KillPoint {
  signal: 'SIGKILL' | 'SIGTERM';
  mode: 'before-commit' | 'after-commit';
  /** Prefix of the unit's key and its ordinal among the units with that prefix. */
  prefix: string;
  at: number;
  key: string;
}

/**
 * The `index`-th kill point, drawn from the units the uninterrupted run committed (its
 * `ESPECTRO_CRASH_TRACE`): a unit is targeted by its key's prefix and its ordinal among those.
 * Before commit, only the stages' units count (a queue step has no before).
 */
function killPoint(units: readonly string[], mode: Mode, index: number): KillPoint {
  // A SIGTERM at the cycle's last queue step reaches `--once` as it exits (no unit of work follows it
  // to notice the stop): such a point tests no graceful stop.
  const lastStep = units.reduce((last, key, index) => (key.startsWith('job:') ? index : last), units.length);
  const before = mode.signal === 'SIGTERM' ? units.slice(0, lastStep) : units;
  const ingests = units.filter((key) => key.startsWith('ingest:'));
  const eligible = before.filter((key) =>
    mode.units === 'stage'
      ? !/^(ingest|job):/.test(key)
      : mode.units === 'fetching'
        ? key.startsWith('ingest:') && key !== ingests.at(-1)
        : mode.mode === 'after-commit' || !key.startsWith('job:'),
  );
  if (eligible.length === 0) throw new Error(`seed ${seed}: the reference committed no unit to kill at`);
  const key = eligible[draw(index, eligible.length)]!;
  const prefix = key.slice(0, key.indexOf(':') + 1);
  const at = units.slice(0, units.indexOf(key) + 1).filter((unit) => unit.startsWith(prefix)).length;
  return { signal: mode.signal, mode: mode.mode, prefix, at, key };
}

/** The keys of the units a traced run committed, in order. */
function committedUnits(stderr: string): string[] {
  return [...stderr.matchAll(/^unit (\S+)$/gm)].map((match) => match[1]!);
}

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** `espectro worker --once` of the built CLI, in a child with only the given environment. */
function runWorker(database: { db?: string; url?: string }, env: Record<string, string> = {}): Promise<Exit> {
  const child = spawn(
    process.execPath,
    [
      cli,
      'worker',
      '--once',
      ...(database.db ? ['--db', database.db] : []),
      '--embedder',
      'offline',
      '--judge',
      'none',
      '--quiet',
      '--json',
    ],
    {
      cwd: repositoryRoot,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        ...(database.url ? { DATABASE_URL: database.url } : {}),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  return new Promise((done) =>
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({ code, signal, stdout, stderr });
    }),
  );
}

/** What must not depend on kills: the pipeline's rows, and every queue drained with nothing failed. */
async function finalState(store: Store): Promise<Record<string, unknown[]>> {
  const depths = await readQueueDepths(store.database);
  const left = Object.entries(depths)
    .filter(([, depth]) => depth.queued + depth.active + depth.failed > 0)
    .map(([name, depth]) => ({ name, ...depth }));
  return { ...(await storeSnapshot(store)), queueLeft: left };
}

let work: string;
let newsroom: Newsroom;
let start: Date;

/** Rates the four outlets as of today (nothing due for re-rating) and registers their feeds. */
async function prepare(store: Store): Promise<void> {
  const directory = demoDataDirectory(repositoryRoot);
  const folder = await readDataFolder(directory);
  const backends = await resolveBackends({ env: {}, embedder: 'offline', judge: 'none' });
  try {
    const clock = createManualClock(new Date());
    await rateRoster(
      { store, backends, clock },
      folder.roster.outlets.filter((outlet) => OUTLETS.includes(outlet.domain)),
      { asOf: new Date().toISOString().slice(0, 10) },
    );
  } finally {
    await backends.dispose();
  }
  for (const feed of newsroom.feeds)
    await store.feeds.add({ url: feed.url, outlet: feed.outlet, kind: feed.kind }, start);
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'espectro-worker-crash-'));
  start = new Date(Date.now() - 48 * HOUR);
  const outlets = demoReplayOutlets({ directory: demoDataDirectory(repositoryRoot), start, durationMs: 24 * HOUR });
  newsroom = await createNewsroom({
    // Every item of the replay has appeared: each run sees the same feeds.
    clock: createManualClock(new Date(start.getTime() + 25 * HOUR)),
    outlets: outlets.filter((outlet) => OUTLETS.includes(outlet.domain)),
    scenarios: false,
    label: DEMO_REPLAY_LABEL,
  });
  expect(newsroom.feeds.map((feed) => feed.outlet).sort()).toEqual([...OUTLETS].sort());
}, 120_000);
afterAll(async () => {
  await newsroom?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Kills a worker at `point`, restarts it, and returns the exits. */
async function killAndRestart(
  database: { db?: string; url?: string },
  point: KillPoint,
): Promise<{ killed: Exit; restarted: Exit }> {
  const killed = await runWorker(database, {
    ESPECTRO_CRASH_AT_UNIT: point.prefix,
    ESPECTRO_CRASH_AT_CHECKPOINT: String(point.at),
    ESPECTRO_CRASH_MODE: point.mode,
    ESPECTRO_CRASH_SIGNAL: point.signal,
  });
  const where = `seed ${seed}: ${point.signal} ${point.mode} at unit ${point.key} (${point.prefix}${point.at})`;
  if (point.signal === 'SIGKILL') expect(killed.signal, `${where}\n${killed.stderr}`).toBe('SIGKILL');
  else {
    expect(killed.code, `${where}\n${killed.stderr}`).toBe(0);
    expect(killed.stderr, where).toMatch(/SIGTERM — finishing the running unit of work/);
    // The cycle itself saw the stop (it ended early), not only the exit after a complete cycle.
    const [cycle] = killed.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { stopped: boolean });
    expect(cycle?.stopped, `${where}: the stopped cycle's summary\n${killed.stdout}`).toBe(true);
  }
  const restarted = await runWorker(database);
  expect(restarted.code, `${where}: the restart\n${restarted.stderr}`).toBe(0);
  return { killed, restarted };
}

describe.skipIf(!built)('espectro worker killed and restarted: the database equals an uninterrupted run', () => {
  describe('on PGlite', () => {
    let template: string;
    let reference: Awaited<ReturnType<typeof finalState>>;
    let units: string[];
    beforeAll(async () => {
      template = join(work, 'pglite-template');
      const store = await openStore({ dataDir: template, env: {} });
      try {
        await prepare(store);
      } finally {
        await store.close();
      }
      const db = join(work, 'pglite-reference');
      cpSync(template, db, { recursive: true });
      const exit = await runWorker({ db }, { ESPECTRO_CRASH_TRACE: '1' });
      expect(exit.code, exit.stderr).toBe(0);
      units = committedUnits(exit.stderr);
      const store2 = await openStore({ dataDir: db, env: {} });
      try {
        reference = await finalState(store2);
      } finally {
        await store2.close();
      }
      expectWorthComparing(reference);
    }, 240_000);

    it.each(MODES.pglite.map((mode, index) => ({ ...mode, index })))(
      'kill point $index: $signal $mode, then a restart',
      async (mode) => {
        const point = killPoint(units, mode, mode.index);
        const db = join(work, `pglite-${mode.index}`);
        cpSync(template, db, { recursive: true });
        await killAndRestart({ db }, point);
        const store = await openStore({ dataDir: db, env: {} });
        try {
          expect(await finalState(store), `seed ${seed}, killed at ${point.key}`).toEqual(reference);
        } finally {
          await store.close();
        }
      },
      240_000,
    );
  });

  describe.runIf(Boolean(postgresUrl))('on PostgreSQL', () => {
    const prefix = `crash_${randomBytes(4).toString('hex')}`;
    const templateName = `${prefix}_template`;
    const created: string[] = [];
    let admin: Awaited<ReturnType<typeof openDatabase>>;
    let reference: Awaited<ReturnType<typeof finalState>>;
    let units: string[];
    const urlOf = (name: string) => Object.assign(new URL(postgresUrl!), { pathname: `/${name}` }).toString();

    /** A database copied from the prepared template (PostgreSQL's own `CREATE DATABASE … TEMPLATE`). */
    async function freshDatabase(suffix: string): Promise<string> {
      const name = `${prefix}_${suffix}`;
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateName}`);
      created.push(name);
      return urlOf(name);
    }

    async function stateOf(url: string) {
      const store = await openStore({ url, env: {} });
      try {
        return await finalState(store);
      } finally {
        await store.close();
      }
    }

    beforeAll(async () => {
      admin = await openDatabase({ url: postgresUrl!, migrate: false });
      await admin.query(`CREATE DATABASE ${templateName}`);
      created.push(templateName);
      const store = await openStore({ url: urlOf(templateName), env: {} });
      try {
        await prepare(store);
      } finally {
        await store.close();
      }
      const url = await freshDatabase('reference');
      const exit = await runWorker({ url }, { ESPECTRO_CRASH_TRACE: '1' });
      expect(exit.code, exit.stderr).toBe(0);
      units = committedUnits(exit.stderr);
      reference = await stateOf(url);
      expectWorthComparing(reference);
    }, 240_000);
    afterAll(async () => {
      for (const name of created.reverse())
        await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await admin?.close();
    });

    it.each(MODES.postgres.map((mode, index) => ({ ...mode, index })))(
      'kill point $index: $signal $mode (units: $units), then a restart',
      async (mode) => {
        const point = killPoint(units, mode, 10 + mode.index);
        const url = await freshDatabase(`point${mode.index}`);
        const { restarted } = await killAndRestart({ url }, point);
        if (mode.units === 'stage') {
          // The dead worker's stage job was given back by the restart's first cycle, not left to expire.
          const [cycle] = restarted.stdout
            .trim()
            .split('\n')
            .map((line) => JSON.parse(line) as { recovered: number });
          expect(cycle!.recovered, `seed ${seed}, killed at ${point.key}`).toBeGreaterThanOrEqual(1);
        }
        expect(await stateOf(url), `seed ${seed}, killed at ${point.key}`).toEqual(reference);
      },
      240_000,
    );

    it('two workers at once on one database: every feed fetched once, every job run once, the same database', async () => {
      const url = await freshDatabase('two');
      const exits = await Promise.all([runWorker({ url }), runWorker({ url })]);
      for (const exit of exits) expect(exit.code, exit.stderr).toBe(0);
      const database = await openDatabase({ url, migrate: false });
      try {
        const fetches = await database.query<{ feed_id: string; count: string }>(
          'SELECT feed_id, count(*)::text AS count FROM feed_fetches GROUP BY feed_id',
        );
        expect(fetches).toHaveLength(OUTLETS.length);
        expect(fetches.filter((row) => row.count !== '1')).toEqual([]);
        // Each pg-boss job was activated once (retry_count counts re-activations) and completed.
        const jobs = await database.query<{ state: string; retry_count: number }>(
          'SELECT state::text AS state, retry_count FROM espectro_queue.job',
        );
        expect(jobs.length).toBeGreaterThan(0);
        expect(jobs.filter((job) => job.state !== 'completed' || job.retry_count !== 0)).toEqual([]);
      } finally {
        await database.close();
      }
      expect(await stateOf(url)).toEqual(reference);
    }, 240_000);
  });
});

/** The reference is worth comparing to: the four feeds' articles, clustered into stories, queues drained. */
function expectWorthComparing(reference: Awaited<ReturnType<typeof finalState>>): void {
  expect(reference.articles!.length).toBeGreaterThanOrEqual(40);
  expect(reference.stories!.length).toBeGreaterThan(0);
  expect(reference.queueLeft).toEqual([]);
}
