/**
 * Which backends the pipeline runs on, chosen from what is installed and configured (issue 15 §6):
 * the MiniLM embedder when its weights are installed (`espectro models pull minilm`), else the
 * offline character n-gram embedder with its own calibrated thresholds; the CLU-2 LLM judge for
 * the grey band when a Gemini or Groq key is configured, else none (grey pairs are not merged);
 * the SYN-2 synthesis chain when any provider key is configured, else the offline extractive
 * synthesiser and the keyword topic classifier. `embedder` / `judge` choices override `auto`, with
 * a clear error when the asked-for backend is not available. Every result records the backend
 * that produced it.
 */
import {
  ClusteringError,
  createLlmJudge,
  createMiniLMEmbedder,
  createOfflineEmbedder,
  defaultModelDirectory,
  type Embedder,
  type PairJudge,
} from '@espectro/clustering';
import {
  API_KEY_VARIABLES,
  apiKeyFromEnv,
  createFallbackChain,
  createGemini,
  createGroq,
  type CostLedger,
  type LanguageModel,
} from '@espectro/llm';
import { createDefaultSynthesisChain } from '@espectro/synthesis';
import { PipelineError } from './errors.js';

/** `--embedder`: `auto` = MiniLM when installed, else offline. */
export type EmbedderChoice = 'auto' | 'offline' | 'minilm';
/** `--judge`: `auto` = the LLM judge when a Gemini or Groq key is configured, else none. */
export type JudgeChoice = 'auto' | 'llm' | 'none';

/** The embedder of the pipeline, with what the archive needs to know about it. */
export interface EmbedderBackend {
  /**
   * Identity stored with every cluster assignment and vector: backend, model, dimension and
   * thresholds. Articles clustered under another key count as not clustered by this one.
   */
  readonly key: string;
  /** The embedder's own label (`minilm-q8`, `offline-char-ngram-tfidf`). */
  readonly label: string;
  /**
   * The embedder. Its vectors depend on the headline alone (MiniLM; the offline TF-IDF with the
   * reference-corpus IDF shipped in `@espectro/clustering`), so they are stored with the archive
   * and a headline is never embedded twice.
   */
  readonly embedder: Embedder;
  dispose(): Promise<void>;
}

/** Everything the stages call out to. */
export interface PipelineBackends {
  embedder: EmbedderBackend;
  /** The CLU-2 grey-zone judge, `null` when none is configured (grey pairs are then not merged). */
  judge: PairJudge | null;
  /** The SYN-2 chain for synthesis and topics (TOP-1), `null` offline (extractive + keywords). */
  synthesis: LanguageModel | null;
  /** What runs, one line each, as status pages and the run summary print it. */
  describe(): BackendDescription;
  /** Releases native resources (ONNX sessions). */
  dispose(): Promise<void>;
}

/** What {@link PipelineBackends.describe} returns. */
export interface BackendDescription {
  embedder: string;
  judge: string;
  synthesis: string;
  topics: string;
  /** Why a backend was chosen (e.g. "MiniLM not installed (…): offline embedder"). */
  notes: string[];
}

/** Options of {@link resolveBackends}. */
export interface ResolveBackendsOptions {
  /** Where provider keys and `ESPECTRO_MODELS` are read from (default `process.env`). */
  env?: Record<string, string | undefined>;
  embedder?: EmbedderChoice;
  judge?: JudgeChoice;
  /** MiniLM model folder; default `defaultModelDirectory('minilm', env)`. */
  modelDirectory?: string;
  /** Cost ledger for the LLM calls. */
  ledger?: CostLedger;
}

/** The key an embedder's assignments and vectors are stored under. */
export function embedderKey(embedder: Embedder): string {
  const { merge, judgeLow, averageSimilarityGuard } = embedder.thresholds;
  return `${embedder.backend}|${embedder.model}|${embedder.dimension}|${merge}/${judgeLow}/${averageSimilarityGuard ?? judgeLow}`;
}

/**
 * The offline embedder (no weights): character n-grams and stems weighted by the IDF of the
 * reference corpus shipped with `@espectro/clustering` (rule CLU-2-OFFLINE thresholds), so a
 * headline's vector does not depend on the batch it is clustered with and is stored.
 *
 * @example
 * const backend = offlineEmbedderBackend();
 * backend.embedder.model; // 'char3-5+stems-nostop-tfidf@reference-…'
 */
export function offlineEmbedderBackend(): EmbedderBackend {
  return fixedEmbedderBackend(createOfflineEmbedder());
}

/**
 * An embedder whose vectors depend on the text alone (MiniLM, the offline embedder, or any
 * `Embedder` with that property): one instance for every batch, vectors stored.
 */
export function fixedEmbedderBackend(embedder: Embedder): EmbedderBackend {
  return {
    key: embedderKey(embedder),
    label: embedder.backend,
    embedder,
    dispose: async () => {
      await embedder.dispose?.();
    },
  };
}

/**
 * The CLU-2 judge (Gemini, Groq as fallback) over the layers that have a key, or `null` when neither
 * has one. (`createClu2Judge` builds both layers whatever the keys; a keyless layer would still be
 * tried, so the configured ones are picked here.)
 */
function configuredClu2Judge(env: Record<string, string | undefined>, ledger?: CostLedger): PairJudge | null {
  const geminiKey = apiKeyFromEnv(API_KEY_VARIABLES.gemini, env);
  const groqKey = apiKeyFromEnv(API_KEY_VARIABLES.groq, env);
  const layers: LanguageModel[] = [];
  if (geminiKey !== undefined) layers.push(createGemini({ apiKey: geminiKey }));
  if (groqKey !== undefined) layers.push(createGroq({ apiKey: groqKey }));
  if (layers.length === 0) return null;
  return createLlmJudge({ model: createFallbackChain(layers, ledger ? { ledger } : {}) });
}

/**
 * Assembles backends from given parts (tests inject a fake-server judge or a tiny model this way).
 *
 * @example
 * const backends = createBackends({ embedder: offlineEmbedderBackend(), judge: createLlmJudge({ model }), synthesis: null });
 */
export function createBackends(parts: {
  embedder: EmbedderBackend;
  judge: PairJudge | null;
  synthesis: LanguageModel | null;
  notes?: string[];
}): PipelineBackends {
  const notes = parts.notes ?? [];
  return {
    embedder: parts.embedder,
    judge: parts.judge,
    synthesis: parts.synthesis,
    describe: () => ({
      embedder: parts.embedder.label,
      judge: parts.judge?.backend ?? 'none (no Gemini or Groq key: grey-zone pairs are not merged)',
      synthesis: parts.synthesis === null ? 'extractive (offline)' : `llm (${parts.synthesis.modelId})`,
      topics: parts.synthesis === null ? 'keywords (offline)' : `llm (${parts.synthesis.modelId})`,
      notes: [...notes],
    }),
    dispose: () => parts.embedder.dispose(),
  };
}

/**
 * Chooses the backends from what is installed and configured (see the module comment).
 *
 * @example
 * const backends = await resolveBackends({ env: process.env });              // auto
 * const forced = await resolveBackends({ env, embedder: 'minilm', judge: 'none' });
 * backends.describe(); // { embedder: 'minilm-q8', judge: 'llm:chain:…', synthesis: 'llm (…)', … }
 */
export async function resolveBackends(options: ResolveBackendsOptions = {}): Promise<PipelineBackends> {
  const env = options.env ?? process.env;
  const embedderChoice = options.embedder ?? 'auto';
  const judgeChoice = options.judge ?? 'auto';
  const notes: string[] = [];

  let embedder: EmbedderBackend;
  if (embedderChoice === 'offline') {
    embedder = offlineEmbedderBackend();
  } else {
    const modelPath = options.modelDirectory ?? defaultModelDirectory('minilm', env);
    try {
      embedder = fixedEmbedderBackend(await createMiniLMEmbedder({ modelPath }));
    } catch (error) {
      const reason = error instanceof ClusteringError ? error.message : String(error);
      if (embedderChoice === 'minilm') {
        throw new PipelineError({
          code: 'backend_unavailable',
          stage: 'backends',
          field: '--embedder',
          message: `--embedder minilm was asked for, but the MiniLM model is not usable: ${reason}`,
          cause: error,
        });
      }
      notes.push(`MiniLM not installed in ${modelPath} (\`espectro models pull minilm\`): offline embedder`);
      embedder = offlineEmbedderBackend();
    }
  }

  let judge: PairJudge | null = null;
  if (judgeChoice !== 'none') {
    judge = configuredClu2Judge(env, options.ledger);
    if (judge === null && judgeChoice === 'llm') {
      await embedder.dispose();
      throw new PipelineError({
        code: 'backend_unavailable',
        stage: 'backends',
        field: '--judge',
        message: `--judge llm was asked for, but no judge key is configured: set ${[...API_KEY_VARIABLES.gemini, ...API_KEY_VARIABLES.groq].join(' or ')}`,
      });
    }
    if (judge === null) notes.push('no Gemini or Groq key: no grey-zone judge (pairs in the grey band are not merged)');
  }

  const synthesis = createDefaultSynthesisChain({ env, ...(options.ledger ? { ledger: options.ledger } : {}) });
  if (synthesis === null) notes.push('no provider key: extractive synthesis and keyword topics (offline)');
  return createBackends({ embedder, judge, synthesis, notes });
}
