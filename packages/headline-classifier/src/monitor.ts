/**
 * Monitoring the five outlets (seed 004 "Qué se monitorea"): a feed document becomes stored,
 * classified headlines — title and bajada only (HC-2), the HC-1 class with its backend and
 * evidence, the LINK-1 boletín numbers. Fetching is not done here: the caller passes the feed
 * text (a file, or a body fetched by `@espectro/ingest`'s fetcher), and the store is reached
 * through the small {@link ClassifiedHeadlineSink} interface that `@espectro/store`'s
 * `store.chileHeadlines` implements.
 */
import { ClassifiedHeadlineSchema, type ClassifiedHeadline, type PerClassMeasurability } from '@espectro/methodology';
import type { HeadlineClassifier } from './classifier.js';
import { HeadlineClassifierError } from './errors.js';
import { readHeadlineFeed, type SkippedItem } from './feeds/ingest.js';
import { MONITORED_OUTLETS, type Outlet } from './feeds/outlets.js';
import { classifyAndLink } from './pipeline.js';

/** Where classified headlines are kept (`store.chileHeadlines` of `@espectro/store` satisfies it). */
export interface ClassifiedHeadlineSink {
  /** Which of these headline ids are stored already. */
  known(ids: readonly string[]): Promise<Set<string>>;
  /** Stores new headlines; an id already stored keeps its first classification. */
  save(headlines: readonly ClassifiedHeadline[]): Promise<{ inserted: string[]; existing: string[] }>;
}

/** What one feed document gave. */
export interface FeedIngestReport {
  outlet: string;
  /** The feed's address, when it was fetched rather than read from a file. */
  url: string | null;
  /** Items read from the feed that passed HC-2 (title, link, date present). */
  items: number;
  /** Headlines classified and stored by this call. */
  stored: number;
  /** Headlines already in the store (a feed repeats its items; they are not classified again). */
  alreadyStored: number;
  /** Stored headlines whose LLM answer was rejected (`class: null`). */
  rejected: number;
  /** Items left out, with the reason. */
  skipped: SkippedItem[];
  /** Body-carrying fields present in the feed and dropped unread (HC-2). */
  droppedFields: Record<string, number>;
  /** The feed parser's notes (encoding corrections, XML repaired while reading, a feed without items). */
  warnings: string[];
  /** The classifier's backend label (`rules-baseline (offline)`, `llm:…`). */
  backend: string;
}

/** Input of {@link ingestFeedDocument}. */
export interface IngestFeedDocumentInput {
  outlet: Pick<Outlet, 'id' | 'domain'>;
  /** The feed document (RSS, RDF or Atom), already decoded to text. */
  xml: string;
  url?: string | null;
  classifier: HeadlineClassifier;
  sink: ClassifiedHeadlineSink;
  /** Injectable clock (default: the system clock). */
  now?: () => Date;
  /** AGR-3 measurability of the registered verdict; without it every class counts as unmeasured. */
  measurability?: PerClassMeasurability;
}

function instant(now: () => Date): string {
  return now()
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z');
}

/**
 * Reads one feed document, classifies the items the store does not have yet, links them by
 * boletín number only (LINK-1), and stores them. Throws `HeadlineClassifierError`
 * (`feed_xml_invalid`, `feed_not_rss`) for a broken document; nothing is stored then.
 *
 * @example
 * const report = await ingestFeedDocument({ outlet: findOutlet('latercera')!, xml, classifier: createRulesBaseline(),
 *   sink: store.chileHeadlines });
 * report.stored; // headlines new to the store
 */
export async function ingestFeedDocument(input: IngestFeedDocumentInput): Promise<FeedIngestReport> {
  const now = input.now ?? (() => new Date());
  const feed = readHeadlineFeed(input.xml, input.outlet, { url: input.url ?? null });
  const known = await input.sink.known(feed.headlines.map((headline) => headline.id));
  const fresh = feed.headlines.filter((headline) => !known.has(headline.id));
  const firstSeenAt = instant(now);
  const classified = await classifyAndLink(input.classifier, fresh, input.measurability);
  const classifiedAt = instant(now);
  const rows = classified.map((result, position) => {
    const headline = fresh[position]!;
    // The one record shape of seed 004 (HC-2 + HC-1 + LINK-1), checked before it reaches the store.
    return ClassifiedHeadlineSchema.parse({
      ...headline,
      class: result.class,
      backend: result.backend,
      evidence: result.evidence,
      evidenceField: result.evidenceField,
      rejection: result.rejection ?? null,
      boletines: result.boletines,
      trace: result.trace,
      firstSeenAt,
      classifiedAt,
    });
  });
  const saved = await input.sink.save(rows);
  return {
    outlet: feed.outlet,
    url: input.url ?? null,
    items: feed.headlines.length,
    stored: saved.inserted.length,
    alreadyStored: known.size + saved.existing.length,
    rejected: rows.filter((row) => row.class === null && saved.inserted.includes(row.id)).length,
    skipped: feed.skipped,
    droppedFields: feed.droppedFields,
    warnings: feed.warnings,
    backend: input.classifier.backend,
  };
}

/**
 * Fetches one feed by URL and returns its document as text. `@espectro/ingest`'s HTTP fetcher
 * (timeouts, size limit, conditional requests, charset) is what the worker passes; tests pass a
 * loopback or in-memory one. Throw to report a failed fetch; the message is recorded.
 */
export type FeedFetcher = (url: string, outlet: Outlet) => Promise<{ text: string }>;

/** One outlet's result in {@link pollMonitoredFeeds}: its report, or why it failed. */
export type FeedPollOutcome =
  | ({ ok: true } & FeedIngestReport)
  | { ok: false; outlet: string; url: string; error: { code: string; message: string } };

/** Input of {@link pollMonitoredFeeds}. */
export interface PollMonitoredFeedsInput {
  fetchFeed: FeedFetcher;
  classifier: HeadlineClassifier;
  sink: ClassifiedHeadlineSink;
  /** Default: the five outlets of seed 004 ({@link MONITORED_OUTLETS}). */
  outlets?: readonly Outlet[];
  now?: () => Date;
  measurability?: PerClassMeasurability;
}

/**
 * One polling cycle over the monitored outlets — the job the worker runs on its schedule: fetch
 * each outlet's feed, classify what is new, store it. Outlets run one after the other (five small
 * feeds; the fetcher keeps its own per-host limits); a failing outlet (fetch error, broken XML,
 * a store error) is reported with its reason and never stops the others.
 *
 * @example
 * const outcomes = await pollMonitoredFeeds({ fetchFeed, classifier: createRulesBaseline(), sink: store.chileHeadlines });
 * outcomes.filter((outcome) => !outcome.ok); // the feeds that failed this cycle, with the reason
 */
export async function pollMonitoredFeeds(input: PollMonitoredFeedsInput): Promise<FeedPollOutcome[]> {
  const outcomes: FeedPollOutcome[] = [];
  for (const outlet of input.outlets ?? MONITORED_OUTLETS) {
    try {
      const document = await input.fetchFeed(outlet.feedUrl, outlet);
      const report = await ingestFeedDocument({
        outlet,
        xml: document.text,
        url: outlet.feedUrl,
        classifier: input.classifier,
        sink: input.sink,
        ...(input.now === undefined ? {} : { now: input.now }),
        ...(input.measurability === undefined ? {} : { measurability: input.measurability }),
      });
      outcomes.push({ ok: true, ...report });
    } catch (error) {
      const code =
        error instanceof HeadlineClassifierError
          ? error.code
          : typeof (error as { code?: unknown }).code === 'string'
            ? (error as { code: string }).code
            : 'fetch_failed';
      outcomes.push({
        ok: false,
        outlet: outlet.id,
        url: outlet.feedUrl,
        error: { code, message: error instanceof Error ? error.message : String(error) },
      });
    }
  }
  return outcomes;
}
