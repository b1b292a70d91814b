/**
 * Model files: where they live and how `espectro models pull <name>` downloads them.
 *
 * Models are never fetched at run time: a machine with internet pulls them once into
 * `$ESPECTRO_MODELS/<name>/` (default `~/.cache/espectro/models/<name>/`), and everything else
 * reads from there. Without the file, the offline statistics embedder is used and labelled so.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { SpeakerIdError } from './errors.js';

/** A downloadable model file. */
export interface ModelSpec {
  /** Short name used on the command line and as the folder name, e.g. `campplus`. */
  name: string;
  /** File name inside the model folder (as published upstream). */
  fileName: string;
  /** Download address. */
  url: string;
  /** Hex SHA-256 of the file when known; the download is rejected if it differs. */
  sha256?: string;
  /** Size in bytes when known; the download is rejected if it differs. */
  bytes?: number;
  /** What the model is. */
  description: string;
  /** Licence of the weights. */
  license: string;
  /** Where the model comes from. */
  source: string;
}

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
  fileName: '3dspeaker_speech_campplus_sv_en_voxceleb_16k.onnx',
  url: 'https://github.com/k2-fsa/sherpa-onnx/releases/download/speaker-recongition-models/3dspeaker_speech_campplus_sv_en_voxceleb_16k.onnx',
  description: 'CAM++ speaker embedding model (3D-Speaker, VoxCeleb), ONNX export for sherpa-onnx',
  license: 'Apache-2.0',
  source:
    'https://github.com/modelscope/3D-Speaker (export: https://github.com/k2-fsa/sherpa-onnx/releases/tag/speaker-recongition-models)',
};

/** Root folder of all models: `$ESPECTRO_MODELS`, or `~/.cache/espectro/models`. */
export function modelsRoot(env: Record<string, string | undefined> = process.env): string {
  const configured = env.ESPECTRO_MODELS;
  return configured && configured.length > 0 ? configured : join(homedir(), '.cache', 'espectro', 'models');
}

/** Folder of one model, e.g. `~/.cache/espectro/models/campplus`. */
export function modelFolder(
  spec: Pick<ModelSpec, 'name'>,
  env: Record<string, string | undefined> = process.env,
): string {
  return join(modelsRoot(env), spec.name);
}

/** Path of the model file when it is installed, otherwise undefined. */
export function installedModelPath(
  spec: Pick<ModelSpec, 'name' | 'fileName'>,
  env: Record<string, string | undefined> = process.env,
): string | undefined {
  const path = join(modelFolder(spec, env), spec.fileName);
  return existsSync(path) ? path : undefined;
}

/** Options of {@link pullModel}. */
export interface PullModelOptions {
  /** Folder to write into (default: {@link modelFolder} of the spec). */
  destination?: string;
  /** The fetch implementation (default: global fetch); tests pass one bound to a loopback server. */
  fetch?: typeof globalThis.fetch;
  /** Environment for the default destination. */
  env?: Record<string, string | undefined>;
  /** Download even when a verified copy is present. */
  force?: boolean;
  /** Called with bytes received so far and the total when known. */
  onProgress?: (received: number, total: number | undefined) => void;
}

/** What {@link pullModel} did. */
export interface PullModelResult {
  path: string;
  bytes: number;
  sha256: string;
  /** False when an existing copy was kept. */
  downloaded: boolean;
  /** True when the SHA-256 was checked against a published value. */
  verified: boolean;
}

async function hashFile(path: string): Promise<{ sha256: string; bytes: number }> {
  const contents = await readFile(path);
  return { sha256: createHash('sha256').update(contents).digest('hex'), bytes: contents.length };
}

/**
 * Downloads a model file into its folder: streamed to a temporary file in the same folder while
 * hashing, checked against the published size and SHA-256 when known, then renamed into place —
 * so an interrupted or corrupt download never leaves a file that looks installed.
 *
 * @throws SpeakerIdError `download_failed` (HTTP error, network error, size mismatch) or
 *   `checksum_mismatch`.
 */
export async function pullModel(spec: ModelSpec, options: PullModelOptions = {}): Promise<PullModelResult> {
  const folder = options.destination ?? modelFolder(spec, options.env);
  const target = join(folder, spec.fileName);
  const expectedSha = spec.sha256?.toLowerCase();
  if (!options.force && existsSync(target)) {
    const existing = await hashFile(target);
    if (!expectedSha || existing.sha256 === expectedSha) {
      return { path: target, ...existing, downloaded: false, verified: Boolean(expectedSha) };
    }
  }
  const fetchImplementation = options.fetch ?? globalThis.fetch;
  let response: Response;
  try {
    response = await fetchImplementation(spec.url, { redirect: 'follow' });
  } catch (error) {
    throw new SpeakerIdError(
      'download_failed',
      `${spec.name}: cannot download ${spec.url} (${(error as Error).message})`,
      { cause: error },
    );
  }
  if (!response.ok || !response.body) {
    throw new SpeakerIdError(
      'download_failed',
      `${spec.name}: ${spec.url} answered HTTP ${response.status} ${response.statusText}`.trim(),
    );
  }
  const lengthHeader = response.headers.get('content-length');
  const total = lengthHeader ? Number(lengthHeader) : undefined;
  await mkdir(folder, { recursive: true });
  const temporary = join(folder, `.${spec.fileName}.${process.pid}.${randomBytes(4).toString('hex')}.partial`);
  const hash = createHash('sha256');
  let received = 0;
  const handle = await open(temporary, 'w');
  try {
    try {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        hash.update(value);
        received += value.length;
        await handle.write(value);
        options.onProgress?.(received, total);
      }
    } catch (error) {
      throw new SpeakerIdError(
        'download_failed',
        `${spec.name}: download of ${spec.url} broke off after ${received} bytes (${(error as Error).message})`,
        { cause: error },
      );
    } finally {
      await handle.close();
    }
    if (total !== undefined && Number.isFinite(total) && received !== total) {
      throw new SpeakerIdError(
        'download_failed',
        `${spec.name}: received ${received} bytes, the server announced ${total}`,
      );
    }
    if (spec.bytes !== undefined && received !== spec.bytes) {
      throw new SpeakerIdError(
        'download_failed',
        `${spec.name}: received ${received} bytes, the published size is ${spec.bytes}`,
      );
    }
    const sha256 = hash.digest('hex');
    if (expectedSha && sha256 !== expectedSha) {
      throw new SpeakerIdError(
        'checksum_mismatch',
        `${spec.name}: SHA-256 of the download is ${sha256}, expected ${expectedSha}; the file was not installed`,
      );
    }
    await rename(temporary, target);
    return { path: target, bytes: received, sha256, downloaded: true, verified: Boolean(expectedSha) };
  } finally {
    await rm(temporary, { force: true });
  }
}
