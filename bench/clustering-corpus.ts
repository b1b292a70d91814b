/**
 * Bench corpora as hard as real news for the clustering benchmarks: **recombined real headlines**.
 * Every event instance is a real event of the demo corpus (`examples/demo-data/feeds`, real
 * publication-time offsets between its articles, real outlets) or of the clustering development
 * set (`packages/clustering/data/dev-set.jsonl`, same-day editions), placed at a random start time;
 * the rest are real single headlines (the offline embedder's reference corpus and the development
 * set's one-headline events). To grow the vocabulary as news does, each instance renames its names
 * (capitalised words after the first) and its figures consistently across its articles, with
 * coined words and numbers drawn from the instance's seed — so two instances of one real event are
 * two events, as the same kind of news on another day would be. Gold label: the instance.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadReferenceCorpus } from '@espectro/clustering';
import { mulberry32 } from '@espectro/methodology';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** One generated headline with its gold event. */
export interface RecombinedHeadline {
  id: string;
  title: string;
  outlet: string;
  date: string;
  event: string;
}

interface TemplateArticle {
  title: string;
  outlet: string;
  offsetMilliseconds: number;
}

interface TemplateEvent {
  articles: TemplateArticle[];
}

function loadTemplates(): { events: TemplateEvent[]; singles: string[]; outlets: string[] } {
  const events: TemplateEvent[] = [];
  const outlets = new Set<string>();
  const feeds = join(root, 'examples', 'demo-data', 'feeds');
  for (const file of readdirSync(feeds).sort()) {
    const items = (
      JSON.parse(readFileSync(join(feeds, file), 'utf8')) as {
        items: { title: string; outletName?: string; outlet: string; publishedAt: string }[];
      }
    ).items;
    const first = Math.min(...items.map((item) => Date.parse(item.publishedAt)));
    events.push({
      articles: items.map((item) => ({
        title: item.title,
        outlet: item.outletName ?? item.outlet,
        offsetMilliseconds: Date.parse(item.publishedAt) - first,
      })),
    });
    for (const item of items) outlets.add(item.outletName ?? item.outlet);
  }
  const dev = readFileSync(join(root, 'packages', 'clustering', 'data', 'dev-set.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { title: string; outlet: string; event: string });
  const byEvent = new Map<string, typeof dev>();
  for (const row of dev) byEvent.set(row.event, [...(byEvent.get(row.event) ?? []), row]);
  const singles: string[] = [...loadReferenceCorpus().texts];
  for (const rows of byEvent.values()) {
    for (const row of rows) outlets.add(row.outlet);
    if (rows.length === 1) continue;
    // same-day front pages: spread over the morning
    events.push({
      articles: rows.map((row, position) => ({
        title: row.title,
        outlet: row.outlet,
        offsetMilliseconds: position * 47 * 60_000,
      })),
    });
  }
  return { events, singles, outlets: [...outlets].sort() };
}

const SYLLABLES =
  'ba be bi bo bu da de di do ca co cu fa fe fi la le li lo lu ma me mi mo na ne no pa pe po ra re ri ro sa se so ta te ti to va ve vi za zo'.split(
    ' ',
  );

/** Renames names and figures of one instance consistently, from the instance's random stream. */
function instanceRenamer(random: () => number): (title: string) => string {
  const names = new Map<string, string>();
  const numbers = new Map<string, string>();
  const coin = (): string => {
    const length = 2 + Math.floor(random() * 2);
    let word = '';
    for (let index = 0; index < length; index += 1) word += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    return word[0]!.toUpperCase() + word.slice(1);
  };
  return (title) =>
    title
      .replace(/(?<=\S\s+)\p{Lu}[\p{L}]+/gu, (name) => {
        let coined = names.get(name);
        if (!coined) {
          coined = coin();
          names.set(name, coined);
        }
        return coined;
      })
      .replace(/\d+/gu, (figure) => {
        let replaced = numbers.get(figure);
        if (!replaced) {
          replaced = String(Math.floor(random() * 10 ** figure.length)).padStart(figure.length, '1');
          numbers.set(figure, replaced);
        }
        return replaced;
      });
}

/**
 * `count` recombined real headlines at `perDay` a day from 2026-01-01, about half of them in
 * multi-article events. Deterministic for a seed.
 *
 * @example
 * const headlines = generateRecombinedHeadlines({ count: 20_000 });
 */
export function generateRecombinedHeadlines(options: {
  count: number;
  perDay?: number;
  seed?: number;
}): RecombinedHeadline[] {
  const { events, singles, outlets } = loadTemplates();
  const perDay = options.perDay ?? 2000;
  const random = mulberry32(options.seed ?? 17);
  const days = options.count / perDay;
  const start = Date.parse('2026-01-01T00:00:00Z');
  const headlines: RecombinedHeadline[] = [];
  let instance = 0;
  while (headlines.length < options.count) {
    const rename = instanceRenamer(mulberry32(Math.floor(random() * 2 ** 32)));
    const at = start + random() * days * 86_400_000;
    const event = `e${instance}`;
    if (random() < 0.12) {
      const template = events[Math.floor(random() * events.length)]!;
      for (const article of template.articles) {
        if (headlines.length >= options.count) break;
        headlines.push({
          id: `r${String(headlines.length).padStart(7, '0')}`,
          title: rename(article.title),
          outlet: article.outlet,
          date: new Date(at + article.offsetMilliseconds).toISOString(),
          event,
        });
      }
    } else {
      headlines.push({
        id: `r${String(headlines.length).padStart(7, '0')}`,
        title: rename(singles[Math.floor(random() * singles.length)]!),
        outlet: outlets[Math.floor(random() * outlets.length)]!,
        date: new Date(at).toISOString(),
        event,
      });
    }
    instance += 1;
  }
  return headlines;
}
