/**
 * What the site does with a route that throws (issue 21 §6): one log line naming the method, the
 * path and a description of the failure that carries no SQL and no parameter
 * (`describeStoreFailure` of `@espectro/store`, the one home of that rule), and a localised 500.
 */
import { t } from '../i18n.js';
import { localeOfPagePath } from './locales.js';
import { loadStoreModule } from './store-adapter.js';

/** Where the line goes; injectable for tests. */
export type FailureLog = (line: string) => void;

/**
 * The description of `error` that is safe to log: the store's when `@espectro/store` loads, else
 * only the error's class (never its message, which could be a query dump).
 */
export async function describeFailure(error: unknown): Promise<string> {
  try {
    const store = await loadStoreModule();
    return store.describeStoreFailure(error);
  } catch {
    return error instanceof Error ? `${error.name} (details withheld)` : 'unknown failure';
  }
}

/**
 * Logs a failed request as one line and answers it with a 500 in the reader's language (JSON for
 * `/api/…`, plain text otherwise; headers are added by the middleware).
 *
 * @example
 * return failedRequestResponse(context.request, context.url, error);
 */
export async function failedRequestResponse(
  request: Request,
  url: URL,
  error: unknown,
  log: FailureLog = (line) => console.error(line),
): Promise<Response> {
  log(`[espectro] ${request.method} ${url.pathname} failed: ${await describeFailure(error)}`);
  const message = t(localeOfPagePath(url.pathname), 'serverError');
  if (url.pathname.startsWith('/api/'))
    return new Response(JSON.stringify({ error: message }), {
      status: 500,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    });
  return new Response(message, {
    status: 500,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
}
