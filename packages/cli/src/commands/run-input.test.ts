/**
 * `espectro run` checks its data folder before it creates or migrates any database (issue 21 §9:
 * a bad outlets.json used to cost 10 s and ~900 MB of a new database first): a domain listed twice
 * is refused naming the entry, and the database folder is never created.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoDataDirectory } from '@espectro/pipeline';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { reportError } from '../errors.js';
import { ExitCode } from '../io.js';
import { memoryIo } from '../test-io.js';
import { runCommand } from './run.js';

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'espectro-run-input-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

it('a domain listed twice in outlets.json is refused before any database exists', async () => {
  const demo = JSON.parse(await readFile(join(demoDataDirectory(), 'outlets.json'), 'utf8')) as {
    asOf: string;
    outlets: { domain: string; name: string }[];
  };
  const [first, second] = demo.outlets;
  const data = join(directory, 'data');
  await mkdir(join(data, 'feeds'), { recursive: true });
  await writeFile(
    join(data, 'outlets.json'),
    JSON.stringify({ asOf: demo.asOf, outlets: [first, second, { ...first, name: `${first!.name} (copia)` }] }),
  );
  const database = join(directory, 'db');
  const io = memoryIo(directory);
  const failure = await runCommand.run(['--data', data, '--db', database], io).then(
    () => null,
    (error: unknown) => error,
  );
  expect(reportError(failure, io)).toBe(ExitCode.invalidInput);
  expect(io.err()).toContain(`outlets.2.domain: ${first!.domain} is listed twice`);
  expect(existsSync(database)).toBe(false);
});
