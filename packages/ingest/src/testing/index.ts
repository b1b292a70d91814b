/**
 * `@espectro/ingest/testing` — the loopback newsroom internet (an HTTP server on 127.0.0.1 serving
 * outlets' feeds as real servers do, and the feeds that break fetchers), the demo-corpus replay,
 * a manual clock and a driver that runs fetches on it without depending on the machine's speed.
 *
 * @example
 * const clock = createManualClock();
 * const newsroom = await createNewsroom({ clock, outlets: generatedOutlets(3, 10, clock.now()) });
 * const fetcher = createFeedFetcher({ clock });
 * const result = await driveUntilSettled(fetcher.fetch({ url: newsroom.feed('slow').url }), { clock, fetcher, newsroom });
 * // result.errorClass === 'timeout'
 *
 * @packageDocumentation
 */
export { createManualClock, type ManualClock } from './manual-clock.js';
export { atomDocument, jsonFeedDocument, rssDocument, type FeedChannel, type NewsroomItem } from './feed-documents.js';
export {
  NEWSROOM_SCENARIOS,
  createNewsroom,
  type Newsroom,
  type NewsroomFeed,
  type NewsroomOptions,
  type NewsroomOutlet,
  type NewsroomRequest,
  type NewsroomScenario,
} from './newsroom.js';
export {
  DEMO_REPLAY_LABEL,
  demoReplayOutlets,
  demoReplayStart,
  generatedOutlets,
  type DemoReplayOptions,
} from './replay.js';
export { driveUntilSettled, type DriveOptions } from './drive.js';
