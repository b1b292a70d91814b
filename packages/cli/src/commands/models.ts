/**
 * `espectro models pull <name>`: downloads model weights (the MiniLM sentence model used by
 * clustering, the CAM++ speaker model used by speaker-id) into `$ESPECTRO_MODELS/<name>/`
 * (default `~/.cache/espectro/models/<name>/`). The model specs come from the packages that use
 * them; this command only downloads: streamed to a temporary file in the same folder, checked
 * against the published size and SHA-256 when known, then renamed into place — an interrupted
 * download never leaves a file that looks installed. `--mirror URL` (or `ESPECTRO_MODELS_MIRROR`)
 * fetches `URL/<name>/<file>` instead of the upstream address.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { formatTable } from '../format.js';
import { ExitCode, UsageError, type CliCommand, type CliIo } from '../io.js';

/** One file of a model. */
export interface ModelFileSpec {
  /** Path inside the model folder (may contain `/`). */
  path: string;
  url: string;
  sha256?: string;
  bytes?: number;
}

/** A downloadable model, normalised from the packages' specs. */
export interface PullableModel {
  name: string;
  description: string;
  license: string;
  source: string;
  /** Package that exports the spec. */
  package: string;
  files: ModelFileSpec[];
}

type Loader = () => Promise<Record<string, unknown>>;

const PACKAGES: Record<string, Loader> = {
  '@espectro/clustering': () => import('@espectro/clustering') as Promise<Record<string, unknown>>,
  '@espectro/speaker-id': () => import('@espectro/speaker-id') as Promise<Record<string, unknown>>,
};

/** Names the command knows about, whether or not the installed packages export their spec yet. */
export const KNOWN_MODELS: Record<string, string> = {
  minilm: '@espectro/clustering',
  campplus: '@espectro/speaker-id',
};

function asModel(value: unknown, packageName: string): PullableModel | null {
  if (value === null || typeof value !== 'object') return null;
  const spec = value as Record<string, unknown>;
  if (typeof spec.name !== 'string') return null;
  const text = (key: string) => (typeof spec[key] === 'string' ? (spec[key] as string) : '');
  const fileOf = (entry: Record<string, unknown>): ModelFileSpec | null => {
    const path =
      typeof entry.path === 'string' ? entry.path : typeof entry.fileName === 'string' ? entry.fileName : null;
    if (path === null || typeof entry.url !== 'string') return null;
    return {
      path,
      url: entry.url,
      ...(typeof entry.sha256 === 'string' ? { sha256: entry.sha256.toLowerCase() } : {}),
      ...(typeof entry.bytes === 'number' ? { bytes: entry.bytes } : {}),
    };
  };
  let files: ModelFileSpec[] = [];
  if (Array.isArray(spec.files))
    files = spec.files
      .map((entry) => (entry && typeof entry === 'object' ? fileOf(entry as Record<string, unknown>) : null))
      .filter((file): file is ModelFileSpec => file !== null);
  else {
    const single = fileOf(spec);
    if (single) files = [single];
  }
  if (files.length === 0) return null;
  return {
    name: spec.name,
    description: text('description'),
    license: text('license'),
    source: text('source'),
    package: packageName,
    files,
  };
}

/**
 * Every model spec exported by the model-using packages (any exported object with a `name` and
 * either `url` + `fileName` or `files: [{ url, path | fileName }]`).
 *
 * @example
 * (await availableModels()).map((model) => model.name); // ['campplus', …]
 */
export async function availableModels(loaders: Record<string, Loader> = PACKAGES): Promise<PullableModel[]> {
  const models = new Map<string, PullableModel>();
  for (const [packageName, load] of Object.entries(loaders)) {
    let exports: Record<string, unknown>;
    try {
      exports = await load();
    } catch {
      continue;
    }
    for (const value of Object.values(exports)) {
      const model = asModel(value, packageName);
      if (model && !models.has(model.name)) models.set(model.name, model);
    }
  }
  return [...models.values()].sort((left, right) => (left.name < right.name ? -1 : 1));
}

/** Root folder of all models: `$ESPECTRO_MODELS`, or `~/.cache/espectro/models`. */
export function modelsDirectory(env: Record<string, string | undefined>): string {
  return env.ESPECTRO_MODELS && env.ESPECTRO_MODELS.length > 0
    ? env.ESPECTRO_MODELS
    : join(homedir(), '.cache', 'espectro', 'models');
}

/** What happened to one file. */
export interface PulledFile {
  path: string;
  bytes: number;
  sha256: string;
  downloaded: boolean;
  verified: boolean;
}

async function hashFile(path: string): Promise<{ sha256: string; bytes: number }> {
  const content = await readFile(path);
  return { sha256: createHash('sha256').update(content).digest('hex'), bytes: content.length };
}

/** A download that failed: HTTP status, size or checksum. */
export class ModelDownloadError extends Error {
  override name = 'ModelDownloadError';
}

/**
 * Downloads every file of a model atomically (see the module comment).
 *
 * @example
 * await pullModelFiles(model, { directory: join(modelsDirectory(process.env), model.name) });
 */
export async function pullModelFiles(
  model: PullableModel,
  options: {
    directory: string;
    mirror?: string;
    force?: boolean;
    fetch?: typeof globalThis.fetch;
    onProgress?: (file: string, received: number, total: number | undefined) => void;
  },
): Promise<PulledFile[]> {
  const results: PulledFile[] = [];
  const fetchImplementation = options.fetch ?? globalThis.fetch;
  for (const file of model.files) {
    const target = join(options.directory, file.path);
    if (!options.force && existsSync(target)) {
      const existing = await hashFile(target);
      if (!file.sha256 || existing.sha256 === file.sha256) {
        results.push({ path: target, ...existing, downloaded: false, verified: Boolean(file.sha256) });
        continue;
      }
    }
    const url = options.mirror ? `${options.mirror.replace(/\/+$/, '')}/${model.name}/${file.path}` : file.url;
    let response: Response;
    try {
      response = await fetchImplementation(url, { redirect: 'follow' });
    } catch (error) {
      throw new ModelDownloadError(
        `cannot download ${url}: ${(error as Error).message} (no network? pull the model on a machine with internet, or use --mirror)`,
        { cause: error },
      );
    }
    if (!response.ok || !response.body)
      throw new ModelDownloadError(`cannot download ${url}: HTTP ${response.status} ${response.statusText}`);
    await mkdir(dirname(target), { recursive: true });
    const temporary = `${target}.part-${randomBytes(4).toString('hex')}`;
    const hash = createHash('sha256');
    const lengthHeader = Number(response.headers.get('content-length') ?? Number.NaN);
    const total = file.bytes ?? (Number.isFinite(lengthHeader) ? lengthHeader : undefined);
    let received = 0;
    try {
      const output = createWriteStream(temporary);
      const done = new Promise<void>((resolvePromise, reject) => {
        output.on('finish', resolvePromise);
        output.on('error', reject);
      });
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        hash.update(chunk);
        received += chunk.byteLength;
        if (!output.write(chunk)) await new Promise<void>((resolveDrain) => output.once('drain', () => resolveDrain()));
        options.onProgress?.(file.path, received, total);
      }
      output.end();
      await done;
      const sha256 = hash.digest('hex');
      if (file.bytes !== undefined && received !== file.bytes)
        throw new ModelDownloadError(`${file.path}: received ${received} bytes, expected ${file.bytes}`);
      if (file.sha256 && sha256 !== file.sha256)
        throw new ModelDownloadError(
          `${file.path}: SHA-256 ${sha256} differs from the published ${file.sha256}; the download was discarded`,
        );
      await rename(temporary, target);
      results.push({ path: target, bytes: received, sha256, downloaded: true, verified: Boolean(file.sha256) });
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }
  return results;
}

const usage = `Usage: espectro models pull <name> [--force] [--mirror URL] [--json]
       espectro models list [--json]

Downloads model weights into $ESPECTRO_MODELS/<name>/ (default ~/.cache/espectro/models/<name>/),
where clustering (minilm) and speaker-id (campplus) look for them; without them they use their
offline defaults. Run it on a machine with internet access. Files are written atomically and
checked against the published size and SHA-256 when the spec has them.
  --force       download again even when a verified copy is present
  --mirror URL  download URL/<name>/<file> instead (or set ESPECTRO_MODELS_MIRROR)
Exit codes: 0 installed, 1 download failed, 2 usage error or unknown model.`;

function printList(io: CliIo, models: PullableModel[], env: Record<string, string | undefined>): void {
  const rows = models.map((model) => [
    model.name,
    model.package,
    model.files.every((file) => existsSync(join(modelsDirectory(env), model.name, file.path)))
      ? 'installed'
      : 'not installed',
    model.license,
    model.description,
  ]);
  for (const [name, packageName] of Object.entries(KNOWN_MODELS)) {
    if (!models.some((model) => model.name === name))
      rows.push([name, packageName, 'no spec exported by this version', '', '']);
  }
  io.stdout(
    `${formatTable(['name', 'package', 'status', 'license', 'description'], rows)}\nFolder: ${modelsDirectory(env)}\n`,
  );
}

/** `espectro models`: list and download model weights. */
export const modelsCommand: CliCommand = {
  name: 'models',
  summary: 'Download model weights (models pull minilm|campplus) or list them',
  usage,
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      options: { force: { type: 'boolean' }, mirror: { type: 'string' }, json: { type: 'boolean' } },
      allowPositionals: true,
      strict: true,
    });
    const [action, name, ...extra] = positionals;
    const models = await availableModels();
    if (action === 'list') {
      if (values.json) io.stdout(`${JSON.stringify({ directory: modelsDirectory(io.env), models }, null, 2)}\n`);
      else printList(io, models, io.env);
      return ExitCode.ok;
    }
    if (action !== 'pull')
      throw new UsageError(
        action === undefined
          ? 'expected a subcommand: pull <name> or list'
          : `unknown subcommand "${action}" (expected pull or list)`,
      );
    if (name === undefined) throw new UsageError(`expected a model name: ${Object.keys(KNOWN_MODELS).join(', ')}`);
    if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
    const model = models.find((candidate) => candidate.name === name);
    if (!model) {
      const known = KNOWN_MODELS[name];
      throw new UsageError(
        known
          ? `${known} does not export a download spec for "${name}" in this version; it will use its offline default`
          : `unknown model "${name}" (available: ${models.map((candidate) => candidate.name).join(', ') || 'none'})`,
      );
    }
    const directory = join(modelsDirectory(io.env), model.name);
    const mirror = values.mirror ?? io.env.ESPECTRO_MODELS_MIRROR;
    try {
      let lastReport = 0;
      const files = await pullModelFiles(model, {
        directory,
        ...(mirror ? { mirror } : {}),
        ...(values.force ? { force: true } : {}),
        onProgress: (file, received, total) => {
          const time = Date.now();
          if (time - lastReport < 500) return;
          lastReport = time;
          io.stderr(
            `${file}: ${(received / 1048576).toFixed(1)}${total ? ` / ${(total / 1048576).toFixed(1)}` : ''} MiB\n`,
          );
        },
      });
      if (values.json) io.stdout(`${JSON.stringify({ model: model.name, directory, files }, null, 2)}\n`);
      else {
        for (const file of files) {
          io.stdout(
            `${file.downloaded ? 'downloaded' : 'already present'} ${file.path} (${file.bytes} bytes, sha256 ${file.sha256}${file.verified ? ', verified' : ', not pinned by the spec'})\n`,
          );
        }
      }
      return ExitCode.ok;
    } catch (error) {
      io.stderr(`espectro models: ${(error as Error).message}\n`);
      return ExitCode.failure;
    }
  },
};
