/**
 * `espectro export`: open data — outlets (with rating history), stories (with coverage, guard
 * decision, blindspot flags, sentences and sources) and debate checks, as JSON and CSV files in a
 * folder, with a manifest naming the methodology version and whether ratings are illustrative.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { METHODOLOGY_VERSION, toCsv } from '@espectro/methodology';
import { type Store } from '@espectro/store';
import { openCommandStore } from '../open-store.js';
import { ExitCode, UsageError, type CliCommand } from '../io.js';

const usage = `Usage: espectro export [--out DIR] [--format json,csv] [--status published|all] [--db DIR] [--json]

Writes the stored open data into DIR (default ./espectro-export):
  outlets.json / outlets.csv            every outlet: rating, evidence, methodology version
  outlet-rating-changes.csv             every rating change with its cause (CON-4)
  stories.json / stories.csv            stories: coverage, tier, guard reasons, blindspots, sources
  story-sentences.csv                   every synthesised sentence with the article ids behind it
  checks.json / checks.csv              debate checks with their verdict history
  manifest.json                         methodology version, counts, generation time
--status published exports only published stories (default: all but superseded).
Exit codes: 0 written, 1 the database or folder could not be used, 2 usage error.`;

async function writeAtomically(path: string, content: string): Promise<void> {
  const temporary = `${path}.tmp-${process.pid}`;
  await writeFile(temporary, content);
  await rename(temporary, path);
}

/** What {@link exportOpenData} wrote. */
export interface ExportReport {
  directory: string;
  files: string[];
  counts: { outlets: number; ratingChanges: number; stories: number; sentences: number; checks: number };
  methodologyVersion: string;
}

/**
 * Writes the open-data export of a store into a folder.
 *
 * @example
 * await exportOpenData(store, { directory: 'export', formats: ['json', 'csv'] });
 */
export async function exportOpenData(
  store: Store,
  options: { directory: string; formats: readonly ('json' | 'csv')[]; publishedOnly?: boolean; now?: Date },
): Promise<ExportReport> {
  await mkdir(options.directory, { recursive: true });
  const files: string[] = [];
  const write = async (name: string, content: string) => {
    await writeAtomically(join(options.directory, name), content);
    files.push(name);
  };
  const json = options.formats.includes('json');
  const csv = options.formats.includes('csv');

  const outlets = await store.outlets.list();
  const detailed = await Promise.all(outlets.map((outlet) => store.outlets.get(outlet.domain)));
  const changes = detailed.flatMap((outlet) => outlet!.history.flatMap((entry) => entry.changes));
  if (json) await write('outlets.json', `${JSON.stringify(detailed, null, 2)}\n`);
  if (csv) {
    await write(
      'outlets.csv',
      toCsv(
        [
          'domain',
          'name',
          'country',
          'scope',
          'bias',
          'factuality',
          'confidence',
          'applied_rule',
          'flags',
          'trace',
          'methodology_version',
          'rating_reviewed_at',
          'added_at',
          'illustrative',
        ],
        outlets.map((outlet) => [
          outlet.domain,
          outlet.name,
          outlet.country,
          outlet.scope,
          outlet.bias,
          outlet.factuality,
          outlet.confidence,
          outlet.appliedRule,
          outlet.flags.join(' '),
          outlet.trace.join(' '),
          outlet.methodologyVersion,
          outlet.ratingReviewedAt,
          outlet.addedAt,
          outlet.illustrative,
        ]),
      ),
    );
    await write(
      'outlet-rating-changes.csv',
      toCsv(
        [
          'outlet',
          'changed_at',
          'field',
          'previous',
          'next',
          'cause',
          'contestation_id',
          'methodology_version',
          'notes',
        ],
        changes.map((change) => [
          change.outlet,
          change.changedAt,
          change.field,
          change.previous,
          change.next,
          change.cause,
          change.contestationId,
          change.methodologyVersion,
          change.notes,
        ]),
      ),
    );
  }

  const summaries = await store.stories.list(options.publishedOnly ? { status: 'published' } : {});
  const stories = [];
  for (const summary of summaries) stories.push((await store.stories.get(summary.id))!);
  if (json) await write('stories.json', `${JSON.stringify(stories, null, 2)}\n`);
  if (csv) {
    await write(
      'stories.csv',
      toCsv(
        [
          'id',
          'title',
          'status',
          'tier',
          'topic',
          'country',
          'outlets',
          'articles',
          'left_pct',
          'center_pct',
          'right_pct',
          'guard_reasons',
          'prisma_blindspot',
          'fuja_da_bolha_blindspot',
          'first_published_at',
          'last_published_at',
          'backend',
          'methodology_version',
          'source_urls',
        ],
        stories.map((story) => [
          story.id,
          story.title,
          story.status,
          story.tier,
          story.topic,
          story.country,
          story.outletCount,
          story.articleCount,
          story.coverage.percent.left,
          story.coverage.percent.center,
          story.coverage.percent.right,
          story.guardReasons.join(' '),
          story.blindspots.prisma.join(' '),
          story.blindspots.fujaDaBolha,
          story.firstPublishedAt,
          story.lastPublishedAt,
          story.backend,
          story.methodologyVersion,
          story.sources.map((source) => source.url).join(' '),
        ]),
      ),
    );
    await write(
      'story-sentences.csv',
      toCsv(
        ['story_id', 'position', 'text', 'article_ids', 'discrepancy'],
        stories.flatMap((story) =>
          story.sentences.map((sentence) => [
            story.id,
            sentence.position,
            sentence.text,
            sentence.articleIds.join(' '),
            sentence.discrepancy,
          ]),
        ),
      ),
    );
  }

  const checks = await store.checks.all();
  if (json) await write('checks.json', `${JSON.stringify(checks, null, 2)}\n`);
  if (csv) {
    await write(
      'checks.csv',
      toCsv(
        ['id', 'debate_id', 'candidate', 'spoken_at', 'claim', 'verdict', 'status', 'citations', 'history'],
        checks.map((check) => {
          const value = check as {
            id: string;
            debateId: string;
            candidate: string;
            spokenAt?: string;
            claim?: { text?: string };
            verdict: string;
            status: string;
            citations?: string[];
            history?: unknown[];
          };
          return [
            value.id,
            value.debateId,
            value.candidate,
            value.spokenAt,
            value.claim?.text,
            value.verdict,
            value.status,
            (value.citations ?? []).join(' '),
            value.history,
          ];
        }),
      ),
    );
  }
  const counts = {
    outlets: outlets.length,
    ratingChanges: changes.length,
    stories: stories.length,
    sentences: stories.reduce((total, story) => total + story.sentences.length, 0),
    checks: checks.length,
  };
  const manifest = {
    generatedAt: (options.now ?? new Date()).toISOString(),
    methodologyVersion: METHODOLOGY_VERSION,
    counts,
    illustrativeRatings: outlets.filter((outlet) => outlet.illustrative).map((outlet) => outlet.domain),
    note: 'Ratings marked illustrative come from demo evidence and are not ratings of those outlets. Article bodies are never exported; titles and links are.',
    files: [...files, 'manifest.json'],
  };
  await write('manifest.json', `${JSON.stringify(manifest, null, 2)}\n`);
  return { directory: options.directory, files, counts, methodologyVersion: METHODOLOGY_VERSION };
}

/** `espectro export`: write the open data. */
export const exportCommand: CliCommand = {
  name: 'export',
  summary: 'Export open data (outlets, stories, checks) as JSON and CSV into a folder',
  usage,
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      options: {
        out: { type: 'string' },
        format: { type: 'string' },
        status: { type: 'string' },
        db: { type: 'string' },
        json: { type: 'boolean' },
      },
      allowPositionals: true,
      strict: true,
    });
    if (positionals.length > 0)
      throw new UsageError(`unexpected argument "${positionals[0]}" (the folder goes after --out)`);
    const formats = (values.format ?? 'json,csv').split(',').map((format) => format.trim());
    for (const format of formats)
      if (format !== 'json' && format !== 'csv')
        throw new UsageError(`unknown format "${format}" (use json, csv or json,csv)`);
    if (values.status !== undefined && values.status !== 'published' && values.status !== 'all')
      throw new UsageError('--status must be published or all');
    const directory = resolve(io.cwd, values.out ?? 'espectro-export');
    const store = await openCommandStore(io, 'espectro export', values.db);
    try {
      const report = await exportOpenData(store, {
        directory,
        formats: formats as ('json' | 'csv')[],
        publishedOnly: values.status === 'published',
      });
      if (values.json) io.stdout(`${JSON.stringify(report, null, 2)}\n`);
      else {
        io.stdout(
          `Exported ${report.counts.outlets} outlets, ${report.counts.stories} stories, ${report.counts.checks} checks to ${directory}\n`,
        );
        io.stdout(`  ${report.files.join(', ')}, manifest.json (methodology ${report.methodologyVersion})\n`);
      }
      return ExitCode.ok;
    } finally {
      await store.close();
    }
  },
};
