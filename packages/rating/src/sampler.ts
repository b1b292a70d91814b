import { fnv1a32, IsoDateSchema, mulberry32, type Topic } from '@espectro/methodology';
import { z } from 'zod';
import type { Article } from './articles.js';
import { dayNumber, isoDate, isoMonth } from './dates.js';
import { formatZodIssues, RatingError } from './errors.js';

/**
 * Defaults of the content sample (seed 002 §4): the articles of the last 90 days, at most 60 of
 * them "para acotar el costo".
 *
 * @example
 * SAMPLE_PARAMETERS.cap; // 60
 */
export const SAMPLE_PARAMETERS = Object.freeze({
  /** Largest sample analysed per outlet (seed 002 §4). */
  cap: 60,
  /** The window: publication dates from `asOf − 90` to `asOf`, inclusive (seed 002 §4). */
  windowDays: 90,
});

/** How the sample is allocated over the strata (stored with every sample). */
export const SAMPLE_ALLOCATION_RULE =
  'strata = topic × UTC calendar month of publication. population ≤ cap: every article (census). ' +
  'strata ≥ cap: one article from each of the cap largest strata (ties: stratum key ascending). ' +
  'Otherwise each stratum first gets one article; the remaining cap − strata slots are allocated in proportion to ' +
  '(stratum size − 1) by the largest-remainder (Hamilton) method on exact integers: floor(R·(n−1)/(N−S)) each, ' +
  'then one more to the strata with the largest remainders (ties: larger stratum, then key ascending). ' +
  'Within a stratum, articles are ordered by (publishedAt, id) and drawn by a partial Fisher–Yates shuffle ' +
  'with mulberry32(seed), strata in key order. Default seed: FNV-1a-32 of "<outlet>|<asOf>".';

/**
 * What to sample.
 *
 * @example
 * SampleRequestSchema.parse({ outlet: 'elpais.com', asOf: '2026-04-27' });
 */
export const SampleRequestSchema = z.strictObject({
  outlet: z.string().min(1),
  asOf: IsoDateSchema,
  /** Window length in days (default 90): articles dated `asOf − windowDays` … `asOf`, inclusive. */
  windowDays: z.number().int().positive().optional(),
  /** Largest sample (default 60). */
  cap: z.number().int().positive().optional(),
  /** 32-bit unsigned seed; default FNV-1a-32 of `"<outlet>|<asOf>"`. */
  seed: z.number().int().min(0).max(0xffffffff).optional(),
  /**
   * A later start for the window, e.g. the day of a control change (CONF-CHANGE: after a recent
   * change the content analysis uses a window that begins after it). Ignored when earlier than
   * `asOf − windowDays`.
   */
  notBefore: IsoDateSchema.optional(),
});
/** What to sample. */
export type SampleRequest = z.infer<typeof SampleRequestSchema>;

/** One stratum of a sample. */
export interface SampleStratum {
  /** `<topic or none>|<YYYY-MM>`. */
  key: string;
  topic: Topic | null;
  month: string;
  /** Articles of the stratum in the window. */
  population: number;
  /** Articles drawn from it. */
  allocated: number;
}

/** A drawn sample: everything needed to draw it again (seed, window, strata) and the ids. */
export interface ArticleSample {
  outlet: string;
  asOf: string;
  /** First day of the window (inclusive). */
  windowStart: string;
  windowDays: number;
  cap: number;
  seed: number;
  /** Articles of the outlet in the window. */
  population: number;
  /** `census` when the population fits under the cap, else `proportional`. */
  allocation: 'census' | 'proportional';
  /** The sampled article ids, strata in key order, in drawing order within a stratum. */
  ids: string[];
  strata: SampleStratum[];
  /** {@link SAMPLE_ALLOCATION_RULE}. */
  rule: string;
}

function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareArticles(a: Article, b: Article): number {
  const byDay = dayNumber(a.publishedAt) - dayNumber(b.publishedAt);
  if (byDay !== 0) return byDay;
  const byTime = compareKeys(a.publishedAt, b.publishedAt);
  return byTime !== 0 ? byTime : compareKeys(a.id, b.id);
}

/**
 * Allocates `cap` draws over strata of the given sizes (see {@link SAMPLE_ALLOCATION_RULE}).
 * `sizes` must be in stratum-key order; the result has the same order. Exact integer arithmetic.
 *
 * @example
 * allocateStrata([30, 10, 5], 20); // [13, 5, 2]
 */
export function allocateStrata(sizes: readonly number[], cap: number): number[] {
  const strata = sizes.length;
  const population = sizes.reduce((sum, size) => sum + size, 0);
  if (population <= cap) return [...sizes];
  if (strata >= cap) {
    const order = sizes.map((size, index) => ({ size, index })).sort((a, b) => b.size - a.size || a.index - b.index);
    const allocation: number[] = sizes.map(() => 0);
    for (const entry of order.slice(0, cap)) allocation[entry.index] = 1;
    return allocation;
  }
  const remaining = cap - strata;
  const denominator = population - strata;
  const allocation = sizes.map((size) => 1 + Math.floor((remaining * (size - 1)) / denominator));
  let leftover = cap - allocation.reduce((sum, value) => sum + value, 0);
  if (leftover > 0) {
    const order = sizes
      .map((size, index) => ({ index, size, remainder: (remaining * (size - 1)) % denominator }))
      .sort((a, b) => b.remainder - a.remainder || b.size - a.size || a.index - b.index);
    for (const entry of order) {
      if (leftover === 0) break;
      allocation[entry.index] = allocation[entry.index]! + 1;
      leftover -= 1;
    }
  }
  return allocation;
}

/**
 * Draws the stratified content sample of seed 002 §4: the outlet's articles published in the last
 * 90 days up to `asOf` (inclusive), at most 60, strata = topic × calendar month, proportional
 * allocation with every non-empty stratum represented whenever the cap allows, drawn with a
 * seeded PRNG. The result does not depend on the order of `articles`; the seed and the ids are
 * returned for storage (`content.sample` of the evidence record). Articles of other outlets and
 * articles outside the window are ignored.
 *
 * @example
 * const sample = sampleArticles(articles, { outlet: 'elpais.com', asOf: '2026-04-27', seed: 7 });
 * sample.ids.length; // min(60, articles in the window)
 */
export function sampleArticles(articles: readonly Article[], request: SampleRequest): ArticleSample {
  const parsed = SampleRequestSchema.safeParse(request);
  if (!parsed.success) {
    throw new RatingError({
      code: 'invalid_input',
      stage: 'sample',
      message: `invalid sample request — ${formatZodIssues(parsed.error.issues)}`,
    });
  }
  const { outlet, asOf } = parsed.data;
  const windowDays = parsed.data.windowDays ?? SAMPLE_PARAMETERS.windowDays;
  const cap = parsed.data.cap ?? SAMPLE_PARAMETERS.cap;
  const seed = parsed.data.seed ?? fnv1a32(`${outlet}|${asOf}`);
  const asOfDay = dayNumber(asOf);
  let startDay = asOfDay - windowDays;
  if (parsed.data.notBefore !== undefined) startDay = Math.max(startDay, dayNumber(parsed.data.notBefore));

  const byStratum = new Map<string, { topic: Topic | null; month: string; articles: Article[] }>();
  const seen = new Set<string>();
  for (const article of articles) {
    if (article.outlet !== outlet) continue;
    const day = dayNumber(article.publishedAt);
    if (day < startDay || day > asOfDay) continue;
    if (seen.has(article.id)) {
      throw new RatingError({
        code: 'invalid_input',
        stage: 'sample',
        field: 'id',
        message: `duplicate article id "${article.id}"`,
      });
    }
    seen.add(article.id);
    const topic = article.topic ?? null;
    const month = isoMonth(article.publishedAt);
    const key = `${topic ?? 'none'}|${month}`;
    let stratum = byStratum.get(key);
    if (stratum === undefined) {
      stratum = { topic, month, articles: [] };
      byStratum.set(key, stratum);
    }
    stratum.articles.push(article);
  }
  const keys = [...byStratum.keys()].sort(compareKeys);
  const sizes = keys.map((key) => byStratum.get(key)!.articles.length);
  const population = sizes.reduce((sum, size) => sum + size, 0);
  const allocation = allocateStrata(sizes, cap);
  const random = mulberry32(seed);
  const ids: string[] = [];
  const strata: SampleStratum[] = [];
  keys.forEach((key, position) => {
    const stratum = byStratum.get(key)!;
    const take = allocation[position]!;
    const ordered = [...stratum.articles].sort(compareArticles);
    // partial Fisher–Yates: the first `take` positions become the draw
    for (let index = 0; index < take; index += 1) {
      const pick = index + Math.floor(random() * (ordered.length - index));
      const chosen = ordered[pick]!;
      ordered[pick] = ordered[index]!;
      ordered[index] = chosen;
      ids.push(chosen.id);
    }
    strata.push({
      key,
      topic: stratum.topic,
      month: stratum.month,
      population: stratum.articles.length,
      allocated: take,
    });
  });
  return {
    outlet,
    asOf: isoDate(asOfDay),
    windowStart: isoDate(startDay),
    windowDays,
    cap,
    seed,
    population,
    allocation: population <= cap ? 'census' : 'proportional',
    ids,
    strata,
    rule: SAMPLE_ALLOCATION_RULE,
  };
}
