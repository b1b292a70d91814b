/**
 * Page weight as the browser sees it, for the budgets of issue 18 §Benchmarks: every response's
 * bytes on the wire (`encodedDataLength` from the Chrome DevTools Protocol, headers included, as
 * Lighthouse counts "transferred") and the number of requests, from navigation until the network
 * is idle (so the lazy images a viewport loads are counted). Bytes and requests do not depend on
 * how loaded the machine is, so the browser tests enforce them; Largest Contentful Paint is a time
 * and stays a figure of `pnpm bench site-browser`.
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/**
 * The budgets the browser tests enforce. `storyPageBytes` is the (story page ≤ 100 KB
 * transferred); `storyPageRequests` is the project's own, set above the 6 requests the heaviest
 * fixture story page made when it was introduced (document, stylesheet, two scripts, the cover, the
 * favicon; 72 KB), so a page that starts pulling in more files fails before its bytes do.
 */
export const PAGE_WEIGHT_BUDGETS = {
  storyPageBytes: 100 * 1024,
  storyPageRequests: 10,
} as const;

/** What one page load cost. */
export interface PageWeight {
  path: string;
  /** Bytes over the wire, every response summed. */
  transferredBytes: number;
  requests: number;
  /** Bytes per resource type (`Document`, `Stylesheet`, `Script`, `Image`, `Font`, …). */
  bytesByType: Record<string, number>;
}

/**
 * Starts counting what `session`'s page transfers; the returned function gives the totals so far.
 * Enable the `Network` domain on the session first.
 */
export function countTransfer(session: CDPSession): () => Omit<PageWeight, 'path'> {
  const types = new Map<string, string>();
  let transferredBytes = 0;
  let requests = 0;
  const bytesByType: Record<string, number> = {};
  session.on('Network.requestWillBeSent', (event: { requestId: string; type?: string }) => {
    requests += 1;
    types.set(event.requestId, event.type ?? 'Other');
  });
  session.on('Network.loadingFinished', (event: { requestId: string; encodedDataLength: number }) => {
    transferredBytes += event.encodedDataLength;
    const type = types.get(event.requestId) ?? 'Other';
    bytesByType[type] = (bytesByType[type] ?? 0) + event.encodedDataLength;
  });
  return () => ({ transferredBytes, requests, bytesByType: { ...bytesByType } });
}

/**
 * Loads `origin + path` in a fresh page of `context` with the cache disabled and returns its
 * weight once the network has been idle (Playwright's `networkidle`: no request for 500 ms).
 */
export async function measurePageWeight(context: BrowserContext, origin: string, path: string): Promise<PageWeight> {
  const page: Page = await context.newPage();
  try {
    const session = await context.newCDPSession(page);
    await session.send('Network.enable');
    await session.send('Network.setCacheDisabled', { cacheDisabled: true });
    const totals = countTransfer(session);
    await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
    return { path, ...totals() };
  } finally {
    await page.close();
  }
}
