/**
 * Ingestion of many sources at once: feeds and news-API payloads become articles with canonical
 * URLs, outlet domains and title keys, deduplicated by canonical URL and by near-identical title
 * within a domain; domains outside the roster are listed as new preliminary outlets (seed 002 §10,
 * rule PRELIM: the store records them through the methodology's `preliminaryRating`). A source
 * that fails (broken XML, wrong format, too large) gets a clear error in its report; the others
 * are ingested.
 */
import { createHash } from 'node:crypto';
import { isHttpUrl } from '@espectro/methodology';
import { canonicalUrl, domainForHost, InvalidArticleUrlError } from './canonical-url.js';
import { IngestError } from './errors.js';
import { keptImageAlt } from './feed-dialects.js';
import { parseFeed, type SkippedItem } from './feed.js';
import { parseNewsApiPayload, type NewsApiMapping, type NewsApiPreset } from './news-api.js';
import { titleKey } from './text.js';

/** One feed file or API payload to ingest. */
export interface IngestSource {
  /** Label in reports and errors (file name or URL). */
  name: string;
  /** `feed` (RSS/RDF/Atom) or `json` (news-API payload). */
  kind: 'feed' | 'json';
  content: Uint8Array | string;
  /** HTTP Content-Type, for the charset of feeds. */
  contentType?: string;
  /**
   * The feed's address, the base of its relative links (default: `name` when it is an http(s) URL,
   * as the fetcher names sources).
   */
  url?: string;
  /** For `json`: a preset name or a custom mapping (default `espectro`). */
  mapping?: NewsApiPreset | NewsApiMapping;
  /** Domain of the outlet publishing this feed, for items whose link does not say. */
  outlet?: string;
}

/** An outlet of the roster as ingestion needs it. */
export interface RosterOutletRef {
  domain: string;
  name: string;
  aliases?: readonly string[];
}

/** Options of {@link ingestSources}. */
export interface IngestOptions {
  roster: readonly RosterOutletRef[];
  /** When the items were seen (ISO instant); default now. Used for items without a date. */
  seenAt?: string;
  /** Largest feed accepted, in bytes. */
  maxFeedBytes?: number;
}

/** An article ready for the store (`ArticleInput` of `@espectro/store`). */
export interface IngestedArticle {
  url: string;
  canonicalUrl: string;
  domain: string;
  title: string;
  titleKey: string;
  description: string | null;
  body: string | null;
  imageUrl: string | null;
  /** The image's alt text from the feed, null when it gave none or there is no image (never invented). */
  imageAlt: string | null;
  language: string | null;
  publishedAt: string | null;
  firstSeenAt: string;
  feed: string;
}

/** A domain outside the roster, to be added as a preliminary outlet. */
export interface NewOutlet {
  domain: string;
  name: string;
  reason: string;
  /** ISO date. */
  addedAt: string;
}

/** What happened to one source. */
export interface SourceReport {
  source: string;
  ok: boolean;
  format: string | null;
  encoding: string | null;
  /** Items found in the source. */
  items: number;
  /** Articles produced (after skips and in-batch duplicates). */
  articles: number;
  skipped: SkippedItem[];
  /** Items kept without a usable date (`publishedAt: null`). */
  undated: number;
  duplicates: number;
  warnings: string[];
  error: { code: string; message: string; line?: number; column?: number } | null;
}

/** Result of {@link ingestSources}. */
export interface IngestResult {
  articles: IngestedArticle[];
  sources: SourceReport[];
  newOutlets: NewOutlet[];
}

const NEAR_DUPLICATE_MS = 7 * 86_400_000;

interface Candidate {
  title: string;
  link: string | null;
  sourceUrl: string | null;
  description: string | null;
  body: string | null;
  publishedAt: string | null;
  imageUrl: string | null;
  imageAlt: string | null;
  language: string | null;
  domain: string | null;
  outletName: string | null;
}

/**
 * The canonical key of a headline that has no article URL of its own (e.g. read in a press
 * review): `urn:espectro:headline:<domain>:<hash of title key and date>`.
 *
 * @example
 * headlineUrn('elpais.com', 'junts rompe con sanchez', '2025-10-28T00:00:00.000Z');
 */
export function headlineUrn(domain: string, key: string, publishedAt: string | null): string {
  const digest = createHash('sha256')
    .update(`${key}\u0000${publishedAt?.slice(0, 10) ?? ''}`)
    .digest('hex')
    .slice(0, 20);
  return `urn:espectro:headline:${domain}:${digest}`;
}

/**
 * Ingests sources (see the module comment). Never throws for one bad source: its report carries
 * the error.
 *
 * @example
 * const { articles, sources, newOutlets } = ingestSources(
 *   [{ name: 'elpais.xml', kind: 'feed', content: bytes, outlet: 'elpais.com' }],
 *   { roster: [{ domain: 'elpais.com', name: 'El País' }] },
 * );
 */
export function ingestSources(sources: readonly IngestSource[], options: IngestOptions): IngestResult {
  const seenAt = options.seenAt ?? new Date().toISOString();
  const rosterDomains = new Set(options.roster.map((outlet) => outlet.domain));
  const namesByDomain = new Map(
    options.roster.map((outlet) => [outlet.domain, [outlet.name, outlet.domain, ...(outlet.aliases ?? [])]]),
  );
  const articles: IngestedArticle[] = [];
  const reports: SourceReport[] = [];
  const newOutlets = new Map<string, NewOutlet>();
  const byCanonical = new Set<string>();
  const byTitle = new Map<string, number[]>();

  for (const source of sources) {
    const report: SourceReport = {
      source: source.name,
      ok: true,
      format: null,
      encoding: null,
      items: 0,
      articles: 0,
      skipped: [],
      undated: 0,
      duplicates: 0,
      warnings: [],
      error: null,
    };
    reports.push(report);
    let candidates: Candidate[];
    let rejectedLinks: (string | null)[] = [];
    try {
      if (source.kind === 'feed') {
        const url = source.url ?? (/^https?:\/\//i.test(source.name) ? source.name : undefined);
        const feed = parseFeed(source.content, {
          source: source.name,
          ...(url ? { url } : {}),
          ...(source.contentType ? { contentType: source.contentType } : {}),
          ...(options.maxFeedBytes ? { maxBytes: options.maxFeedBytes } : {}),
        });
        report.format = feed.format;
        report.encoding = feed.encoding;
        report.warnings.push(...feed.warnings);
        report.items = feed.items.length + feed.skipped.length;
        report.skipped.push(...feed.skipped);
        candidates = feed.items.map((item) => ({ ...item, sourceUrl: null, domain: null, outletName: null }));
        rejectedLinks = feed.items.map((item) => item.rejectedLink);
      } else {
        const payload = parseNewsApiPayload(source.content, source.mapping ?? 'espectro', { source: source.name });
        report.format = `json:${payload.mapping}`;
        report.encoding = 'utf-8';
        report.items = payload.items.length + payload.skipped.length;
        report.skipped.push(...payload.skipped);
        candidates = payload.items.map((item) => ({ ...item, link: item.url }));
      }
    } catch (error) {
      report.ok = false;
      if (error instanceof IngestError) {
        report.error = {
          code: error.code,
          message: error.message,
          ...(error.line !== undefined ? { line: error.line } : {}),
          ...(error.column !== undefined ? { column: error.column } : {}),
        };
      } else {
        report.error = { code: 'unreadable', message: `@espectro/ingest ${source.name}: ${(error as Error).message}` };
      }
      continue;
    }
    candidates.forEach((item, index) => {
      let domain: string | null = null;
      let canonical: string | null = null;
      let url: string | null = null;
      if (item.link) {
        try {
          canonical = canonicalUrl(item.link);
          url = item.link;
          domain = domainForHost(new URL(canonical).hostname, rosterDomains);
        } catch (error) {
          if (!(error instanceof InvalidArticleUrlError)) throw error;
          report.skipped.push({ index, reason: `link is not an http(s) URL: ${item.link.slice(0, 120)}` });
          return;
        }
      } else {
        const rejected = rejectedLinks[index];
        if (rejected) {
          report.skipped.push({ index, reason: `link is not an http(s) URL: ${rejected.slice(0, 120)}` });
          return;
        }
        domain = item.domain
          ? domainForHost(item.domain, rosterDomains)
          : source.outlet
            ? domainForHost(source.outlet, rosterDomains)
            : null;
        if (domain === null || !item.sourceUrl) {
          report.skipped.push({ index, reason: 'item has no link (and no outlet and source page to attribute it to)' });
          return;
        }
        // issue 21 §2: the source page becomes the article's link, so it must be http(s) too.
        if (!isHttpUrl(item.sourceUrl)) {
          report.skipped.push({
            index,
            reason: `source page is not an http(s) URL: ${item.sourceUrl.slice(0, 120)}`,
          });
          return;
        }
        url = item.sourceUrl;
      }
      const key = titleKey(item.title, namesByDomain.get(domain) ?? [item.outletName ?? domain, domain]);
      canonical ??= headlineUrn(domain, key, item.publishedAt);
      if (byCanonical.has(canonical)) {
        report.duplicates += 1;
        return;
      }
      const time = Date.parse(item.publishedAt ?? seenAt);
      const titleSlot = `${domain}\u0000${key}`;
      const earlier = byTitle.get(titleSlot) ?? [];
      if (earlier.some((other) => Math.abs(other - time) <= NEAR_DUPLICATE_MS)) {
        report.duplicates += 1;
        return;
      }
      byCanonical.add(canonical);
      byTitle.set(titleSlot, [...earlier, time]);
      if (item.publishedAt === null) report.undated += 1;
      if (!rosterDomains.has(domain) && !newOutlets.has(domain)) {
        newOutlets.set(domain, {
          domain,
          name: item.outletName ?? domain,
          reason: `Dominio visto en ${source.name} y ausente del roster; en cola para análisis de contenido (PRELIM)`,
          addedAt: seenAt.slice(0, 10),
        });
      }
      const image = item.imageUrl !== null && isHttpUrl(item.imageUrl) ? item.imageUrl : null;
      articles.push({
        url: url!,
        canonicalUrl: canonical,
        domain,
        title: item.title,
        titleKey: key,
        description: item.description,
        body: item.body,
        imageUrl: image,
        imageAlt: image === null ? null : keptImageAlt(item.imageAlt),
        language: item.language,
        publishedAt: item.publishedAt,
        firstSeenAt: seenAt,
        feed: source.name,
      });
      report.articles += 1;
    });
  }
  return {
    articles,
    sources: reports,
    newOutlets: [...newOutlets.values()].sort((left, right) => (left.domain < right.domain ? -1 : 1)),
  };
}
