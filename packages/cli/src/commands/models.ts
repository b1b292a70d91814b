/**
 * `espectro models pull <name>`: downloads model weights (the MiniLM sentence model used by
 * clustering, the CAM++ speaker model used by speaker-id) into `$ESPECTRO_MODELS/<name>/`
 * (default `~/.cache/espectro/models/<name>/`). The specs come from the packages that use them;
 * the download is `@espectro/models`' `pullModel`: SHA-256-verified when the spec pins one,
 * written atomically, resumed after an interruption, 429/5xx retried. `--mirror URL` (or
 * `ESPECTRO_MODELS_MIRROR`) fetches `URL/<name>/<file>` instead of the upstream address.
 */
import { parseArgs } from 'node:util';
import { missingModelFiles, modelDirectory, modelsRoot, pullModel, type ModelSpec } from '@espectro/models';
import { formatTable } from '../format.js';
import { ExitCode, UsageError, type CliCommand, type CliIo } from '../io.js';

/** A downloadable model and the package whose spec it is. */
export type PullableModel = ModelSpec & {
  /** Package that exports the spec. */
  package: string;
};

/** Where each model's spec comes from (loaded on demand: the packages are large). */
export interface ModelSource {
  package: string;
  load: () => Promise<ModelSpec>;
}

const MODEL_SOURCES: ModelSource[] = [
  { package: '@espectro/clustering', load: async () => (await import('@espectro/clustering')).MINILM_MODEL_SPEC },
  { package: '@espectro/speaker-id', load: async () => (await import('@espectro/speaker-id')).campPlusPlusModel },
];

/**
 * The models `espectro models` knows, sorted by name.
 *
 * @example
 * (await availableModels()).map((model) => model.name); // ['campplus', 'minilm']
 */
export async function availableModels(sources: ModelSource[] = MODEL_SOURCES): Promise<PullableModel[]> {
  const models = await Promise.all(
    sources.map(async (source) => ({ ...(await source.load()), package: source.package })),
  );
  return models.sort((left, right) => (left.name < right.name ? -1 : 1));
}

const usage = `Usage: espectro models pull <name> [--force] [--with-optional] [--mirror URL] [--json]
       espectro models list [--json]

Downloads model weights into $ESPECTRO_MODELS/<name>/ (default ~/.cache/espectro/models/<name>/),
where clustering (minilm) and speaker-id (campplus) look for them; without them they use their
offline defaults. Run it on a machine with internet access. Files are written atomically and
checked against the published size and SHA-256 when the spec has them; an interrupted download
is resumed by the next pull, and busy servers (429, 5xx) are retried.
  --force          download again even when a verified copy is present
  --with-optional  also download the files only some settings use (e.g. MiniLM's fp32 weights)
  --mirror URL     download URL/<name>/<file> instead (or set ESPECTRO_MODELS_MIRROR)
Exit codes: 0 installed, 1 download failed, 2 usage error or unknown model.`;

function printList(io: CliIo, models: PullableModel[], env: Record<string, string | undefined>): void {
  const rows = models.map((model) => [
    model.name,
    model.package,
    missingModelFiles(model, modelDirectory(model.name, env)).length === 0 ? 'installed' : 'not installed',
    model.license,
    model.description,
  ]);
  io.stdout(
    `${formatTable(['name', 'package', 'status', 'license', 'description'], rows)}\nFolder: ${modelsRoot(env)}\n`,
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
      options: {
        force: { type: 'boolean' },
        'with-optional': { type: 'boolean' },
        mirror: { type: 'string' },
        json: { type: 'boolean' },
      },
      allowPositionals: true,
      strict: true,
    });
    const [action, name, ...extra] = positionals;
    const models = await availableModels();
    if (action === 'list') {
      if (values.json) io.stdout(`${JSON.stringify({ directory: modelsRoot(io.env), models }, null, 2)}\n`);
      else printList(io, models, io.env);
      return ExitCode.ok;
    }
    if (action !== 'pull')
      throw new UsageError(
        action === undefined
          ? 'expected a subcommand: pull <name> or list'
          : `unknown subcommand "${action}" (expected pull or list)`,
      );
    if (name === undefined)
      throw new UsageError(`expected a model name: ${models.map((model) => model.name).join(', ')}`);
    if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
    const model = models.find((candidate) => candidate.name === name);
    if (!model)
      throw new UsageError(
        `unknown model "${name}" (available: ${models.map((candidate) => candidate.name).join(', ')})`,
      );
    const directory = modelDirectory(model.name, io.env);
    const mirror = values.mirror ?? io.env.ESPECTRO_MODELS_MIRROR;
    try {
      let lastReport = 0;
      const files = await pullModel(model, {
        directory,
        ...(mirror ? { mirror } : {}),
        ...(values.force ? { force: true } : {}),
        ...(values['with-optional'] ? { includeOptional: true } : {}),
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
            `${file.downloaded ? 'downloaded' : 'already present'} ${file.path} (${file.bytes} bytes, sha256 ${file.sha256}${file.verified ? ', verified' : ', not pinned by the spec'}${file.resumedFromBytes > 0 ? `, resumed from ${file.resumedFromBytes} bytes` : ''})\n`,
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
