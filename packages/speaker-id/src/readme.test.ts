import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, expect, test, vi } from 'vitest';

const packageDirectory = join(dirname(fileURLToPath(import.meta.url)), '..');
let directory: string | undefined;

afterEach(async () => {
  vi.restoreAllMocks();
  if (directory) await rm(directory, { recursive: true, force: true });
});

test('the README quick start runs as written and identifies Bruno with the offline default (LDA, per-speaker thresholds)', async () => {
  const readme = await readFile(join(packageDirectory, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Quick start'));
  const snippet = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  expect(snippet).toBeDefined();
  const source = snippet!
    .replace(
      "from '@espectro/speaker-id/testing'",
      `from ${JSON.stringify(pathToFileURL(join(packageDirectory, 'src', 'testing', 'index.ts')).href)}`,
    )
    .replace(
      "from '@espectro/speaker-id'",
      `from ${JSON.stringify(pathToFileURL(join(packageDirectory, 'src', 'index.ts')).href)}`,
    );
  directory = await mkdtemp(join(tmpdir(), 'speaker-id-readme-'));
  const file = join(directory, 'quick-start.ts');
  await writeFile(file, source);
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  await import(/* @vite-ignore */ pathToFileURL(file).href);
  expect(log).toHaveBeenCalledTimes(1);
  const [speaker, score, threshold, rule, backend] = log.mock.calls[0]!;
  console.info(log.mock.calls[0]);
  expect(speaker).toBe('Bruno');
  expect(Number(score)).toBeGreaterThan(Number(threshold));
  expect(rule).toBe('per-speaker-cohort');
  expect(backend).toBe('statistics + LDA (offline, trained on synthetic voices)');
});
