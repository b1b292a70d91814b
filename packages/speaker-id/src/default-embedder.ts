/**
 * Choosing the embedder: CAM++ when its model is installed (or given), otherwise the offline
 * statistics embedder with the shipped LDA projection — and, for an existing voices file, always
 * the backend it was enrolled with (so files enrolled with the plain statistics embedder keep working).
 */
import { createCamPlusPlusEmbedder } from './campplus.js';
import { CAMPPLUS_BACKEND, STATISTICS_BACKEND, STATISTICS_PROJECTED_BACKEND, type Embedder } from './embedder.js';
import type { VoicesFile } from './enrollment.js';
import { SpeakerIdError } from './errors.js';
import { campPlusPlusModel, installedModelPath, modelFolder } from './models.js';
import { createProjectedStatisticsEmbedder, createStatisticsEmbedder } from './statistics-embedder.js';

/**
 * Which backend to use. 'auto' picks CAM++ when a model is available, else 'statistics-lda' (the
 * statistics embedder followed by the shipped LDA projection, {@link STATISTICS_PROJECTED_BACKEND});
 * 'statistics' is the plain statistics embedder without the projection ({@link STATISTICS_BACKEND}),
 * the offline default before the projection, kept for files enrolled with it.
 */
export type BackendChoice = 'auto' | 'statistics-lda' | 'statistics' | 'campplus';

/** Every {@link BackendChoice}, in the order the CLI lists them. */
export const BACKEND_CHOICES: readonly BackendChoice[] = ['auto', 'statistics-lda', 'statistics', 'campplus'];

/** Options of {@link resolveEmbedder}. */
export interface ResolveEmbedderOptions {
  /** Default 'auto'. */
  backend?: BackendChoice;
  /** Explicit CAM++ model file (otherwise the default model folder is looked in). */
  modelPath?: string;
  /** Environment (for `ESPECTRO_MODELS`). */
  env?: Record<string, string | undefined>;
}

/**
 * Resolves the embedder for a new enrolment: 'auto' gives CAM++ when its model is installed (or
 * `modelPath` is given), otherwise the offline statistics embedder with the LDA projection.
 *
 * @throws SpeakerIdError `model_missing` when 'campplus' is asked for and no model is found.
 */
export async function resolveEmbedder(options: ResolveEmbedderOptions = {}): Promise<Embedder> {
  const backend = options.backend ?? 'auto';
  if (!BACKEND_CHOICES.includes(backend))
    throw new SpeakerIdError(
      'invalid_argument',
      `backend must be one of ${BACKEND_CHOICES.join(', ')}, got "${backend}"`,
    );
  if (backend === 'statistics') return createStatisticsEmbedder();
  if (backend === 'statistics-lda') return createProjectedStatisticsEmbedder();
  const modelPath = options.modelPath ?? installedModelPath(campPlusPlusModel, options.env);
  if (modelPath) return createCamPlusPlusEmbedder({ modelPath });
  if (backend === 'campplus') {
    throw new SpeakerIdError(
      'model_missing',
      `no CAM++ model in ${modelFolder(campPlusPlusModel, options.env)}; run \`espectro models pull campplus\` on a machine with internet, or pass --model PATH`,
    );
  }
  return createProjectedStatisticsEmbedder();
}

/** The embedder matching a voices file's backend (statistics, or CAM++ with a model). */
export async function embedderForVoices(
  voices: VoicesFile,
  options: Omit<ResolveEmbedderOptions, 'backend'> = {},
): Promise<Embedder> {
  if (voices.backend === STATISTICS_BACKEND) return createStatisticsEmbedder();
  if (voices.backend === STATISTICS_PROJECTED_BACKEND) return createProjectedStatisticsEmbedder();
  if (voices.backend === CAMPPLUS_BACKEND) return resolveEmbedder({ ...options, backend: 'campplus' });
  throw new SpeakerIdError(
    'backend_mismatch',
    `the voices file was enrolled with "${voices.backend}", which this version cannot load`,
  );
}
