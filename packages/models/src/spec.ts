/**
 * What a downloadable model is and where it lives. Models are never fetched at run time: a machine
 * with internet runs `espectro models pull <name>` once, into `$ESPECTRO_MODELS/<name>/` (default
 * `~/.cache/espectro/models/<name>/`), and everything else reads from there.
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** One file of a model. */
export interface ModelFile {
  /** Path inside the model folder (may contain `/`, e.g. `onnx/model_quantized.onnx`). */
  path: string;
  /** Download address (upstream). */
  url: string;
  /** Hex SHA-256 when published or pinned; a download that differs is discarded. */
  sha256?: string;
  /** Size in bytes when known; a download of another size is discarded. */
  bytes?: number;
  /** Needed to run (default `true`); `false` for files that are only useful (e.g. a tokenizer map). */
  required?: boolean;
}

/** A downloadable model: what `espectro models pull <name>` downloads, and from where. */
export interface ModelSpec {
  /** Name on the command line and folder name under the models directory, e.g. `minilm`. */
  name: string;
  /** One line for `espectro models list`. */
  description: string;
  /** Licence of the weights. */
  license: string;
  /** Where the model comes from (a page a reader can check). */
  source: string;
  /** The files `pullModel` downloads. */
  files: ModelFile[];
  /** Files only useful for other settings (e.g. fp32 weights); listed, not downloaded by default. */
  optionalFiles?: ModelFile[];
}

/**
 * Root folder of all models: `$ESPECTRO_MODELS` (resolved against the working directory), or
 * `~/.cache/espectro/models`.
 *
 * @example
 * modelsRoot({ ESPECTRO_MODELS: '/srv/models' }); // '/srv/models'
 */
export function modelsRoot(environment: Record<string, string | undefined> = process.env): string {
  const configured = environment.ESPECTRO_MODELS;
  return configured && configured.length > 0 ? resolve(configured) : join(homedir(), '.cache', 'espectro', 'models');
}

/**
 * Folder of one model: `<modelsRoot>/<name>`.
 *
 * @example
 * modelDirectory('minilm', {}); // '/home/ana/.cache/espectro/models/minilm'
 */
export function modelDirectory(name: string, environment: Record<string, string | undefined> = process.env): string {
  return join(modelsRoot(environment), name);
}

/**
 * The required files of `spec` that are not in `directory` (paths inside the model folder); an
 * empty list means the model is installed there.
 */
export function missingModelFiles(spec: Pick<ModelSpec, 'files'>, directory: string): string[] {
  return spec.files
    .filter((file) => file.required !== false && !existsSync(join(directory, file.path)))
    .map((file) => file.path);
}
