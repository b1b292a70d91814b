import type * as Transformers from '@huggingface/transformers';
import { modelDirectory, type ModelFile, type ModelSpec } from '@espectro/models';
import { access } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { CLU_2_JUDGE_LOW_THRESHOLD, CLU_2_MERGE_THRESHOLD } from './constants.js';
import type { Embedder, SimilarityThresholds } from './embedder.js';
import { ClusteringError } from './errors.js';

type TransformersModule = typeof Transformers;

export type { ModelFile, ModelSpec } from '@espectro/models';

/** The MiniLM spec: a {@link ModelSpec} plus where the ONNX export comes from. */
export interface MiniLMModelSpec extends ModelSpec {
  /** The model's own name. */
  model: string;
  /** Hugging Face repository with the ONNX export. */
  repository: string;
  /** Upstream model the export was made from. */
  upstream: string;
  /** Files that are only useful for other settings (e.g. fp32 weights for `dtype: 'fp32'`). */
  optionalFiles: ModelFile[];
}

const MINILM_REPOSITORY = 'Xenova/paraphrase-multilingual-MiniLM-L12-v2';
const resolveUrl = (path: string): string => `https://huggingface.co/${MINILM_REPOSITORY}/resolve/main/${path}`;

/**
 * The multilingual MiniLM-L12 sentence model of rule CLU-1, in the ONNX export transformers.js
 * reads: configuration, tokenizer and 8-bit quantised weights (about 120 MB), plus the fp32
 * weights as an optional file. The lead's `espectro models pull minilm` downloads these into
 * {@link defaultModelDirectory}.
 */
export const MINILM_MODEL_SPEC: MiniLMModelSpec = {
  name: 'minilm',
  model: 'paraphrase-multilingual-MiniLM-L12-v2',
  repository: MINILM_REPOSITORY,
  upstream: 'sentence-transformers/paraphrase-multilingual-MiniLM-L12-v2',
  description: 'Multilingual MiniLM-L12 sentence embeddings (rule CLU-1), ONNX, 8-bit quantised, for story clustering',
  source: `https://huggingface.co/${MINILM_REPOSITORY}`,
  license: 'apache-2.0',
  files: [
    { path: 'config.json', url: resolveUrl('config.json') },
    { path: 'tokenizer.json', url: resolveUrl('tokenizer.json') },
    { path: 'tokenizer_config.json', url: resolveUrl('tokenizer_config.json') },
    { path: 'special_tokens_map.json', url: resolveUrl('special_tokens_map.json'), required: false },
    { path: 'onnx/model_quantized.onnx', url: resolveUrl('onnx/model_quantized.onnx') },
  ],
  optionalFiles: [{ path: 'onnx/model.onnx', url: resolveUrl('onnx/model.onnx'), required: false }],
};

/**
 * Where a model lives by default: `$ESPECTRO_MODELS/<name>` if that variable is set, else
 * `~/.cache/espectro/models/<name>`.
 *
 * @deprecated `modelDirectory` of `@espectro/models` (the one home).
 * @example
 * defaultModelDirectory('minilm', process.env); // '/home/ana/.cache/espectro/models/minilm'
 */
export const defaultModelDirectory: (name: string, environment?: Record<string, string | undefined>) => string =
  modelDirectory;

/** Options of {@link createMiniLMEmbedder}. */
export interface MiniLMEmbedderOptions {
  /** The model folder (Hugging Face layout); default {@link defaultModelDirectory}('minilm'). */
  modelPath?: string;
  /** Weights to load: `q8` reads `onnx/model_quantized.onnx` (default), `fp32` reads `onnx/model.onnx`. */
  dtype?: 'q8' | 'fp32';
  /** Texts per forward pass, default 32. */
  batchSize?: number;
  /** Tokens per text before truncation, default 128 (headlines are far shorter). */
  maxLength?: number;
  /** Default rule CLU-2: merge above 0.74, judge from 0.60. */
  thresholds?: SimilarityThresholds;
  /** onnxruntime threads, default 2 (this project's machines have 2 cores). */
  threads?: number;
}

/** Thresholds of rule CLU-2, for the MiniLM embedder. */
export const CLU_2_THRESHOLDS: SimilarityThresholds = {
  merge: CLU_2_MERGE_THRESHOLD,
  judgeLow: CLU_2_JUDGE_LOW_THRESHOLD,
  source: 'rule CLU-2 (multilingual MiniLM-L12)',
};

interface TransformersTensor {
  dims: number[];
  data: Float32Array | BigInt64Array;
}

/**
 * Mean-pools token vectors with the attention mask and L2-normalises each row (what
 * sentence-transformers does for this model). `hidden` is `[batch, sequence, width]`, `mask`
 * `[batch, sequence]`.
 */
export function meanPoolAndNormalise(hidden: TransformersTensor, mask: TransformersTensor): Float32Array[] {
  const [batch, sequence, width] = hidden.dims as [number, number, number];
  if (hidden.dims.length !== 3 || mask.dims[0] !== batch || mask.dims[1] !== sequence) {
    throw new ClusteringError({
      code: 'model_output',
      stage: 'embed',
      message: `expected last_hidden_state [batch, sequence, width] matching attention_mask [batch, sequence], got [${hidden.dims.join(', ')}] and [${mask.dims.join(', ')}]`,
    });
  }
  const values = hidden.data as Float32Array;
  const maskValues = mask.data;
  const rows: Float32Array[] = [];
  for (let row = 0; row < batch; row += 1) {
    const pooled = new Float64Array(width);
    let count = 0;
    for (let token = 0; token < sequence; token += 1) {
      if (Number(maskValues[row * sequence + token]) === 0) continue;
      count += 1;
      const offset = (row * sequence + token) * width;
      for (let component = 0; component < width; component += 1)
        pooled[component] = pooled[component]! + values[offset + component]!;
    }
    let sum = 0;
    for (let component = 0; component < width; component += 1) {
      pooled[component] = pooled[component]! / Math.max(count, 1);
      sum += pooled[component]! ** 2;
    }
    const norm = Math.sqrt(sum);
    const vector = new Float32Array(width);
    for (let component = 0; component < width; component += 1)
      vector[component] = norm > 0 ? pooled[component]! / norm : 0;
    rows.push(vector);
  }
  return rows;
}

/**
 * The MiniLM embedder of rule CLU-1 on transformers.js v3, strictly offline
 * (`env.allowRemoteModels = false`; the folder must hold config.json, tokenizer.json,
 * tokenizer_config.json and onnx/model_quantized.onnx — `espectro models pull minilm` fetches them).
 * Tokenises in batches with padding, runs onnxruntime-node, mean-pools with the attention mask and
 * L2-normalises. Vectors do not depend on batch composition (padding is masked out).
 *
 * Note: transformers.js keeps its settings in one global `env`; this sets `allowRemoteModels`,
 * `allowLocalModels` and `localModelPath` there.
 *
 * @example
 * const embedder = await createMiniLMEmbedder({ modelPath: '/models/minilm' });
 * const [vector] = await embedder.embed(['Muere el papa Francisco a los 88 años']);
 */
export async function createMiniLMEmbedder(options: MiniLMEmbedderOptions = {}): Promise<Embedder> {
  const modelPath = resolve(options.modelPath ?? modelDirectory('minilm'));
  const dtype = options.dtype ?? 'q8';
  const weights = join(modelPath, dtype === 'q8' ? 'onnx/model_quantized.onnx' : 'onnx/model.onnx');
  for (const required of [
    join(modelPath, 'config.json'),
    join(modelPath, 'tokenizer.json'),
    join(modelPath, 'tokenizer_config.json'),
    weights,
  ]) {
    try {
      await access(required);
    } catch (error) {
      throw new ClusteringError({
        code: 'model_missing',
        stage: 'load_model',
        field: 'modelPath',
        message: `${required} is missing; run \`espectro models pull minilm\` on a machine with internet, or pass modelPath (the offline embedder needs no weights)`,
        cause: error,
      });
    }
  }
  const { env, AutoTokenizer, AutoModel } = await loadTransformers();
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
  env.localModelPath = `${dirname(modelPath)}/`;
  const modelId = basename(modelPath);
  let tokenizer: Awaited<ReturnType<typeof AutoTokenizer.from_pretrained>>;
  let model: Awaited<ReturnType<typeof AutoModel.from_pretrained>>;
  try {
    tokenizer = await AutoTokenizer.from_pretrained(modelId);
    model = await AutoModel.from_pretrained(modelId, {
      dtype,
      device: 'cpu',
      session_options: { intraOpNumThreads: options.threads ?? 2, interOpNumThreads: 1 },
    } as Parameters<typeof AutoModel.from_pretrained>[1]);
  } catch (error) {
    throw new ClusteringError({
      code: 'model_missing',
      stage: 'load_model',
      field: 'modelPath',
      message: `could not load the model in ${modelPath}: ${error instanceof Error ? error.message : String(error)}`,
      cause: error,
    });
  }
  const config = (model as unknown as { config?: { hidden_size?: number } }).config;
  const dimension = config?.hidden_size ?? 384;
  const batchSize = options.batchSize ?? 32;
  const maxLength = options.maxLength ?? 128;
  return {
    backend: `minilm-${dtype}`,
    model: MINILM_MODEL_SPEC.model,
    dimension,
    thresholds: options.thresholds ?? CLU_2_THRESHOLDS,
    async embed(texts) {
      const vectors: Float32Array[] = [];
      for (let start = 0; start < texts.length; start += batchSize) {
        const batch = [...texts.slice(start, start + batchSize)];
        const inputs = tokenizer(batch, { padding: true, truncation: true, max_length: maxLength }) as Record<
          string,
          TransformersTensor
        >;
        const output = (await model(inputs)) as Record<string, TransformersTensor | undefined>;
        const hidden = output.last_hidden_state;
        if (!hidden) {
          throw new ClusteringError({
            code: 'model_output',
            stage: 'embed',
            message: `the model in ${modelPath} has no last_hidden_state output`,
          });
        }
        const rows = meanPoolAndNormalise(hidden, inputs.attention_mask!);
        if (rows[0] && rows[0].length !== dimension) {
          throw new ClusteringError({
            code: 'model_output',
            stage: 'embed',
            message: `the model returned ${rows[0].length} components, config says ${dimension}`,
          });
        }
        vectors.push(...rows);
      }
      return vectors;
    },
    async dispose() {
      await (model as unknown as { dispose?: () => Promise<void> }).dispose?.();
    },
  };
}

/** The optional peer that runs MiniLM; the offline embedder needs neither it nor onnxruntime-node. */
export const TRANSFORMERS_PACKAGE = '@huggingface/transformers';

/**
 * Loads `@huggingface/transformers` on first use of MiniLM (never at import time, so the offline
 * default runs where the optional peer is not installed).
 *
 * @throws ClusteringError `backend_unavailable`, naming the package to install, when it is missing or does not load.
 */
export async function loadTransformers(
  importModule: (specifier: string) => Promise<unknown> = (specifier) => import(specifier),
): Promise<TransformersModule> {
  try {
    return (await importModule(TRANSFORMERS_PACKAGE)) as TransformersModule;
  } catch (error) {
    const missing = (error as { code?: unknown }).code === 'ERR_MODULE_NOT_FOUND';
    throw new ClusteringError({
      code: 'backend_unavailable',
      stage: 'load_model',
      field: 'embedder',
      message: missing
        ? `the MiniLM embedder needs the optional package ${TRANSFORMERS_PACKAGE} (with onnxruntime-node): install it with \`pnpm add ${TRANSFORMERS_PACKAGE}\` (or npm install), or use the offline embedder`
        : `${TRANSFORMERS_PACKAGE} could not be loaded on ${process.platform}-${process.arch} (${(error instanceof Error ? error.message : String(error)).split('\n')[0]}); the offline embedder still works`,
      cause: error,
    });
  }
}
