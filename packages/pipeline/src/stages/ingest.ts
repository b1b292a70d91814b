/**
 * The ingest stage: already-read payloads (feed files for `run --data`, fetched bodies for the
 * worker) become articles. One source is one unit of work; a source whose exact bytes were
 * ingested before is not parsed again; a failing source is recorded with its reason and never
 * stops the others. Domains outside the roster enter it as preliminary outlets (PRELIM).
 */
import { createHash } from 'node:crypto';
import { ingestSources as parseSources, type IngestSource } from '@espectro/ingest';
import {
  ensurePreliminaryOutlets,
  ingestedSourceReport,
  insertArticles,
  listOutlets,
  recordIngestedSource,
} from '@espectro/store';
import { commitUnit, report, type PipelineContext } from '../context.js';

/** A payload to ingest; `sha256` of its bytes is computed when not given. */
export type PipelineSource = IngestSource & { sha256?: string };

/** One source's outcome. */
export interface SourceOutcome {
  source: string;
  sha256: string;
  /** True when these exact bytes had been ingested before (nothing was done). */
  unchanged: boolean;
  items: number;
  inserted: number;
  duplicates: number;
  undated: number;
  warnings: string[];
  preliminaryAdded: number;
  /** Why the source could not be read (e.g. `invalid_xml`), `null` when it was. */
  error: { code: string; message: string } | null;
  /** Ids of the articles this call inserted. */
  articleIds: string[];
}

/** What {@link ingestSources} did. */
export interface IngestStageReport {
  sources: number;
  unchanged: number;
  failed: { source: string; code: string; message: string }[];
  items: number;
  inserted: number;
  duplicates: number;
  undated: number;
  warnings: string[];
  preliminaryAdded: number;
  /** Ids of the articles inserted (what the cluster stage will take). */
  articleIds: string[];
  outcomes: SourceOutcome[];
}

function sha256Of(content: Uint8Array | string): string {
  return createHash('sha256').update(content).digest('hex');
}

/** Ingests one source as one unit of work (or nothing, if its bytes were ingested before). */
export async function ingestSource(
  context: PipelineContext,
  source: PipelineSource,
  roster: readonly { domain: string; name: string; aliases?: readonly string[] }[],
): Promise<SourceOutcome> {
  const { db } = context.store.database;
  const sha256 = source.sha256 ?? sha256Of(source.content);
  const stored = await ingestedSourceReport(db, source.name, sha256);
  if (stored !== undefined) {
    return {
      source: source.name,
      sha256,
      unchanged: true,
      items: 0,
      inserted: 0,
      duplicates: 0,
      undated: 0,
      warnings: [],
      preliminaryAdded: 0,
      error: (stored.error as SourceOutcome['error']) ?? null,
      articleIds: [],
    };
  }
  const seenAt = context.clock.now();
  return commitUnit(context, `ingest:${source.name}:${sha256.slice(0, 16)}`, async (tx) => {
    const parsed = parseSources([source], { roster, seenAt: seenAt.toISOString() });
    const sourceReport = parsed.sources[0]!;
    const added = await ensurePreliminaryOutlets(tx, parsed.newOutlets);
    const inserted = await insertArticles(
      tx,
      parsed.articles.map((article) => ({ ...article, runId: context.runId ?? null })),
    );
    const outcome: SourceOutcome = {
      source: source.name,
      sha256,
      unchanged: false,
      items: sourceReport.items,
      inserted: inserted.inserted.length,
      duplicates: sourceReport.duplicates + inserted.duplicates.length,
      undated: sourceReport.undated,
      warnings: sourceReport.warnings,
      preliminaryAdded: added.length,
      error: sourceReport.error ? { code: sourceReport.error.code, message: sourceReport.error.message } : null,
      articleIds: inserted.inserted.map((entry) => entry.id),
    };
    const { articleIds: _ids, ...kept } = outcome;
    await recordIngestedSource(tx, { name: source.name, sha256, report: kept, at: seenAt });
    return outcome;
  });
}

/**
 * Ingests sources one unit of work each. The roster (who is not preliminary) is the stored outlets
 * unless given.
 *
 * @example
 * const ingested = await ingestSources(context, folder.sources);
 * ingested.inserted; // new articles; ingested.failed lists the sources that could not be read
 */
export async function ingestSources(
  context: PipelineContext,
  sources: readonly PipelineSource[],
  options: { roster?: readonly { domain: string; name: string; aliases?: readonly string[] }[] } = {},
): Promise<IngestStageReport> {
  const roster =
    options.roster ??
    (await listOutlets(context.store.database.db)).map((outlet) => ({
      domain: outlet.domain,
      name: outlet.name,
      aliases: outlet.aliases,
    }));
  const stageReport: IngestStageReport = {
    sources: sources.length,
    unchanged: 0,
    failed: [],
    items: 0,
    inserted: 0,
    duplicates: 0,
    undated: 0,
    warnings: [],
    preliminaryAdded: 0,
    articleIds: [],
    outcomes: [],
  };
  for (const [index, source] of sources.entries()) {
    const outcome = await ingestSource(context, source, roster);
    stageReport.outcomes.push(outcome);
    if (outcome.unchanged) stageReport.unchanged += 1;
    stageReport.items += outcome.items;
    stageReport.inserted += outcome.inserted;
    stageReport.duplicates += outcome.duplicates;
    stageReport.undated += outcome.undated;
    stageReport.preliminaryAdded += outcome.preliminaryAdded;
    stageReport.articleIds.push(...outcome.articleIds);
    for (const warning of outcome.warnings) stageReport.warnings.push(`${source.name}: ${warning}`);
    if (outcome.error) stageReport.failed.push({ source: source.name, ...outcome.error });
    report(context, {
      stage: 'ingest',
      message: `${source.name}${outcome.unchanged ? ' (unchanged)' : ''}${outcome.error ? ` — failed: ${outcome.error.message}` : ''}`,
      done: index + 1,
      total: sources.length,
    });
  }
  return stageReport;
}
