/**
 * The topic stage (rule TOP-1): a synthesised story is classified into one of the 10 topics or left
 * unclassified, from its title and summary (`classifyTopic`: the LLM chain with provider keys,
 * else the keyword classifier). `retryUnclassifiedTopics` classifies the unclassified ones again —
 * except those the offline keyword classifier already left unclassified with the same input, for
 * which another try would give the same answer.
 */
import {
  clustersByTopicStatus,
  loadClusters,
  queueStories,
  updateClusterState,
  type ClusterRecord,
} from '@espectro/store';
import { classifyTopic, representativeTitle, type StorySynthesis, type TopicClassification } from '@espectro/synthesis';
import { commitUnit, report, type PipelineContext } from '../context.js';
import { loadClusterMaterial } from '../material.js';

/** What {@link classifyTopics} and {@link retryUnclassifiedTopics} did. */
export interface TopicStageReport {
  /** `llm (<chain>)` or `keywords (offline)`. */
  backend: string;
  classified: number;
  unclassified: number;
  /** Unclassified stories not asked again (the deterministic offline classifier, same input). */
  skipped: number;
  /** Classified stories by topic. */
  topics: Record<string, number>;
}

function emptyReport(context: PipelineContext): TopicStageReport {
  const model = context.backends.synthesis;
  return {
    backend: model === null ? 'keywords (offline)' : `llm (${model.modelId})`,
    classified: 0,
    unclassified: 0,
    skipped: 0,
    topics: {},
  };
}

async function classifyOne(
  context: PipelineContext,
  cluster: ClusterRecord,
  stageReport: TopicStageReport,
): Promise<void> {
  const { db } = context.store.database;
  const synthesis = cluster.synthesis as unknown as StorySynthesis | null;
  const material = (await loadClusterMaterial(db, [cluster.id])).get(cluster.id);
  if (synthesis === null || material === undefined) return;
  const classification: TopicClassification = await classifyTopic(
    { title: representativeTitle(material.cluster), summary: synthesis.summary },
    { model: context.backends.synthesis, jobId: cluster.id },
  );
  const now = context.clock.now();
  const stored = await commitUnit(context, `topic:${cluster.id}:${cluster.topicAttempts + 1}`, async (tx) => {
    const current = (await loadClusters(tx, [cluster.id], { forUpdate: true })).get(cluster.id);
    // The synthesis changed meanwhile: the topic of the old text is not stored.
    if (current === undefined || current.synthesisedAt?.getTime() !== cluster.synthesisedAt?.getTime()) return false;
    await updateClusterState(tx, cluster.id, {
      topicStatus: classification.topic === null ? 'unclassified' : 'classified', // rule TOP-1
      topic: classification.topic,
      topicClassification: classification as unknown as Record<string, unknown>,
      topicAttempts: current.topicAttempts + 1,
      classifiedAt: now,
    });
    await queueStories(tx, [cluster.id], 'topic', now);
    return true;
  });
  if (!stored) return;
  if (classification.topic === null) stageReport.unclassified += 1;
  else {
    stageReport.classified += 1;
    stageReport.topics[classification.topic] = (stageReport.topics[classification.topic] ?? 0) + 1;
  }
}

/**
 * Classifies the topic of every synthesised story that has none yet (or only `clusterIds`).
 *
 * @example
 * const topics = await classifyTopics(context);
 * topics.topics; // { politics: 12, economy: 4, … }
 */
export async function classifyTopics(
  context: PipelineContext,
  selection: { clusterIds?: readonly string[]; limit?: number } = {},
): Promise<TopicStageReport> {
  const stageReport = emptyReport(context);
  const due = await clustersByTopicStatus(context.store.database.db, {
    status: 'pending',
    limit: selection.limit ?? Number.MAX_SAFE_INTEGER,
    ...(selection.clusterIds !== undefined ? { ids: selection.clusterIds } : {}),
  });
  for (const cluster of due) await classifyOne(context, cluster, stageReport);
  if (due.length > 0)
    report(context, {
      stage: 'topics',
      message: `${stageReport.classified} classified, ${stageReport.unclassified} unclassified (${stageReport.backend})`,
    });
  return stageReport;
}

/**
 * Classifies again the stories left unclassified (rule TOP-1: `null` is retried at the next
 * synthesis run). A story the offline keyword classifier left unclassified is not asked again
 * while the offline classifier is what would answer: it is deterministic on the same title and
 * summary.
 *
 * @example
 * const retried = await retryUnclassifiedTopics(context);
 */
export async function retryUnclassifiedTopics(
  context: PipelineContext,
  selection: { clusterIds?: readonly string[]; limit?: number } = {},
): Promise<TopicStageReport> {
  const stageReport = emptyReport(context);
  const unclassified = await clustersByTopicStatus(context.store.database.db, {
    status: 'unclassified',
    limit: selection.limit ?? Number.MAX_SAFE_INTEGER,
    ...(selection.clusterIds !== undefined ? { ids: selection.clusterIds } : {}),
  });
  for (const cluster of unclassified) {
    const previous = cluster.topicClassification as unknown as TopicClassification | null;
    if (context.backends.synthesis === null && previous?.backend === 'keywords (offline)') {
      stageReport.skipped += 1;
      continue;
    }
    await classifyOne(context, cluster, stageReport);
  }
  if (unclassified.length > stageReport.skipped)
    report(context, {
      stage: 'topics',
      message: `retried ${unclassified.length - stageReport.skipped} unclassified: ${stageReport.classified} now classified (${stageReport.backend})`,
    });
  return stageReport;
}
