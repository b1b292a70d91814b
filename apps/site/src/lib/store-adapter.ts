/**
 * The site over `@espectro/store`'s repository (`ESPECTRO_SITE_SOURCE=store`, or the snapshot
 * script's `--from-store`): {@link snapshotFromStore} reads outlets with their rating history,
 * published stories with sentences and sources, held stories with their guard reasons (and their sentences and sources, for the review pages), and debate
 * checks, and maps them field by field to the site's shapes; {@link createStoreContestationBackend} keeps contestations in the store,
 * which enforces CON-3 in a transaction with advisory locks. Numbers are the stored ones (computed
 * by the methodology in the pipeline); only missing coverage fields and the ownership mix are
 * derived, with the methodology's own functions.
 */
import {
  BUCKETS,
  coverage,
  evidenceToRateOutletInput,
  foldToWords,
  isPendingEvidence,
  TOPICS,
  VerdictHistoryEntrySchema,
  type Bucket,
  type CoverageResult,
  type Factuality,
  type OwnershipHistoryEntry,
  type StoryTier,
  type Topic,
  type VerdictHistoryEntry,
} from '@espectro/methodology';
import type * as StoreNamespace from '@espectro/store';
import type { OutletWithHistory, ProcessService, Store, StoryDetail } from '@espectro/store';
import { siteChileHeadlineOf } from './chile.js';
import type { ContestationBackend, ContestationRecord } from './contestations.js';
import { createSnapshotSiteData, SNAPSHOT_FORMAT, SNAPSHOT_VERSION, type SiteSnapshot } from './snapshot.js';
import type {
  SiteCheck,
  SiteData,
  SiteDebate,
  SiteHeldStoryDetail,
  SiteOutlet,
  SiteStory,
  SiteStoryAudit,
  SiteStoryOutlet,
} from './types.js';
import { articleSpan, ownershipMixOf, storyOutletInput } from './views.js';

const STORE_PACKAGE = '@espectro/store';
/** How many of the newest classified Chilean headlines the site reads from the store. */
const CHILE_HEADLINES_SHOWN = 200;
type StoreModule = typeof StoreNamespace;

/**
 * Loads `@espectro/store` at run time (its PGlite/pg drivers and migration files stay out of the
 * site bundle: the package name is a variable, so Vite leaves the import alone).
 */
export async function loadStoreModule(): Promise<StoreModule> {
  try {
    return (await import(/* @vite-ignore */ STORE_PACKAGE)) as StoreModule;
  } catch (error) {
    throw new Error(`@espectro/site: ESPECTRO_SITE_SOURCE=store needs ${STORE_PACKAGE} (run \`pnpm build\` first)`, {
      cause: error,
    });
  }
}

let opened: Promise<Store> | undefined;

/**
 * The store of this process: the one `espectro serve` shares (`sharedProcessStore()`, so an
 * embedded folder is opened once and its single-writer lock holds), else PGlite in
 * `ESPECTRO_DB_DIR` (default `.espectro/db`) or `DATABASE_URL`, opened here.
 */
export function openStoreFromEnvironment(): Promise<Store> {
  opened ??= loadStoreModule().then(
    (module) =>
      module.sharedProcessStore() ??
      module.openStore(process.env.ESPECTRO_DB_DIR ? { dataDir: process.env.ESPECTRO_DB_DIR } : {}),
  );
  return opened;
}

// ── Mapping ────────────────────────────────────────────────────────────────────────────────────

const FACTUALITIES = new Set<string>(['very-high', 'high', 'mixed', 'low', 'very-low']);

function bucketOrNull(value: string | null | undefined): Bucket | null {
  return value === 'left' || value === 'center' || value === 'right' ? value : null;
}

function factualityOrNull(value: string | null | undefined): Factuality | null {
  return value !== null && value !== undefined && FACTUALITIES.has(value) ? (value as Factuality) : null;
}

function topicOrNull(value: string | null): Topic | null {
  return value !== null && (TOPICS as readonly string[]).includes(value) ? (value as Topic) : null;
}

/** A stored outlet as the site shows it. */
export function siteOutletOf(outlet: OutletWithHistory): SiteOutlet {
  const evidence = outlet.ratingEvidence;
  const ratedAt = (outlet.ratingReviewedAt ?? outlet.addedAt).slice(0, 10);
  let siteEvidence: SiteOutlet['evidence'] = null;
  let ownershipHistory: OwnershipHistoryEntry[] = [];
  if (!isPendingEvidence(evidence)) {
    ownershipHistory = [...(evidence.ownership?.ownership_history ?? [])];
    // rule EVID-1: the signals the rating was computed from, by the methodology's one mapping
    const { asOf, ownership, academic, content } = evidenceToRateOutletInput(evidence, ratedAt);
    siteEvidence = {
      asOf,
      ...(ownership ? { ownership } : {}),
      ...(academic ? { academic } : {}),
      ...(content ? { content } : {}),
    };
  }
  return {
    domain: outlet.domain,
    name: outlet.name,
    country: outlet.country,
    scope: outlet.scope,
    rating: {
      bias: outlet.bias,
      factuality: outlet.factuality,
      confidence: outlet.confidence,
      appliedRule: outlet.appliedRule,
      dissent: [],
      flags: outlet.flags,
      trace: outlet.trace,
      methodologyVersion: outlet.methodologyVersion,
      ratedAt,
    },
    factualityScore: outlet.factualityScore,
    ownerType: outlet.ownerType,
    evidence: siteEvidence,
    ownershipHistory,
    preliminary: isPendingEvidence(evidence) ? { reason: evidence.reason, addedAt: evidence.added_at } : null,
    history: outlet.history.flatMap((entry) => entry.changes),
    illustrative: outlet.illustrative,
  };
}

function coverageOf(stored: StoryDetail['coverage'], outlets: SiteStoryOutlet[]): CoverageResult {
  const complete = stored as Partial<CoverageResult>;
  if (typeof complete.unrostered === 'number' && typeof complete.rated === 'number') return stored as CoverageResult;
  // Older rows lack `unrostered`/`rated`: the methodology recomputes the whole result.
  return coverage(outlets.map(storyOutletInput));
}

function auditOf(story: StoryDetail): SiteStoryAudit {
  const provenance = story.provenance ?? {};
  const text = (key: string): string | null =>
    typeof provenance[key] === 'string' ? (provenance[key] as string) : null;
  const backend =
    story.backend === 'llm' || story.backend === 'extractive (offline)'
      ? story.backend
      : story.backend?.startsWith('extractive')
        ? 'extractive (offline)'
        : null;
  return {
    backend,
    provider: text('provider'),
    model: text('model'),
    promptId: text('promptId'),
    promptVersion: text('promptVersion'),
    method: text('method'),
    costUsd: typeof provenance.costUsd === 'number' ? provenance.costUsd : 0,
    methodologyVersion: story.methodologyVersion,
  };
}

/** A stored story as the site shows it; `undefined` when it has no tier (never shown). */
export function siteStoryOf(story: StoryDetail, outlets: ReadonlyMap<string, SiteOutlet>): SiteStory | undefined {
  if (story.tier === null) return undefined;
  return { ...storyFields(story, outlets), tier: story.tier };
}

/**
 * A stored story the publish guard held back, as the held-stories list and its review page show
 * it: the reasons are those of the latest stored guard decision, in the order the guard returned
 * them; sentences, sources and provenance as stored (no sentences when the synthesis returned none).
 */
export function siteHeldStoryOf(story: StoryDetail, outlets: ReadonlyMap<string, SiteOutlet>): SiteHeldStoryDetail {
  const fields = storyFields(story, outlets);
  return {
    ...fields,
    guardReasons: [...fields.publishGuard.reasons],
    decidedAt: story.guard?.decidedAt ?? story.updatedAt,
  };
}

function storyFields(
  story: StoryDetail,
  outlets: ReadonlyMap<string, SiteOutlet>,
): Omit<SiteStory, 'tier'> & { tier: StoryTier | null } {
  const byDomain = new Map<string, SiteStoryOutlet>();
  for (const source of story.sources) {
    if (byDomain.has(source.domain)) continue;
    const outlet = outlets.get(source.domain);
    const scope =
      source.outlet.scope === 'political' || source.outlet.scope === 'non_political' ? source.outlet.scope : null;
    byDomain.set(source.domain, {
      domain: source.domain,
      name: source.outlet.name,
      scope,
      bias: scope === 'political' ? bucketOrNull(source.outlet.bias) : null,
      factuality: factualityOrNull(source.outlet.factuality),
      factualityScore: outlet?.factualityScore ?? null,
      ownerType: outlet?.ownerType ?? null,
    });
  }
  const storyOutlets = [...byDomain.values()];
  const articles = story.sources.map((source) => ({
    id: source.articleId,
    domain: source.domain,
    title: source.title,
    url: source.url,
    publishedAt: source.publishedAt ?? story.updatedAt,
  }));
  const languages = storyOutlets
    .map((outlet) => outlets.get(outlet.domain)?.country)
    .filter((country) => country !== null && country !== undefined);
  return {
    id: story.id,
    title: story.title,
    language:
      story.country === 'BR' || (languages.length > 0 && languages.every((country) => country === 'BR')) ? 'pt' : 'es',
    country: story.country,
    topic: topicOrNull(story.topic),
    tier: story.tier,
    publishedAt: story.lastPublishedAt ?? story.updatedAt,
    coverage: coverageOf(story.coverage, storyOutlets),
    outlets: storyOutlets,
    articleDomains: story.sources.map((source) => source.domain),
    storedBlindspots: {
      prisma: BUCKETS.filter((bucket) => story.blindspots.prisma.includes(bucket)),
      fujaDaBolha: story.blindspots.fujaDaBolha,
    },
    // Stored stories group ingested headlines: never fictitious, even when the roster's rating
    // evidence is illustrative (that is said once, in the page header).
    fixture: false,
    summary: story.summary,
    sentences: story.sentences.map((sentence) => ({
      text: sentence.text,
      articleIds: sentence.articleIds,
      discrepancy: sentence.discrepancy,
    })),
    articles,
    image: storyImageOf(story),
    ...articleSpan(articles),
    publishGuard: story.guard
      ? { publish: story.guard.publish, reasons: story.guard.reasons as SiteStory['publishGuard']['reasons'] }
      : { publish: story.status === 'published', reasons: story.guardReasons as SiteStory['publishGuard']['reasons'] },
    ownershipMix: ownershipMixOf(storyOutlets),
    audit: auditOf(story),
  };
}

/**
 * A stored story's cover image for the site: the alt text the feed gave for it (stored by ingest,
 * `0011_article_images.sql`), and the outlet of the article it came from as its credit. An alt text
 * that only repeats the story's headline becomes `alt=""` (WCAG F30/H2: the headline beside the
 * image already says it, and a screen reader would read it twice); without one the image is drawn
 * with `alt=""` too — never a made-up description.
 *
 * @example
 * storyImageOf(story); // { url: 'https://…/foto.jpg', alt: 'Manifestantes en la Alameda', credit: 'La Tercera' }
 */
export function storyImageOf(
  story: Pick<StoryDetail, 'title' | 'imageUrl' | 'imageAlt' | 'sources'>,
): SiteStory['image'] {
  if (!story.imageUrl) return null;
  const alt =
    story.imageAlt !== null && foldToWords(story.imageAlt) !== foldToWords(story.title) ? story.imageAlt : null;
  const source = story.sources.find((candidate) => candidate.imageUrl === story.imageUrl);
  return { url: story.imageUrl, alt, credit: source?.outlet.name ?? null };
}

function historyOf(value: unknown): VerdictHistoryEntry[] {
  return Array.isArray(value) ? value.map((entry) => VerdictHistoryEntrySchema.parse(entry)) : [];
}

/** A stored check document (`@espectro/factcheck`'s `Check`) as the site shows it. */
export function siteCheckOf(document: Record<string, unknown>): SiteCheck & { debateId: string } {
  const claim = (document.claim ?? {}) as { text?: string; datum?: string };
  const judge = (document.judge ?? null) as { reason?: string } | null;
  const repeatOf = (document.repeatOf ?? null) as { debate?: string; label?: string; checkId?: string } | null;
  const evidence = Array.isArray(document.evidence)
    ? (document.evidence as { url?: string; title?: string; publishedAt?: string | null }[])
    : [];
  const history = historyOf(document.history);
  const latest = history[history.length - 1];
  return {
    debateId: String(document.debateId),
    id: String(document.id),
    candidate: String(document.candidate),
    spokenAt: typeof document.spokenAt === 'string' ? document.spokenAt : (latest?.at ?? ''),
    phrase: claim.text ?? '',
    datum: claim.datum ?? '',
    verdict: latest?.verdict ?? 'no_data',
    status: latest?.status ?? 'under_review',
    reason: judge?.reason ?? null,
    citations: Array.isArray(document.citations) ? (document.citations as string[]) : [],
    evidence: evidence
      .filter((item) => typeof item.url === 'string')
      .map((item) => ({ url: item.url!, title: item.title ?? null, publishedAt: item.publishedAt ?? null })),
    repeatOf: repeatOf?.debate
      ? {
          debate: repeatOf.debate,
          label: repeatOf.label ?? repeatOf.debate,
          ...(typeof repeatOf.checkId === 'string' ? { checkId: repeatOf.checkId } : {}),
        }
      : null,
    history,
  };
}

/** Everything the site shows, read from the store into a snapshot. */
export async function snapshotFromStore(
  store: Store,
  module: Pick<StoreModule, 'schema'>,
  generatedAt: string,
  provenance: { replayedDemo?: boolean } = {},
): Promise<SiteSnapshot> {
  const outlets = (await store.outlets.list()).map((outlet) => outlet.domain);
  const detailed = (await Promise.all(outlets.map((domain) => store.outlets.get(domain)))).filter(
    (outlet): outlet is OutletWithHistory => outlet !== undefined,
  );
  const siteOutlets = detailed.map((outlet) => siteOutletOf(outlet));
  const byDomain = new Map(siteOutlets.map((outlet) => [outlet.domain, outlet]));
  const summaries = await store.stories.list({ status: 'published' });
  const stories: SiteStory[] = [];
  for (const summary of summaries) {
    const detail = await store.stories.get(summary.id);
    const story = detail === undefined ? undefined : siteStoryOf(detail, byDomain);
    if (story !== undefined) stories.push(story);
  }
  // Every story the publish guard held back, with the guard's stored reasons (PG transparency).
  const held: SiteHeldStoryDetail[] = [];
  for (const summary of await store.stories.list({ status: 'held' })) {
    const detail = await store.stories.get(summary.id);
    if (detail !== undefined && detail.guard?.publish !== true) held.push(siteHeldStoryOf(detail, byDomain));
  }
  // the stored debate: its name, its info (start, url, parties) and whether it is a fictional replay
  const storedDebates = new Map(
    (await store.database.db.select().from(module.schema.debates)).map((row) => [row.id, row]),
  );
  const debates = new Map<string, SiteDebate>();
  for (const document of await store.checks.all()) {
    const { debateId, ...check } = siteCheckOf(document);
    let debate = debates.get(debateId);
    if (debate === undefined) {
      const stored = storedDebates.get(debateId);
      const info = (stored?.info ?? {}) as {
        startedAt?: string;
        url?: string;
        candidates?: { name: string; party?: string }[];
      };
      debate = {
        id: debateId,
        name: stored?.name ?? debateId,
        startedAt: info.startedAt ?? check.spokenAt,
        url: info.url ?? null,
        candidates: (info.candidates ?? []).map((candidate) => ({
          name: candidate.name,
          party: candidate.party ?? null,
        })),
        checks: [],
        // a bundled fictional replay is marked in every export, like the built-in fixtures
        fixture: stored?.fictional ?? false,
      };
      debates.set(debateId, debate);
    }
    if (!debate.candidates.some((candidate) => candidate.name === check.candidate))
      debate.candidates.push({ name: check.candidate, party: null });
    if (
      check.spokenAt !== '' &&
      check.spokenAt < debate.startedAt &&
      (storedDebates.get(debateId)?.info ?? null) === null
    )
      debate.startedAt = check.spokenAt;
    debate.checks.push(check);
  }
  return {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    source: {
      kind: 'store',
      // Language-neutral: the footer of every page, es and pt-BR, prints it as it is.
      description: store.database.backend ? `@espectro/store (${store.database.backend})` : '@espectro/store',
      generatedAt,
      // The store holds ingested headlines, never the built-in fixtures; only the roster's rating
      // evidence may be illustrative (the demo), and that is what the site says.
      fixture: false,
      illustrativeRatings: detailed.some((outlet) => outlet.illustrative),
      ...(provenance.replayedDemo === true ? { replayedDemo: true } : {}),
    },
    outlets: siteOutlets,
    stories,
    debates: [...debates.values()],
    held,
    // The Chilean section's latest classified headlines (seed 004; title and bajada only).
    chileHeadlines: (await store.chileHeadlines.list({ limit: CHILE_HEADLINES_SHOWN })).map(siteChileHeadlineOf),
  };
}

/**
 * A fingerprint of what the site shows: every story's id, status and last update, and the numbers
 * of outlets, ratings and checks. A worker publishing, holding or rewriting a story changes it.
 * One aggregate query (a few milliseconds at 20 000 stories on PostgreSQL).
 */
export async function storeChangeMarker(store: Store): Promise<string> {
  const [row] = await store.database.query<{ marker: string }>(
    `SELECT md5(coalesce((SELECT string_agg(id || ':' || status || ':' || updated_at::text, ',' ORDER BY id) FROM stories), ''))
            || ':' || (SELECT count(*) FROM sources) || ':' || (SELECT count(*) FROM source_ratings)
            || ':' || (SELECT count(*) FROM checks) AS marker`,
  );
  return row?.marker ?? '';
}

/** Site data that follows the store: see {@link createRefreshingStoreSiteData}. */
export interface RefreshingSiteData {
  /** The data as of the last change seen (checked at most once per interval). */
  current(): Promise<SiteData>;
}

/**
 * The site's data from the store, refreshed when the store changes: on a request at least
 * `minIntervalMs` after the last look, {@link storeChangeMarker} is read, and only when it changed
 * is the snapshot read again (one reader at a time; requests meanwhile get the previous data).
 * So a story the worker publishes is on the served site within one interval, with no rebuild and
 * no restart. Limit: a change re-reads the whole snapshot (what the site keeps in memory), which is
 * fine for thousands of stories; per-story reads would be the next step at 20 000.
 *
 * The data's instant (`source.generatedAt`: where the navigation's TOP-NAV window ends, the
 * footer's date) is the clock of the service this process runs — `sharedProcessService()`, shared
 * by `espectro serve`; during a replay its simulated clock — else the machine's. It moves on at
 * every look, changed store or not, so a story leaves the navigation when its window has passed.
 * `now` paces the looks only.
 *
 * @example
 * const data = createRefreshingStoreSiteData({ minIntervalMs: 2_000 });
 * const site = await data.current();
 */
export function createRefreshingStoreSiteData(
  options: {
    minIntervalMs?: number;
    now?: () => number;
    openStore?: () => Promise<Store>;
    /** The service's clock and replay label (default: the one `espectro serve` shares, if any). */
    service?: () => ProcessService | undefined;
  } = {},
): RefreshingSiteData {
  const minIntervalMs = options.minIntervalMs ?? 2_000;
  const now = options.now ?? Date.now;
  const open = options.openStore ?? openStoreFromEnvironment;
  let data: Promise<SiteData> | undefined;
  let marker: string | undefined;
  let lookedAt = 0;
  let looking: Promise<void> | undefined;
  const serviceOf = async () => (options.service ?? (await loadStoreModule()).sharedProcessService)();
  const look = async () => {
    const store = await open();
    const module = await loadStoreModule();
    const service = await serviceOf();
    const asOf = (service?.now() ?? new Date(now())).toISOString();
    const next = await storeChangeMarker(store);
    if (next !== marker) {
      const snapshot = await snapshotFromStore(store, module, asOf, {
        replayedDemo: (service?.replay ?? null) !== null,
      });
      marker = next;
      data = Promise.resolve({ ...createSnapshotSiteData(snapshot), source: snapshot.source } satisfies SiteData);
    } else if (data !== undefined) {
      // Nothing stored changed: the same data at the new instant (nothing is read again).
      const previous = await data;
      if (previous.source.generatedAt !== asOf)
        data = Promise.resolve({ ...previous, source: { ...previous.source, generatedAt: asOf } });
    }
  };
  return {
    async current() {
      if (data === undefined) {
        lookedAt = now();
        looking ??= look().finally(() => (looking = undefined));
        await looking;
        return data!;
      }
      if (looking === undefined && now() - lookedAt >= minIntervalMs) {
        lookedAt = now();
        looking = look()
          .catch(() => undefined) // the store is unreachable for a moment: keep serving what we have
          .finally(() => (looking = undefined));
        await looking;
      }
      return data;
    },
  };
}

// ── Contestations ──────────────────────────────────────────────────────────────────────────────

function recordOf(stored: Awaited<ReturnType<Store['contestations']['create']>>): ContestationRecord {
  return {
    contestation: {
      id: stored.id,
      dimension: stored.dimension,
      outlet: stored.outlet,
      contesterId: stored.contesterId,
      text: stored.text,
      createdAt: stored.createdAt,
    },
    state: {
      contestationId: stored.id,
      status: stored.status,
      openedAt: stored.createdAt,
      transitions: stored.transitions,
    },
  };
}

function storeErrorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;
}

/** {@link ContestationBackend} over a store: CON-3 and CON-2 are enforced inside its transactions. */
export function contestationBackendOver(store: Store): ContestationBackend {
  return {
    description: '@espectro/store',
    async create(contestation, origin = {}) {
      try {
        return { ok: true, record: recordOf(await store.contestations.create({ ...contestation, ...origin })) };
      } catch (error) {
        if (storeErrorCode(error) !== 'rate_limited') throw error;
        const refusal = (error as { data?: unknown }).data as Extract<
          Awaited<ReturnType<ContestationBackend['create']>>,
          { ok: false }
        >['refusal'];
        return { ok: false, refusal };
      }
    },
    async list(filter = {}) {
      const records = await store.contestations.list(filter);
      return records.map(recordOf).reverse();
    },
    async get(id) {
      const stored = await store.contestations.get(id);
      return stored === undefined ? undefined : recordOf(stored);
    },
    async transition(id, request) {
      try {
        const result = await store.contestations.transition(id, request);
        const record = recordOf(result.contestation);
        const entry = record.state.transitions[record.state.transitions.length - 1]!;
        return { ok: true, state: record.state, entry, triggersRerating: result.triggersRerating, trace: result.trace };
      } catch (error) {
        const code = storeErrorCode(error);
        if (code === 'not_found') return undefined;
        if (code !== 'invalid_transition') throw error;
        return (error as { data: Extract<Awaited<ReturnType<ContestationBackend['transition']>>, { ok: false }> }).data;
      }
    },
    async addReport(report) {
      // Readers' reports go to the stored debate, where the post-debate review reads them (REV-D).
      await store.debates.addReport(report);
    },
  };
}

/** Contestations kept in the store of this process. */
export async function createStoreContestationBackend(): Promise<ContestationBackend> {
  return contestationBackendOver(await openStoreFromEnvironment());
}
