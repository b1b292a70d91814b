/**
 * The synthesise stage: clusters with two or more outlets whose set of outlets changed since their
 * last synthesis attempt (or that never had one) are synthesised (`@espectro/synthesis`: the SYN-2
 * chain with provider keys, else the offline extractive synthesiser; TIER decides who is written
 * at all). One cluster is one unit of work; the result is written only if the cluster did not
 * change meanwhile. A failure goes to the SYN-5 retry queue in the same transaction — the retry
 * queue's schedule (`drainRetryQueue`) decides when it is tried again, not this stage.
 */
import {
  clustersDueForSynthesis,
  completeRetry,
  enqueueRetry,
  failRetry,
  loadClusters,
  queueStories,
  updateClusterState,
  type ClusterRecord,
  type ClusterState,
  type RetryEntry,
  type StoreTransaction,
} from '@espectro/store';
import { synthesizeStory, type Roster, type SynthesizeStoryResult } from '@espectro/synthesis';
import { commitUnit, report, type PipelineContext } from '../context.js';
import { loadClusterMaterial, loadSynthesisRoster, type ClusterMaterial } from '../material.js';

/**
 * Due clusters whose articles are read from the store in one go. An Espectro choice of batching,
 * not a rule: each synthesis still checks, as it commits, that its cluster did not change since.
 */
export const SYNTHESIS_MATERIAL_BATCH = 100;

/** What {@link synthesiseClusters} did. */
export interface SynthesisStageReport {
  /** `extractive (offline)` or `llm (<chain>)`. */
  backend: string;
  synthesised: number;
  /** TIER: fewer than 3 unique rated domains, not written. */
  belowTier: number;
  /** Failed (to the retry queue, SYN-5). */
  failed: number;
  /** Results thrown away because the cluster changed while it was being written. */
  stale: number;
}

/** How one synthesis attempt ends up stored. */
export type SynthesisOutcome = 'synthesised' | 'below_tier' | 'failed' | 'stale';

function backendLabel(context: PipelineContext): string {
  const model = context.backends.synthesis;
  return model === null ? 'extractive (offline)' : `llm (${model.modelId})`;
}

/** The cluster state a synthesis result leaves. */
function stateAfter(result: SynthesizeStoryResult, cluster: ClusterRecord, now: Date): ClusterState {
  const topicReset: ClusterState = { topicStatus: null, topic: null, topicClassification: null, classifiedAt: null };
  if (result.status === 'synthesised') {
    return {
      synthesisStatus: 'synthesised',
      synthesisSignature: cluster.domainSignature,
      synthesis: result.synthesis as unknown as Record<string, unknown>,
      synthesisFailure: null,
      synthesisedAt: now,
      ...topicReset,
    };
  }
  if (result.status === 'skipped') {
    return {
      synthesisStatus: 'below_tier',
      synthesisSignature: cluster.domainSignature,
      synthesis: null,
      synthesisFailure: null,
      synthesisedAt: now,
      ...topicReset,
    };
  }
  // Failed: the last good synthesis (if any) stays, so the story keeps its text while retried. A
  // failure the retry queue does not take (aborted) stays due for the next pass.
  return {
    synthesisStatus: 'failed',
    synthesisSignature: result.retry ? cluster.domainSignature : null,
    synthesisFailure: {
      reason: result.reason,
      message: result.message,
      layers: result.layers,
      at: now.toISOString(),
    },
    synthesisedAt: now,
  };
}

/**
 * Synthesises one cluster (as read at `cluster`) and stores the outcome in one unit of work;
 * `retry` is how the SYN-5 queue is told: `first` enqueues a failure, `attempt` records a
 * scheduled retry's success or failure. `prefetched` holds the cluster's articles when the caller
 * read several clusters' at once (`loadClusterMaterial`); otherwise they are read here.
 */
export async function synthesiseCluster(
  context: PipelineContext,
  cluster: ClusterRecord,
  roster: Roster,
  retry: 'first' | 'attempt',
  prefetched?: ReadonlyMap<string, ClusterMaterial>,
): Promise<{ outcome: SynthesisOutcome; retryEntry?: RetryEntry }> {
  const { db } = context.store.database;
  const material = (prefetched ?? (await loadClusterMaterial(db, [cluster.id]))).get(cluster.id);
  if (material === undefined || material.memberSignature !== cluster.memberSignature) return { outcome: 'stale' };
  const result = await synthesizeStory(material.cluster, roster, { model: context.backends.synthesis });
  const now = context.clock.now();
  return commitUnit(context, `synthesise:${cluster.id}:${cluster.domainSignature.slice(0, 12)}`, async (tx) => {
    const current = (await loadClusters(tx, [cluster.id], { forUpdate: true })).get(cluster.id);
    if (current === undefined || current.memberSignature !== cluster.memberSignature) return { outcome: 'stale' };
    await updateClusterState(tx, cluster.id, stateAfter(result, current, now));
    const retryEntry = await recordRetry(tx, cluster.id, result, retry, now);
    await queueStories(tx, [cluster.id], 'synthesis', now);
    const outcome: SynthesisOutcome =
      result.status === 'synthesised' ? 'synthesised' : result.status === 'skipped' ? 'below_tier' : 'failed';
    return retryEntry === undefined ? { outcome } : { outcome, retryEntry };
  });
}

async function recordRetry(
  tx: StoreTransaction,
  clusterId: string,
  result: SynthesizeStoryResult,
  retry: 'first' | 'attempt',
  now: Date,
): Promise<RetryEntry | undefined> {
  if (result.status === 'failed') {
    if (!result.retry) return undefined;
    return retry === 'first'
      ? enqueueRetry(tx, clusterId, result.reason, now) // rule SYN-5: first failure
      : failRetry(tx, clusterId, result.reason, now); // rule SYN-5: one more failed attempt
  }
  return retry === 'attempt' ? completeRetry(tx, clusterId, now) : undefined;
}

/**
 * Synthesises every cluster whose synthesis is due (or only `clusterIds`), one unit of work each.
 *
 * @example
 * const written = await synthesiseClusters(context);
 * written.failed; // clusters now in the SYN-5 retry queue
 */
export async function synthesiseClusters(
  context: PipelineContext,
  selection: { clusterIds?: readonly string[]; limit?: number } = {},
): Promise<SynthesisStageReport> {
  const { db } = context.store.database;
  const stageReport: SynthesisStageReport = {
    backend: backendLabel(context),
    synthesised: 0,
    belowTier: 0,
    failed: 0,
    stale: 0,
  };
  const due = await clustersDueForSynthesis(db, {
    limit: selection.limit ?? Number.MAX_SAFE_INTEGER,
    ...(selection.clusterIds !== undefined ? { ids: selection.clusterIds } : {}),
  });
  if (due.length === 0) return stageReport;
  const roster = await loadSynthesisRoster(db);
  let material = new Map<string, ClusterMaterial>();
  for (const [index, cluster] of due.entries()) {
    if (index % SYNTHESIS_MATERIAL_BATCH === 0)
      material = await loadClusterMaterial(
        db,
        due.slice(index, index + SYNTHESIS_MATERIAL_BATCH).map((entry) => entry.id),
      );
    const { outcome } = await synthesiseCluster(context, cluster, roster, 'first', material);
    if (outcome === 'synthesised') stageReport.synthesised += 1;
    else if (outcome === 'below_tier') stageReport.belowTier += 1;
    else if (outcome === 'failed') stageReport.failed += 1;
    else stageReport.stale += 1;
    report(context, {
      stage: 'synthesise',
      message: `${cluster.id}: ${outcome}`,
      done: index + 1,
      total: due.length,
    });
  }
  return stageReport;
}
