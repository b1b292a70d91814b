/**
 * `@espectro/pipeline/testing` — what tests of the pipeline and of the worker share: a small data
 * folder (8 invented outlets, 6 feeds of which one is broken XML, a preliminary outlet, a few
 * events) and {@link storeSnapshot}, everything a pipeline run leaves in the store that must be
 * the same however often the run was interrupted (articles, clusters, stories, sentences, guard
 * state, blindspot flags, the retry queue, the work queues). No vitest import.
 *
 * @example
 * const summary = await runPipeline({ dataDirectory: pipelineFixtureDirectory(), store, env: {} });
 * expect(await storeSnapshot(store)).toEqual(reference);
 *
 * @packageDocumentation
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Store } from '@espectro/store';

/** The fixture data folder (`outlets.json` + `feeds/`), next to this module (or to its build). */
export function pipelineFixtureDirectory(): string {
  // CommonJS builds have __dirname and no import.meta.url; ES modules the other way round.
  if (typeof __dirname === 'string') return join(__dirname, 'run-data');
  return fileURLToPath(new URL('./run-data/', import.meta.url));
}

/**
 * Every row a pipeline run leaves that must not depend on how often the run was interrupted,
 * without timestamps or run ids: articles, outlets and ratings, clusters and assignments (with
 * their synthesis and topic state), stories with members, sentences and guard inputs, blindspot
 * flags, the SYN-5 retry queue and the pipeline's work queues.
 */
export async function storeSnapshot(store: Store): Promise<Record<string, unknown[]>> {
  const query = (sql: string) => store.database.query<Record<string, unknown>>(sql);
  return {
    articles: await query('SELECT id, canonical_url, domain, title FROM articles ORDER BY id'),
    outlets: await query('SELECT domain, scope, bias, confidence FROM sources ORDER BY domain'),
    ratings: await query('SELECT domain, kind FROM source_ratings ORDER BY domain, id'),
    assignments: await query('SELECT article_id, cluster_id, embedder FROM article_clusters ORDER BY article_id'),
    clusters: await query(
      `SELECT id, embedder, judge, article_count, outlet_count, member_signature, domain_signature,
              synthesis_status, synthesis_signature, synthesis - 'provenance' AS synthesis, topic_status, topic
         FROM clusters ORDER BY id`,
    ),
    stories: await query(
      `SELECT id, status, title, summary, tier, topic, country, outlet_count, article_count, superseded_by,
              cluster_embedder, cluster_judge, coverage
         FROM stories ORDER BY id`,
    ),
    members: await query('SELECT story_id, article_id FROM story_articles ORDER BY story_id, article_id'),
    sentences: await query(
      'SELECT story_id, position, text, article_ids FROM story_sentences ORDER BY story_id, position',
    ),
    guardInputs: await query('SELECT story_id, country, input FROM story_guard_inputs ORDER BY story_id'),
    latestGuard: await query(
      `SELECT DISTINCT ON (story_id) story_id, publish, reasons FROM guard_decisions ORDER BY story_id, id DESC`,
    ),
    flags: await query('SELECT story_id, formula, buckets FROM blindspot_flags ORDER BY story_id, formula'),
    retryQueue: await query(
      'SELECT story_id, status, failed_attempts, last_reason, discard_reason FROM synthesis_retry_queue ORDER BY story_id',
    ),
    storyQueue: await query('SELECT cluster_id FROM story_queue ORDER BY cluster_id'),
    guardQueue: await query('SELECT country FROM guard_queue ORDER BY country'),
  };
}
