/**
 * The publish stage (guard → publish): for every country whose stories changed, the publish guard
 * (rule PG) is decided again, in (time, id) order, for each guarded story of the country from the
 * earliest change on — because PG `country_cap` counts the stories of the country already
 * published in the rolling window of *publication* times (`countryCapCount` of the methodology,
 * `PG_COUNTRY_CAP_WINDOW_HOURS`), publishing or holding one story can change the stories after it.
 * A story whose decision changes gets a new guard decision and status; the others are left alone.
 * One country is one unit of work.
 */
import {
  countryCapCountUnchecked,
  METHODOLOGY_VERSION,
  PG_COUNTRY_CAP_WINDOW_HOURS,
  publishGuardUnchecked,
  type PublishGuardInput,
  type TimedCountryCapStory,
} from '@espectro/methodology';
import {
  claimGuardQueue,
  countGuardQueue,
  dequeueGuard,
  guardedStoriesOfCountry,
  recordGuardDecision,
} from '@espectro/store';
import { commitUnit, report, type PipelineContext } from '../context.js';

const HOUR_MS = 3_600_000;

/** What {@link publishStories} did. */
export interface PublishStageReport {
  /** Countries whose decisions were re-decided. */
  countries: number;
  /** Guarded stories looked at. */
  decided: number;
  /** Stories whose decision changed: newly published, newly held. */
  published: number;
  held: number;
}

/**
 * Re-decides the publish guard of every queued country (see the module comment).
 *
 * @example
 * const published = await publishStories(context);
 * published.held; // stories the country cap now holds
 */
export async function publishStories(context: PipelineContext): Promise<PublishStageReport> {
  const { db } = context.store.database;
  const stageReport: PublishStageReport = { countries: 0, decided: 0, published: 0, held: 0 };
  while ((await countGuardQueue(db)) > 0) {
    const now = context.clock.now();
    const country = await commitUnit(context, `guard:${stageReport.countries}`, async (tx) => {
      const [entry] = await claimGuardQueue(tx, 1);
      if (entry === undefined) return null;
      const window = PG_COUNTRY_CAP_WINDOW_HOURS * HOUR_MS;
      const stories = await guardedStoriesOfCountry(tx, entry.country, new Date(entry.fromAt.getTime() - window));
      const published: TimedCountryCapStory[] = [];
      for (const story of stories) {
        const timed = { id: story.storyId, country: entry.country, time: story.publishedAt.getTime() };
        if (story.publishedAt < entry.fromAt) {
          // Decided before the change and not affected by it (the cap only looks back).
          if (story.status === 'published') published.push(timed);
          continue;
        }
        stageReport.decided += 1;
        const countryStoriesLast24h = countryCapCountUnchecked(timed, published); // rule PG country_cap
        const input = { ...story.input, countryStoriesLast24h } as unknown as PublishGuardInput;
        const decision = publishGuardUnchecked(input); // rule PG
        if (decision.publish) published.push(timed);
        const wasPublished = story.status === 'published';
        const sameReasons = decision.reasons.join(',') === story.reasons.join(',');
        if (decision.publish === wasPublished && sameReasons) continue;
        await recordGuardDecision(tx, {
          storyId: story.storyId,
          publish: decision.publish,
          reasons: decision.reasons,
          input: { ...input },
          methodologyVersion: METHODOLOGY_VERSION,
          runId: context.runId ?? null,
          at: now,
        });
        if (decision.publish !== wasPublished) {
          if (decision.publish) stageReport.published += 1;
          else stageReport.held += 1;
        }
      }
      await dequeueGuard(tx, entry.country);
      return entry.country;
    });
    if (country === null) break;
    stageReport.countries += 1;
    report(context, { stage: 'publish', message: `${country}: publish guard re-decided (country cap over 24 h)` });
  }
  return stageReport;
}
