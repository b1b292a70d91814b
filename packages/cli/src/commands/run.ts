/**
 * `espectro run`: one pass of the story pipeline (`@espectro/pipeline`) over a data folder, into the
 * embedded database (or `DATABASE_URL`). A pass that is interrupted is resumed by running the same
 * command again; a finished pass run again changes nothing. This file only parses arguments and
 * prints: every decision is in the pipeline package and the methodology.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { IsoDateSchema } from '@espectro/methodology';
import {
  demoDataDirectory,
  PipelineError,
  readDataFolder,
  runPipeline,
  type RunPipelineOptions,
  type RunSummary,
} from '@espectro/pipeline';
import { openStore } from '@espectro/store';
import { z } from 'zod';
import { InputFileError } from '../errors.js';
import { ExitCode, UsageError, type CliCommand, type CliIo } from '../io.js';

const usage = `Usage: espectro run [--data DIR | --demo] [--db DIR] [--as-of DATE] [--batch N] [--quiet] [--json]

Runs the story pipeline on a data folder and stores the result:
  rate        rate every outlet of DIR/outlets.json with the methodology (rateOutlet)
  ingest      read every feed in DIR/feeds/ (RSS, Atom, RDF; JSON news-API payloads)
  cluster     group headlines about the same event (offline TF-IDF embedder unless a model is installed)
  synthesise  write each story (LLM chain with API keys, else the offline extractive synthesiser)
  guard       tier, coverage, publish guard and blindspots (methodology rules)
  store       save stories, sentences, guard decisions and blindspot flags
The database is .espectro/db (embedded PostgreSQL) unless --db or DATABASE_URL says otherwise.
A run that is interrupted is resumed by running the same command again.

  --data DIR    data folder (outlets.json + feeds/); --demo uses the bundled examples/demo-data
  --db DIR      embedded database folder (default .espectro/db)
  --as-of DATE  rating date (default: the roster's asOf)
  --batch N     stories per committed batch (default 100)
  --quiet       no progress on stderr
  --json        print the summary as JSON
Exit codes: 0 done, 1 a stage failed (run again to resume), 2 usage error, 3 invalid data.`;

function crashHooks(
  env: Record<string, string | undefined>,
): Pick<RunPipelineOptions, 'afterCheckpoint' | 'beforeCommit'> {
  const at = Number(env.ESPECTRO_CRASH_AT_CHECKPOINT ?? '');
  if (!Number.isInteger(at) || at < 1) return {};
  // Test hook: die like a killed process (no cleanup) at checkpoint N, before or after it commits.
  const crash = () => process.kill(process.pid, 'SIGKILL');
  return env.ESPECTRO_CRASH_MODE === 'before-commit'
    ? { beforeCommit: (ordinal) => (ordinal === at ? crash() : undefined) }
    : { afterCheckpoint: (ordinal) => (ordinal === at ? crash() : undefined) };
}

function printSummary(io: CliIo, summary: RunSummary): void {
  const line = (text: string) => io.stdout(`${text}\n`);
  line(
    `Espectro run ${summary.runId}${summary.resumed ? ' (resumed)' : ''} — ${summary.database.backend} at ${summary.database.location}`,
  );
  line(
    `  outlets     ${summary.outlets.roster} in the roster (as of ${summary.asOf}); ${summary.outlets.preliminaryAdded} new preliminary (PRELIM)`,
  );
  line(
    `  ingest      ${summary.ingest.sources} sources, ${summary.ingest.items} items → ${summary.ingest.inserted} new articles, ${summary.ingest.duplicates} duplicates, ${summary.ingest.undated} without date`,
  );
  for (const failure of summary.ingest.failed)
    line(`              ✗ ${failure.source}: ${failure.message.replace(`@espectro/ingest ${failure.source}: `, '')}`);
  line(
    `  cluster     ${summary.clustering.articles} headlines → ${summary.clustering.clusters} clusters; ${summary.clustering.stories} stories with 2+ outlets (${summary.clustering.embedder})`,
  );
  line(
    `  synthesise  ${summary.synthesis.synthesised} synthesised, ${summary.synthesis.belowTier} below tier (TIER), ${summary.synthesis.failed} failed → retry queue (${summary.synthesis.backend})`,
  );
  const reasons = Object.entries(summary.guard.reasons)
    .sort((left, right) => right[1] - left[1])
    .map(([reason, count]) => `${reason} ${count}`)
    .join(', ');
  line(
    `  guard       ${summary.guard.published} published, ${summary.guard.held} held${reasons ? ` (${reasons})` : ''}, ${summary.guard.notSynthesised} not synthesised`,
  );
  line(
    `  blindspots  ${summary.blindspots.prisma} Prisma (BS-PR), ${summary.blindspots.fujaDaBolha} Fuja da Bolha (BS-BR)`,
  );
  line(
    `  time        ${Object.entries(summary.stages)
      .map(([stage, ms]) => `${stage} ${(ms / 1000).toFixed(1)} s`)
      .join(', ')}`,
  );
  line(`See a story with \`espectro story <id>\`; export open data with \`espectro export\`.`);
}

/** `espectro run`: the pipeline, resumable, with progress on stderr and a summary. */
export const runCommand: CliCommand = {
  name: 'run',
  summary: 'Run the story pipeline (ingest → cluster → rate → synthesise → guard → store)',
  usage,
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      options: {
        data: { type: 'string' },
        demo: { type: 'boolean' },
        db: { type: 'string' },
        'as-of': { type: 'string' },
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
    const dataDirectory = values.demo ? demoDataDirectory(io.cwd) : resolve(io.cwd, values.data!);
    if (!existsSync(join(dataDirectory, 'outlets.json')))
      throw new InputFileError(`no outlets.json in ${dataDirectory}`);
    // The data folder is read and validated before any database is opened (a bad outlets.json
    // costs nothing).
    const dataFolder = await readDataFolder(dataDirectory).catch((error: unknown) => {
      if (error instanceof PipelineError && error.code === 'input_file') throw new InputFileError(error.message);
      throw error;
    });
    const store = await openStore({ cwd: io.cwd, env: io.env, ...(values.db ? { dataDir: values.db } : {}) });
    const quiet = values.quiet === true;
    try {
      const summary = await runPipeline({
        dataDirectory,
        dataFolder,
        store,
        env: io.env,
        ...(values['as-of'] ? { asOf: values['as-of'] } : {}),
        ...(batch ? { batchSize: batch } : {}),
        onProgress: (event) => {
          if (quiet) return;
          const count = event.total !== undefined ? ` [${event.done}/${event.total}]` : '';
          io.stderr(`${event.stage.padEnd(10)}${count} ${event.message}\n`);
        },
        ...crashHooks(io.env),
      });
      if (values.json) io.stdout(`${JSON.stringify(summary, null, 2)}\n`);
      else printSummary(io, summary);
      return ExitCode.ok;
    } catch (error) {
      if (error instanceof z.ZodError || error instanceof InputFileError || error instanceof UsageError) throw error;
      io.stderr(
        `espectro run: stopped (${error instanceof Error ? error.message : String(error)}). Run the same command again to resume from the last checkpoint.\n`,
      );
      return ExitCode.failure;
    } finally {
      await store.close();
    }
  },
};
