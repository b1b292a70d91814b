import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { migratedTemplate } from './testing/index.js';
import { StoreError } from './errors.js';
import {
  acquireFolderLock,
  inspectFolderLock,
  lockFilePath,
  processStartTime,
  removeFolderLock,
  type FolderLockOwner,
} from './lock.js';

const holder = fileURLToPath(new URL('./__fixtures__/hold-database.ts', import.meta.url));

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'espectro-lock-'));
});
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** A pid that certainly belonged to a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '0']);
  return child.pid!;
}

function ownerWith(fields: Partial<FolderLockOwner>): FolderLockOwner {
  return {
    pid: process.pid,
    hostname: hostname(),
    command: 'espectro serve',
    startedAt: '2026-12-01T10:00:00.000Z',
    processStart: processStartTime(process.pid),
    token: 'feedfacefeedface',
    ...fields,
  };
}

describe('the lock file', () => {
  it('refuses a second acquisition naming the owner, and frees the folder on release', () => {
    const folder = join(work, 'probe');
    const first = acquireFolderLock(folder, { command: 'espectro serve --db probe' });
    let refusal: unknown;
    try {
      acquireFolderLock(folder, { command: 'espectro story --list' });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(StoreError);
    expect((refusal as StoreError).code).toBe('locked');
    expect((refusal as StoreError).message).toContain(`pid ${process.pid}`);
    expect(inspectFolderLock(folder)).toMatchObject({ state: 'held', owner: { command: 'espectro serve --db probe' } });
    first.release();
    expect(inspectFolderLock(folder).state).toBe('free');
    acquireFolderLock(folder).release();
  });

  it('takes over the lock of a dead owner, of a reused pid and an unreadable file, never a live one', () => {
    const folder = join(work, 'probe');
    acquireFolderLock(folder).release(); // folder exists
    const cases: { label: string; content: string; pid: number | null }[] = [
      { label: 'dead pid', content: JSON.stringify(ownerWith({ pid: deadPid() })), pid: -1 },
      {
        label: 'reused pid',
        content: JSON.stringify(ownerWith({ processStart: '1' })),
        pid: process.pid,
      },
      { label: 'garbage', content: 'half a lock', pid: null },
    ];
    for (const entry of cases) {
      writeFileSync(lockFilePath(folder), entry.content);
      expect(inspectFolderLock(folder).state, entry.label).toBe('stale');
      const lock = acquireFolderLock(folder, { command: 'espectro worker' });
      if (entry.pid === null) expect(lock.tookOverFrom, entry.label).toBeNull();
      else expect(lock.tookOverFrom?.pid, entry.label).toBe(JSON.parse(entry.content).pid);
      expect(inspectFolderLock(folder)).toMatchObject({ state: 'held', owner: { token: lock.owner.token } });
      lock.release();
    }
    const live = acquireFolderLock(folder);
    expect(() => removeFolderLock(folder)).toThrow(/already open in this process/);
    live.release();
    writeFileSync(lockFilePath(folder), JSON.stringify(ownerWith({ pid: deadPid() })));
    expect(removeFolderLock(folder)).toMatchObject({ removed: true, previous: { state: 'stale' } });
    expect(inspectFolderLock(folder).state).toBe('free');
  });
});

/** Starts the holder process on a folder and waits until it has the database open. */
async function startHolder(folder: string) {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    ['--conditions=@espectro/source', '--import', 'tsx', holder, folder],
    { env: { PATH: process.env.PATH, HOME: process.env.HOME }, stdio: 'pipe' },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async (): Promise<string> => {
    const line = await lines.next();
    if (line.done) throw new Error(`holder ended early: ${stderr}`);
    return line.value;
  };
  expect(await next()).toMatch(/^ready \d+$/);
  return {
    child,
    async write(n: number) {
      child.stdin.write(`write ${n}\n`);
      expect(await next()).toBe(`ack ${n}`);
    },
    async kill() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

describe('two openers of one embedded database folder', () => {
  it('refuses the second while the first lives, keeps every acknowledged write, and opens after a kill -9', async () => {
    const folder = join(work, 'db');
    // A migrated template instead of initdb: seconds instead of tens of seconds on a loaded machine.
    await (
      await openDatabase({ dataDir: folder, loadDataDir: await migratedTemplate(), migrate: false, env: {} })
    ).close();
    const first = await startHolder(folder);
    const acknowledged: number[] = [];
    for (let n = 1; n <= 5; n += 1) {
      await first.write(n);
      acknowledged.push(n);
    }

    // A second process (this one) tries to open the folder while the holder writes.
    const refusal = await openDatabase({ dataDir: folder, migrate: false, env: {} }).then(
      async (database) => {
        await database.close();
        return null;
      },
      (error: unknown) => error,
    );
    expect(refusal, 'the second opener must be refused').toBeInstanceOf(StoreError);
    expect((refusal as StoreError).code).toBe('locked');
    expect((refusal as StoreError).message).toContain(`pid ${first.child.pid}`);
    expect((refusal as StoreError).message).toContain('lock test holder');

    // The holder was not disturbed: it keeps writing after the refused attempt.
    for (let n = 6; n <= 10; n += 1) {
      await first.write(n);
      acknowledged.push(n);
    }
    await first.kill();

    // The dead holder's lock is stale: the folder opens, with every acknowledged write.
    const reopened = await openDatabase({ dataDir: folder, migrate: false, env: {} });
    try {
      expect(reopened.lock?.tookOverFrom?.pid).toBe(first.child.pid);
      const rows = await reopened.query<{ n: number }>('SELECT n FROM lock_probe ORDER BY n');
      expect(rows.map((row) => row.n)).toEqual(acknowledged);
    } finally {
      await reopened.close();
    }
    expect(inspectFolderLock(folder).state).toBe('free');
  }, 180_000);
});
