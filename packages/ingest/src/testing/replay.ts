/**
 * Outlets for the loopback newsroom: the demo corpus replayed over simulated hours, and generated
 * outlets for benchmarks.
 *
 * The replay keeps every article as published (title, link, description, image, and its real
 * publication time in the feed) and only decides *when it appears* in its outlet's feed: the
 * corpus's events are released one after another in the order they happened, evenly over
 * `durationMs` of the newsroom's clock, and the articles of one event in their publication order
 * within the event's slot. So a worker polling the replay sees stories appear and grow cycle by
 * cycle. Feeds served this way are labelled as a replay (`X-Espectro-Replay`, channel titles).
 *
 * The replay happens *as of the corpus's own time*: {@link demoReplayStart} is the hour after the
 * newest article, so no article is dated after the replay's clock and what depends on "now" — the
 * navigation's active-coverage window (TOP-NAV), the 24-h country cap, the rating's cadence — sees
 * the corpus's newest days as the present, as a newsroom running on those days would have.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { NewsroomItem } from './feed-documents.js';
import type { NewsroomOutlet } from './newsroom.js';

const CorpusFileSchema = z.object({
  event: z.string().optional(),
  items: z.array(
    z.object({
      title: z.string().min(1),
      url: z.string().min(1),
      outlet: z.string().min(1),
      outletName: z.string().optional(),
      description: z.string().nullable().optional(),
      publishedAt: z.string().min(1),
      language: z.string().optional(),
      imageUrl: z.string().nullable().optional(),
    }),
  ),
});

/** Reads and validates every event file of the corpus folder (`feeds/*.json`), in file-name order. */
function readCorpusEvents(directory: string): { file: string; items: z.infer<typeof CorpusFileSchema>['items'] }[] {
  const feedsDirectory = join(directory, 'feeds');
  return readdirSync(feedsDirectory)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => ({
      file,
      items: CorpusFileSchema.parse(JSON.parse(readFileSync(join(feedsDirectory, file), 'utf8'))).items,
    }));
}

const HOUR_MS = 3_600_000;

/**
 * When a replay of the corpus in `directory` starts on the newsroom's clock: the first whole hour
 * after its newest article's publication time (UTC), so the replay runs as of the corpus's own
 * present (see the module's note). Throws when the corpus has no dated article.
 *
 * @example
 * const clock = createManualClock(demoReplayStart('examples/demo-data'));
 * const outlets = demoReplayOutlets({ directory: 'examples/demo-data', start: clock.now() });
 */
export function demoReplayStart(directory: string): Date {
  let newest = Number.NEGATIVE_INFINITY;
  for (const event of readCorpusEvents(directory))
    for (const item of event.items) {
      const at = Date.parse(item.publishedAt);
      if (Number.isFinite(at) && at > newest) newest = at;
    }
  if (!Number.isFinite(newest)) throw new Error(`the corpus in ${directory} has no dated article (publishedAt)`);
  return new Date((Math.floor(newest / HOUR_MS) + 1) * HOUR_MS);
}

const RosterSchema = z.object({
  outlets: z.array(z.object({ domain: z.string(), name: z.string(), language: z.string().nullable().optional() })),
});

/** Options of {@link demoReplayOutlets}. */
export interface DemoReplayOptions {
  /** The corpus folder (`examples/demo-data`: `outlets.json` and `feeds/*.json`). */
  directory: string;
  /** When the first event appears, on the newsroom's clock. */
  start: Date;
  /** Over how long every event appears (default 12 hours). */
  durationMs?: number;
}

/** The label replay feeds carry. */
export const DEMO_REPLAY_LABEL = 'replay of the Espectro demo corpus';

/**
 * The demo corpus as newsroom outlets, one feed per outlet, items appearing over simulated time.
 *
 * @example
 * const clock = createManualClock('2026-04-27T06:00:00Z');
 * const outlets = demoReplayOutlets({ directory: 'examples/demo-data', start: clock.now() });
 * const newsroom = await createNewsroom({ clock, outlets, scenarios: false, label: DEMO_REPLAY_LABEL });
 */
export function demoReplayOutlets(options: DemoReplayOptions): NewsroomOutlet[] {
  const durationMs = options.durationMs ?? 12 * HOUR_MS;
  const roster = RosterSchema.parse(JSON.parse(readFileSync(join(options.directory, 'outlets.json'), 'utf8')));
  const names = new Map(roster.outlets.map((outlet) => [outlet.domain, outlet]));
  const events = readCorpusEvents(options.directory)
    .map(({ file, items: unordered }) => {
      const items = [...unordered].sort((left, right) => Date.parse(left.publishedAt) - Date.parse(right.publishedAt));
      return { file, items, first: Date.parse(items[0]?.publishedAt ?? '') || 0 };
    })
    .filter((event) => event.items.length > 0)
    .sort((left, right) => left.first - right.first || (left.file < right.file ? -1 : 1));
  const slot = events.length > 0 ? durationMs / events.length : 0;
  const byOutlet = new Map<string, { name: string; language: string | null; items: NewsroomItem[] }>();
  events.forEach((event, eventIndex) => {
    event.items.forEach((item, itemIndex) => {
      const appearsAt = new Date(
        options.start.getTime() + eventIndex * slot + (itemIndex * slot) / (event.items.length + 1),
      ).toISOString();
      const known = names.get(item.outlet);
      const entry = byOutlet.get(item.outlet) ?? {
        name: known?.name ?? item.outletName ?? item.outlet,
        language: known?.language ?? item.language ?? null,
        items: [],
      };
      entry.items.push({
        title: item.title,
        link: item.url,
        description: item.description ?? null,
        publishedAt: new Date(item.publishedAt).toISOString(),
        imageUrl: item.imageUrl ?? null,
        appearsAt,
      });
      byOutlet.set(item.outlet, entry);
    });
  });
  return [...byOutlet.entries()]
    .sort(([left], [right]) => (left < right ? -1 : 1))
    .map(([domain, entry]) => ({ domain, name: entry.name, language: entry.language, items: entry.items }));
}

/**
 * `count` generated outlets (`medio-001.example`, …) with `itemsPerFeed` distinct items each,
 * all present from `publishedFrom`: the benchmark's 350 × 30 newsroom.
 *
 * @example
 * const outlets = generatedOutlets(350, 30, new Date('2026-04-27T00:00:00Z'));
 */
export function generatedOutlets(count: number, itemsPerFeed: number, publishedFrom: Date): NewsroomOutlet[] {
  const encodings = ['gzip', 'br', 'identity', 'deflate'] as const;
  return Array.from({ length: count }, (_, outletIndex) => {
    const number = String(outletIndex + 1).padStart(3, '0');
    const domain = `medio-${number}.example`;
    return {
      domain,
      name: `Medio ${number}`,
      language: 'es',
      encoding: encodings[outletIndex % encodings.length],
      window: itemsPerFeed,
      items: Array.from({ length: itemsPerFeed }, (_, itemIndex) => ({
        title: `Medio ${number}: noticia ${itemIndex + 1} sobre el tema ${(outletIndex * 7 + itemIndex) % 97} del día`,
        link: `https://${domain}/noticias/${itemIndex + 1}`,
        description: `Descripción de la noticia ${itemIndex + 1} del medio ${number}.`,
        publishedAt: new Date(publishedFrom.getTime() + itemIndex * 600_000).toISOString(),
      })),
    };
  });
}
