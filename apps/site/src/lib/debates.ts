/**
 * The debate pages' data (issue 17 §3): every stored debate with its checks, phase, time by tone
 * per candidate (DEB-1), official-source share (DEB-4), cost (COST) and change feed — from the store
 * (`ESPECTRO_SITE_SOURCE=store`, through the store adapter's one connection) or, without a store,
 * from the snapshot/fixture debates of {@link getSiteData} (no feed: those never change).
 */
import {
  checkPagePath,
  checkPosition,
  debateDocumentParsers,
  debateOfficialSourceShare,
  speakingTimeByTone,
  type Check,
  type DebateChangeEvent,
  type DebatePhase,
  type ToneSeconds,
} from '@espectro/factcheck';
import { getSiteData } from './data.js';
import type { SiteDebate } from './types.js';
import type { Store } from '@espectro/store';

/** One debate page's data. */
export interface DebatePageData {
  debate: SiteDebate;
  phase: DebatePhase;
  /** A fictional replay or fixture: every page says so. */
  fictional: boolean;
  /** The SSE id the rendered page has seen: the live feed continues after it. */
  lastEventSeq: number;
  /** DEB-1 seconds per tone per speaker, `null` when the chunks are not stored (snapshots). */
  speakingTime: Record<string, ToneSeconds> | null;
  /** DEB-4 share of published checks citing an official source (current state). */
  officialShare: { officialChecks: number; checksWithSource: number; share: number | null } | null;
  /** USD of every model call of the debate (COST), `null` when unknown. */
  costUsd: number | null;
  /**
   * REP-1 links: the page of each earlier check a reused verdict comes from, by its check id, for
   * the earlier checks this source has a page for (others are named without a link).
   */
  earlierCheckPaths: Record<string, string>;
}

/** Where the debate pages read from. */
export interface DebateSource {
  list(): Promise<DebatePageData[]>;
  get(debateId: string): Promise<DebatePageData | undefined>;
  /** Change-feed events after `afterSeq` (empty for sources that never change). */
  eventsAfter(debateId: string, afterSeq: number): Promise<DebateChangeEvent[]>;
  /** Stores a reader's report on a check (store only); `false` when this source cannot. */
  readonly live: boolean;
}

async function storeSource(): Promise<DebateSource> {
  const { openStoreFromEnvironment } = await import('./store-adapter.js');
  return storeDebateSource(await openStoreFromEnvironment());
}

/**
 * The debate pages' source over an open store — what the served site reads
 * (`getDebateSource()` passes the site's own store; a benchmark or a test passes its own).
 *
 * @example
 * const source = await storeDebateSource(await openStore({ memory: true }));
 * (await source.list()).map((page) => page.debate.id);
 */
export async function storeDebateSource(store: Store): Promise<DebateSource> {
  const { loadStoreModule, siteCheckOf } = await import('./store-adapter.js');
  const storeModule = await loadStoreModule();
  const repository = storeModule.createStoreDebateRepository(store.database, debateDocumentParsers);
  const pageOf = async (debateId: string): Promise<DebatePageData | undefined> => {
    const stored = await repository.getDebate(debateId);
    if (stored === undefined) return undefined;
    const checks: Check[] = (await repository.listChecks({ debateId })).sort(
      (left, right) => left.chunkIndex - right.chunkIndex || left.claimIndex - right.claimIndex,
    );
    const chunks = await repository.listChunks(debateId);
    const cost = await store.audit.costTotals(debateId);
    const earlierCheckPaths: Record<string, string> = {};
    for (const check of checks) {
      const earlierId = check.repeatOf?.checkId;
      const earlierDebate = earlierId === undefined ? null : checkPosition(earlierId)?.debateId;
      if (earlierId === undefined || earlierDebate === undefined || earlierDebate === null) continue;
      if (
        (await repository.getDebate(earlierDebate)) !== undefined &&
        (await repository.getCheck(earlierId)) !== undefined
      )
        earlierCheckPaths[earlierId] = checkPagePath(earlierDebate, earlierId);
    }
    const { info } = stored;
    return {
      debate: {
        id: info.id,
        name: info.name,
        startedAt: info.startedAt,
        url: info.url ?? null,
        candidates: info.candidates.map((candidate) => ({ name: candidate.name, party: candidate.party ?? null })),
        checks: checks.map((check) => {
          const { debateId: _debate, ...siteCheck } = siteCheckOf(check as unknown as Record<string, unknown>);
          return siteCheck;
        }),
        fixture: stored.fictional,
      },
      phase: stored.phase,
      fictional: stored.fictional,
      lastEventSeq: stored.lastEventSeq,
      speakingTime: speakingTimeByTone(chunks),
      officialShare: debateOfficialSourceShare(checks),
      costUsd: cost.calls > 0 ? cost.costUsd : null,
      earlierCheckPaths,
    };
  };
  return {
    live: true,
    async list() {
      const debates = await repository.listDebates();
      return (await Promise.all(debates.map((debate) => pageOf(debate.info.id)))).filter(
        (page): page is DebatePageData => page !== undefined,
      );
    },
    get: pageOf,
    eventsAfter: (debateId, afterSeq) => repository.eventsAfter(debateId, afterSeq),
  };
}

async function snapshotSource(): Promise<DebateSource> {
  const debates = await (await getSiteData()).listDebates();
  const debateOfCheck = new Map(debates.flatMap((debate) => debate.checks.map((check) => [check.id, debate.id])));
  const earlierCheckPaths = (debate: SiteDebate): Record<string, string> =>
    Object.fromEntries(
      debate.checks.flatMap((check) => {
        const earlierId = check.repeatOf?.checkId;
        const earlierDebate = earlierId === undefined ? undefined : debateOfCheck.get(earlierId);
        return earlierId === undefined || earlierDebate === undefined
          ? []
          : [[earlierId, checkPagePath(earlierDebate, earlierId)]];
      }),
    );
  const pages = debates.map((debate): DebatePageData => ({
    debate,
    phase: debate.checks.some((check) => check.history.some((entry) => entry.phase === 'review'))
      ? 'reviewed'
      : 'ended',
    fictional: debate.fixture,
    lastEventSeq: 0,
    speakingTime: null,
    officialShare: null,
    costUsd: null,
    earlierCheckPaths: earlierCheckPaths(debate),
  }));
  return {
    live: false,
    list: async () => pages,
    get: async (debateId) => pages.find((page) => page.debate.id === debateId),
    eventsAfter: async () => [],
  };
}

let current: Promise<DebateSource> | undefined;

/** The debate pages' source of this process (the store when the site reads the store). */
export function getDebateSource(): Promise<DebateSource> {
  current ??= process.env.ESPECTRO_SITE_SOURCE === 'store' ? storeSource() : snapshotSource();
  return current;
}
