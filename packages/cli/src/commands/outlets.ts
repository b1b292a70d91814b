import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  evidenceToRateOutletInput,
  IsoDateSchema,
  lastControlChange,
  rateOutlet,
  RatingEvidenceRecordSchema,
  type RateOutletResult,
  type RatingEvidenceRecord,
  formatZodIssues,
} from '@espectro/methodology';
import {
  analyzeOutletContent,
  createArticleAnalyzer,
  createMemoryArticleSource,
  dueOutlets,
  loadPoliticalActorMap,
  parseArticlesJsonl,
  RatingError,
  tendencyFromAnalyses,
  verifyRatings,
  type ContentAnalysisResult,
} from '@espectro/rating';
import { createContentWindowAnalyzer, lifecycleFacts, type ContentWindowAnalyzer } from '@espectro/pipeline';
import type { Store } from '@espectro/store';
import { listSourceRows, StoreError, storedRatingOfRow } from '@espectro/store';
import { openCommandStore } from '../open-store.js';
import { InputFileError } from '../errors.js';
import { formatTable } from '../format.js';
import { ExitCode, UsageError, type CliCommand, type CliIo } from '../io.js';
import { readJsonFile } from '../read-json.js';
import { ownershipHelp, ownershipSubcommand, ownershipUsage } from './ownership.js';
import { printRating } from './rate.js';

const usage = `Usage:
  espectro outlets analyze <domain> --articles <file.jsonl> [--evidence <file.json>] [--country XX]
                                    [--as-of DATE] [--seed N] [--actors DIR] [--offline] [--json]
  espectro outlets due [--db DIR] [--as-of DATE] [--model ID] [--json]
  espectro outlets verify [--db DIR] [--json]
  espectro outlets split [--db DIR] [--json]
  espectro outlets split <domain> --note TEXT [--db DIR] [--json]
${ownershipUsage}

analyze  Content analysis of one outlet (seed 002 §4): a stratified sample of at most 60 of its
         articles of the 90 days up to --as-of (default: the date of its latest article), the four
         content metrics, and the content-only bucket decided by rules CB-0..2. With provider keys in
         the environment (GEMINI_API_KEY, GROQ_API_KEY, ANTHROPIC_API_KEY, OPENAI_API_KEY) the LLM
         rubric runs; without them (or with --offline) the transparent lexicon baseline, labelled
         "lexicon-baseline (offline)". --evidence adds the result to an evidence record
         (rating_evidence) and rates the outlet from it. The country (for the political-actor map in
         data/political-actors/) comes from the evidence or --country.
due      Which outlets stored in the database are due for (re-)rating on --as-of (default today), why
         (REV-1 cadence, ownership and drift — from the stored daily content series —, REV-2 article
         counts of preliminary outlets, accepted contestations, new prompt/model/methodology
         version), the CON-4 cause to record, and the re-ratings already waiting in the queue.
verify   Re-derives every rating stored in the database (.espectro/db, --db DIR or DATABASE_URL) from
         its evidence and checks the evidence against the seal stored with the rating; records the
         verdict of each outlet (shown on its page); exit 1 and list the mismatches if any ("if the
         evidence does not support the rating, the rating is the bug").
split    The split_outlets follow-up list (seed 002 §6): outlets whose news and opinion items rate
         at least one bucket apart (rule CONF-SPLIT flags the rating and lowers its confidence one
         level; the whole-outlet rating stands). A split rating puts the outlet on the list, a later
         rating that is not split takes it off. <domain> --note appends a follow-up note.
${ownershipHelp}
Exit codes: 0 ok, 1 mismatches (verify) or failure, 2 usage error, 3 invalid input.`;

const INPUT_CODES = new Set([
  'invalid_input',
  'invalid_evidence',
  'actor_map_invalid',
  'no_government',
  'unsupported_language',
]);

/** Turns the input errors of @espectro/rating into the CLI's invalid-input exit code. */
async function withInputErrors<Result>(run: () => Promise<Result>): Promise<Result> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof RatingError && INPUT_CODES.has(error.code)) throw new InputFileError(error.message);
    throw error;
  }
}

async function readText(path: string, cwd: string): Promise<string> {
  try {
    return await readFile(resolve(cwd, path), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputFileError(
      code === 'ENOENT' ? `file not found: ${path}` : `cannot read ${path}: ${(error as Error).message}`,
    );
  }
}

/** `--actors`, else the nearest `data/political-actors` folder at or above the working directory. */
export function actorsDirectory(option: string | undefined, cwd: string): string {
  if (option !== undefined) return resolve(cwd, option);
  let directory = resolve(cwd);
  for (;;) {
    const candidate = join(directory, 'data', 'political-actors');
    if (existsSync(candidate)) return candidate;
    const parent = dirname(directory);
    if (parent === directory)
      throw new UsageError('no data/political-actors folder found here or above; pass --actors DIR');
    directory = parent;
  }
}

/**
 * The content analysis the worker's lifecycle jobs use (the daily REV-1 content series and
 * content-driven re-ratings): the transparent lexicon baseline, offline — **[Espectro choice: a
 * daily per-outlet series is not spent on model calls; `espectro outlets analyze` runs the LLM
 * rubric]** — over the stored articles, with the nearest `data/political-actors` maps. `undefined`
 * (the series is not computed, and the worker says so) when no actor map folder is found.
 */
export function workerContentWindows(store: Store, cwd: string): ContentWindowAnalyzer | undefined {
  let directory: string;
  try {
    directory = actorsDirectory(undefined, cwd);
  } catch {
    return undefined;
  }
  return createContentWindowAnalyzer({
    store,
    analyzer: createArticleAnalyzer({ env: {}, offline: true }),
    actorsDirectory: directory,
  });
}

/** Validates a `rating_evidence` record read from `file` (the seed-002 shape of @espectro/methodology). */
function parseEvidenceFile(input: unknown, file: string): RatingEvidenceRecord {
  const result = RatingEvidenceRecordSchema.safeParse(input);
  if (result.success) return result.data;
  const problems = formatZodIssues(result.error.issues, { whole: '(record)', limit: 8 });
  throw new InputFileError(`${file} is not a rating_evidence record (seed 002) — ${problems}`);
}

function checkDate(value: string | undefined, flag: string): string | undefined {
  if (value !== undefined && !IsoDateSchema.safeParse(value).success)
    throw new UsageError(`${flag} must be an ISO date such as 2026-04-27, not "${value}"`);
  return value;
}

function formatShare(value: number): string {
  return `${(100 * value).toFixed(1)} %`;
}

function printContent(io: CliIo, domain: string, result: ContentAnalysisResult): void {
  const evidence = result.evidence;
  const sample = result.sample;
  io.stdout(`${domain} — content analysis (seed 002 §4)\n`);
  io.stdout(
    `  backend      ${result.backend}${evidence.prompt_id ? ` (${evidence.prompt_id}@${evidence.prompt_version})` : ''}\n`,
  );
  io.stdout(`  window       ${sample.windowStart} … ${sample.asOf} (${sample.windowDays} days)\n`);
  io.stdout(
    `  sample       ${sample.ids.length} of ${sample.population} article(s), ${sample.strata.length} strata, ${sample.allocation}, seed ${sample.seed}\n`,
  );
  if (evidence.sample !== undefined) {
    io.stdout(
      `  analysed     ${evidence.sample.analysed} ok, ${evidence.sample.rejected} rejected (ungrounded quotes), ${evidence.sample.failed} failed\n`,
    );
  }
  if (result.actorMapStale) io.stdout('  warning      the political-actor map is past its review_by date: review it\n');
  if (evidence.status === 'insufficient') {
    io.stdout(
      `  content      insufficient (sample ${evidence.sample_size} < 20, rule CB-0)${evidence.notes ? ` — ${evidence.notes}` : ''}\n`,
    );
  } else {
    const metrics = result.metrics!;
    const explanation = result.explanation!;
    io.stdout(`  incumbent    ${evidence.incumbent}\n`);
    io.stdout(
      `  gov/opp      ${metrics.govOpp.ratio === null ? 'n/a' : metrics.govOpp.ratio.toFixed(2)} (${metrics.govOpp.government} pro-government, ${metrics.govOpp.opposition} pro-opposition, ${metrics.govOpp.neutral} neutral) → ${explanation.indicators.govOppRatio}\n`,
    );
    const figures = metrics.figures.map(
      (figure) =>
        `${figure.name} (${figure.side}) +${formatShare(figure.favourableShare)} −${formatShare(figure.criticalShare)}`,
    );
    io.stdout(
      `  figures      ${figures.join('; ') || 'n/a'} → ${explanation.indicators.figures}${explanation.figureLean === null ? '' : ` (lean ${explanation.figureLean.toFixed(2)})`}\n`,
    );
    const topics = Object.entries(evidence.topics ?? {})
      .filter(([, position]) => position !== 'n/a')
      .map(([topic, position]) => `${topic}: ${position}`);
    io.stdout(`  topics       ${topics.join(', ') || 'n/a'} → ${explanation.indicators.topics}\n`);
    const quotes = metrics.quotes.distribution;
    io.stdout(
      `  quotes       ${quotes === null ? 'n/a' : `left ${formatShare(quotes.left)}, center ${formatShare(quotes.center)}, right ${formatShare(quotes.right)}`} (${evidence.quote_count ?? 0} mapped, ${metrics.quotes.unmapped} unmapped) → ${explanation.indicators.quotes}\n`,
    );
    io.stdout(
      `  bucket       ${evidence.content_only_sesgo} (${explanation.leftIndicators} left / ${explanation.rightIndicators} right of ${explanation.available} available; ${explanation.trace.join(' → ')})\n`,
    );
    io.stdout(`  factuality   ${evidence.content_only_factualidad ?? 'n/a'}\n`);
    if (evidence.news_sesgo !== undefined)
      io.stdout(`  news/opinion ${evidence.news_sesgo} / ${evidence.opinion_sesgo}\n`);
  }
  io.stdout(
    `  cost         $${result.costUsd.toFixed(6)} (${result.usage.inputTokens} in / ${result.usage.outputTokens} out tokens)\n\n`,
  );
}

async function analyze(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      articles: { type: 'string' },
      evidence: { type: 'string' },
      country: { type: 'string' },
      'as-of': { type: 'string' },
      seed: { type: 'string' },
      actors: { type: 'string' },
      offline: { type: 'boolean' },
      json: { type: 'boolean' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new UsageError('expected exactly one outlet domain');
  const domain = positionals[0]!;
  if (values.articles === undefined) throw new UsageError('--articles <file.jsonl> is required');
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff))
    throw new UsageError('--seed must be an integer from 0 to 4294967295');
  const asOfOption = checkDate(values['as-of'], '--as-of');

  return withInputErrors(async () => {
    const articles = parseArticlesJsonl(await readText(values.articles!, io.cwd), values.articles!);
    const own = articles.filter((article) => article.outlet === domain);
    if (own.length === 0) throw new InputFileError(`${values.articles} has no article of outlet "${domain}"`);
    let record: RatingEvidenceRecord | undefined;
    if (values.evidence !== undefined) {
      record = parseEvidenceFile(await readJsonFile(values.evidence, io.cwd), values.evidence);
      if (record.domain !== domain)
        throw new InputFileError(`${values.evidence} is the evidence of ${record.domain}, not ${domain}`);
    }
    const country = (values.country ?? record?.country)?.toUpperCase();
    if (country === undefined) throw new UsageError('give --country XX or an --evidence record with a country');
    if (record !== undefined && record.country !== country)
      throw new UsageError(`--country ${country} differs from the evidence's ${record.country}`);
    const asOf =
      asOfOption ??
      own
        .map((article) => article.publishedAt.slice(0, 10))
        .sort()
        .at(-1)!;
    const map = await loadPoliticalActorMap(country, actorsDirectory(values.actors, io.cwd));
    const analyzer = createArticleAnalyzer({ env: io.env, offline: values.offline === true });
    // CONF-CHANGE: after a change of control the window starts on the change
    const notBefore = lastControlChange(record?.ownership?.ownership_history, asOf);
    const result = await analyzeOutletContent({
      outlet: domain,
      asOf,
      actors: map,
      source: createMemoryArticleSource(articles),
      analyzer,
      ...(seed === undefined ? {} : { seed }),
      ...(notBefore === undefined ? {} : { notBefore }),
    });
    const tendency =
      map.country === 'BR' && result.analyses.length > 0
        ? tendencyFromAnalyses(result.analyses, asOf).tendency
        : undefined;
    let merged: RatingEvidenceRecord | undefined;
    let rating: RateOutletResult | undefined;
    if (record !== undefined) {
      merged = { ...record, content: result.evidence };
      rating = rateOutlet(evidenceToRateOutletInput(merged, asOf));
    }
    if (values.json === true) {
      io.stdout(
        `${JSON.stringify(
          {
            outlet: domain,
            asOf,
            backend: result.backend,
            content: result.evidence,
            explanation: result.explanation,
            costUsd: result.costUsd,
            ...(tendency === undefined ? {} : { tendency }),
            ...(merged === undefined ? {} : { evidence: merged, rating }),
          },
          null,
          2,
        )}\n`,
      );
      return ExitCode.ok;
    }
    printContent(io, domain, result);
    if (tendency !== undefined) {
      io.stdout(
        `  tendency (OT, seed 000)  ${tendency.bias ?? `none (${tendency.reason === 'tie' ? 'tie' : 'sem amostra suficiente'})`}${tendency.confidence ? `, ${tendency.confidence}` : ''} over n = ${tendency.n}\n\n`,
      );
    }
    if (rating !== undefined) printRating(io, rating, `${domain} — rating from the evidence with this content`);
    return ExitCode.ok;
  });
}

async function due(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      db: { type: 'string' },
      'as-of': { type: 'string' },
      model: { type: 'string' },
      json: { type: 'boolean' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const asOf = checkDate(values['as-of'], '--as-of') ?? new Date().toISOString().slice(0, 10);
  const store = await openCommandStore(io, 'espectro outlets due', values.db);
  try {
    return await withInputErrors(async () => {
      const outlets = await store.ratings.list();
      const decisions = dueOutlets(outlets, {
        asOf,
        facts: await lifecycleFacts(store, outlets, asOf),
        ...(values.model === undefined ? {} : { currentModel: values.model }),
      });
      const queued = await store.reratings.list({ status: 'pending' });
      if (values.json === true) {
        io.stdout(
          `${JSON.stringify({ database: store.database.location, asOf, outlets: decisions, queued }, null, 2)}\n`,
        );
        return ExitCode.ok;
      }
      const dueCount = decisions.filter((decision) => decision.due).length;
      io.stdout(`${dueCount} of ${decisions.length} outlet(s) due on ${asOf} (${store.database.location})\n\n`);
      io.stdout(
        `${formatTable(
          ['outlet', 'due', 'cause (CON-4)', 'reasons'],
          decisions.map((decision) => [
            decision.domain,
            decision.due ? 'yes' : 'no',
            decision.cause ?? '—',
            decision.reasons.join(', ') || '—',
          ]),
        )}\n`,
      );
      for (const decision of decisions.filter((entry) => entry.due)) {
        io.stdout(`\n${decision.domain}\n${decision.details.map((line) => `  - ${line}`).join('\n')}\n`);
      }
      io.stdout(`\n${queued.length} re-rating(s) waiting in the queue (the worker's rerate job drains it)\n`);
      for (const entry of queued)
        io.stdout(`  - ${entry.domain}: ${entry.reason} → ${entry.cause}${entry.detail ? ` — ${entry.detail}` : ''}\n`);
      return ExitCode.ok;
    });
  } finally {
    await store.close();
  }
}

async function verify(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { db: { type: 'string' }, json: { type: 'boolean' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const store = await openCommandStore(io, 'espectro outlets verify', values.db);
  try {
    // Raw rows: a malformed record is a mismatch to report, not a crash.
    const rows = (await listSourceRows(store.database.db)).map(storedRatingOfRow);
    const report = verifyRatings(rows);
    await store.ratingVerifications.record(report.outlets, new Date().toISOString());
    if (values.json === true) {
      const { outlets: _outlets, ...summary } = report;
      io.stdout(`${JSON.stringify({ database: store.database.location, ...summary }, null, 2)}\n`);
    } else {
      io.stdout(
        `${report.verified} of ${report.checked} rating(s) reproduced exactly from their sealed evidence (${store.database.location})\n`,
      );
      for (const entry of report.otherMethodology)
        io.stdout(
          `  - ${entry.domain}: stamped ${entry.methodologyVersion}; not re-derived under the current methodology\n`,
        );
      for (const domain of report.unsealed)
        io.stdout(`  - ${domain}: rated before ratings were sealed; re-derived, sealed on its next rating\n`);
      for (const warning of report.warnings) io.stdout(`  ! ${warning.domain}: ${warning.message}\n`);
      if (report.mismatches.length > 0) {
        io.stdout(`\n${report.mismatches.length} mismatch(es) — the evidence does not support these ratings:\n`);
        for (const mismatch of report.mismatches)
          io.stdout(`  ✗ ${mismatch.domain} ${mismatch.field}: ${mismatch.message}\n`);
      }
    }
    return report.mismatches.length > 0 ? ExitCode.failure : ExitCode.ok;
  } finally {
    await store.close();
  }
}

async function split(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { db: { type: 'string' }, note: { type: 'string' }, json: { type: 'boolean' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length > 1) throw new UsageError(`unexpected argument "${positionals[1]}"`);
  const domain = positionals[0];
  if (domain !== undefined && values.note === undefined)
    throw new UsageError('with an outlet domain, give --note TEXT (without one, the command lists the outlets)');
  if (domain === undefined && values.note !== undefined) throw new UsageError('--note needs the outlet domain');
  const store = await openCommandStore(io, 'espectro outlets split', values.db);
  try {
    if (domain !== undefined) {
      let entry;
      try {
        entry = await store.splitOutlets.note({ domain, note: values.note!, at: new Date().toISOString() });
      } catch (error) {
        if (error instanceof StoreError && (error.code === 'not_found' || error.code === 'invalid_input'))
          throw new InputFileError(error.code === 'not_found' ? error.message : `--note: ${error.message}`);
        throw error;
      }
      if (values.json === true) io.stdout(`${JSON.stringify(entry, null, 2)}\n`);
      else io.stdout(`${entry.domain}: note added (${entry.notes.split('\n').length} note line(s))\n`);
      return ExitCode.ok;
    }
    const entries = await store.splitOutlets.list();
    if (values.json === true) {
      io.stdout(`${JSON.stringify({ database: store.database.location, outlets: entries }, null, 2)}\n`);
      return ExitCode.ok;
    }
    io.stdout(
      `${entries.length} outlet(s) on the split_outlets list — news and opinion rate apart (CONF-SPLIT) (${store.database.location})\n`,
    );
    if (entries.length === 0) return ExitCode.ok;
    io.stdout(
      `\n${formatTable(
        ['outlet', 'news', 'opinion', 'flagged', 'updated'],
        entries.map((entry) => [
          entry.domain,
          entry.newsBucket ?? '—',
          entry.opinionBucket ?? '—',
          entry.flaggedAt.slice(0, 10),
          entry.updatedAt.slice(0, 10),
        ]),
      )}\n`,
    );
    for (const entry of entries.filter((candidate) => candidate.notes !== ''))
      io.stdout(
        `\n${entry.domain}\n${entry.notes
          .split('\n')
          .map((line) => `  - ${line}`)
          .join('\n')}\n`,
      );
    return ExitCode.ok;
  } finally {
    await store.close();
  }
}

/** `espectro outlets analyze|due|verify|split|ownership`: content analysis, the re-evaluation schedule, and rating verification. */
export const outletsCommand: CliCommand = {
  name: 'outlets',
  summary:
    'Analyse an outlet’s content, list outlets due for re-rating, verify stored ratings, list split outlets, record ownership changes',
  usage,
  async run(args, io) {
    const [subcommand, ...rest] = args;
    switch (subcommand) {
      case 'analyze':
        return analyze(rest, io);
      case 'due':
        return due(rest, io);
      case 'verify':
        return verify(rest, io);
      case 'split':
        return split(rest, io);
      case 'ownership':
        return ownershipSubcommand(rest, io);
      default:
        throw new UsageError(
          subcommand === undefined
            ? 'expected a subcommand: analyze, due, verify, split or ownership'
            : `unknown subcommand "${subcommand}" (analyze, due, verify, split, ownership)`,
        );
    }
  },
};
