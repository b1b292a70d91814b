import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { acquireFolderLock, lockFilePath, openDatabase } from '@espectro/store';
import { migratedTemplate } from '@espectro/store/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../test-io.js';
import { dbCommand } from './db.js';

describe('espectro db check / repair on an embedded folder', () => {
  let work: string;
  let folder: string;
  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'espectro-db-check-'));
    folder = join(work, 'db');
    const database = await openDatabase({ dataDir: folder, loadDataDir: await migratedTemplate(), env: {} });
    await database.close();
  }, 120_000);
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('names a live owner and does not open the folder; repair refuses to remove its lock', async () => {
    const lock = acquireFolderLock(folder, { command: 'espectro serve' });
    try {
      const io = memoryIo(work);
      expect(await dbCommand.run(['check', '--db', 'db'], io)).toBe(1);
      expect(io.out()).toContain(`held by pid ${process.pid} (\`espectro serve\``);
      expect(io.out()).toContain('verdict: in-use');
      await expect(dbCommand.run(['repair', '--db', 'db'], memoryIo(work))).rejects.toThrow(
        /already open in this process/,
      );
    } finally {
      lock.release();
    }
  });

  it('repair removes a dead owner’s lock and reports the folder healthy', async () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    writeFileSync(
      lockFilePath(folder),
      JSON.stringify({
        pid: dead,
        hostname: hostname(),
        command: 'espectro run',
        startedAt: '2026-12-01T10:00:00.000Z',
        processStart: null,
        token: '0123456789abcdef',
      }),
    );
    const io = memoryIo(work);
    expect(await dbCommand.run(['repair', '--db', 'db', '--json'], io)).toBe(0);
    const report = JSON.parse(io.out()) as { removedLock: { state: string; owner: { pid: number } }; verdict: string };
    expect(report.removedLock).toMatchObject({ state: 'stale', owner: { pid: dead } });
    expect(report.verdict).toBe('ok');
  }, 60_000);

  it('finds primary keys on several rows that a damaged index hides, and moves the folder aside', async () => {
    // Damage as two writers leave it: rows inserted while the primary-key index was not maintained.
    const database = await openDatabase({ dataDir: folder, migrate: false, env: {} });
    try {
      const indexes = "('articles_pkey'::regclass, 'articles_canonical_url_key'::regclass)";
      await database.query(
        "INSERT INTO sources (domain, name, confidence, rating_evidence, methodology_version, added_at, updated_at) VALUES ('example.org', 'Example', 'preliminary', '{}', '1', now(), now())",
      );
      await database.query(`UPDATE pg_index SET indisready = false WHERE indexrelid IN ${indexes}`);
      const insert = `INSERT INTO articles (id, canonical_url, url, domain, title, title_key, first_seen_at)
                      VALUES ('a1', 'https://example.org/1', 'https://example.org/1', 'example.org', 'Title', 'title', now())`;
      await database.query(insert);
      await database.query(insert);
      await database.query(`UPDATE pg_index SET indisready = true WHERE indexrelid IN ${indexes}`);
    } finally {
      await database.close();
    }
    const check = memoryIo(work);
    expect(await dbCommand.run(['check', '--db', 'db'], check)).toBe(1);
    expect(check.out()).toMatch(/damaged: articles has 1 primary keys \(id\) on several rows/);
    expect(check.out()).toContain('verdict: damaged');

    const refused = memoryIo(work);
    expect(await dbCommand.run(['repair', '--db', 'db'], refused)).toBe(1);
    expect(refused.out()).toContain('Restore it from your backup');

    const moved = memoryIo(work);
    expect(await dbCommand.run(['repair', '--db', 'db', '--move-aside'], moved)).toBe(0);
    expect(existsSync(folder)).toBe(false);
    expect(readdirSync(work).some((name) => name.startsWith('db.damaged-'))).toBe(true);
  }, 120_000);
});
