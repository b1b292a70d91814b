/**
 * Adapters that let `@espectro/clustering`'s in-memory clustering state work over the stored
 * archive: an embedder that serves stored vectors instead of embedding a headline again, and a
 * judge that answers from stored CLU-2 verdicts before asking the model (so a pair is never asked
 * twice, across restarts too). Vectors are stored with clustering's `encodeVector`.
 * The cluster stage seeds its state with them (`seedClusteringState`).
 */
import type { Embedder, GreyPair, PairDecision, PairJudge, SparseVector, Vector } from '@espectro/clustering';
import { loadJudgeVerdicts, type StoreExecutor } from '@espectro/store';

/** An embedder that serves known vectors by text and records the ones it had to compute. */
export interface StoredVectorEmbedder extends Embedder {
  /** Vectors computed by the inner embedder in this session, by text. */
  readonly computed: Map<string, Vector>;
  /** Number of texts the inner embedder was asked to embed. */
  readonly embeddedTexts: number;
}

/**
 * Wraps a batch-independent embedder (a headline's vector depends on the headline alone) so that
 * texts with a known vector are not embedded again.
 */
export function withStoredVectors(inner: Embedder, known: ReadonlyMap<string, Vector>): StoredVectorEmbedder {
  const computed = new Map<string, Vector>();
  let embeddedTexts = 0;
  const serve = async <Kind extends Vector>(
    texts: readonly string[],
    compute: (missing: string[]) => Promise<Kind[]>,
  ): Promise<Kind[]> => {
    const missing = [...new Set(texts.filter((text) => !known.has(text) && !computed.has(text)))];
    if (missing.length > 0) {
      embeddedTexts += missing.length;
      const vectors = await compute(missing);
      missing.forEach((text, index) => computed.set(text, vectors[index]!));
    }
    return texts.map((text) => (known.get(text) ?? computed.get(text)) as Kind);
  };
  const wrapped: StoredVectorEmbedder = {
    backend: inner.backend,
    model: inner.model,
    dimension: inner.dimension,
    thresholds: inner.thresholds,
    // The pair-agreement check (CLU-2-OFFLINE) reads the titles, not the vectors: kept as is.
    ...(inner.agreement ? { agreement: inner.agreement } : {}),
    computed,
    get embeddedTexts() {
      return embeddedTexts;
    },
    embed: (texts) => serve<Float32Array>(texts, (missing) => inner.embed(missing)),
  };
  if (inner.embedSparse) {
    const embedSparse = inner.embedSparse.bind(inner);
    return Object.assign(wrapped, {
      embedSparse: (texts: readonly string[]) => serve<SparseVector>(texts, (missing) => embedSparse(missing)),
    });
  }
  return wrapped;
}

/** A judge that answers from stored verdicts first and records what it decided anew. */
export interface StoredVerdictJudge extends PairJudge {
  /** Verdicts the inner judge gave in this session, by pair key (`leftId NUL rightId`). */
  readonly decided: Map<string, 'same' | 'different'>;
  /** Pairs the inner judge was asked about. */
  readonly askedPairs: number;
}

/**
 * Wraps a CLU-2 judge so that a pair with a stored verdict is never asked again (after a restart,
 * or when the archive around new articles is clustered again).
 */
export function withStoredVerdicts(inner: PairJudge, executor: StoreExecutor): StoredVerdictJudge {
  const decided = new Map<string, 'same' | 'different'>();
  let askedPairs = 0;
  return {
    backend: inner.backend,
    decided,
    get askedPairs() {
      return askedPairs;
    },
    async decide(pairs: readonly GreyPair[]): Promise<PairDecision[]> {
      const stored = await loadJudgeVerdicts(
        executor,
        pairs.map((pair) => ({ leftId: pair.left.id, rightId: pair.right.id })),
      );
      const answers: PairDecision[] = [];
      const toAsk: GreyPair[] = [];
      for (const pair of pairs) {
        const verdict = stored.get(pair.key) ?? decided.get(pair.key);
        if (verdict !== undefined) answers.push({ key: pair.key, verdict });
        else toAsk.push(pair);
      }
      if (toAsk.length > 0) {
        askedPairs += toAsk.length;
        for (const decision of await inner.decide(toAsk)) {
          if (decision.verdict !== 'unanswered') decided.set(decision.key, decision.verdict);
          answers.push(decision);
        }
      }
      return answers;
    },
  };
}
