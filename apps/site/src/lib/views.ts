/**
 * What the pages derive from the data — always by calling `@espectro/methodology`, the same
 * functions the pipeline calls (rule DRIFT): blindspots are recomputed and compared with the
 * stored flag, scoreboards and comparisons come from the debate rules, shares from the
 * largest-remainder rounding. Nothing here sets a threshold.
 */
import {
  blindspotDrift,
  compareCandidates,
  explainBlindspotFujaDaBolha,
  explainBlindspotPrisma,
  FACTUALITY_SCALE,
  largestRemainderPercent,
  OwnerTypeSchema,
  scoreboards,
  verdictStates,
  type BlindspotDrift,
  type CandidateComparison,
  type Factuality,
  type FujaDaBolhaExplanation,
  type MentirometroRow,
  type OwnerType,
  type PrismaExplanation,
  type StoryOutlet,
  type VerdictStates,
} from '@espectro/methodology';
import type {
  SiteArticle,
  SiteCheck,
  SiteDataSource,
  SiteDebate,
  SiteOutlet,
  SiteStory,
  SiteStoryOutlet,
  SiteStorySummary,
} from './types.js';

/**
 * Which data notice the page header shows: `fixture` (everything is invented) only for the
 * built-in fixtures or a snapshot marked as fixture; `illustrativeRatings` when the data are real
 * headlines but the outlets' rating evidence is marked illustrative (the demo roster); else none.
 */
export function dataNotice(source: SiteDataSource): 'fixture' | 'illustrativeRatings' | null {
  if (source.fixture) return 'fixture';
  if (source.illustrativeRatings === true) return 'illustrativeRatings';
  return null;
}

/** A covering outlet as the methodology's story rules take it. */
export function storyOutletInput(outlet: SiteStoryOutlet): StoryOutlet {
  if (outlet.scope === 'political') return { domain: outlet.domain, scope: 'political', bias: outlet.bias };
  if (outlet.scope === 'non_political') return { domain: outlet.domain, scope: 'non_political', bias: null };
  return { domain: outlet.domain, scope: null, bias: null };
}

/** Where drift warnings go; the default writes one line per story to the technical log. */
export type DriftLogger = (warning: { storyId: string; rule: 'BS-PR' | 'BS-BR'; drift: BlindspotDrift }) => void;

const logged = new Set<string>();

/** Logs each drift once per process: `[espectro] DRIFT <story> <rule>: <message>`. */
export const consoleDriftLogger: DriftLogger = ({ storyId, rule, drift }) => {
  const key = `${rule}:${storyId}`;
  if (logged.has(key)) return;
  logged.add(key);
  console.warn(`[espectro] DRIFT story=${storyId} rule=${rule}: ${drift.message}`);
};

/** A story's Prisma blindspot, recomputed, with the drift from the stored flag (if any). */
export interface PrismaView {
  story: SiteStorySummary;
  explanation: PrismaExplanation;
  drift: BlindspotDrift | null;
}

/** Recomputes the Prisma blindspot of a story (BS-PR-1..4) and logs a drift warning (DRIFT). */
export function prismaView(story: SiteStorySummary, log: DriftLogger = consoleDriftLogger): PrismaView {
  const explanation = explainBlindspotPrisma({ outlets: story.outlets.map(storyOutletInput), topic: story.topic });
  const drift = blindspotDrift(story.storedBlindspots.prisma, explanation.result);
  if (drift !== null) log({ storyId: story.id, rule: 'BS-PR', drift });
  return { story, explanation, drift };
}

/** A story's Fuja da Bolha blindspot, recomputed per article, with the drift from the stored flag. */
export interface FujaView {
  story: SiteStorySummary;
  explanation: FujaDaBolhaExplanation;
  drift: BlindspotDrift | null;
}

/** Recomputes the Fuja da Bolha blindspot of a story (BS-BR-1..5) and logs a drift warning (DRIFT). */
export function fujaView(story: SiteStorySummary, log: DriftLogger = consoleDriftLogger): FujaView {
  const outlets = new Map(story.outlets.map((outlet) => [outlet.domain, outlet]));
  const articles = story.articleDomains.map((domain) => {
    const outlet = outlets.get(domain);
    return {
      bias: outlet?.scope === 'political' ? outlet.bias : null,
      factualityScore: outlet?.factualityScore ?? null,
    };
  });
  const explanation = explainBlindspotFujaDaBolha(articles);
  const drift = blindspotDrift(story.storedBlindspots.fujaDaBolha, explanation.result);
  if (drift !== null) log({ storyId: story.id, rule: 'BS-BR', drift });
  return { story, explanation, drift };
}

/**
 * The first and latest publication instants of a story's articles (`null` without articles) —
 * the dates of the news itself, which cards show (a story's own `publishedAt` is when Espectro
 * published it).
 */
export function articleSpan(articles: readonly Pick<SiteArticle, 'publishedAt'>[]): {
  firstArticleAt: string | null;
  latestArticleAt: string | null;
} {
  let first: { at: string; time: number } | null = null;
  let latest: { at: string; time: number } | null = null;
  for (const article of articles) {
    const time = Date.parse(article.publishedAt);
    if (Number.isNaN(time)) continue;
    if (first === null || time < first.time) first = { at: article.publishedAt, time };
    if (latest === null || time > latest.time) latest = { at: article.publishedAt, time };
  }
  return { firstArticleAt: first?.at ?? null, latestArticleAt: latest?.at ?? null };
}

/** Whether a story shows in the Brazilian Fuja da Bolha page. */
export function isBrazilian(story: SiteStorySummary): boolean {
  return story.country === 'BR';
}

/** One pairwise comparison of the mentirômetro (MEN-2). */
export interface ComparisonView {
  a: string;
  b: string;
  result: CandidateComparison;
}

/** A scoreboard (live or revised) with its MEN-2 comparisons. */
export interface ScoreboardView {
  rows: MentirometroRow[];
  comparisons: ComparisonView[];
  /** MEN-2: the needle moves only when every compared candidate has ≥ 3 checkable claims. */
  needleMoves: boolean;
}

/** A debate with both scoreboards (REV-D) and each check's verdict states. */
export interface DebateView {
  debate: SiteDebate;
  live: ScoreboardView;
  revised: ScoreboardView;
  checks: { check: SiteCheck; states: VerdictStates }[];
}

function scoreboardView(
  rows: MentirometroRow[],
  checks: { candidate: string; verdict: SiteCheck['verdict']; status: SiteCheck['status'] }[],
): ScoreboardView {
  const candidates = rows.map((row) => row.candidate);
  const comparisons: ComparisonView[] = [];
  for (let first = 0; first < candidates.length; first += 1) {
    for (let second = first + 1; second < candidates.length; second += 1) {
      const a = candidates[first]!;
      const b = candidates[second]!;
      comparisons.push({ a, b, result: compareCandidates(a, b, checks) });
    }
  }
  return {
    rows,
    comparisons,
    needleMoves: comparisons.length > 0 && comparisons.every((comparison) => comparison.result !== 'insufficient'),
  };
}

/** The scoreboards of a debate (REV-D, MEN-1, MEN-2), from the methodology. */
export function debateView(debate: SiteDebate): DebateView {
  const histories = debate.checks.map((check) => ({
    checkId: check.id,
    candidate: check.candidate,
    history: check.history,
  }));
  const boards = scoreboards(histories);
  // Every candidate of the debate has a dial from the first minute (at 0 checkable until their
  // first check): MEN-2 compares every candidate, so one without checks keeps the needle still.
  const withEveryCandidate = (rows: MentirometroRow[]): MentirometroRow[] => [
    ...rows,
    ...debate.candidates
      .filter(({ name }) => !rows.some((row) => row.candidate === name))
      .map(({ name }) => ({ candidate: name, true: 0, imprecise: 0, false: 0, checkable: 0, index: null })),
  ];
  const checks = debate.checks.map((check) => ({
    check,
    states: verdictStates({ checkId: check.id, candidate: check.candidate, history: check.history }),
  }));
  const liveChecks = checks.map(({ check, states }) => ({
    candidate: check.candidate,
    verdict: states.live?.verdict ?? ('no_data' as const),
    status: states.live?.status ?? ('removed' as const),
  }));
  const revisedChecks = checks.map(({ check, states }) => ({
    candidate: check.candidate,
    verdict: states.current.verdict,
    status: states.current.status,
  }));
  return {
    debate,
    live: scoreboardView(withEveryCandidate(boards.live), liveChecks),
    revised: scoreboardView(withEveryCandidate(boards.revised), revisedChecks),
    checks,
  };
}

/** How many outlets sit at each factuality level, with largest-remainder percentages. */
export interface FactualityDistribution {
  levels: { level: Factuality; count: number; percent: number }[];
  unrated: number;
}

/** Factuality distribution of the roster, best level first. */
export function factualityDistribution(outlets: readonly SiteOutlet[]): FactualityDistribution {
  const levels = [...FACTUALITY_SCALE].reverse();
  const counts = levels.map((level) => outlets.filter((outlet) => outlet.rating.factuality === level).length);
  const percents = largestRemainderPercent(counts);
  return {
    levels: levels.map((level, index) => ({ level, count: counts[index]!, percent: percents[index]! })),
    unrated: outlets.filter((outlet) => outlet.rating.factuality === null).length,
  };
}

/**
 * Owner types of a story's covering outlets (unique domains; an outlet without one counts as
 * `unknown`), with largest-remainder percentages that sum to 100.
 */
export function ownershipMixOf(outlets: readonly Pick<SiteStoryOutlet, 'ownerType'>[]): SiteStory['ownershipMix'] {
  const types: readonly OwnerType[] = OwnerTypeSchema.options;
  const counts = Object.fromEntries(types.map((type) => [type, 0])) as Record<OwnerType, number>;
  for (const outlet of outlets) counts[outlet.ownerType ?? 'unknown'] += 1;
  const percents = largestRemainderPercent(types.map((type) => counts[type]));
  const percent = Object.fromEntries(types.map((type, index) => [type, percents[index] ?? 0])) as Record<
    OwnerType,
    number
  >;
  return { total: outlets.length, counts, percent };
}
