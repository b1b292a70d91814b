/**
 * `POST /api/contestaciones` — contest an outlet's bias, factuality or ownership (CON-1) as JSON
 * (`{ "dimension", "outlet", "text" }`) or an url-encoded form; `GET` lists the caller's
 * contestations with their state (CON-2) — only to a reader whose signed identity cookie checks.
 * Bodies over 32 KiB get 413, other content types 415, unknown fields 400, refusals of CON-3 429
 * with `Retry-After`.
 *
 * Errors answer in the request's language: the body's optional `lang` (`es` or `pt-BR`, the `lang`
 * of the form it comes from), else `Accept-Language`, else Spanish (`Content-Language` says which).
 * Each field's problem comes as `{ path, code, field, message }`, `field` being the label the form
 * shows; a text over its limit is refused with `maximum` and `received`, never cut.
 */
import type { APIRoute } from 'astro';
import { getSiteData } from '../../lib/data.js';
import { localeOfAcceptLanguage } from '../../lib/locales.js';
import { jsonResponse, problemResponse, readFields, requestedLocale, submitContestation } from '../../lib/requests.js';
import { getContestationBackend, requestReader } from '../../lib/runtime.js';

export const prerender = false;

export const POST: APIRoute = async (context) => {
  const headerLocale = localeOfAcceptLanguage(context.request.headers.get('accept-language'));
  const body = await readFields(context.request, headerLocale);
  if (!body.ok) return problemResponse(body.problem, headerLocale);
  const { lang, ...fields } = body.fields;
  const language = requestedLocale(lang, headerLocale);
  if (!language.ok) return problemResponse(language.problem, headerLocale);
  const locale = language.locale;
  const data = await getSiteData();
  // A reader without a valid signed identity gets one (issue 21 §3); CON-3 also counts its client.
  const reader = requestReader(context, true);
  const outcome = await submitContestation({
    fields,
    contesterId: reader.contesterId,
    clientKey: reader.clientKey,
    backend: await getContestationBackend(),
    outletExists: async (domain) => (await data.getOutlet(domain)) !== undefined,
    now: new Date(),
    locale,
  });
  if (!outcome.ok) return problemResponse(outcome.problem, locale);
  const { contestation, state } = outcome.record;
  return jsonResponse({ contestation: { ...contestation, contesterId: undefined }, state }, 201, {
    location: `/api/contestaciones?id=${encodeURIComponent(contestation.id)}`,
  });
};

export const GET: APIRoute = async (context) => {
  const backend = await getContestationBackend();
  // Only a reader with a valid signed identity sees anything: their own contestations.
  const reader = requestReader(context, false);
  const records = reader.verified ? await backend.list({ contesterId: reader.contesterId }) : [];
  return jsonResponse({
    contestations: records.map(({ contestation, state }) => ({
      contestation: { ...contestation, contesterId: undefined },
      state,
    })),
  });
};
