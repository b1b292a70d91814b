/**
 * The rate stage: every roster outlet goes through the methodology's funnel (`rateOutlet`, rule
 * EVID-1) and is stored with its rating history (CON-4) through the database's
 * `RatingRecordStore` (`rateRosterEntries`), the only writer of ratings. When a rating changes, the stories of the clusters that
 * outlet covers are queued to be built again (coverage, TIER and the guard depend on ratings), and
 * clusters held below TIER get their synthesis re-evaluated.
 */
import { METHODOLOGY_VERSION } from '@espectro/methodology';
import { rateRosterEntries, type RosterEntry } from '@espectro/rating';
import {
  clusterIdsWithDomains,
  ingestedSourceReport,
  loadClusters,
  queueStories,
  createStoreRatingRecordStore,
  recordIngestedSource,
  setOutletProfiles,
  updateClusterState,
  type StoreTransaction,
} from '@espectro/store';
import { commitUnit, report, type PipelineContext } from '../context.js';

/**
 * Queues the stories of the clusters that cite any of `domains` to be built again (coverage, TIER
 * and the guard depend on ratings), and lets clusters held below TIER be synthesised again. Call it
 * in the unit of work that changed those outlets' ratings; resolves to the affected cluster ids.
 *
 * @example
 * await requeueStoriesOfOutlets(tx, ['elpais.com'], now);
 */
export async function requeueStoriesOfOutlets(
  tx: StoreTransaction,
  domains: readonly string[],
  now: Date,
): Promise<string[]> {
  const affected = await clusterIdsWithDomains(tx, [...domains]);
  // TIER depends on which domains are rated: a cluster held below tier is looked at again.
  for (const cluster of (await loadClusters(tx, affected)).values())
    if (cluster.synthesisStatus === 'below_tier')
      await updateClusterState(tx, cluster.id, { synthesisSignature: null });
  await queueStories(tx, affected, 'rating_changed', now);
  return affected;
}

/** What {@link rateRoster} did. */
export interface RateStageReport {
  roster: number;
  /** First ratings (new outlets or preliminary ones rated for the first time). */
  rated: number;
  rerated: number;
  unchanged: number;
  /** Stories queued because an outlet they cite changed rating. */
  storiesQueued: number;
}

/**
 * Rates every roster entry as of `asOf` in one unit of work. When `rosterSha256` (the hash of the
 * roster file's bytes) is given and that exact roster was already rated as of that date under this
 * methodology version, nothing is done.
 *
 * @example
 * const rated = await rateRoster(context, folder.roster.outlets, { asOf: '2026-04-27', rosterSha256: folder.rosterSha256 });
 */
export async function rateRoster(
  context: PipelineContext,
  roster: readonly RosterEntry[],
  options: { asOf: string; rosterSha256?: string },
): Promise<RateStageReport> {
  const now = context.clock.now();
  const input = { name: `roster@${options.asOf}@${METHODOLOGY_VERSION}`, sha256: options.rosterSha256 };
  if (input.sha256 !== undefined && (await ingestedSourceReport(context.store.database.db, input.name, input.sha256))) {
    report(context, { stage: 'rate', message: `${roster.length} roster outlets: unchanged roster, already rated` });
    return { roster: roster.length, rated: 0, rerated: 0, unchanged: roster.length, storiesQueued: 0 };
  }
  const result = await commitUnit(context, `rate:${options.asOf}`, async (tx) => {
    const counts = { created: 0, initial: 0, rerated: 0, unchanged: 0 };
    const outcomes = await rateRosterEntries(createStoreRatingRecordStore(tx), roster, {
      asOf: options.asOf,
      changedAt: `${options.asOf}T00:00:00.000Z`,
    });
    for (const outcome of outcomes) counts[outcome.outcome] += 1;
    await setOutletProfiles(tx, roster);
    const changed = outcomes.filter((outcome) => outcome.outcome !== 'unchanged').map((outcome) => outcome.domain);
    const affected = await requeueStoriesOfOutlets(tx, changed, now);
    if (input.sha256 !== undefined)
      await recordIngestedSource(tx, { name: input.name, sha256: input.sha256, report: counts, at: now });
    return { ...counts, storiesQueued: affected.length };
  });
  const stageReport: RateStageReport = {
    roster: roster.length,
    rated: result.created + result.initial,
    rerated: result.rerated,
    unchanged: result.unchanged,
    storiesQueued: result.storiesQueued,
  };
  report(context, {
    stage: 'rate',
    message: `${roster.length} roster outlets rated (rateOutlet): ${stageReport.rated} new, ${stageReport.rerated} re-rated, ${stageReport.unchanged} unchanged`,
  });
  return stageReport;
}
