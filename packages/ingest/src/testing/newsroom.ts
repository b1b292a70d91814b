/**
 * The loopback "newsroom internet": one HTTP server on 127.0.0.1 (port 0) serving many outlets'
 * feeds the way real servers do — strong ETags and Last-Modified with 304 answers, gzip, brotli
 * and deflate, RSS 2.0 / Atom / JSON Feed — plus the feeds that break fetchers: one slow past any
 * timeout (held on the injected clock), a 500, a 429 with `Retry-After`, a redirect loop, a
 * redirect to `file:`, a 301 that works, a 410, malformed XML, a Latin-1 feed whose charset is only
 * in the HTTP header, a 50 MB body generated lazily and streamed with back-pressure, and a feed
 * whose items appear over simulated time. Items with `appearsAt` appear when the clock reaches it,
 * which is also how the demo-corpus replay works (see `demoReplayOutlets`).
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import iconv from 'iconv-lite';
import type { Clock } from '../fetch/clock.js';
import type { FeedKind } from '../fetch/feed-kind.js';
import { writeOpml } from '../fetch/opml.js';
import { atomDocument, jsonFeedDocument, rssDocument, type NewsroomItem } from './feed-documents.js';

/** One outlet served by the newsroom. */
export interface NewsroomOutlet {
  domain: string;
  name: string;
  language?: string | null;
  /** Feed format (default `rss`). */
  format?: 'rss' | 'atom' | 'json';
  /** Content coding used when the client accepts it (default: the first of br, gzip, deflate it accepts). */
  encoding?: 'identity' | 'gzip' | 'br' | 'deflate';
  items: readonly NewsroomItem[];
  /** Newest items served (default 30), as outlets' feeds keep only the latest. */
  window?: number;
}

/** The failure scenarios, by name. */
export const NEWSROOM_SCENARIOS = [
  'slow',
  'error-500',
  'rate-limited',
  'redirect-loop',
  'redirect-to-file',
  'moved',
  'gone',
  'malformed',
  'latin1-header-charset',
  'huge',
  'timed',
] as const;
/** One failure scenario. */
export type NewsroomScenario = (typeof NEWSROOM_SCENARIOS)[number];

/** Options of {@link createNewsroom}. */
export interface NewsroomOptions {
  /** The clock items appear on and the slow feed waits on. */
  clock: Clock;
  outlets?: readonly NewsroomOutlet[];
  /** Serve the failure scenarios too (default true). */
  scenarios?: boolean;
  /** How long the slow feed holds its answer, on the clock (default 10 minutes: past any sane timeout). */
  slowDelayMs?: number;
  /** Size of the huge feed (default 50 MiB). */
  hugeBytes?: number;
  /** `Retry-After` of the rate-limited feed, in seconds (default 600). */
  retryAfterSeconds?: number;
  /** Items of the timed feed and the time between two of them (default 48, one per hour from creation). */
  timedItems?: number;
  timedIntervalMs?: number;
  /** Sent as `X-Espectro-Replay` and appended to channel titles, e.g. for the demo replay. */
  label?: string;
}

/** One address the newsroom serves. */
export interface NewsroomFeed {
  url: string;
  path: string;
  /** Outlet domain (scenario feeds use `<scenario>.newsroom.example`). */
  outlet: string;
  title: string;
  kind: FeedKind;
  scenario: NewsroomScenario | null;
}

/** One request the newsroom answered (or was answering when the client left). */
export interface NewsroomRequest {
  path: string;
  at: string;
  status: number | null;
  headers: Record<string, string | undefined>;
}

/** A running newsroom. */
export interface Newsroom {
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
  readonly feeds: readonly NewsroomFeed[];
  /** The feed of an outlet domain or a scenario. */
  feed(outletOrScenario: string): NewsroomFeed;
  /** Requests being held without an answer (the slow feed). */
  readonly held: number;
  readonly requests: readonly NewsroomRequest[];
  /** What the huge feed sent: bytes written and whether it got to the end. */
  huge(): { bytesWritten: number; completed: boolean; clientClosedEarly: boolean };
  /** Resolves when `count` requests for `path` have arrived. */
  waitForRequests(path: string, count?: number): Promise<void>;
  /** The feed list as OPML (outlets and scenarios). */
  opml(): string;
  /** Lets the process exit while the newsroom still listens (benchmarks, scripts). */
  unref(): void;
  close(): Promise<void>;
}

interface Representation {
  body: Buffer;
  etag: string;
  lastModified: string;
  contentType: string;
}

const CONTENT_TYPES = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
  json: 'application/feed+json; charset=utf-8',
} as const;

function httpDate(milliseconds: number): string {
  return new Date(Math.floor(milliseconds / 1000) * 1000).toUTCString();
}

function tag(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('hex').slice(0, 20)}"`;
}

function chooseEncoding(
  request: IncomingMessage,
  preferred: NewsroomOutlet['encoding'],
): 'identity' | 'gzip' | 'br' | 'deflate' {
  const accepted = String(request.headers['accept-encoding'] ?? '')
    .split(',')
    .map((part) => part.split(';')[0]!.trim().toLowerCase());
  if (preferred !== undefined) return preferred === 'identity' || accepted.includes(preferred) ? preferred : 'identity';
  for (const encoding of ['br', 'gzip', 'deflate'] as const) if (accepted.includes(encoding)) return encoding;
  return 'identity';
}

function encode(body: Buffer, encoding: 'identity' | 'gzip' | 'br' | 'deflate'): Buffer {
  if (encoding === 'gzip') return gzipSync(body);
  if (encoding === 'br') return brotliCompressSync(body);
  if (encoding === 'deflate') return deflateSync(body);
  return body;
}

function notModified(request: IncomingMessage, representation: Representation): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    // RFC 9110 §13.1.2: weak comparison; If-Modified-Since is ignored when If-None-Match is present.
    return ifNoneMatch
      .split(',')
      .map((value) => value.trim().replace(/^W\//, ''))
      .some((value) => value === '*' || value === representation.etag);
  }
  const since = request.headers['if-modified-since'];
  if (since === undefined) return false;
  const sinceTime = Date.parse(since);
  return !Number.isNaN(sinceTime) && Date.parse(representation.lastModified) <= sinceTime;
}

/**
 * Starts a newsroom on 127.0.0.1 at a free port.
 *
 * @example
 * const clock = createManualClock();
 * const newsroom = await createNewsroom({ clock, outlets: [{ domain: 'elpais.com', name: 'El País', items }] });
 * const feed = newsroom.feed('elpais.com'); // feed.url = http://127.0.0.1:PORT/feeds/elpais.com.xml
 * await newsroom.close();
 */
export async function createNewsroom(options: NewsroomOptions): Promise<Newsroom> {
  const { clock } = options;
  const createdAt = clock.now().getTime();
  const outlets = new Map((options.outlets ?? []).map((outlet) => [outlet.domain, outlet]));
  const withScenarios = options.scenarios ?? true;
  const slowDelayMs = options.slowDelayMs ?? 600_000;
  const hugeBytes = options.hugeBytes ?? 50 * 1024 * 1024;
  const retryAfterSeconds = options.retryAfterSeconds ?? 600;
  const timedItems = options.timedItems ?? 48;
  const timedIntervalMs = options.timedIntervalMs ?? 3_600_000;
  const titleSuffix = options.label ? ` (${options.label})` : '';
  const requests: NewsroomRequest[] = [];
  const waiters: { path: string; count: number; resolve: () => void }[] = [];
  const encodedCache = new Map<string, Buffer>();
  const hugeStats = { bytesWritten: 0, completed: false, clientClosedEarly: false };
  let held = 0;

  const timedFeedItems: NewsroomItem[] = Array.from({ length: timedItems }, (_, index) => {
    const appearsAt = new Date(createdAt + index * timedIntervalMs).toISOString();
    return {
      title: `Boletín horario número ${index + 1}: lo que pasó en la última hora`,
      link: `https://timed.newsroom.example/boletin/${index + 1}`,
      description: `Resumen ${index + 1} de la jornada.`,
      publishedAt: appearsAt,
      appearsAt,
    };
  });

  function representationFor(outlet: NewsroomOutlet): Representation {
    const now = clock.now().getTime();
    const visible = outlet.items
      .filter((item) => item.appearsAt === undefined || Date.parse(item.appearsAt) <= now)
      .sort((left, right) => (left.publishedAt < right.publishedAt ? 1 : left.publishedAt > right.publishedAt ? -1 : 0))
      .slice(0, outlet.window ?? 30);
    const format = outlet.format ?? 'rss';
    const channel = {
      title: `${outlet.name}${titleSuffix}`,
      siteUrl: `https://${outlet.domain}/`,
      language: outlet.language ?? null,
      items: visible,
    };
    const text =
      format === 'atom' ? atomDocument(channel) : format === 'json' ? jsonFeedDocument(channel) : rssDocument(channel);
    const body = Buffer.from(text, 'utf8');
    const changedAt = visible.reduce(
      (latest, item) => Math.max(latest, item.appearsAt === undefined ? createdAt : Date.parse(item.appearsAt)),
      createdAt,
    );
    return { body, etag: tag(body), lastModified: httpDate(changedAt), contentType: CONTENT_TYPES[format] };
  }

  function sendRepresentation(
    request: IncomingMessage,
    response: ServerResponse,
    representation: Representation,
    preferred?: NewsroomOutlet['encoding'],
  ): number {
    const common = {
      etag: representation.etag,
      'last-modified': representation.lastModified,
      'cache-control': 'max-age=60',
      vary: 'Accept-Encoding',
      ...(options.label ? { 'x-espectro-replay': options.label } : {}),
    };
    if (notModified(request, representation)) {
      response.writeHead(304, common).end();
      return 304;
    }
    const encoding = chooseEncoding(request, preferred);
    const cacheKey = `${representation.etag}:${encoding}`;
    let payload = encodedCache.get(cacheKey);
    if (payload === undefined) {
      payload = encode(representation.body, encoding);
      if (encodedCache.size > 5_000) encodedCache.clear();
      encodedCache.set(cacheKey, payload);
    }
    response
      .writeHead(200, {
        ...common,
        'content-type': representation.contentType,
        'content-length': String(payload.length),
        ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
      })
      .end(payload);
    return 200;
  }

  async function serveScenario(
    scenario: NewsroomScenario,
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<number> {
    const simple = (status: number, headers: Record<string, string>, body = '') => {
      response.writeHead(status, headers).end(body);
      return status;
    };
    switch (scenario) {
      case 'slow': {
        held += 1;
        const gone = new AbortController();
        response.on('close', () => gone.abort(new Error('client closed')));
        try {
          await clock.sleep(slowDelayMs, gone.signal);
        } catch {
          return 0;
        } finally {
          held -= 1;
        }
        return sendRepresentation(request, response, representationFor(scenarioOutlet('slow')));
      }
      case 'error-500':
        return simple(500, { 'content-type': 'text/html' }, '<h1>Internal Server Error</h1>');
      case 'rate-limited':
        return simple(429, { 'retry-after': String(retryAfterSeconds), 'content-type': 'text/plain' }, 'slow down');
      case 'redirect-loop':
        return simple(302, { location: '/scenario/redirect-loop-b.xml' });
      case 'redirect-to-file':
        return simple(302, { location: 'file:///etc/passwd' });
      case 'moved':
        return simple(301, { location: '/scenario/moved-here.xml' });
      case 'gone':
        return simple(410, { 'content-type': 'text/plain' }, 'this feed was retired');
      case 'malformed':
        return simple(
          200,
          { 'content-type': 'application/rss+xml; charset=utf-8' },
          // Cut inside the root's start tag: the lenient parser repairs unclosed tags, but has no element to read here.
          '<?xml version="1.0"?><rss version="2.0" xmlns:media="http://search.yah',
        );
      case 'latin1-header-charset': {
        const text =
          '<rss version="2.0"><channel><title>Diario Latino</title><item><title>Elección en Perú: participación récord</title>' +
          '<link>https://latin1-header-charset.newsroom.example/eleccion</link><pubDate>Mon, 27 Apr 2026 10:00:00 GMT</pubDate></item></channel></rss>';
        return simple(200, { 'content-type': 'text/xml; charset=ISO-8859-1' }, iconv.encode(text, 'latin1') as never);
      }
      case 'huge':
        return streamHuge(response);
      case 'timed':
        return sendRepresentation(request, response, representationFor(scenarioOutlet('timed')), 'gzip');
    }
  }

  function scenarioOutlet(scenario: 'slow' | 'timed' | 'moved'): NewsroomOutlet {
    const domain = `${scenario}.newsroom.example`;
    if (scenario === 'timed') return { domain, name: 'Boletín horario', language: 'es', items: timedFeedItems };
    return {
      domain,
      name: scenario === 'slow' ? 'Diario Lento' : 'Diario Mudado',
      language: 'es',
      items: [
        {
          title: scenario === 'slow' ? 'Una nota que llega tarde' : 'Una nota en la dirección nueva',
          link: `https://${domain}/nota`,
          publishedAt: new Date(createdAt).toISOString(),
        },
      ],
    };
  }

  function streamHuge(response: ServerResponse): Promise<number> {
    return new Promise((resolve) => {
      const head = Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Enorme</title>',
      );
      const tail = Buffer.from('</channel></rss>');
      const item = Buffer.from(
        `<item><title>${'Relleno '.repeat(100)}</title><link>https://huge.newsroom.example/x</link></item>`.repeat(64),
      );
      let sent = 0;
      let finished = false;
      response.on('close', () => {
        if (!finished) hugeStats.clientClosedEarly = true;
        resolve(200);
      });
      response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' }); // chunked: no length
      const write = (chunk: Buffer) => {
        sent += chunk.length;
        hugeStats.bytesWritten = sent;
        return response.write(chunk);
      };
      write(head);
      const pump = () => {
        while (sent + item.length + tail.length <= hugeBytes) {
          if (response.destroyed) return;
          if (!write(item)) {
            response.once('drain', pump);
            return;
          }
        }
        write(tail);
        finished = true;
        hugeStats.completed = true;
        response.end();
      };
      pump();
    });
  }

  const feeds: NewsroomFeed[] = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://newsroom').pathname;
    const record: NewsroomRequest = {
      path,
      at: clock.now().toISOString(),
      status: null,
      headers: {
        'user-agent': request.headers['user-agent'],
        'if-none-match': request.headers['if-none-match'],
        'if-modified-since': request.headers['if-modified-since'],
        'accept-encoding': request.headers['accept-encoding'] as string | undefined,
      },
    };
    requests.push(record);
    for (const waiter of [...waiters]) {
      if (waiter.path === path && requests.filter((entry) => entry.path === path).length >= waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
    void answer(path, request, response)
      .then((status) => {
        record.status = status;
      })
      .catch(() => {
        if (!response.headersSent) response.writeHead(500).end();
        record.status = 500;
      });
  });

  async function answer(path: string, request: IncomingMessage, response: ServerResponse): Promise<number> {
    const outletMatch = /^\/feeds\/([a-z0-9.-]+)\.(xml|json)$/.exec(path);
    if (outletMatch) {
      const outlet = outlets.get(outletMatch[1]!);
      if (outlet) return sendRepresentation(request, response, representationFor(outlet), outlet.encoding);
    }
    if (withScenarios) {
      if (path === '/scenario/redirect-loop-b.xml') {
        response.writeHead(302, { location: '/scenario/redirect-loop.xml' }).end();
        return 302;
      }
      if (path === '/scenario/moved-here.xml')
        return sendRepresentation(request, response, representationFor(scenarioOutlet('moved')));
      const scenario = /^\/scenario\/([a-z0-9-]+)\.xml$/.exec(path)?.[1];
      if (scenario !== undefined && (NEWSROOM_SCENARIOS as readonly string[]).includes(scenario))
        return serveScenario(scenario as NewsroomScenario, request, response);
    }
    if (path === '/feeds.opml') {
      response.writeHead(200, { 'content-type': 'text/x-opml; charset=utf-8' }).end(opml());
      return 200;
    }
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    return 404;
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  for (const outlet of outlets.values()) {
    const format = outlet.format ?? 'rss';
    feeds.push({
      url: `${origin}/feeds/${outlet.domain}.${format === 'json' ? 'json' : 'xml'}`,
      path: `/feeds/${outlet.domain}.${format === 'json' ? 'json' : 'xml'}`,
      outlet: outlet.domain,
      title: `${outlet.name}${titleSuffix}`,
      kind: format,
      scenario: null,
    });
  }
  if (withScenarios) {
    for (const scenario of NEWSROOM_SCENARIOS) {
      feeds.push({
        url: `${origin}/scenario/${scenario}.xml`,
        path: `/scenario/${scenario}.xml`,
        outlet: `${scenario}.newsroom.example`,
        title: `Escenario ${scenario}`,
        kind: 'rss',
        scenario,
      });
    }
  }

  function opml(): string {
    return writeOpml(
      {
        title: `Loopback newsroom${titleSuffix}`,
        feeds: feeds.map((feed) => ({
          url: feed.url,
          title: feed.title,
          siteUrl: `https://${feed.outlet}/`,
          kind: feed.kind,
          preset: null,
          outlet: feed.outlet,
          intervalSeconds: null,
          categories: feed.scenario === null ? [] : ['scenarios'],
          verified: true,
        })),
      },
      clock.now(),
    );
  }

  return {
    origin,
    feeds,
    feed(outletOrScenario) {
      const found = feeds.find((feed) => feed.outlet === outletOrScenario || feed.scenario === outletOrScenario);
      if (found === undefined) throw new Error(`the newsroom serves no feed for "${outletOrScenario}"`);
      return found;
    },
    get held() {
      return held;
    },
    requests,
    huge: () => ({ ...hugeStats }),
    waitForRequests(path, count = 1) {
      if (requests.filter((entry) => entry.path === path).length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ path, count, resolve }));
    },
    opml,
    unref() {
      server.unref();
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
