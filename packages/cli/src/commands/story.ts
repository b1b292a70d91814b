/**
 * `espectro story <id>`: one stored story with its coverage, publish-guard decision, blindspot
 * flags, sentences (with the articles behind each) and sources.
 */
import { parseArgs } from 'node:util';
import { type StoryDetail } from '@espectro/store';
import { openCommandStore } from '../open-store.js';
import { formatTable } from '../format.js';
import { ExitCode, UsageError, type CliCommand, type CliIo } from '../io.js';

const usage = `Usage: espectro story <id> [--db DIR] [--json]
       espectro story --list [--status published|held|…] [--limit N] [--db DIR] [--json]

Shows a story stored by \`espectro run\`: coverage (COV-*), tier (TIER), publish guard (PG) with its
reasons, blindspot flags (BS-PR, BS-BR), the synthesised sentences with the articles that back
each one, and every source with its outlet's rating. --list lists stories instead.
Exit codes: 0 shown, 1 no such story or database error, 2 usage error.`;

function printStory(io: CliIo, story: StoryDetail): void {
  const line = (text = '') => io.stdout(`${text}\n`);
  const percent = story.coverage.percent;
  line(`${story.title}`);
  line(
    `  id ${story.id} · status ${story.status} · tier ${story.tier ?? '— (not synthesised)'} · topic ${story.topic ?? 'unclassified'} · country ${story.country ?? '—'}`,
  );
  line(
    `  coverage   left ${percent.left}% · center ${percent.center}% · right ${percent.right}% — ${story.outletCount} outlets, ${story.articleCount} articles`,
  );
  if (story.guard)
    line(
      `  guard      ${story.guard.publish ? 'published' : `held: ${story.guard.reasons.join(', ')}`} (methodology ${story.guard.methodologyVersion})`,
    );
  line(
    `  blindspots Prisma ${story.blindspots.prisma.length > 0 ? story.blindspots.prisma.join(', ') : 'no'} · Fuja da Bolha ${story.blindspots.fujaDaBolha ?? 'no'}`,
  );
  if (story.backend) line(`  written by ${story.backend}`);
  if (story.summary) line(`\n${story.summary}`);
  if (story.sentences.length > 0) {
    line('');
    const index = new Map(story.sources.map((source, position) => [source.articleId, position + 1]));
    for (const sentence of story.sentences)
      line(
        `  ${sentence.position + 1}. ${sentence.text} [${sentence.articleIds.map((id) => index.get(id) ?? id).join(', ')}]`,
      );
  }
  line('\nSources');
  const rows = story.sources.map((source, position) => [
    String(position + 1),
    source.outlet.name,
    source.outlet.scope === 'non_political' ? 'Apolítico' : (source.outlet.bias ?? '—'),
    source.outlet.confidence + (source.outlet.illustrative ? ' (illustrative)' : ''),
    source.publishedAt?.slice(0, 16).replace('T', ' ') ?? '—',
    source.title.length > 70 ? `${source.title.slice(0, 69)}…` : source.title,
  ]);
  line(formatTable(['#', 'outlet', 'bias', 'confidence', 'published', 'title'], rows));
  for (const [position, source] of story.sources.entries()) line(`  [${position + 1}] ${source.url}`);
}

/** `espectro story`: show one stored story, or list them. */
export const storyCommand: CliCommand = {
  name: 'story',
  summary: 'Show a stored story (coverage, guard, blindspots, sentences, sources) or list stories',
  usage,
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      options: {
        db: { type: 'string' },
        json: { type: 'boolean' },
        list: { type: 'boolean' },
        status: { type: 'string' },
        limit: { type: 'string' },
      },
      allowPositionals: true,
      strict: true,
    });
    if (!values.list && positionals.length !== 1)
      throw new UsageError('expected one story id (see `espectro story --list`)');
    const limit = values.limit === undefined ? 50 : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1) throw new UsageError('--limit must be a positive integer');
    const store = await openCommandStore(io, 'espectro story', values.db);
    try {
      if (values.list) {
        const statuses = [
          'published',
          'held',
          'not_synthesised',
          'pending_synthesis',
          'discarded',
          'superseded',
        ] as const;
        const status = values.status as (typeof statuses)[number] | undefined;
        if (status !== undefined && !statuses.includes(status))
          throw new UsageError(`--status must be one of ${statuses.join(', ')}`);
        const stories = await store.stories.list({ limit, ...(status ? { status } : {}) });
        if (values.json) io.stdout(`${JSON.stringify(stories, null, 2)}\n`);
        else {
          io.stdout(
            `${formatTable(
              ['id', 'status', 'outlets', 'L/C/R %', 'blindspot', 'title'],
              stories.map((story) => [
                story.id,
                story.status,
                String(story.outletCount),
                `${story.coverage.percent.left}/${story.coverage.percent.center}/${story.coverage.percent.right}`,
                [
                  story.blindspots.prisma.length > 0 ? `PR:${story.blindspots.prisma.join('+')}` : '',
                  story.blindspots.fujaDaBolha ? `BR:${story.blindspots.fujaDaBolha}` : '',
                ]
                  .filter(Boolean)
                  .join(' ') || '—',
                story.title.length > 60 ? `${story.title.slice(0, 59)}…` : story.title,
              ]),
            )}\n${stories.length} stories\n`,
          );
        }
        return ExitCode.ok;
      }
      const story = await store.stories.get(positionals[0]!);
      if (!story) {
        io.stderr(
          `espectro story: no story "${positionals[0]}" in ${store.database.location} (list them with \`espectro story --list\`)\n`,
        );
        return ExitCode.failure;
      }
      if (values.json) io.stdout(`${JSON.stringify(story, null, 2)}\n`);
      else printStory(io, story);
      return ExitCode.ok;
    } finally {
      await store.close();
    }
  },
};
