/**
 * `espectro feeds add|list|remove|check|import|export`: the feed registry of the store — which
 * addresses the worker polls for which outlet — managed from the command line, with OPML for
 * moving lists between newsrooms and feed readers. `check` fetches once with the same fetcher
 * the worker uses and reports, storing nothing.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  countFeedItems,
  createFeedFetcher,
  DEFAULT_MAX_FEED_BYTES,
  fetchFeedOnce,
  FeedKindSchema,
  FeedPurposeSchema,
  NewsApiPresetSchema,
  parseOpml,
  redactFeedUrl,
  writeOpml,
  type FeedFetchOutcome,
  type FeedToFetch,
} from '@espectro/ingest';
import { feedIdFor, StoreError, type Feed, type FeedInput, type Store } from '@espectro/store';
import { openCommandStore } from '../open-store.js';
import { InputFileError } from '../errors.js';
import { formatTable } from '../format.js';
import { ExitCode, UsageError, type CliCommand, type CliIo } from '../io.js';

const usage = `Usage: espectro feeds add URL [--outlet DOMAIN] [--name NAME] [--kind KIND] [--preset NAME]
                         [--purpose articles|chile-headlines] [--interval 15m] [--title TEXT] [--unverified]
       espectro feeds list [--outlet DOMAIN] [--json]
       espectro feeds remove URL|ID
       espectro feeds check URL|ID… | --all [--kind KIND] [--preset NAME] [--timeout SECONDS] [--json]
       espectro feeds import FILE.opml [--interval 15m] [--json]
       espectro feeds export FILE.opml|-
(every form takes --db DIR; DATABASE_URL selects a PostgreSQL server instead)

The feed registry: the addresses the worker polls, each for one outlet. An outlet that is not in the
roster enters it as preliminary (seed 002 §10). Without --outlet the outlet is taken from the host.
  KIND        rss (default), atom, rdf, json (JSON Feed), news-api (needs --preset: ${NewsApiPresetSchema.options.join(', ')})
  --interval  time between polls: 900, 900s, 15m, 2h (at least 60 s; default 15m)
  check       fetches once with the worker's fetcher and reports status, bytes, items and the error
              class; it stores no article and changes no feed. Exit 1 when a check failed.
  import      reads OPML 2.0 (feed readers' exports); addresses already registered are left as they are.
Credentials stay out of the database with placeholders: …&apiKey=\${NEWSAPI_KEY} is filled from the
environment at fetch time. Exit codes: 0 done, 1 failure, 2 usage error, 3 invalid input.`;

const options = {
  db: { type: 'string' },
  json: { type: 'boolean' },
  outlet: { type: 'string' },
  name: { type: 'string' },
  kind: { type: 'string' },
  preset: { type: 'string' },
  purpose: { type: 'string' },
  interval: { type: 'string' },
  title: { type: 'string' },
  unverified: { type: 'boolean' },
  all: { type: 'boolean' },
  timeout: { type: 'string' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>['values'];

/**
 * Seconds from `900`, `900s`, `15m`, `2h` or `1d`.
 *
 * @example
 * parseInterval('15m'); // 900
 */
export function parseInterval(text: string): number {
  const match = /^(\d+)\s*(s|m|h|d)?$/.exec(text.trim());
  if (!match) throw new UsageError(`--interval "${text}" is not a duration such as 900, 15m or 2h`);
  const unit = { s: 1, m: 60, h: 3_600, d: 86_400 }[(match[2] ?? 's') as 's' | 'm' | 'h' | 'd'];
  return Number(match[1]) * unit;
}

function kindOption(values: Values) {
  if (values.kind === undefined) return undefined;
  const kind = FeedKindSchema.safeParse(values.kind);
  if (!kind.success) throw new UsageError(`--kind must be one of ${FeedKindSchema.options.join(', ')}`);
  return kind.data;
}

function purposeOption(values: Values) {
  if (values.purpose === undefined) return undefined;
  const purpose = FeedPurposeSchema.safeParse(values.purpose);
  if (!purpose.success) throw new UsageError(`--purpose must be one of ${FeedPurposeSchema.options.join(', ')}`);
  return purpose.data;
}

function ago(iso: string | null, now: Date): string {
  if (iso === null) return '—';
  const minutes = Math.round((Date.parse(iso) - now.getTime()) / 60_000);
  if (Math.abs(minutes) < 1) return 'now';
  const text = Math.abs(minutes) < 120 ? `${Math.abs(minutes)} min` : `${Math.round(Math.abs(minutes) / 60)} h`;
  return minutes < 0 ? `${text} ago` : `in ${text}`;
}

function stateOf(feed: Feed): string {
  if (!feed.enabled) return `disabled: ${feed.disabledReason ?? '—'}`;
  const last = feed.lastFetch;
  if (last === null) return 'not fetched yet';
  if (last.result === 'failed')
    return `failing ×${feed.consecutiveFailures}: ${last.errorClass}${last.httpStatus ? ` ${last.httpStatus}` : ''}`;
  return last.result === 'not_modified' ? 'ok (304)' : `ok (${last.items ?? 0} items, ${last.itemsNew ?? '?'} new)`;
}

function printFeeds(io: CliIo, feeds: readonly Feed[], now: Date): void {
  io.stdout(
    `${formatTable(
      ['outlet', 'kind', 'every', 'state', 'last fetch', 'next', 'address'],
      feeds.map((feed) => [
        feed.outlet,
        feed.kind === 'news-api' ? `news-api:${feed.preset}` : feed.kind,
        `${Math.round(feed.pollIntervalSeconds / 60)} min`,
        stateOf(feed),
        ago(feed.lastFetch?.startedAt ?? null, now),
        !feed.enabled ? '—' : Date.parse(feed.nextDueAt) <= now.getTime() ? 'due' : ago(feed.nextDueAt, now),
        `${redactFeedUrl(feed.url)}${feed.verified ? '' : ' (unverified)'}${feed.purpose === 'articles' ? '' : ` [${feed.purpose}]`}`,
      ]),
    )}\n${feeds.length} feeds\n`,
  );
}

async function readOpmlFile(path: string): Promise<string> {
  try {
    const info = await stat(path);
    if (info.size > DEFAULT_MAX_FEED_BYTES)
      throw new InputFileError(
        `${path} is ${(info.size / 1_048_576).toFixed(1)} MiB, over the ${DEFAULT_MAX_FEED_BYTES / 1_048_576} MiB limit for an OPML file`,
      );
    return await readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof InputFileError) throw error;
    throw new InputFileError(
      `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
}

function invalidInput(io: CliIo, error: unknown): number {
  if (error instanceof StoreError && error.code === 'invalid_input') {
    io.stderr(`espectro feeds: ${error.message.replace(/^@espectro\/store [a-zA-Z.]+: /, '')}\n`);
    return ExitCode.invalidInput;
  }
  throw error;
}

async function add(store: Store, address: string, values: Values, io: CliIo): Promise<number> {
  const kind = kindOption(values);
  const purpose = purposeOption(values);
  const input: FeedInput = {
    url: address,
    ...(values.outlet !== undefined ? { outlet: values.outlet.toLowerCase() } : {}),
    ...(values.name !== undefined ? { outletName: values.name } : {}),
    ...(kind !== undefined ? { kind } : {}),
    ...(purpose !== undefined ? { purpose } : {}),
    ...(values.preset !== undefined ? { preset: values.preset as FeedInput['preset'] } : {}),
    ...(values.title !== undefined ? { title: values.title } : {}),
    ...(values.interval !== undefined ? { pollIntervalSeconds: parseInterval(values.interval) } : {}),
    ...(values.unverified ? { verified: false } : {}),
  };
  let result;
  try {
    result = await store.feeds.add(input);
  } catch (error) {
    return invalidInput(io, error);
  }
  if (values.json) io.stdout(`${JSON.stringify(result, null, 2)}\n`);
  else {
    const { feed } = result;
    io.stdout(
      result.created
        ? `added ${redactFeedUrl(feed.url)} (${feed.id}) for ${feed.outlet}, ${feed.kind}, every ${Math.round(feed.pollIntervalSeconds / 60)} min${result.preliminaryOutletAdded ? `\n${feed.outlet} was not in the roster: added as a preliminary outlet (PRELIM)` : ''}\n`
        : `already registered: ${redactFeedUrl(feed.url)} (${feed.id}) for ${feed.outlet}; nothing changed\n`,
    );
  }
  return ExitCode.ok;
}

async function check(store: Store, targets: string[], values: Values, io: CliIo): Promise<number> {
  const kind = kindOption(values) ?? 'rss';
  const feeds: FeedToFetch[] = [];
  if (values.all) feeds.push(...(await store.feeds.list({ enabled: true })));
  for (const target of targets) {
    const registered = await store.feeds.get(target);
    feeds.push(
      registered ?? {
        id: feedIdFor(target),
        url: target,
        outlet: 'unregistered',
        kind,
        preset: values.preset ?? null,
        pollIntervalSeconds: 900,
        etag: null,
        lastModified: null,
        consecutiveFailures: 0,
      },
    );
  }
  const timeout = values.timeout === undefined ? undefined : Number(values.timeout);
  if (timeout !== undefined && !(timeout > 0)) throw new UsageError('--timeout must be a positive number of seconds');
  const fetcher = createFeedFetcher({
    policy: timeout === undefined ? {} : { totalTimeoutMs: Math.round(timeout * 1000) },
  });
  let outcomes: FeedFetchOutcome[];
  try {
    // Conditional headers are not sent: a check wants to see the body.
    outcomes = await Promise.all(
      feeds.map((feed) =>
        fetchFeedOnce({ ...feed, etag: null, lastModified: null }, { fetcher, ingest: countFeedItems, env: io.env }),
      ),
    );
  } finally {
    await fetcher.close();
  }
  const report = outcomes.map((outcome) => ({
    url: redactFeedUrl(outcome.url),
    result: outcome.result,
    httpStatus: outcome.httpStatus,
    bytes: outcome.bytes,
    items: outcome.items,
    errorClass: outcome.errorClass,
    errorMessage: outcome.errorMessage === null ? null : redactFeedUrl(outcome.errorMessage),
    finalUrl: outcome.finalUrl === null ? null : redactFeedUrl(outcome.finalUrl),
    redirects: outcome.redirects,
    durationMs: outcome.durationMs,
  }));
  if (values.json) io.stdout(`${JSON.stringify(report, null, 2)}\n`);
  else {
    io.stdout(
      `${formatTable(
        ['result', 'status', 'bytes', 'items', 'ms', 'address', 'error'],
        report.map((entry) => [
          entry.result === 'failed' ? `FAILED ${entry.errorClass}` : entry.result,
          entry.httpStatus === null ? '—' : String(entry.httpStatus),
          String(entry.bytes),
          entry.items === null ? '—' : String(entry.items),
          String(entry.durationMs),
          entry.url,
          entry.errorMessage ?? '',
        ]),
      )}\n${report.filter((entry) => entry.result !== 'failed').length}/${report.length} feeds readable (checked with ${fetcher.policy.userAgent}; nothing stored)\n`,
    );
  }
  return report.some((entry) => entry.result === 'failed') ? ExitCode.failure : ExitCode.ok;
}

async function importOpml(store: Store, path: string, values: Values, io: CliIo): Promise<number> {
  const text = await readOpmlFile(path);
  let list;
  try {
    list = parseOpml(text, { source: path });
  } catch (error) {
    throw new InputFileError((error as Error).message);
  }
  const fallbackInterval = values.interval === undefined ? undefined : parseInterval(values.interval);
  const counts = { added: 0, alreadyRegistered: 0, preliminaryOutlets: [] as string[] };
  const rejected: { url: string | null; title: string | null; reason: string }[] = list.skipped.map((entry) => ({
    url: null,
    title: entry.title,
    reason: entry.reason,
  }));
  for (const feed of list.feeds) {
    const interval = feed.intervalSeconds ?? fallbackInterval;
    try {
      const result = await store.feeds.add({
        url: feed.url,
        kind: feed.kind,
        ...(feed.outlet !== null ? { outlet: feed.outlet } : {}),
        ...(feed.preset !== null ? { preset: feed.preset as FeedInput['preset'] } : {}),
        title: feed.title,
        siteUrl: feed.siteUrl,
        categories: feed.categories,
        verified: feed.verified,
        ...(interval !== undefined ? { pollIntervalSeconds: interval } : {}),
      });
      if (result.created) counts.added += 1;
      else counts.alreadyRegistered += 1;
      if (result.preliminaryOutletAdded) counts.preliminaryOutlets.push(result.feed.outlet);
    } catch (error) {
      if (!(error instanceof StoreError && error.code === 'invalid_input')) throw error;
      rejected.push({
        url: redactFeedUrl(feed.url),
        title: feed.title,
        reason: error.message.replace(/^@espectro\/store [a-zA-Z.]+: /, ''),
      });
    }
  }
  if (values.json) io.stdout(`${JSON.stringify({ ...counts, rejected }, null, 2)}\n`);
  else {
    io.stdout(
      `${path}: ${counts.added} feeds added, ${counts.alreadyRegistered} already registered, ${rejected.length} rejected; ${counts.preliminaryOutlets.length} outlets entered the roster as preliminary\n`,
    );
  }
  for (const entry of rejected)
    io.stderr(`  rejected ${entry.url ?? entry.title ?? '(untitled outline)'}: ${entry.reason}\n`);
  return rejected.length > 0 ? ExitCode.invalidInput : ExitCode.ok;
}

async function exportOpml(store: Store, path: string, io: CliIo): Promise<number> {
  const feeds = await store.feeds.list();
  const text = writeOpml(
    {
      title: 'Espectro feeds',
      feeds: feeds.map((feed) => ({
        url: feed.url,
        title: feed.title,
        siteUrl: feed.siteUrl,
        kind: feed.kind,
        preset: feed.preset,
        outlet: feed.outlet,
        intervalSeconds: feed.pollIntervalSeconds,
        categories: feed.categories,
        verified: feed.verified,
      })),
    },
    new Date(),
  );
  if (path === '-') io.stdout(text.endsWith('\n') ? text : `${text}\n`);
  else {
    await writeFile(resolve(io.cwd, path), text.endsWith('\n') ? text : `${text}\n`);
    io.stdout(`${feeds.length} feeds written to ${path}\n`);
  }
  return ExitCode.ok;
}

/** `espectro feeds`: manage the feed registry. */
export const feedsCommand: CliCommand = {
  name: 'feeds',
  summary: 'Manage the feed registry: add, list, remove, check (fetch once), import/export OPML',
  usage,
  async run(args, io) {
    const { values, positionals } = parseArgs({ args, options, allowPositionals: true, strict: true });
    const [action, ...rest] = positionals;
    const actions = ['add', 'list', 'remove', 'check', 'import', 'export'];
    if (action === undefined || !actions.includes(action))
      throw new UsageError(
        action === undefined
          ? `expected a subcommand: ${actions.join(', ')}`
          : `unknown subcommand "${action}" (expected ${actions.join(', ')})`,
      );
    const one = (what: string) => {
      if (rest.length !== 1) throw new UsageError(`feeds ${action} takes one ${what}`);
      return rest[0]!;
    };
    if (action === 'check' && rest.length === 0 && !values.all)
      throw new UsageError('feeds check needs addresses or ids, or --all');
    if (action === 'list' && rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"`);
    const argument =
      action === 'list' || action === 'check'
        ? null
        : one(action === 'add' ? 'address' : action === 'remove' ? 'address or id' : 'file');
    if (values.interval !== undefined) parseInterval(values.interval);
    kindOption(values);
    purposeOption(values);
    const store = await openCommandStore(io, `espectro feeds ${action}`, values.db);
    try {
      switch (action) {
        case 'add':
          return await add(store, argument!, values, io);
        case 'list': {
          const feeds = await store.feeds.list(values.outlet ? { outlet: values.outlet } : {});
          if (values.json) io.stdout(`${JSON.stringify(feeds, null, 2)}\n`);
          else printFeeds(io, feeds, new Date());
          return ExitCode.ok;
        }
        case 'remove': {
          if (await store.feeds.remove(argument!)) {
            io.stdout(`removed ${redactFeedUrl(argument!)} and its fetch log (its articles stay)\n`);
            return ExitCode.ok;
          }
          io.stderr(`espectro feeds: no feed ${redactFeedUrl(argument!)} (see \`espectro feeds list\`)\n`);
          return ExitCode.failure;
        }
        case 'check':
          return await check(store, rest, values, io);
        case 'import':
          return await importOpml(store, resolve(io.cwd, argument!), values, io);
        default:
          return await exportOpml(store, argument!, io);
      }
    } finally {
      await store.close();
    }
  },
};
