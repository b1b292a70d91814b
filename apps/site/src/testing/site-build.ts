/**
 * Builds the site from a snapshot into a folder and starts its Node server on a free localhost
 * port — for the browser tests and the benchmark. Only loopback addresses are used.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withFolderLockHeld } from '@espectro/store/testing';
import type { SiteMode } from '../integrations/route-mode.js';
import type { SiteSnapshot } from '../lib/snapshot.js';

/** The site's package folder (`apps/site`). */
export const SITE_DIRECTORY = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The folder whose store lock every `astro build` of the site in a test holds (this file's
 * {@link buildSite} and `packages/cli`'s serve test): test files run in parallel, and two builds
 * of one project at once share its caches.
 */
export const SITE_BUILD_LOCK_FOLDER = join(SITE_DIRECTORY, 'node_modules', '.cache', 'astro-build-lock');

/**
 * A fresh folder for a build under `apps/site/node_modules/.cache/`: the server bundle imports its
 * dependencies (zod, astro) by name, so it must live where Node finds the site's node_modules.
 */
export function buildDirectory(prefix: string): string {
  const parent = join(SITE_DIRECTORY, 'node_modules', '.cache');
  mkdirSync(parent, { recursive: true });
  return mkdtempSync(join(parent, `${prefix}-`));
}

/** Writes a snapshot to `path` (creating folders). */
export function writeSnapshot(path: string, snapshot: SiteSnapshot): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(snapshot));
}

/** Output of {@link buildSite}. */
export interface SiteBuild {
  /** The route mode it was built in. */
  mode: SiteMode;
  outDir: string;
  /** Everything the build printed (stdout and stderr). */
  log: string;
  milliseconds: number;
}

/**
 * Runs `astro build` with the snapshot at `snapshotPath` into `outDir`, in route mode `mode`
 * (`static`: content pages prerendered; `served`: every route rendered on demand); rejects with
 * the build's output when it fails. Waits while another process builds the site
 * ({@link SITE_BUILD_LOCK_FOLDER}); `milliseconds` counts the build only, not that wait.
 */
export async function buildSite(
  snapshotPath: string,
  outDir: string,
  environment: Record<string, string> = {},
  mode: SiteMode = 'static',
): Promise<SiteBuild> {
  const astro = join(
    dirname(createRequire(join(SITE_DIRECTORY, 'package.json')).resolve('astro/package.json')),
    'astro.js',
  );
  return withFolderLockHeld(
    SITE_BUILD_LOCK_FOLDER,
    async () => {
      const started = performance.now();
      const child = spawn(process.execPath, [astro, 'build'], {
        cwd: SITE_DIRECTORY,
        env: {
          ...process.env,
          ...environment,
          ASTRO_TELEMETRY_DISABLED: '1',
          ESPECTRO_SITE_SNAPSHOT: snapshotPath,
          ESPECTRO_SITE_OUT_DIR: outDir,
          ESPECTRO_SITE_MODE: mode,
          NODE_ENV: 'production',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let log = '';
      child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      if (code !== 0) throw new Error(`astro build failed (exit ${code}):\n${log.slice(-6000)}`);
      return { mode, outDir, log, milliseconds: performance.now() - started };
    },
    { command: `astro build (${mode}) for ${outDir}` },
  );
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A running site server. */
export interface SiteServer {
  origin: string;
  process: ChildProcess;
  /** Everything the server printed so far. */
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts the built site's Node entry (`<outDir>/server/espectro-handler.mjs`: the adapter's handler
 * with the security headers and the socket's address) on a free port of 127.0.0.1 and waits until
 * it answers.
 */
export async function startSite(outDir: string, environment: Record<string, string> = {}): Promise<SiteServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(outDir, 'server', 'espectro-handler.mjs')], {
    cwd: SITE_DIRECTORY,
    env: { ...process.env, ...environment, HOST: '127.0.0.1', PORT: String(port), NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the site server exited (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${origin}/`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (attempt > 300) throw new Error(`the site server did not answer on ${origin}:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin,
    process: child,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
