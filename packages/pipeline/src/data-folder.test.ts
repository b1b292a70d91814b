import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { demoDataDirectory, readDataFolder } from './data-folder.js';
import { PipelineError } from './errors.js';

const folders: string[] = [];
function folder(files: Record<string, string>): string {
  const directory = mkdtempSync(join(tmpdir(), 'espectro-data-'));
  folders.push(directory);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(directory, name, '..'), { recursive: true });
    writeFileSync(join(directory, name), text);
  }
  return directory;
}
afterEach(() => {
  for (const directory of folders.splice(0)) rmSync(directory, { recursive: true, force: true });
});

const roster = JSON.stringify({ asOf: '2026-04-27', outlets: [] });

describe('readDataFolder', () => {
  it('reads the roster and every feed file in name order, with the hash of its bytes and the manifest settings', async () => {
    const rss = '<rss version="2.0"><channel><title>x</title></channel></rss>';
    const directory = folder({
      'outlets.json': roster,
      'feeds/b.xml': rss,
      'feeds/a/payload.json': '{"articles":[]}',
      'feeds/notes.txt': 'not a feed',
      'feeds.json': JSON.stringify({
        sources: [{ file: 'feeds/a/payload.json', mapping: 'newsapi', outlet: 'x.com' }],
      }),
    });
    const read = await readDataFolder(directory);
    expect(read.roster.asOf).toBe('2026-04-27');
    expect(read.sources.map((source) => [source.name, source.kind])).toEqual([
      ['feeds/a/payload.json', 'json'],
      ['feeds/b.xml', 'feed'],
    ]);
    expect(read.sources[0]).toMatchObject({ mapping: 'newsapi', outlet: 'x.com' });
    expect(read.sources[1]!.sha256).toBe(createHash('sha256').update(rss).digest('hex'));
  });

  it('names the file and the field when the roster is wrong, before anything else is read', async () => {
    const noRoster = folder({ 'feeds/a.xml': '<rss/>' });
    await expect(readDataFolder(noRoster)).rejects.toMatchObject({ code: 'input_file', field: 'outlets.json' });
    const badJson = folder({ 'outlets.json': '{', 'feeds/a.xml': '<rss/>' });
    await expect(readDataFolder(badJson)).rejects.toThrow(/outlets.json is not valid JSON/);
    const badDate = folder({ 'outlets.json': JSON.stringify({ asOf: 'yesterday', outlets: [] }) });
    const error = await readDataFolder(badDate).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PipelineError);
    expect((error as PipelineError).message).toMatch(/outlets.json is invalid — asOf:/);
    const noFeeds = folder({ 'outlets.json': roster });
    await expect(readDataFolder(noFeeds)).rejects.toThrow(/no feeds\/ folder/);
  });

  it('finds the bundled demo data from this package', async () => {
    const demo = await readDataFolder(demoDataDirectory());
    expect(demo.roster.outlets.length).toBeGreaterThan(100);
    expect(demo.sources.length).toBeGreaterThan(10);
  });
});
