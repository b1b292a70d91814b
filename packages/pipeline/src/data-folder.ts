/**
 * A data folder as `espectro run --data DIR` reads it: `outlets.json` (the roster, validated
 * before anything else happens) and every feed file under `feeds/` (RSS, Atom, RDF, JSON news-API
 * payloads), with an optional `feeds.json` manifest naming each file's kind, mapping and outlet.
 * Each source carries the SHA-256 of its bytes, so an unchanged file is recognised across runs.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IngestSource, NewsApiMapping, NewsApiPreset } from '@espectro/ingest';
import { RosterFileSchema, type RosterEntry, type RosterFile } from '@espectro/rating';
import { z } from 'zod';
import { PipelineError } from './errors.js';
import { formatZodIssues } from '@espectro/methodology';

/** `outlets.json`: the roster with its rating date (the one schema of `@espectro/rating`). */
export { RosterFileSchema, type RosterFile };

/** `feeds.json`: optional per-file settings of the feeds folder. */
export const FeedManifestSchema = z.object({
  sources: z.array(
    z.object({
      file: z.string().min(1),
      kind: z.enum(['feed', 'json']).optional(),
      mapping: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
      outlet: z.string().optional(),
    }),
  ),
});

/** One feed file, read, with the hash of its bytes. */
export interface DataFolderSource extends IngestSource {
  /** Path relative to the data folder, with `/` separators (the source's name). */
  name: string;
  /** Hex SHA-256 of the file's bytes. */
  sha256: string;
}

/** A data folder, read and validated. */
export interface DataFolder {
  /** Absolute path of the folder. */
  directory: string;
  roster: RosterFile;
  /** Hex SHA-256 of `outlets.json`'s bytes. */
  rosterSha256: string;
  /** Feed files in name order. */
  sources: DataFolderSource[];
}

const FEED_FILE = /\.(xml|rss|atom|rdf|json)$/i;

function sha256(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

async function readFileOrFail(path: string, label: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (error) {
    throw new PipelineError({
      code: 'input_file',
      stage: 'data',
      field: label,
      message: `${label} not found or unreadable (${path}): ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      cause: error,
    });
  }
}

function parseJsonFile<T>(bytes: Buffer, label: string, schema: z.ZodType<T>): T {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw new PipelineError({
      code: 'input_file',
      stage: 'data',
      field: label,
      message: `${label} is not valid JSON: ${(error as Error).message}`,
      cause: error,
    });
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issues = formatZodIssues(parsed.error.issues, { whole: '(file)', limit: 5 });
    throw new PipelineError({
      code: 'input_file',
      stage: 'data',
      field: label,
      message: `${label} is invalid — ${issues}`,
      cause: parsed.error,
    });
  }
  return parsed.data;
}

async function listFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0))) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) files.push(...(await listFiles(path)));
    else files.push(path);
  }
  return files;
}

/**
 * Reads and validates a data folder: the roster first (a bad `outlets.json` fails before any
 * database is opened), then the manifest and every feed file.
 *
 * @example
 * const folder = await readDataFolder('examples/demo-data');
 * folder.roster.outlets.length; // 160
 * folder.sources[0]?.name;      // 'feeds/…json'
 */
export async function readDataFolder(directory: string): Promise<DataFolder> {
  const absolute = resolve(directory);
  const rosterBytes = await readFileOrFail(join(absolute, 'outlets.json'), 'outlets.json');
  const roster = parseJsonFile(rosterBytes, 'outlets.json', RosterFileSchema);
  const feedsDirectory = join(absolute, 'feeds');
  if (!existsSync(feedsDirectory))
    throw new PipelineError({
      code: 'input_file',
      stage: 'data',
      field: 'feeds/',
      message: `no feeds/ folder in ${absolute}: put RSS/Atom files or JSON payloads there`,
    });
  const manifestPath = join(absolute, 'feeds.json');
  const manifest = existsSync(manifestPath)
    ? parseJsonFile(await readFileOrFail(manifestPath, 'feeds.json'), 'feeds.json', FeedManifestSchema)
    : { sources: [] };
  const byFile = new Map(manifest.sources.map((entry) => [entry.file, entry]));
  const sources: DataFolderSource[] = [];
  for (const path of (await listFiles(feedsDirectory)).filter((file) => FEED_FILE.test(file))) {
    const name = relative(absolute, path).split('\\').join('/');
    const entry = byFile.get(name) ?? byFile.get(relative(feedsDirectory, path).split('\\').join('/'));
    const content = await readFileOrFail(path, name);
    sources.push({
      name,
      kind: entry?.kind ?? (/\.json$/i.test(path) ? 'json' : 'feed'),
      content,
      ...(entry?.mapping !== undefined ? { mapping: entry.mapping as NewsApiPreset | NewsApiMapping } : {}),
      ...(entry?.outlet !== undefined ? { outlet: entry.outlet } : {}),
      sha256: sha256(content),
    });
  }
  return { directory: absolute, roster, rosterSha256: sha256(rosterBytes), sources };
}

/**
 * Where the bundled demo data lives: the `@espectro/demo-data` package (a dependency of this one,
 * so it is there wherever the pipeline is installed; in the repository it is `examples/demo-data`),
 * or else an `examples/demo-data` folder searched upwards from this module and from `cwd`.
 *
 * @example
 * const folder = await readDataFolder(demoDataDirectory());
 */
export function demoDataDirectory(cwd: string = process.cwd()): string {
  const installed = installedDemoDataDirectory();
  if (installed !== undefined) return installed;
  const starts: string[] = [cwd];
  try {
    starts.unshift(dirname(fileURLToPath(import.meta.url)));
  } catch {
    // CommonJS build without import.meta.url: search from the working directory only.
  }
  for (const start of starts) {
    let directory = start;
    for (let depth = 0; depth < 6; depth += 1) {
      const candidate = join(directory, 'examples', 'demo-data');
      if (existsSync(join(candidate, 'outlets.json'))) return candidate;
      directory = dirname(directory);
    }
  }
  return resolve(cwd, 'examples', 'demo-data');
}

function installedDemoDataDirectory(): string | undefined {
  try {
    const requireFromHere = createRequire(import.meta.url);
    const directory = dirname(requireFromHere.resolve('@espectro/demo-data/package.json'));
    return existsSync(join(directory, 'outlets.json')) ? directory : undefined;
  } catch {
    // Not installed, or a CommonJS build without import.meta.url: fall back to the folder search.
    return undefined;
  }
}

/** The roster entries as ingestion needs them (domain, name, aliases). */
export function rosterReferences(roster: RosterFile): { domain: string; name: string; aliases?: string[] }[] {
  return roster.outlets.map((entry) => ({
    domain: entry.domain,
    name: entry.name,
    ...(entry.aliases ? { aliases: entry.aliases } : {}),
  }));
}

export type { RosterEntry };
