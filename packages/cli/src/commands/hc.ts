import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  BUNDLED_GOLDEN_DIRECTORY,
  HeadlineClassifierError,
  HeadlineInputSchema,
  RunLogSchema,
  TAXONOMY_SHA256,
  TAXONOMY_VERSION,
  agreementReport,
  buildReport,
  classifyAndLink,
  createDeepSeekClassifier,
  createRulesBaseline,
  evaluate,
  findOutlet,
  ingestFeedDocument,
  loadGoldenSet,
  readHeadlineFeed,
  parseJsonl,
  parseRegistrationFile,
  recordRun,
  register,
  renderReportMarkdown,
  toJsonl,
  type HeadlineClassifier,
  type RunLog,
  type Verdict,
} from '@espectro/headline-classifier';
import { createFeedFetcher, decodeFeedBytes } from '@espectro/ingest';
import { FrozenArtifactSchema, HeadlineClassSchema, verifyFrozenArtifact } from '@espectro/methodology';
import { openCommandStore } from '../open-store.js';
import { z } from 'zod';
import { InputFileError } from '../errors.js';
import { INPUT_LIMITS, readInputBytes, readInputText } from '../input-file.js';
import { ExitCode, UsageError, type CliCommand, type CliIo } from '../io.js';

const usage = `Usage: espectro hc <subcommand> [options]

Chilean headline classifier (seed 004): six classes, boletín links only by number (LINK-1).

  espectro hc classify <headlines.jsonl> [--out FILE] [--offline | --model deepseek[:MODEL]]
                       [--base-url URL] [--run-log FILE] [--at ISO]
      Reads one {"id","title","description"?} object per line and writes one
      {"id","class","boletines","backend","evidence"} line per headline. Uses the offline rules
      baseline unless --model is given or DEEPSEEK_API_KEY is set (then DeepSeek). Every run is
      recorded in the run log (default .espectro/headline-classifier/run-log.json).
  espectro hc ingest <feed.xml | URL> --outlet ID [--db DIR] [--offline | --model deepseek[:MODEL]] [--out FILE]
      Reads an RSS, RDF or Atom feed file, or fetches a feed URL with @espectro/ingest's fetcher (title and
      bajada only, HC-2), classifies the items the database
      does not have yet and stores them (.espectro/db, DATABASE_URL or --db). With --out, writes
      the headlines as JSONL instead and stores nothing.
  espectro hc list [--class CLASS] [--outlet ID] [--limit N] [--db DIR] [--json]
      The stored classified headlines, newest first.
  espectro hc register --thresholds FILE [--golden DIR] [--out FILE] [--at ISO]
      Freezes thresholds, taxonomy and golden-set hashes with the time (AGR-4). Register BEFORE
      the classifier's first run. Thresholds file: {"macroAccuracy":{"minimum":0.8},
      "precision":{"minimum":0.8},"bootstrap":{"seed":20261130}}.
  espectro hc evaluate --registration FILE --thresholds FILE --predictions FILE
                       [--run-log FILE] [--golden DIR] [--out FILE] [--at ISO] [--json]
      Refuses thresholds, taxonomy or golden set that differ from the registration, and a
      registration newer than the classifier's first run. Writes the frozen verdict (sha256).
  espectro hc report --verdict FILE [--golden DIR] [--json] [--out FILE]
      Agreement and evaluation report; every figure with its n and interval (AGR-5).

--golden defaults to the bundled golden set. Exit codes: 0 ok, 1 failure, 2 usage error,
3 invalid input or refused evaluation (the message says which rule and field).`;

const DEFAULT_RUN_LOG = '.espectro/headline-classifier/run-log.json';

async function readJson(path: string, cwd: string): Promise<unknown> {
  const text = await readInputText(path, cwd, INPUT_LIMITS.jsonFileBytes, 'a JSON file');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new InputFileError(`${path} is not valid JSON: ${(error as Error).message}`);
  }
}

async function writeOutput(text: string, out: string | undefined, io: CliIo): Promise<void> {
  if (out === undefined) {
    io.stdout(text);
    return;
  }
  const target = resolve(io.cwd, out);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, text);
}

function instant(value: string | undefined, name: string): string {
  if (value === undefined) return new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  if (!z.iso.datetime({ offset: true }).safeParse(value).success)
    throw new UsageError(`--${name} must be an ISO instant such as 2026-11-30T09:00:00Z`);
  return value;
}

async function readRunLog(path: string, io: CliIo): Promise<RunLog | null> {
  let text: string;
  try {
    text = await readFile(resolve(io.cwd, path), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new InputFileError(`cannot read ${path}: ${(error as Error).message}`);
  }
  const parsed = RunLogSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new InputFileError(`${path} is not a classifier run log`);
  return parsed.data;
}

export function chooseClassifier(
  values: { offline?: boolean; model?: string; 'base-url'?: string },
  io: CliIo,
): HeadlineClassifier {
  if (values.offline) {
    if (values.model !== undefined) throw new UsageError('--offline and --model exclude each other');
    return createRulesBaseline();
  }
  const apiKey = io.env.DEEPSEEK_API_KEY;
  if (values.model === undefined && (apiKey === undefined || apiKey === '')) return createRulesBaseline();
  const [vendor, modelId] = (values.model ?? 'deepseek').split(':', 2) as [string, string | undefined];
  if (vendor !== 'deepseek') throw new UsageError(`unknown --model vendor "${vendor}" (supported: deepseek[:MODEL])`);
  return createDeepSeekClassifier({
    ...(apiKey === undefined ? {} : { apiKey }),
    ...(values['base-url'] === undefined ? {} : { baseURL: values['base-url'] }),
    ...(modelId === undefined ? {} : { model: modelId }),
  });
}

async function classify(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      out: { type: 'string' },
      offline: { type: 'boolean' },
      model: { type: 'string' },
      'base-url': { type: 'string' },
      'run-log': { type: 'string' },
      at: { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new UsageError('hc classify expects exactly one headlines file (JSONL)');
  const path = positionals[0]!;
  const items = parseJsonl(
    await readInputText(path, io.cwd, INPUT_LIMITS.jsonLinesFileBytes, 'a JSON-lines file'),
    HeadlineInputSchema.extend({ description: z.string().nullable().optional() }).passthrough(),
    path,
    'classify',
  );
  const headlines = items.map((item) => ({ id: item.id, title: item.title, description: item.description ?? null }));
  const classifier = chooseClassifier(values, io);
  const at = instant(values.at, 'at');
  const rows = await classifyAndLink(classifier, headlines);
  const runLogPath = values['run-log'] ?? DEFAULT_RUN_LOG;
  const log = recordRun(await readRunLog(runLogPath, io), { at, backend: classifier.backend, items: rows.length });
  await writeOutput(`${JSON.stringify(log, null, 2)}\n`, runLogPath, io);
  const lines = rows.map((row) => ({
    id: row.id,
    class: row.class,
    boletines: row.boletines,
    backend: row.backend,
    evidence: row.evidence,
    ...(row.rejection === undefined ? {} : { rejection: row.rejection }),
  }));
  await writeOutput(toJsonl(lines), values.out, io);
  const rejected = rows.filter((row) => row.class === null).length;
  io.stderr(
    `espectro hc: ${rows.length} headline(s) classified by ${classifier.backend}${rejected > 0 ? `, ${rejected} rejected` : ''}; run log ${runLogPath}\n`,
  );
  return ExitCode.ok;
}

/**
 * Reads a feed file with the fetcher's size limit (checked before reading) and decodes it like a
 * fetched feed (BOM, XML declaration, Windows-1252 correction, each correction reported).
 */
async function readFeedFile(path: string, io: CliIo): Promise<string> {
  const decoded = decodeFeedBytes(await readInputBytes(path, io.cwd, INPUT_LIMITS.feedFileBytes, 'a feed file'));
  if (decoded.warning !== null) io.stderr(`espectro hc: ${path}: ${decoded.warning}\n`);
  return decoded.text;
}

/** True for an http(s) address given where a feed file is expected. */
function isUrl(value: string): boolean {
  return /^https?:\/\//i.test(value);
}

/**
 * Fetches a feed with @espectro/ingest's fetcher (its timeouts, size limit, redirect and
 * per-host rules) and decodes it by BOM, header and XML declaration; a failed fetch is an
 * input error that names the address and the reason.
 */
async function fetchFeedText(url: string): Promise<string> {
  const fetcher = createFeedFetcher();
  try {
    const result = await fetcher.fetch({ url, format: 'xml' });
    if (result.result === 'fetched') return decodeFeedBytes(result.body, result.contentType ?? undefined).text;
    const reason =
      result.result === 'failed' ? `${result.errorClass}: ${result.message}` : 'the server answered 304 Not Modified';
    throw new InputFileError(`cannot fetch the feed ${url} (${reason})`);
  } finally {
    await fetcher.close();
  }
}

async function ingest(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      outlet: { type: 'string' },
      out: { type: 'string' },
      db: { type: 'string' },
      offline: { type: 'boolean' },
      model: { type: 'string' },
      'base-url': { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new UsageError('hc ingest expects exactly one feed file or feed URL');
  if (values.outlet === undefined)
    throw new UsageError(
      'hc ingest needs --outlet (latercera, lacuarta, exante, biobiochile, cooperativa or a domain)',
    );
  const source = positionals[0]!;
  const outlet = findOutlet(values.outlet) ?? { id: values.outlet, domain: values.outlet };
  const xml = isUrl(source) ? await fetchFeedText(source) : await readFeedFile(source, io);
  // A fetched feed's address is the base of its relative links.
  const url = isUrl(source) ? source : null;
  if (values.out !== undefined) {
    const result = readHeadlineFeed(xml, outlet, { url });
    await writeOutput(toJsonl(result.headlines), values.out, io);
    for (const warning of result.warnings) io.stderr(`espectro hc: ${outlet.id}: ${warning}\n`);
    for (const item of result.skipped)
      io.stderr(`espectro hc: ${outlet.id} item ${item.index} skipped: ${item.reason}\n`);
    io.stderr(
      `espectro hc: ${result.headlines.length} headline(s) from ${outlet.id} written to ${values.out}${droppedNote(result.droppedFields)}\n`,
    );
    return ExitCode.ok;
  }
  const classifier = chooseClassifier(values, io);
  const store = await openCommandStore(io, 'espectro hc ingest', values.db);
  try {
    const report = await ingestFeedDocument({ outlet, xml, url, classifier, sink: store.chileHeadlines });
    for (const warning of report.warnings) io.stderr(`espectro hc: ${outlet.id}: ${warning}\n`);
    for (const item of report.skipped)
      io.stderr(`espectro hc: ${outlet.id} item ${item.index} skipped: ${item.reason}\n`);
    io.stderr(
      `espectro hc: ${outlet.id}: ${report.items} headline(s) read, ${report.stored} classified by ${report.backend} and stored, ${report.alreadyStored} already stored${report.rejected > 0 ? `, ${report.rejected} rejected` : ''} (${store.database.location})${droppedNote(report.droppedFields)}\n`,
    );
  } finally {
    await store.close();
  }
  return ExitCode.ok;
}

function droppedNote(droppedFields: Record<string, number>): string {
  const dropped = Object.entries(droppedFields).map(([field, count]) => `${field} ×${count}`);
  return dropped.length > 0 ? `; dropped unread (HC-2): ${dropped.join(', ')}` : '';
}

async function list(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      class: { type: 'string' },
      outlet: { type: 'string' },
      limit: { type: 'string' },
      db: { type: 'string' },
      json: { type: 'boolean' },
    },
    strict: true,
  });
  const headlineClass = values.class === undefined ? undefined : HeadlineClassSchema.safeParse(values.class);
  if (headlineClass !== undefined && !headlineClass.success)
    throw new UsageError(`--class must be one of ${HeadlineClassSchema.options.join(', ')}`);
  const limit = values.limit === undefined ? 20 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
    throw new UsageError('--limit must be a whole number from 1 to 1000');
  const outlet = values.outlet === undefined ? undefined : (findOutlet(values.outlet)?.domain ?? values.outlet);
  const store = await openCommandStore(io, 'espectro hc list', values.db);
  try {
    const rows = await store.chileHeadlines.list({
      limit,
      ...(headlineClass?.data === undefined ? {} : { class: headlineClass.data }),
      ...(outlet === undefined ? {} : { outlet }),
    });
    if (values.json) {
      io.stdout(toJsonl(rows));
      return ExitCode.ok;
    }
    for (const row of rows) {
      const links = row.boletines.length > 0 ? `  boletín ${row.boletines.join(', ')}` : '';
      io.stdout(
        `${row.publishedAt.slice(0, 16).replace('T', ' ')}  ${row.outlet}  ${row.class ?? 'unclassified'}  ${row.title}${links}\n`,
      );
    }
    io.stderr(`espectro hc: ${rows.length} stored headline(s), newest first (${store.database.location})\n`);
  } finally {
    await store.close();
  }
  return ExitCode.ok;
}

async function registerCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      thresholds: { type: 'string' },
      golden: { type: 'string' },
      out: { type: 'string' },
      at: { type: 'string' },
    },
    strict: true,
  });
  if (values.thresholds === undefined) throw new UsageError('hc register needs --thresholds FILE');
  const golden = await loadGoldenSet(
    values.golden === undefined ? BUNDLED_GOLDEN_DIRECTORY : resolve(io.cwd, values.golden),
  );
  const file = register({
    thresholds: (await readJson(values.thresholds, io.cwd)) as Parameters<typeof register>[0]['thresholds'],
    taxonomySha256: TAXONOMY_SHA256,
    golden,
    registeredAt: instant(values.at, 'at'),
  });
  await writeOutput(`${JSON.stringify(file, null, 2)}\n`, values.out, io);
  io.stderr(`espectro hc: registered at ${file.registration.registeredAt}; registration sha256 ${file.sha256}\n`);
  return ExitCode.ok;
}

const PredictionLineSchema = z
  .object({ id: z.string().min(1), class: HeadlineClassSchema.nullable(), backend: z.string().min(1) })
  .passthrough();

async function evaluateCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      registration: { type: 'string' },
      thresholds: { type: 'string' },
      predictions: { type: 'string' },
      'run-log': { type: 'string' },
      golden: { type: 'string' },
      out: { type: 'string' },
      at: { type: 'string' },
      json: { type: 'boolean' },
    },
    strict: true,
  });
  for (const required of ['registration', 'thresholds', 'predictions'] as const) {
    if (values[required] === undefined) throw new UsageError(`hc evaluate needs --${required} FILE`);
  }
  const predictions = parseJsonl(
    await readInputText(values.predictions!, io.cwd, INPUT_LIMITS.jsonLinesFileBytes, 'a JSON-lines file'),
    PredictionLineSchema,
    values.predictions!,
    'evaluate',
  );
  const backends = [...new Set(predictions.map((prediction) => prediction.backend))];
  if (backends.length !== 1)
    throw new InputFileError(
      `${values.predictions} mixes backends (${backends.join(', ')}): evaluate one classifier at a time`,
    );
  const runLogPath = values['run-log'] ?? DEFAULT_RUN_LOG;
  const runLog = await readRunLog(runLogPath, io);
  if (runLog === null)
    throw new InputFileError(
      `no classifier run log at ${runLogPath}: the first run cannot be dated, so the pre-registration cannot be checked`,
    );
  const golden = await loadGoldenSet(
    values.golden === undefined ? BUNDLED_GOLDEN_DIRECTORY : resolve(io.cwd, values.golden),
  );
  const { verdict, frozen } = evaluate({
    registration: parseRegistrationFile(await readJson(values.registration!, io.cwd)),
    thresholds: (await readJson(values.thresholds!, io.cwd)) as Parameters<typeof evaluate>[0]['thresholds'],
    taxonomySha256: TAXONOMY_SHA256,
    golden,
    predictions,
    backend: backends[0]!,
    runLog,
    evaluatedAt: instant(values.at, 'at'),
  });
  if (values.out !== undefined) await writeOutput(`${JSON.stringify(frozen, null, 2)}\n`, values.out, io);
  if (values.json) {
    io.stdout(`${JSON.stringify({ verdict, sha256: frozen.sha256 }, null, 2)}\n`);
    return ExitCode.ok;
  }
  const macro = verdict.macroAccuracy;
  io.stdout(`Classifier ${verdict.backend} on ${verdict.n} golden cases\n`);
  io.stdout(
    macro.value === null || macro.interval === null
      ? '  macro accuracy  not computable (no class with enough gold cases)\n'
      : `  macro accuracy  ${(macro.value * 100).toFixed(1)} % (95 % CI ${(macro.interval[0] * 100).toFixed(1)}–${(macro.interval[1] * 100).toFixed(1)} %, n = ${macro.n}; classes ${macro.eligibleClasses.join(', ')})\n`,
  );
  for (const row of verdict.precision) {
    if (row.value !== null && row.interval !== null) {
      io.stdout(
        `  precision ${row.class}  ${(row.value * 100).toFixed(1)} % (95 % CI ${(row.interval[0] * 100).toFixed(1)}–${(row.interval[1] * 100).toFixed(1)} %, n = ${row.n})\n`,
      );
    }
  }
  io.stdout(
    `  passed          ${verdict.passed.overall ? 'yes' : 'no'} (macro accuracy ${verdict.passed.macroAccuracy ? 'yes' : 'no'}, precision ${verdict.passed.precision ? 'yes' : 'no'})\n`,
  );
  io.stdout(`  verdict sha256  ${frozen.sha256}${values.out === undefined ? '' : ` (written to ${values.out})`}\n`);
  return ExitCode.ok;
}

async function reportCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      verdict: { type: 'string' },
      golden: { type: 'string' },
      json: { type: 'boolean' },
      out: { type: 'string' },
    },
    strict: true,
  });
  if (values.verdict === undefined)
    throw new UsageError('hc report needs --verdict FILE (written by `espectro hc evaluate --out`)');
  const parsed = FrozenArtifactSchema.safeParse(await readJson(values.verdict, io.cwd));
  if (!parsed.success || parsed.data.kind !== 'verdict')
    throw new InputFileError(`${values.verdict} is not a frozen verdict artifact`);
  const check = verifyFrozenArtifact(parsed.data);
  if (!check.ok)
    throw new InputFileError(
      `${values.verdict} was edited after it was frozen (sha256 ${check.actual} ≠ ${check.expected}) (AGR-4)`,
    );
  const verdict = JSON.parse(parsed.data.canonical) as Verdict;
  const golden = await loadGoldenSet(
    values.golden === undefined ? BUNDLED_GOLDEN_DIRECTORY : resolve(io.cwd, values.golden),
  );
  const report = buildReport({
    agreement: agreementReport(golden),
    verdict,
    frozenVerdict: parsed.data,
    taxonomy: { version: TAXONOMY_VERSION, sha256: TAXONOMY_SHA256 },
    generatedAt: instant(undefined, 'at'),
  });
  await writeOutput(
    values.json ? `${JSON.stringify(report, null, 2)}\n` : renderReportMarkdown(report),
    values.out,
    io,
  );
  return ExitCode.ok;
}

const SUBCOMMANDS: Record<string, (args: string[], io: CliIo) => Promise<number>> = {
  classify,
  ingest,
  list,
  register: registerCommand,
  evaluate: evaluateCommand,
  report: reportCommand,
};

/** `espectro hc`: classify headlines, ingest feeds, register and evaluate against the golden set, report. */
export const hcCommand: CliCommand = {
  name: 'hc',
  summary: 'Classify Chilean headlines (seed 004), register and evaluate against the golden set',
  usage,
  async run(args, io) {
    const [subcommand, ...rest] = args;
    if (subcommand === undefined)
      throw new UsageError('hc needs a subcommand: classify, ingest, list, register, evaluate or report');
    const run = SUBCOMMANDS[subcommand];
    if (run === undefined)
      throw new UsageError(
        `unknown hc subcommand "${subcommand}" (classify, ingest, list, register, evaluate, report)`,
      );
    try {
      return await run(rest, io);
    } catch (error) {
      if (!(error instanceof HeadlineClassifierError)) throw error;
      io.stderr(`espectro: ${error.message}\n`);
      return error.code === 'llm_failed' ? ExitCode.failure : ExitCode.invalidInput;
    }
  },
};
