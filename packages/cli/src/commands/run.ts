/**
 * `espectro run`: one pass of the story pipeline (`@espectro/pipeline`) over a data folder, into the
 * embedded database (or `DATABASE_URL`). A pass that is interrupted is resumed by running the same
 * command again (with any options); a pass over an unchanged folder changes nothing. This file
 * only parses arguments and prints: every decision is in the pipeline package and the methodology.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { IsoDateSchema } from '@espectro/methodology';
import {
  demoDataDirectory,
  PipelineError,
  readDataFolder,
  resolveBackends,
  runPipeline,
  type EmbedderChoice,
  type JudgeChoice,
  type RunSummary,
  type UnitHooks,
} from '@espectro/pipeline';
import { describeStoreFailure } from '@espectro/store';
import { openCommandStore } from '../open-store.js';
import { z } from 'zod';
import { InputFileError } from '../errors.js';
import { ExitCode, UsageError, type CliCommand, type CliIo } from '../io.js';

const usage = `Usage: espectro run [--data DIR | --demo] [--db DIR] [--as-of DATE] [--embedder auto|offline|minilm]
                    [--judge auto|llm|none] [--batch N] [--quiet] [--json]

Runs one pass of the story pipeline on a data folder and stores the result:
  rate        rate every outlet of DIR/outlets.json with the methodology (rateOutlet)
  ingest      read every feed in DIR/feeds/ (RSS, Atom, RDF; JSON news-API payloads); unchanged files are skipped
  cluster     add the new headlines to the archive's clusters (CLU-1..3; MiniLM when installed, else offline)
  retry       synthesise again the stories whose SYN-5 retry is due; discard after the last attempt
  synthesise  write the clusters that are new or gained outlets (LLM chain with API keys, else extractive)
  topics      classify synthesised stories into the 10 topics (TOP-1), retrying unclassified ones
  build       tier, coverage, publish guard and blindspots (methodology rules); store the stories
  publish     re-decide the 24-h country cap (PG country_cap) for every country that changed
The database is .espectro/db (embedded PostgreSQL) unless --db or DATABASE_URL says otherwise.
A run that is interrupted is resumed by running the command again; nothing is lost or repeated.

  --data DIR       data folder (outlets.json + feeds/); --demo uses the bundled demo corpus (@espectro/demo-data)
  --db DIR         embedded database folder (default .espectro/db)
  --as-of DATE     rating date (default: the roster's asOf)
  --embedder NAME  auto (MiniLM if \`espectro models pull minilm\` installed it, else offline), offline, minilm
  --judge NAME     grey-zone judge (CLU-2): auto (LLM if GEMINI_API_KEY/GROQ_API_KEY is set), llm, none
  --batch N        stories per committed transaction (default 100; changes nothing that is stored)
  --quiet          no progress on stderr
  --json           print the summary as JSON
Exit codes: 0 done, 1 a stage failed (run again to resume), 2 usage error, 3 invalid data or unavailable backend.`;

/**
 * Test hook: die like a killed process (no cleanup) at the Nth unit of work
 * (`ESPECTRO_CRASH_AT_CHECKPOINT`), counting only units whose key starts with
 * `ESPECTRO_CRASH_AT_UNIT` when set, before or after it commits (`ESPECTRO_CRASH_MODE`).
 * Also used by `espectro worker`, whose queue steps (`job:<name>:done`) count as units after commit.
 * `ESPECTRO_CRASH_TRACE=1` prints every committed unit's key on stderr (`unit <key>`), so a test can
 * draw its kill points from the units an uninterrupted run really commits.
 */
export function crashHooks(env: Record<string, string | undefined>): UnitHooks | undefined {
  const at = Number(env.ESPECTRO_CRASH_AT_CHECKPOINT ?? '');
  const trace = env.ESPECTRO_CRASH_TRACE === '1';
  const crashing = Number.isInteger(at) && at >= 1;
  if (!crashing && !trace) return undefined;
  const prefix = env.ESPECTRO_CRASH_AT_UNIT ?? '';
  let seen = 0;
  const maybeCrash = (key: string) => {
    if (!crashing || !key.startsWith(prefix)) return;
    seen += 1;
    // ESPECTRO_CRASH_SIGNAL=SIGTERM asks for a graceful stop there instead (the worker's SIGTERM test).
    if (seen === at) process.kill(process.pid, env.ESPECTRO_CRASH_SIGNAL === 'SIGTERM' ? 'SIGTERM' : 'SIGKILL');
  };
  const traced = (key: string) => {
    if (trace) process.stderr.write(`unit ${key}\n`);
  };
  if (env.ESPECTRO_CRASH_MODE === 'before-commit')
    return {
      beforeCommit: (_ordinal, key) => maybeCrash(key),
      ...(trace ? { afterCommit: (_ordinal: number, key: string) => traced(key) } : {}),
    };
  return {
    afterCommit: (_ordinal, key) => {
      traced(key);
      maybeCrash(key);
    },
  };
}

function printSummary(io: CliIo, summary: RunSummary): void {
  const line = (text: string) => io.stdout(`${text}\n`);
  const { changes } = summary;
  line(
    `Espectro run ${summary.runId}${summary.resumed ? ' (resumed)' : ''} — ${summary.database.backend} at ${summary.database.location}`,
  );
  line(
    `  outlets     ${summary.outlets.roster} in the roster (as of ${summary.asOf}); ${summary.outlets.rated} rated, ${summary.outlets.rerated} re-rated, ${summary.outlets.preliminaryAdded} new preliminary (PRELIM)`,
  );
  line(
    `  ingest      ${summary.ingest.sources} sources (${summary.ingest.unchanged} unchanged), ${summary.ingest.items} items → ${summary.ingest.inserted} new articles, ${summary.ingest.duplicates} duplicates, ${summary.ingest.undated} without date`,
  );
  for (const failure of summary.ingest.failed)
    line(`              ✗ ${failure.source}: ${failure.message.replace(`@espectro/ingest ${failure.source}: `, '')}`);
  line(
    `  cluster     ${summary.clustering.articles} new headlines (${summary.clustering.contextArticles} archive articles around them) → ${summary.clustering.clusters} clusters; ${summary.clustering.stories} with 2+ outlets`,
  );
  line(
    `              embedder ${summary.clustering.embedder}; judge ${summary.clustering.judge === 'none' ? 'none (grey-zone pairs not merged)' : `${summary.clustering.judge}: ${summary.clustering.judgedPairs} pairs asked, ${summary.clustering.pendingPairs} pending`}`,
  );
  line(
    `  synthesise  ${summary.synthesis.synthesised} synthesised, ${summary.synthesis.belowTier} below tier (TIER), ${summary.synthesis.failed} failed → retry queue (${summary.synthesis.backend}); ${summary.retries.attempted} retries due, ${summary.retries.discarded} discarded (SYN-5)`,
  );
  line(
    `  topics      ${summary.topics.classified} classified, ${summary.topics.unclassified} unclassified (TOP-1, ${summary.topics.backend})`,
  );
  const reasons = Object.entries(summary.guard.reasons)
    .sort((left, right) => right[1] - left[1])
    .map(([reason, count]) => `${reason} ${count}`)
    .join(', ');
  line(
    `  stories     ${summary.guard.published} published, ${summary.guard.held} held${reasons ? ` (${reasons})` : ''}, ${summary.guard.notSynthesised} not synthesised, ${summary.guard.pendingSynthesis} awaiting a retry, ${summary.guard.discarded} discarded`,
  );
  line(
    `  blindspots  ${summary.blindspots.prisma} Prisma (BS-PR), ${summary.blindspots.fujaDaBolha} Fuja da Bolha (BS-BR)`,
  );
  line(
    `  changed     clusters ${changes.clustersCreated} new, ${changes.clustersChanged} grown or split, ${changes.clustersRemoved} merged away; stories ${changes.storiesCreated} new, ${changes.storiesBuilt - changes.storiesCreated} rewritten, ${changes.storiesRetired} superseded; country cap ${changes.capPublished} published, ${changes.capHeld} held`,
  );
  for (const note of summary.backends.notes) line(`  note        ${note}`);
  line(
    `  time        ${Object.entries(summary.stages)
      .map(([stage, ms]) => `${stage} ${(ms / 1000).toFixed(1)} s`)
      .join(', ')}`,
  );
  line(`See a story with \`espectro story <id>\`; export open data with \`espectro export\`.`);
}

function choice<T extends string>(value: string | undefined, allowed: readonly T[], flag: string): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value))
    throw new UsageError(`${flag} must be one of ${allowed.join(', ')} (got "${value}")`);
  return value as T;
}

/** `espectro run`: one pass of the pipeline, resumable, with progress on stderr and a summary. */
export const runCommand: CliCommand = {
  name: 'run',
  summary: 'Run the story pipeline (rate → ingest → cluster → synthesise → topics → build → publish)',
  usage,
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      options: {
        data: { type: 'string' },
        demo: { type: 'boolean' },
        db: { type: 'string' },
        'as-of': { type: 'string' },
        embedder: { type: 'string' },
        judge: { type: 'string' },
        batch: { type: 'string' },
        quiet: { type: 'boolean' },
        json: { type: 'boolean' },
      },
      allowPositionals: true,
      strict: true,
    });
    if (positionals.length > 0)
      throw new UsageError(`unexpected argument "${positionals[0]}" (did you mean --data ${positionals[0]}?)`);
    if (values.demo && values.data) throw new UsageError('use either --demo or --data DIR, not both');
    if (!values.demo && !values.data)
      throw new UsageError('say what to run on: --data DIR (a folder with outlets.json and feeds/) or --demo');
    const batch = values.batch === undefined ? undefined : Number(values.batch);
    if (batch !== undefined && (!Number.isInteger(batch) || batch < 1))
      throw new UsageError('--batch must be a positive integer');
    if (values['as-of'] !== undefined && !IsoDateSchema.safeParse(values['as-of']).success)
      throw new UsageError('--as-of must be a date like 2026-04-27');
    const embedder = choice<EmbedderChoice>(values.embedder, ['auto', 'offline', 'minilm'], '--embedder');
    const judge = choice<JudgeChoice>(values.judge, ['auto', 'llm', 'none'], '--judge');
    const dataDirectory = values.demo ? demoDataDirectory(io.cwd) : resolve(io.cwd, values.data!);
    if (!existsSync(join(dataDirectory, 'outlets.json')))
      throw new InputFileError(`no outlets.json in ${dataDirectory}`);
    // The data folder and the backends are checked before any database is opened (a bad
    // outlets.json or a missing model costs nothing).
    const asInputError = (error: unknown): never => {
      if (error instanceof PipelineError && (error.code === 'input_file' || error.code === 'backend_unavailable'))
        throw new InputFileError(error.message.replace('@espectro/pipeline ', ''));
      throw error;
    };
    const dataFolder = await readDataFolder(dataDirectory).catch(asInputError);
    const backends = await resolveBackends({
      env: io.env,
      ...(embedder ? { embedder } : {}),
      ...(judge ? { judge } : {}),
    }).catch(asInputError);
    const quiet = values.quiet === true;
    try {
      const store = await openCommandStore(io, 'espectro run', values.db);
      const hooks = crashHooks(io.env);
      try {
        const summary = await runPipeline({
          dataDirectory,
          dataFolder,
          store,
          backends,
          ...(values['as-of'] ? { asOf: values['as-of'] } : {}),
          ...(batch ? { batchSize: batch } : {}),
          onProgress: (event) => {
            if (quiet) return;
            const count = event.total !== undefined ? ` [${event.done}/${event.total}]` : '';
            io.stderr(`${event.stage.padEnd(10)}${count} ${event.message}\n`);
          },
          ...(hooks ? { hooks } : {}),
        });
        if (values.json) io.stdout(`${JSON.stringify(summary, null, 2)}\n`);
        else printSummary(io, summary);
        return ExitCode.ok;
      } catch (error) {
        if (error instanceof z.ZodError || error instanceof InputFileError || error instanceof UsageError) throw error;
        io.stderr(
          `espectro run: stopped (${describeStoreFailure(error)}). Run the same command again to resume; nothing done so far is lost.\n`,
        );
        return ExitCode.failure;
      } finally {
        await store.close();
      }
    } finally {
      await backends.dispose();
    }
  },
};
