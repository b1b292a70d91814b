import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectFolderLock, lockFilePath, processStartTime, type FolderLockOwner } from '../lock.js';
import { FOLDER_LOCK_POLL_MS, withFolderLockHeld } from './index.js';

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'espectro-lock-wait-'));
});
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('withFolderLockHeld', () => {
  it('runs two holders of one folder one after the other, and frees the folder after each', async () => {
    const folder = join(work, 'in-process');
    const events: string[] = [];
    let finishFirst!: () => void;
    const firstMayFinish = new Promise<void>((done) => (finishFirst = done));
    const waits: number[] = [];
    const first = withFolderLockHeld(folder, async () => {
      events.push('first starts');
      await firstMayFinish;
      events.push('first ends');
      return 1;
    });
    const second = withFolderLockHeld(
      folder,
      async () => {
        events.push('second starts');
        return 2;
      },
      {
        sleep: async (milliseconds) => {
          waits.push(milliseconds);
          if (waits.length === 3) finishFirst();
          await new Promise((done) => setImmediate(done));
        },
      },
    );
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(events).toEqual(['first starts', 'first ends', 'second starts']);
    expect(waits.length).toBeGreaterThanOrEqual(3);
    expect(new Set(waits)).toEqual(new Set([FOLDER_LOCK_POLL_MS]));
    expect(inspectFolderLock(folder).state).toBe('free');
  });

  it('waits while another live process holds the folder and takes it once that process has died', async () => {
    const folder = join(work, 'other-process');
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    await new Promise((done) => holder.once('spawn', done));
    const owner: FolderLockOwner = {
      pid: holder.pid!,
      hostname: hostname(),
      command: 'astro build (another test file)',
      startedAt: '2026-12-03T12:00:00.000Z',
      processStart: processStartTime(holder.pid!),
      token: 'feedfacefeedface',
    };
    mkdirSync(folder);
    writeFileSync(lockFilePath(folder), JSON.stringify(owner));
    expect(inspectFolderLock(folder).state).toBe('held');
    const exited = new Promise((done) => holder.once('exit', done));
    let waits = 0;
    let ranWhileHolderLived = false;
    const result = await withFolderLockHeld(
      folder,
      async () => {
        ranWhileHolderLived = holder.exitCode === null && holder.signalCode === null;
        return inspectFolderLock(folder);
      },
      {
        command: 'astro build (this file)',
        sleep: async () => {
          waits += 1;
          if (waits === 2) {
            holder.kill('SIGKILL');
            await exited;
          }
        },
      },
    );
    expect(waits).toBe(2);
    expect(ranWhileHolderLived).toBe(false);
    expect(result).toMatchObject({ state: 'held', owner: { pid: process.pid, command: 'astro build (this file)' } });
    expect(inspectFolderLock(folder).state).toBe('free');
  });

  it('releases the folder when the work fails, and passes on errors other than a held lock', async () => {
    const folder = join(work, 'failing');
    await expect(
      withFolderLockHeld(folder, async () => {
        throw new Error('astro build failed');
      }),
    ).rejects.toThrow('astro build failed');
    expect(inspectFolderLock(folder).state).toBe('free');
    const notAFolder = join(work, 'a-file');
    writeFileSync(notAFolder, '');
    await expect(withFolderLockHeld(notAFolder, async () => 'never')).rejects.toThrow(/EEXIST|ENOTDIR/);
  });
});
