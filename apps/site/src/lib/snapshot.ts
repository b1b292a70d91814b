/**
 * The JSON snapshot implementation of {@link SiteData}: everything the pages read, in one file
 * written by `scripts/snapshot.ts` (from the store, or from the fixtures), loaded once per process.
 */
import { readFileSync } from 'node:fs';
import { chileDataOfSnapshot, type SiteChileHeadline } from './chile.js';
import type {
  SiteData,
  SiteDataSource,
  SiteDebate,
  SiteHeldStory,
  SiteHeldStoryDetail,
  SiteOutlet,
  SiteStory,
  SiteStorySummary,
} from './types.js';
import { articleSpan } from './views.js';

/** Identifies the file format. */
export const SNAPSHOT_FORMAT = 'espectro-site-snapshot';
/** Bumped on any incompatible change of {@link SiteSnapshot}. */
export const SNAPSHOT_VERSION = 1;

/** The snapshot file: the whole site's data. */
export interface SiteSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: typeof SNAPSHOT_VERSION;
  source: SiteDataSource;
  outlets: SiteOutlet[];
  /** Every assembled story; only published ones (publish guard passed, tier set) are shown. */
  stories: SiteStory[];
  debates: SiteDebate[];
  /**
   * Stories the publish guard held back, as the store keeps them (its decisions, reasons in the
   * guard's order). When absent, they are taken from `stories` (those the guard did not publish).
   * Entries carry their sentences, sources and audit (a {@link SiteHeldStoryDetail}) for the review
   * pages; entries of snapshots written before those pages existed lack them and get no page.
   */
  held?: (SiteHeldStory | SiteHeldStoryDetail)[];
  /** Classified Chilean headlines (`store.chileHeadlines`); absent in older snapshots. */
  chileHeadlines?: SiteChileHeadline[];
}

/** Thrown when a snapshot file is missing or is not a snapshot. */
export class SnapshotError extends Error {
  override readonly name = 'SnapshotError';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks the envelope of a parsed snapshot (format, version, the three arrays). The records
 * themselves were validated by the methodology when they were computed; re-validating 10 000
 * stories here would only slow the build.
 */
export function assertSnapshot(value: unknown, origin: string): asserts value is SiteSnapshot {
  if (!isRecord(value) || value.format !== SNAPSHOT_FORMAT) {
    throw new SnapshotError(
      `@espectro/site: ${origin} is not an Espectro site snapshot (format must be "${SNAPSHOT_FORMAT}")`,
    );
  }
  if (value.version !== SNAPSHOT_VERSION) {
    throw new SnapshotError(
      `@espectro/site: ${origin} has snapshot version ${String(value.version)}, this site reads version ${SNAPSHOT_VERSION}`,
    );
  }
  for (const field of ['outlets', 'stories', 'debates'] as const) {
    if (!Array.isArray(value[field]))
      throw new SnapshotError(`@espectro/site: ${origin} field "${field}" must be an array`);
  }
  if (!isRecord(value.source)) throw new SnapshotError(`@espectro/site: ${origin} field "source" must be an object`);
}

/** Reads and checks a snapshot file. */
export function readSnapshotFile(path: string): SiteSnapshot {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new SnapshotError(`@espectro/site: cannot read the snapshot file ${path}`, { cause: error });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new SnapshotError(`@espectro/site: the snapshot file ${path} is not valid JSON`, { cause: error });
  }
  assertSnapshot(parsed, path);
  return parsed;
}

/** True when a story is shown: it passed the publish guard and has a tier. */
export function isPublished(story: SiteStory): boolean {
  return story.publishGuard.publish && (story.tier === 'main' || story.tier === 'limited');
}

/** The list form of a story (drops the texts the lists do not need). */
export function storySummary(story: SiteStory): SiteStorySummary {
  return {
    id: story.id,
    title: story.title,
    language: story.language,
    country: story.country,
    topic: story.topic,
    tier: story.tier,
    publishedAt: story.publishedAt,
    coverage: story.coverage,
    outlets: story.outlets,
    articleDomains: story.articleDomains,
    storedBlindspots: story.storedBlindspots,
    fixture: story.fixture,
    image: story.image,
    firstArticleAt: story.firstArticleAt,
    latestArticleAt: story.latestArticleAt,
  };
}

/**
 * A story as read from a snapshot, with the fields older snapshots lack filled in: no cover image
 * (`image: null`), and the article dates derived from its articles.
 */
export function withDerivedFields<Story extends Omit<SiteStory, 'image' | 'firstArticleAt' | 'latestArticleAt'>>(
  story: Story & Partial<Pick<SiteStory, 'image'>>,
): Story & Pick<SiteStory, 'image' | 'firstArticleAt' | 'latestArticleAt'> {
  return { ...story, image: story.image ?? null, ...articleSpan(story.articles) };
}

/** True when the publish guard held the story back (it returned at least one reason). */
export function isHeld(story: SiteStory): boolean {
  return !story.publishGuard.publish && story.publishGuard.reasons.length > 0;
}

/**
 * A held story as the held-stories list and its review page show it: the guard's reasons exactly
 * as recorded, with the story's sentences, sources and audit.
 */
export function heldStoryOf(story: SiteStory): SiteHeldStoryDetail {
  return {
    ...storySummary(story),
    guardReasons: [...story.publishGuard.reasons],
    decidedAt: story.publishedAt,
    summary: story.summary,
    sentences: story.sentences,
    articles: story.articles,
    publishGuard: story.publishGuard,
    ownershipMix: story.ownershipMix,
    audit: story.audit,
  };
}

/** True when a held entry carries what its review page shows (older snapshots' entries do not). */
export function isHeldDetail(story: SiteHeldStory | SiteHeldStoryDetail): story is SiteHeldStoryDetail {
  const detail = story as Partial<SiteHeldStoryDetail>;
  return (
    Array.isArray(detail.sentences) &&
    Array.isArray(detail.articles) &&
    detail.publishGuard !== undefined &&
    detail.audit !== undefined &&
    detail.ownershipMix !== undefined
  );
}

/** A held entry with the fields older snapshots lack filled in (see {@link withDerivedFields}). */
function heldWithDerivedFields(story: SiteHeldStory | SiteHeldStoryDetail): SiteHeldStory | SiteHeldStoryDetail {
  const partial = story as Partial<SiteHeldStoryDetail>;
  return {
    ...story,
    image: partial.image ?? null,
    ...(Array.isArray(partial.articles)
      ? articleSpan(partial.articles)
      : { firstArticleAt: partial.firstArticleAt ?? null, latestArticleAt: partial.latestArticleAt ?? null }),
  };
}

/** The list form of a held entry (drops the texts, so lists stay small). */
function heldSummary(story: SiteHeldStory | SiteHeldStoryDetail): SiteHeldStory {
  if (!isHeldDetail(story)) return story;
  const {
    summary: _summary,
    sentences: _sentences,
    articles: _articles,
    publishGuard: _guard,
    ownershipMix: _mix,
    audit: _audit,
    ...fields
  } = story;
  return fields;
}

function newestFirst<Item>(items: Item[], at: (item: Item) => string): Item[] {
  return items
    .map((item, index) => ({ item, index, time: Date.parse(at(item)) }))
    .sort((left, right) => right.time - left.time || left.index - right.index)
    .map((entry) => entry.item);
}

/**
 * {@link SiteData} over a snapshot held in memory.
 *
 * @example
 * const data = createSnapshotSiteData(readSnapshotFile('site-snapshot.json'));
 * (await data.listStories()).length;
 */
export function createSnapshotSiteData(snapshot: SiteSnapshot): SiteData {
  const published = newestFirst(
    snapshot.stories.filter(isPublished).map(withDerivedFields),
    (story) => story.publishedAt,
  );
  const summaries = published.map(storySummary);
  const storiesById = new Map(published.map((story) => [story.id, story]));
  const collator = new Intl.Collator('es', { sensitivity: 'base' });
  const outlets = [...snapshot.outlets].sort(
    (left, right) => collator.compare(left.name, right.name) || collator.compare(left.domain, right.domain),
  );
  const outletsByDomain = new Map(outlets.map((outlet) => [outlet.domain, outlet]));
  const debates = newestFirst(snapshot.debates, (debate) => debate.startedAt);
  const heldEntries = newestFirst(
    (snapshot.held ?? snapshot.stories.filter(isHeld).map(heldStoryOf)).map(heldWithDerivedFields),
    (story) => story.decidedAt,
  );
  const held = heldEntries.map(heldSummary);
  // A published id never gets a review page, even if a snapshot lists it as held too.
  const heldById = new Map(
    heldEntries
      .filter((story) => isHeldDetail(story) && !storiesById.has(story.id))
      .map((story) => [story.id, story as SiteHeldStoryDetail]),
  );
  return {
    source: snapshot.source,
    listStories: async () => summaries,
    getStory: async (id) => storiesById.get(id),
    listHeldStories: async () => held,
    getHeldStory: async (id) => heldById.get(id),
    listOutlets: async () => outlets,
    getOutlet: async (domain) => outletsByDomain.get(domain),
    listDebates: async () => debates,
    chile: chileDataOfSnapshot(snapshot),
  };
}
