/**
 * CAM++ speaker embeddings through sherpa-onnx-node (1.13.x), which bundles onnxruntime and
 * kaldi-native-fbank: it computes the 80-bin Kaldi fbank CAM++ expects (with the model's
 * `feature_normalize_type`, 'global-mean' for 3D-Speaker), runs the ONNX graph and returns the
 * embedding. Any 3D-Speaker or WeSpeaker ONNX export with sherpa-onnx's metadata loads the same way.
 *
 * The model's metadata is checked in TypeScript first, because sherpa-onnx's native code exits the
 * process on a missing key instead of throwing.
 */
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { CAMPPLUS_BACKEND, type Embedder } from './embedder.js';
import { SpeakerIdError } from './errors.js';
import { readOnnxMetadata, validateSpeakerModelMetadata } from './onnx-metadata.js';

/** The slice of sherpa-onnx-node's JavaScript API this package uses (the package ships no typings). */
interface SherpaOnlineStream {
  acceptWaveform(wave: { samples: Float32Array; sampleRate: number }): void;
  inputFinished(): void;
}
interface SherpaSpeakerEmbeddingExtractor {
  readonly dim: number;
  createStream(): SherpaOnlineStream;
  isReady(stream: SherpaOnlineStream): boolean;
  compute(stream: SherpaOnlineStream, enableExternalBuffer?: boolean): Float32Array;
}
interface SherpaModule {
  SpeakerEmbeddingExtractor: new (config: {
    model: string;
    numThreads?: number;
    debug?: number | boolean;
    provider?: string;
  }) => SherpaSpeakerEmbeddingExtractor;
}

/** The npm package of the CAM++ runtime: an optional peer dependency, installed only for CAM++. */
export const SHERPA_ONNX_PACKAGE = 'sherpa-onnx-node';

/** The sherpa-onnx-node range this package is tested with (its `peerDependencies` entry). */
const SHERPA_ONNX_RANGE = '~1.13.8';

let sherpaModule: Promise<SherpaModule> | undefined;

/** True when `error` (or a cause) says that `packageName` itself could not be resolved. */
function isPackageMissing(error: unknown, packageName: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== undefined && current !== null; depth += 1) {
    const code = (current as { code?: unknown }).code;
    const message = String((current as { message?: unknown }).message ?? '');
    const namesPackage = message.includes(`'${packageName}'`) || message.includes(`"${packageName}"`);
    if ((code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && namesPackage) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Imports the CAM++ runtime `specifier` (default {@link SHERPA_ONNX_PACKAGE}); not cached. Exported
 * for tests, which import a package that is not installed to see the message a user gets.
 *
 * @throws SpeakerIdError `backend_unavailable`: the package is not installed (the message says how
 *   to install it), or its native module does not load on this platform.
 */
export async function importSherpaOnnx(specifier: string = SHERPA_ONNX_PACKAGE): Promise<SherpaModule> {
  try {
    const imported = (await import(specifier)) as { default?: SherpaModule } & Partial<SherpaModule>;
    const module = (imported.SpeakerEmbeddingExtractor ? imported : imported.default) as SherpaModule | undefined;
    if (!module?.SpeakerEmbeddingExtractor) throw new Error('SpeakerEmbeddingExtractor is not exported');
    return module;
  } catch (error) {
    if (isPackageMissing(error, specifier)) {
      throw new SpeakerIdError(
        'backend_unavailable',
        `the CAM++ backend needs the optional peer dependency "${specifier}", which is not installed: install it with \`pnpm add ${specifier}@${SHERPA_ONNX_RANGE}\` (or npm install ${specifier}@${SHERPA_ONNX_RANGE}); the offline statistics embedder works without it`,
        { cause: error },
      );
    }
    throw new SpeakerIdError(
      'backend_unavailable',
      `${specifier} could not be loaded on ${process.platform}-${process.arch} (${(error as Error).message.split('\n')[0]}); the statistics embedder still works`,
      { cause: error },
    );
  }
}

/**
 * Loads sherpa-onnx-node once, on first use of the CAM++ backend (never at import time, so the
 * offline default runs where the package is not installed).
 *
 * @throws SpeakerIdError `backend_unavailable` when the package is missing or its native module cannot be loaded.
 */
export async function loadSherpaOnnx(): Promise<SherpaModule> {
  sherpaModule ??= importSherpaOnnx().catch((error: unknown) => {
    sherpaModule = undefined;
    throw error;
  });
  return sherpaModule;
}

/** True when sherpa-onnx-node's native module loads on this machine. */
export async function isSherpaOnnxAvailable(): Promise<boolean> {
  try {
    await loadSherpaOnnx();
    return true;
  } catch {
    return false;
  }
}

/** Options of {@link createCamPlusPlusEmbedder}. */
export interface CamPlusPlusOptions {
  /** Path of the ONNX model (e.g. from `installedModelPath(campPlusPlusModel)`). */
  modelPath: string;
  /** onnxruntime intra-op threads (default 1). */
  numThreads?: number;
  /** Backend label (default 'campplus (sherpa-onnx)'). */
  backend?: string;
}

/** A CAM++ embedder; `dispose` is a no-op kept for symmetry (sherpa frees on garbage collection). */
export interface CamPlusPlusEmbedder extends Embedder {
  /** Metadata read from the model file. */
  readonly metadata: Record<string, string>;
}

/**
 * Loads a CAM++ (or other 3D-Speaker / WeSpeaker) ONNX model with sherpa-onnx-node.
 *
 * @throws SpeakerIdError `model_missing` (no file), `invalid_model` (bad metadata or load failure),
 *   `backend_unavailable` (native module absent).
 * @example
 * const path = installedModelPath(campPlusPlusModel);
 * const embedder = path ? await createCamPlusPlusEmbedder({ modelPath: path }) : createStatisticsEmbedder();
 */
export async function createCamPlusPlusEmbedder(options: CamPlusPlusOptions): Promise<CamPlusPlusEmbedder> {
  const { modelPath } = options;
  try {
    const info = await stat(modelPath);
    if (!info.isFile()) throw new Error('not a file');
  } catch {
    throw new SpeakerIdError(
      'model_missing',
      `CAM++ model not found at ${modelPath}; run \`espectro models pull campplus\` on a machine with internet, or pass --model PATH`,
      { file: modelPath },
    );
  }
  const metadata = readOnnxMetadata(await readFile(modelPath), modelPath);
  const checked = validateSpeakerModelMetadata(metadata, modelPath);
  if (checked.sampleRate !== 16000) {
    throw new SpeakerIdError(
      'invalid_model',
      `${modelPath}: model expects ${checked.sampleRate} Hz audio; this package feeds 16 kHz`,
      { file: modelPath },
    );
  }
  const sherpa = await loadSherpaOnnx();
  let extractor: SherpaSpeakerEmbeddingExtractor;
  try {
    extractor = new sherpa.SpeakerEmbeddingExtractor({
      model: modelPath,
      numThreads: options.numThreads ?? 1,
      debug: 0,
      provider: 'cpu',
    });
  } catch (error) {
    throw new SpeakerIdError(
      'invalid_model',
      `${modelPath}: sherpa-onnx could not load the model (${(error as Error).message})`,
      { file: modelPath, cause: error },
    );
  }
  const dimension = extractor.dim;
  return {
    backend: options.backend ?? CAMPPLUS_BACKEND,
    dimension,
    model: basename(modelPath),
    metadata,
    embed(samples, sampleRate) {
      if (sampleRate !== 16000)
        throw new RangeError(`CAM++ embedder: expected 16 kHz audio, got ${String(sampleRate)} Hz`);
      const stream = extractor.createStream();
      stream.acceptWaveform({ samples, sampleRate });
      stream.inputFinished();
      if (!extractor.isReady(stream)) {
        throw new SpeakerIdError(
          'too_short',
          `audio of ${(samples.length / 16000).toFixed(3)} s is too short for one feature frame`,
        );
      }
      const embedding = extractor.compute(stream, false);
      if (embedding.length !== dimension) {
        throw new SpeakerIdError(
          'invalid_model',
          `${modelPath}: the model returned ${embedding.length} values, its metadata says output_dim ${dimension}`,
          { file: modelPath },
        );
      }
      return Float32Array.from(embedding);
    },
    dispose() {},
  };
}
