/**
 * The CAM++ model file: its spec and where it is installed. Downloading is `@espectro/models`'
 * (`espectro models pull campplus`, or `pullModel(campPlusPlusModel)`); nothing here downloads.
 *
 * Models are never fetched at run time: a machine with internet pulls them once into
 * `$ESPECTRO_MODELS/<name>/` (default `~/.cache/espectro/models/<name>/`), and everything else
 * reads from there. Without the file, the offline statistics embedder is used and labelled so.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { modelDirectory, modelsRoot as sharedModelsRoot, type ModelSpec } from '@espectro/models';

export type { ModelSpec } from '@espectro/models';

/** File name of the CAM++ export inside its model folder (as published upstream). */
export const CAMPPLUS_FILE_NAME = '3dspeaker_speech_campplus_sv_en_voxceleb_16k.onnx';

/**
 * CAM++ (3D-Speaker, Alibaba DAMO) trained on VoxCeleb, exported to ONNX with sherpa-onnx's
 * metadata, as published in sherpa-onnx's `speaker-recongition-models` release (upstream's
 * spelling of the tag). VoxCeleb covers many languages, which suits Portuguese/Spanish debates
 * better than the Mandarin-only CAM++ export. No SHA-256 is pinned because none is published
 * next to the file; the download is still written atomically and its SHA-256 reported, so a
 * newsroom can pin the one it verified.
 */
export const campPlusPlusModel: ModelSpec = {
  name: 'campplus',
  files: [
    {
      path: CAMPPLUS_FILE_NAME,
      url: `https://github.com/k2-fsa/sherpa-onnx/releases/download/speaker-recongition-models/${CAMPPLUS_FILE_NAME}`,
    },
  ],
  description: 'CAM++ speaker embedding model (3D-Speaker, VoxCeleb), ONNX export for sherpa-onnx',
  license: 'Apache-2.0',
  source:
    'https://github.com/modelscope/3D-Speaker (export: https://github.com/k2-fsa/sherpa-onnx/releases/tag/speaker-recongition-models)',
};

/**
 * Root folder of all models: `$ESPECTRO_MODELS`, or `~/.cache/espectro/models`.
 *
 * @deprecated `modelsRoot` of `@espectro/models` (the one home).
 */
export const modelsRoot = sharedModelsRoot;

/** Folder of one model, e.g. `~/.cache/espectro/models/campplus`. */
export function modelFolder(
  spec: Pick<ModelSpec, 'name'>,
  env: Record<string, string | undefined> = process.env,
): string {
  return modelDirectory(spec.name, env);
}

/** Path of the model's (first) file when it is installed, otherwise undefined. */
export function installedModelPath(
  spec: Pick<ModelSpec, 'name' | 'files'>,
  env: Record<string, string | undefined> = process.env,
): string | undefined {
  const first = spec.files[0];
  if (!first) return undefined;
  const path = join(modelFolder(spec, env), first.path);
  return existsSync(path) ? path : undefined;
}
