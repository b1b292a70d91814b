/**
 * What a blindspot card says: which side is missing and why, criterion by criterion, with the
 * counts and the thresholds of the methodology (BS-PR-1..4 over unique domains, BS-BR-1..5 over
 * articles). The decisions are the methodology's (`explainBlindspotPrisma`,
 * `explainBlindspotFujaDaBolha`, through {@link prismaView} / {@link fujaView}); this module only
 * puts their numbers into words, and picks the featured ones for the front page.
 */
import {
  BS_BR_MAX_FOCUS_ARTICLES_EXCLUSIVE,
  BS_BR_MAX_LOW_FACTUALITY_PERCENT_EXCLUSIVE,
  BS_BR_MIN_ARTICLES_WITH_BIAS,
  BS_BR_MIN_OPPOSITE_PERCENT,
  BS_PR_MAX_BUCKET_PERCENT,
  BS_PR_MIN_OUTLETS,
  BS_PR_MIN_POLITICAL_WITH_BIAS,
  type FujaDaBolhaExplanation,
  type FujaDaBolhaSide,
  type PrismaExplanation,
  type Topic,
} from '@espectro/methodology';
import { BIAS_LABELS, formatNumber, t, TOPIC_LABELS, type Locale } from '../i18n.js';
import type { SiteStorySummary } from './types.js';
import { fujaView, isBrazilian, prismaView, type FujaView, type PrismaView } from './views.js';

/** One criterion of a blindspot rule as a card shows it. */
export interface CriterionLine {
  /** Rule ID, e.g. `BS-PR-3` (links to its entry on the methodology page). */
  rule: string;
  met: boolean;
  /** The criterion with its counts and threshold, in the page's language. */
  text: string;
}

/**
 * `part` as a percentage of `whole` for reading (never for deciding): a whole number when exact,
 * else one decimal, so a share just over a threshold never reads as the threshold.
 *
 * @example
 * percentText('es', 2, 13); // '15,4'
 */
export function percentText(locale: Locale, part: number, whole: number): string {
  if (whole === 0) return formatNumber(locale, 0);
  const percent = (100 * part) / whole;
  return Number.isInteger(percent) ? formatNumber(locale, percent) : formatNumber(locale, percent, 1);
}

const bucketName = (locale: Locale, bucket: 'left' | 'center' | 'right') => BIAS_LABELS[bucket][locale];

/** The four BS-PR criteria of a Prisma explanation, with their numbers (BS-PR-3 once per missing side). */
export function prismaCriteria(explanation: PrismaExplanation, topic: Topic | null, locale: Locale): CriterionLine[] {
  const { total, withBias, counts, criteria, underRepresented } = explanation;
  const lines: CriterionLine[] = [
    { rule: 'BS-PR-1', met: criteria['BS-PR-1'], text: t(locale, 'prismaWhy1', { total, min: BS_PR_MIN_OUTLETS }) },
    {
      rule: 'BS-PR-2',
      met: criteria['BS-PR-2'],
      text: t(locale, 'prismaWhy2', { withBias, min: BS_PR_MIN_POLITICAL_WITH_BIAS }),
    },
  ];
  if (underRepresented.length === 0)
    lines.push({ rule: 'BS-PR-3', met: false, text: t(locale, 'prismaWhy3None', { max: BS_PR_MAX_BUCKET_PERCENT }) });
  for (const bucket of underRepresented)
    lines.push({
      rule: 'BS-PR-3',
      met: criteria['BS-PR-3'],
      text: t(locale, 'prismaWhy3', {
        bucket: bucketName(locale, bucket),
        count: counts[bucket],
        withBias,
        percent: percentText(locale, counts[bucket], withBias),
        max: BS_PR_MAX_BUCKET_PERCENT,
      }),
    });
  lines.push({
    rule: 'BS-PR-4',
    met: criteria['BS-PR-4'],
    text: t(locale, 'prismaWhy4', { topic: topic === null ? t(locale, 'noTopic') : TOPIC_LABELS[topic][locale] }),
  });
  return lines;
}

/** The five BS-BR criteria of a Fuja da Bolha explanation for one side, with their numbers. */
export function fujaCriteria(
  explanation: FujaDaBolhaExplanation,
  side: FujaDaBolhaSide,
  locale: Locale,
): CriterionLine[] {
  const { withBias, total, lowFactuality } = explanation;
  const { focus, opposite, criteria } = explanation[side];
  const oppositeSide = side === 'left' ? 'right' : 'left';
  const focusPercent = withBias === 0 ? 0 : (100 * focus) / withBias;
  const oppositePercent = withBias === 0 ? 0 : (100 * opposite) / withBias;
  const limit = ((oppositePercent - BS_BR_MIN_OPPOSITE_PERCENT) * 30) / 37;
  const decimals = (value: number) => formatNumber(locale, value, Number.isInteger(value) ? 0 : 1);
  return [
    {
      rule: 'BS-BR-1',
      met: criteria['BS-BR-1'],
      text: t(locale, 'fujaWhy1', { withBias, min: BS_BR_MIN_ARTICLES_WITH_BIAS }),
    },
    {
      rule: 'BS-BR-2',
      met: criteria['BS-BR-2'],
      text: t(locale, 'fujaWhy2', { side: bucketName(locale, side), focus, max: BS_BR_MAX_FOCUS_ARTICLES_EXCLUSIVE }),
    },
    {
      rule: 'BS-BR-3',
      met: criteria['BS-BR-3'],
      text: t(locale, 'fujaWhy3', {
        opposite: bucketName(locale, oppositeSide),
        count: opposite,
        withBias,
        percent: percentText(locale, opposite, withBias),
        min: BS_BR_MIN_OPPOSITE_PERCENT,
      }),
    },
    {
      rule: 'BS-BR-4',
      met: criteria['BS-BR-4'],
      text: t(locale, 'fujaWhy4', {
        side: bucketName(locale, side),
        focusPercent: decimals(focusPercent),
        oppositePercent: decimals(oppositePercent),
        limit: decimals(limit),
      }),
    },
    {
      rule: 'BS-BR-5',
      met: criteria['BS-BR-5'],
      text: t(locale, 'fujaWhy5', {
        low: lowFactuality,
        total,
        percent: percentText(locale, lowFactuality, total),
        max: BS_BR_MAX_LOW_FACTUALITY_PERCENT_EXCLUSIVE,
      }),
    },
  ];
}

/** A Fuja da Bolha blindspot with its side. */
export type FujaBlindspot = FujaView & { side: FujaDaBolhaSide };

/** Every Prisma and Fuja da Bolha blindspot of the published stories, newest first. */
export interface Blindspots {
  prisma: PrismaView[];
  fuja: FujaBlindspot[];
}

const computed = new WeakMap<readonly SiteStorySummary[], Blindspots>();

/**
 * The blindspots of a list of published stories (recomputed with the methodology, drift logged),
 * computed once per list: the front page, `/prisma`, `/fuja-da-bolha` and the feeds share them.
 */
export function blindspotsOf(stories: readonly SiteStorySummary[]): Blindspots {
  let found = computed.get(stories);
  if (found === undefined) {
    const prisma = stories.map((story) => prismaView(story)).filter((view) => view.explanation.result.length > 0);
    const fuja = stories
      .filter(isBrazilian)
      .map((story) => fujaView(story))
      .flatMap((view) => (view.explanation.result === null ? [] : [{ ...view, side: view.explanation.result }]));
    found = { prisma, fuja };
    computed.set(stories, found);
  }
  return found;
}
