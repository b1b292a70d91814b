/**
 * `GET /healthz` — is the newsroom service alive? JSON from the store (`readServiceHealth` of
 * `@espectro/pipeline`): per feed (by its address) the last fetch and its error, the queue depths,
 * the newest cycle's time and duration, and the embedder, judge and synthesiser the worker used.
 * HTTP 200 while the newest cycle is recent (`HEALTH_STALE_AFTER_INTERVALS` of the worker's
 * recorded interval), 503 otherwise — and 503 when the site reads no store (fixtures or a
 * snapshot: no service runs behind it) — with the reason.
 */
import type { APIRoute } from 'astro';
import type * as PipelineNamespace from '@espectro/pipeline';

export const prerender = false;

const PIPELINE_PACKAGE = '@espectro/pipeline';

/** Loads `@espectro/pipeline` at run time (kept out of the site bundle, as the store is). */
async function loadPipelineModule(): Promise<typeof PipelineNamespace> {
  return (await import(/* @vite-ignore */ PIPELINE_PACKAGE)) as typeof PipelineNamespace;
}

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body, null, 2), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

export const GET: APIRoute = async () => {
  if (process.env.ESPECTRO_SITE_SOURCE !== 'store')
    return json(
      {
        healthy: false,
        reason: 'this site reads fixtures or a snapshot, not a store: no service runs behind it (espectro serve)',
      },
      503,
    );
  try {
    const { openStoreFromEnvironment } = await import('../lib/store-adapter.js');
    const [store, pipeline] = await Promise.all([openStoreFromEnvironment(), loadPipelineModule()]);
    const health = await pipeline.readServiceHealth(store);
    return json(health, health.httpStatus);
  } catch (error) {
    return json(
      {
        healthy: false,
        reason: `the store cannot be read: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
      },
      503,
    );
  }
};
