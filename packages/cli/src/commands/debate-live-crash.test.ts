/**
 * `espectro debate live` killed with SIGKILL and run again (issue 17 tests): a real child process
 * decoding a file (or a loopback broadcast) with ffmpeg, killed from outside at seeded random
 * points. A file resumes from the first chunk not stored — the store then equals an uninterrupted
 * run's, with no chunk checked twice and none lost. A stream resumes from what airs now, numbered
 * after the last stored chunk, its offsets counting the audio that aired while nothing listened.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CHUNK_SAMPLE_RATE, debateDocumentParsers, encodeChunkWav } from '@espectro/factcheck';
import { fictionalDebateReplay } from '@espectro/factcheck/replay';
import { costTotals, createStoreDebateRepository, openStore } from '@espectro/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../io.js';
import { memoryIo } from '../test-io.js';
import { debateCommand } from './debate.js';

const child = join(import.meta.dirname, '__fixtures__', 'debate-child.ts');
const repositoryRoot = resolve(import.meta.dirname, '..', '..', '..', '..');
const hasFfmpeg = spawnSync('ffmpeg', ['-version']).status === 0;
const replay = fictionalDebateReplay();
const debateId = replay.debate.id;
/** Broadcast pace of these tests: a 10-s chunk every 250 ms (file) — never faster, however loaded the machine. */
const PACE = 40;
const CHUNK_MS = 10_000 / PACE;
const FILE_CHUNKS = 12;

// Seeded kill points (ESPECTRO_CRASH_SEED reproduces a failure; the seed is in every message).
const seed = Number(process.env.ESPECTRO_CRASH_SEED ?? Date.now() % 100_000);
const draw = (index: number, modulo: number) => (seed * 7919 + index * 104_729) % modulo;

let work: string;
let template: string;
beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'espectro-debate-crash-'));
  template = join(work, 'template-db');
  const store = await openStore({ dataDir: template, env: {} });
  await store.close();
  writeFileSync(join(work, 'replay.json'), JSON.stringify(replay));
  writeFileSync(join(work, 'debate.wav'), encodeChunkWav(new Int16Array(CHUNK_SAMPLE_RATE * 10 * FILE_CHUNKS)));
}, 120_000);
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

interface Running {
  process: ChildProcess;
  /** Table rows printed so far (one per stored chunk). */
  rows: string[];
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function startLive(db: string, source: string): Running {
  const process_ = spawn(
    process.execPath,
    [
      '--conditions=@espectro/source',
      '--import',
      'tsx',
      child,
      'live',
      '--source',
      source,
      '--replay',
      join(work, 'replay.json'),
      '--db',
      db,
      '--pace',
      `${PACE}x`,
    ],
    { cwd: repositoryRoot, env: { PATH: process.env.PATH, HOME: process.env.HOME }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const rows: string[] = [];
  let errors = '';
  let pending = '';
  process_.stdout!.setEncoding('utf8').on('data', (text: string) => {
    pending += text;
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines) if (/^\d+\s/.test(line)) rows.push(line);
  });
  process_.stderr!.setEncoding('utf8').on('data', (text: string) => (errors += text));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    process_.on('close', (code, signal) => done({ code, signal })),
  );
  return { process: process_, rows, stderr: () => errors, exited };
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function waitFor(condition: () => boolean, running: Running, what: string): Promise<void> {
  for (;;) {
    if (condition()) return;
    if (running.process.exitCode !== null || running.process.signalCode !== null)
      throw new Error(`seed ${seed}: the child ended before ${what}\n${running.stderr()}`);
    await sleep(10);
  }
}

/** Kills the child with SIGKILL once it has printed `rows` rows, `delayMs` later. */
async function killAfter(running: Running, rows: number, delayMs: number): Promise<void> {
  await waitFor(() => running.rows.length >= rows, running, `row ${rows}`);
  await sleep(delayMs);
  running.process.kill('SIGKILL');
  const { signal } = await running.exited;
  expect(signal, `seed ${seed}: the child should have been killed\n${running.stderr()}`).toBe('SIGKILL');
}

async function snapshot(db: string) {
  const store = await openStore({ dataDir: db, env: {} });
  try {
    const repository = createStoreDebateRepository(store.database, debateDocumentParsers);
    const events = await repository.eventsAfter(debateId, 0);
    return {
      chunks: await repository.listChunks(debateId),
      checks: (await repository.listChecks({ debateId })).sort((left, right) => left.id.localeCompare(right.id)),
      chunkEvents: events.filter((event) => event.kind === 'chunk').map((event) => event.chunkIndex),
      phase: (await repository.getDebate(debateId))?.phase,
      costs: await costTotals(store.database.db, debateId),
    };
  } finally {
    await store.close();
  }
}

describe.skipIf(!hasFfmpeg)('espectro debate live: kill -9 and resume', () => {
  it('a file: killed twice at random points, run again, the store equals an uninterrupted run (none twice, none lost)', async () => {
    const source = join(work, 'debate.wav');
    const referenceDb = join(work, 'reference-db');
    cpSync(template, referenceDb, { recursive: true });
    // the uninterrupted run: the same command in this process (a child costs seconds of start-up here)
    const io = memoryIo(work);
    const args = ['live', '--source', source, '--replay', join(work, 'replay.json'), '--db', referenceDb];
    expect(await debateCommand.run([...args, '--pace', 'max'], io), io.err()).toBe(ExitCode.ok);
    const reference = await snapshot(referenceDb);
    expect(reference.chunks.map((chunk) => chunk.index)).toEqual([...Array(FILE_CHUNKS).keys()]);
    expect(reference.checks.length).toBeGreaterThan(0);

    const db = join(work, 'crashed-db');
    cpSync(template, db, { recursive: true });
    // each crashed run is killed after 1–3 new rows, 0–CHUNK_MS later: while waiting, or inside the next chunk's work
    const first = startLive(db, source);
    await killAfter(first, 1 + draw(1, 3), draw(2, CHUNK_MS));
    const second = startLive(db, source);
    await killAfter(second, 1 + draw(3, 3), draw(4, CHUNK_MS));
    expect(second.stderr()).toMatch(/resumed: \d+ chunk\(s\) already stored; the file is read again from/);
    const last = startLive(db, source);
    const done = await last.exited;
    expect(done.code, `seed ${seed}\n${last.stderr()}`).toBe(0);
    expect(last.stderr()).toMatch(/resumed: /);
    // the resumed runs printed only new chunks: together with the stored ones, each chunk once
    const resumed = await snapshot(db);
    expect(
      resumed.chunkEvents.sort((left, right) => left! - right!),
      `seed ${seed}`,
    ).toEqual([...Array(FILE_CHUNKS).keys()]);
    expect(resumed.chunks, `seed ${seed}`).toEqual(reference.chunks);
    expect(resumed.checks, `seed ${seed}`).toEqual(reference.checks);
    expect(resumed.costs, `seed ${seed}`).toEqual(reference.costs);
    expect(resumed.phase).toBe('ended');
  }, 240_000);

  describe('a live URL stream', () => {
    let server: Server;
    let url: string;
    /** Wall time of the first connection (the broadcast starts then) and the position each connection started at. */
    let broadcastStart: number | undefined;
    const connections: number[] = [];
    const STREAM_PACE = PACE;

    beforeAll(async () => {
      server = createServer((request, response) => {
        const now = Date.now();
        broadcastStart ??= now;
        const position = ((now - broadcastStart) / 1000) * STREAM_PACE;
        connections.push(position);
        // the broadcast goes on for 35 s of audio after the second connection (enough for 4 chunks, the last partial)
        const endsAt = connections.length >= 2 ? position + 35 : Number.POSITIVE_INFINITY;
        const header = encodeChunkWav(new Int16Array(0));
        new DataView(header.buffer).setUint32(40, 0xffffffff, true); // a live encoder: length unknown
        response.writeHead(200, { 'content-type': 'audio/wav' });
        response.write(header);
        let sent = position;
        const timer = setInterval(() => {
          const until = Math.min(endsAt, ((Date.now() - broadcastStart!) / 1000) * STREAM_PACE);
          const samples = Math.floor((until - sent) * CHUNK_SAMPLE_RATE);
          if (samples > 0) {
            response.write(new Uint8Array(samples * 2));
            sent += samples / CHUNK_SAMPLE_RATE;
          }
          if (until >= endsAt) {
            clearInterval(timer);
            response.end();
          }
        }, 20);
        request.on('close', () => clearInterval(timer));
      });
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/live.wav`;
    });
    afterAll(() => new Promise<void>((done) => server.close(() => done())));

    it('killed, run again: numbering goes on after the last stored chunk and the offsets count the audio missed', async () => {
      const db = join(work, 'stream-db');
      cpSync(template, db, { recursive: true });
      const first = startLive(db, url);
      await killAfter(first, 2 + draw(5, 2), draw(6, CHUNK_MS));
      const killedAt = Date.now();
      await sleep(500);
      const restartedAt = Date.now();
      const second = startLive(db, url);
      const done = await second.exited;
      expect(done.code, `seed ${seed}\n${second.stderr()}`).toBe(0);
      const stored = await snapshot(db);
      const indexes = stored.chunks.map((chunk) => chunk.index);
      // contiguous numbering, each chunk once (in the store and in the change feed)
      expect(indexes).toEqual([...Array(indexes.length).keys()]);
      expect(stored.chunkEvents.sort((left, right) => left! - right!)).toEqual(indexes);
      const resumedAt = stored.chunks.findIndex(
        (chunk, position) => position > 0 && chunk.startSeconds !== position * 10,
      );
      expect(resumedAt, `seed ${seed}: the resumed chunks should start later than 10 s × index`).toBeGreaterThan(0);
      expect(second.stderr()).toContain(`resumed the stream at chunk ${resumedAt}`);
      expect(stored.chunks.slice(resumedAt)).toHaveLength(4); // 35 s after the second connection
      const lastBefore = stored.chunks[resumedAt - 1]!;
      const firstAfter = stored.chunks[resumedAt]!;
      // at least the time nothing listened (killed → restarted, at the stream's pace) is counted as missed audio
      const missedAtLeast = ((restartedAt - killedAt) / 1000) * STREAM_PACE;
      expect(firstAfter.startSeconds - (lastBefore.startSeconds + lastBefore.durationSeconds)).toBeGreaterThanOrEqual(
        missedAtLeast,
      );
      stored.chunks.slice(resumedAt).forEach((chunk, offset) => {
        expect(chunk.startSeconds).toBeCloseTo(firstAfter.startSeconds + offset * 10, 6);
      });
    }, 240_000);
  });
});
