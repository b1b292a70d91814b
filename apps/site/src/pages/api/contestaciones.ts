/**
 * `POST /api/contestaciones` — contest an outlet's bias, factuality or ownership (CON-1) as JSON
 * (`{ "dimension", "outlet", "text" }`) or an url-encoded form; `GET` lists the caller's
 * contestations with their state (CON-2). Bodies over 32 KiB get 413, other content types 415,
 * unknown fields 400, refusals of CON-3 429 with `Retry-After`.
 */
import type { APIRoute } from 'astro';
import { getSiteData } from '../../lib/data.js';
import { jsonResponse, problemResponse, readFields, submitContestation } from '../../lib/requests.js';
import { contesterIdOf, getContestationBackend } from '../../lib/runtime.js';

export const prerender = false;

export const POST: APIRoute = async ({ request, cookies, clientAddress }) => {
  const body = await readFields(request, 'es');
  if (!body.ok) return problemResponse(body.problem);
  const data = await getSiteData();
  const outcome = await submitContestation({
    fields: body.fields,
    contesterId: contesterIdOf(cookies, clientAddress, false),
    backend: await getContestationBackend(),
    outletExists: async (domain) => (await data.getOutlet(domain)) !== undefined,
    now: new Date(),
    locale: 'es',
  });
  if (!outcome.ok) return problemResponse(outcome.problem);
  const { contestation, state } = outcome.record;
  return jsonResponse({ contestation: { ...contestation, contesterId: undefined }, state }, 201, {
    location: `/api/contestaciones?id=${encodeURIComponent(contestation.id)}`,
  });
};

export const GET: APIRoute = async ({ cookies, clientAddress }) => {
  const backend = await getContestationBackend();
  const records = await backend.list({ contesterId: contesterIdOf(cookies, clientAddress, false) });
  return jsonResponse({
    contestations: records.map(({ contestation, state }) => ({
      contestation: { ...contestation, contesterId: undefined },
      state,
    })),
  });
};
