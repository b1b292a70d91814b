import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  blindspotFujaDaBolha,
  blindspotPrisma,
  coverage,
  publishGuard,
  rateOutlet,
  storyTier,
  type Bucket,
  type EditorialScope,
  type Factuality,
  type RateOutletResult,
  type Topic,
} from '@espectro/methodology';
import { z } from 'zod';
import { formatTable, formatTrace } from '../format.js';
import { ExitCode, UsageError, type CliCommand } from '../io.js';

const usage = `Usage: espectro demo [--json] [--data DIR]

Rates the bundled demo outlets with the deterministic funnel and evaluates the bundled demo
stories (tier, coverage, publish guard, both blindspot formulas), printing every rule trace.
The demo evidence is illustrative: real outlet names, invented signals (see the files' "note").`;

const DemoOutletsSchema = z.object({
  note: z.string(),
  asOf: z.string(),
  outlets: z.array(
    z.object({
      domain: z.string(),
      name: z.string(),
      country: z.string(),
      factualityScore: z.number().min(0).max(100).nullable(),
      evidence: z.unknown(),
    }),
  ),
});

const DemoStoriesSchema = z.object({
  note: z.string(),
  stories: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      country: z.string(),
      topic: z.string().nullable(),
      hasImage: z.boolean(),
      sentences: z.number().int().nonnegative().nullable(),
      lowValue: z.boolean(),
      countryStoriesLast24h: z.number().int().nonnegative(),
      articles: z.record(z.string(), z.number().int().positive()),
      contributedText: z.array(z.string()),
    }),
  ),
});

/** A rated outlet of the demo roster. */
export interface DemoOutlet {
  domain: string;
  name: string;
  country: string;
  factualityScore: number | null;
  scope: EditorialScope;
  rating: RateOutletResult;
}

/** What the demo computed for one story. */
export interface DemoStoryResult {
  id: string;
  label: string;
  uniqueDomains: number;
  articles: number;
  tier: 'main' | 'limited' | null;
  coverage: ReturnType<typeof coverage>;
  guard: ReturnType<typeof publishGuard> | null;
  prismaBlindspot: Bucket[];
  fujaDaBolhaBlindspot: 'left' | 'right' | null;
}

/**
 * The folder with the bundled demo data (`demo/` of the `@espectro/cli` package): found from this
 * module's own location, which is `src/commands/` when run from sources and `dist/` when built or
 * installed, so the search walks up to the package root (the folder holding `demo/outlets.json`).
 */
export function defaultDemoDirectory(): string {
  let directory = dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 4; depth += 1) {
    const candidate = join(directory, 'demo');
    if (existsSync(join(candidate, 'outlets.json'))) return candidate;
    directory = dirname(directory);
  }
  throw new Error(`the bundled demo data (demo/outlets.json) is missing next to ${fileURLToPath(import.meta.url)}`);
}

/**
 * Runs the demo computation: rates every demo outlet, then evaluates every demo story with the
 * methodology's functions only (no threshold is re-implemented here).
 */
export async function runDemo(
  dataDirectory: string,
): Promise<{ note: string; outlets: DemoOutlet[]; stories: DemoStoryResult[] }> {
  const outletsFile = DemoOutletsSchema.parse(JSON.parse(await readFile(join(dataDirectory, 'outlets.json'), 'utf8')));
  const storiesFile = DemoStoriesSchema.parse(JSON.parse(await readFile(join(dataDirectory, 'stories.json'), 'utf8')));
  const outlets: DemoOutlet[] = outletsFile.outlets.map((outlet) => {
    const evidence = outlet.evidence as Parameters<typeof rateOutlet>[0];
    return {
      domain: outlet.domain,
      name: outlet.name,
      country: outlet.country,
      factualityScore: outlet.factualityScore,
      scope: evidence.scope,
      rating: rateOutlet(evidence),
    };
  });
  const roster = new Map(outlets.map((outlet) => [outlet.domain, outlet]));
  const stories = storiesFile.stories.map((story): DemoStoryResult => {
    const domains = Object.keys(story.articles);
    const storyOutlets = domains.map((domain) => {
      const outlet = roster.get(domain);
      return {
        domain,
        scope: outlet ? outlet.scope : null,
        bias: outlet ? outlet.rating.bias : null,
        factuality: (outlet ? outlet.rating.factuality : null) as Factuality | null,
        contributedText: story.contributedText.includes(domain),
      };
    });
    const storyCoverage = coverage(storyOutlets.map(({ domain, scope, bias }) => ({ domain, scope, bias })));
    // A rated domain is a non-political outlet or a political one with a bias (RULES.md §10).
    const ratedDomains =
      storyCoverage.nonPolitical + storyCoverage.counts.left + storyCoverage.counts.center + storyCoverage.counts.right;
    const tier = storyTier(ratedDomains);
    const guard =
      tier === null
        ? null
        : publishGuard({
            rawOutlets: domains.length,
            sentences: story.sentences,
            tier,
            hasImage: story.hasImage,
            outlets: storyOutlets,
            lowValue: story.lowValue,
            countryStoriesLast24h: story.countryStoriesLast24h,
          });
    const perArticle = domains.flatMap((domain) =>
      Array.from({ length: story.articles[domain]! }, () => ({
        bias: roster.get(domain)?.rating.bias ?? null,
        factualityScore: roster.get(domain)?.factualityScore ?? null,
      })),
    );
    return {
      id: story.id,
      label: story.label,
      uniqueDomains: domains.length,
      articles: perArticle.length,
      tier,
      coverage: storyCoverage,
      guard,
      prismaBlindspot: blindspotPrisma({
        outlets: storyOutlets.map(({ domain, scope, bias }) => ({ domain, scope, bias })),
        topic: story.topic as Topic | null,
      }),
      fujaDaBolhaBlindspot: blindspotFujaDaBolha(perArticle),
    };
  });
  return { note: `${outletsFile.note}\n${storiesFile.note}`, outlets, stories };
}

/** `espectro demo`: the bundled demo, human-readable or as JSON. */
export const demoCommand: CliCommand = {
  name: 'demo',
  summary: 'Rate the bundled demo outlets and evaluate the demo stories, with rule traces',
  usage,
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      options: { json: { type: 'boolean' }, data: { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    const result = await runDemo(values.data ?? defaultDemoDirectory());
    if (values.json) {
      io.stdout(`${JSON.stringify(result, null, 2)}\n`);
      return ExitCode.ok;
    }
    io.stdout(`Espectro demo — methodology ${result.outlets[0]?.rating.methodologyVersion ?? ''}\n${result.note}\n\n`);
    io.stdout('Outlets (rateOutlet: FUN-*, CONF-*, FAC-*)\n');
    io.stdout(
      `${formatTable(
        ['outlet', 'bias', 'factuality', 'confidence', 'rule', 'flags'],
        result.outlets.map((outlet) => [
          `${outlet.name} (${outlet.domain})`,
          outlet.scope === 'non_political' ? 'Apolítico' : (outlet.rating.bias ?? '—'),
          outlet.rating.factuality,
          outlet.rating.confidence,
          outlet.rating.appliedRule ?? '—',
          outlet.rating.flags.join(', '),
        ]),
      )}\n\n`,
    );
    io.stdout('Rule traces\n');
    for (const outlet of result.outlets) io.stdout(`  ${outlet.name}: ${formatTrace(outlet.rating.trace)}\n`);
    io.stdout('\nStories (TIER, COV-*, PG, BS-PR-*, BS-BR-*)\n');
    for (const story of result.stories) {
      const percent = story.coverage.percent;
      io.stdout(`\n• ${story.id} — ${story.label}\n`);
      io.stdout(
        `    outlets ${story.uniqueDomains} (articles ${story.articles}), tier ${story.tier ?? 'none: not synthesised (TIER)'}\n`,
      );
      io.stdout(
        `    coverage left ${percent.left}% · center ${percent.center}% · right ${percent.right}%  (political with bias ${story.coverage.counts.left + story.coverage.counts.center + story.coverage.counts.right}, non-political ${story.coverage.nonPolitical}, total ${story.coverage.total})\n`,
      );
      io.stdout(
        `    publish guard ${story.guard === null ? '—' : story.guard.publish ? 'publish' : `held: ${story.guard.reasons.join(', ')}`}\n`,
      );
      io.stdout(
        `    Prisma blindspot ${story.prismaBlindspot.length > 0 ? story.prismaBlindspot.join(', ') : 'no'} · Fuja da Bolha ${story.fujaDaBolhaBlindspot ?? 'no'}\n`,
      );
    }
    const published = result.stories.filter((story) => story.guard?.publish).length;
    io.stdout(
      `\n${result.outlets.length} outlets rated, ${result.stories.length} stories evaluated, ${published} would be published.\n`,
    );
    return ExitCode.ok;
  },
};
