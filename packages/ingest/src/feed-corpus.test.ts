/**
 * The feed corpus: real-world feed documents (peer parsers' committed fixtures, see
 * `__fixtures__/feeds/README.md`) with expected outputs written by reading each document
 * (`__fixtures__/feeds/corpus.json`). Every stated field must match; a string ending in `…` is a
 * prefix; `warnings` are regular expressions each of which some warning must match.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IngestError } from './errors.js';
import { parseFeed, type FeedItem, type ParsedFeed } from './feed.js';

interface Expectation {
  format?: ParsedFeed['format'];
  version?: string | null;
  title?: string | null;
  link?: string | null;
  language?: string | null;
  encoding?: string;
  items?: number;
  skipped?: { index: number; reason: string }[];
  warnings?: string[];
  error?: string;
  entries?: Record<string, Partial<Record<keyof FeedItem, string | null>>>;
}

interface CorpusDocument {
  file: string;
  url?: string;
  contentType?: string;
  expect: Expectation;
}

const directory = join(import.meta.dirname, '__fixtures__', 'feeds');
const corpus = JSON.parse(readFileSync(join(directory, 'corpus.json'), 'utf8')) as { documents: CorpusDocument[] };

/** Compares one stated value, `…`-suffixed strings as prefixes. */
function expectValue(actual: unknown, expected: unknown, where: string): void {
  if (typeof expected === 'string' && expected.endsWith('…')) {
    expect(typeof actual, where).toBe('string');
    expect((actual as string).startsWith(expected.slice(0, -1)), `${where}: ${JSON.stringify(actual)}`).toBe(true);
    return;
  }
  expect(actual, where).toEqual(expected);
}

describe('feed corpus', () => {
  it('holds at least 40 documents, each file once', () => {
    const files = corpus.documents.map((document) => document.file);
    expect(files.length).toBeGreaterThanOrEqual(40);
    expect(new Set(files).size).toBe(files.length);
  });

  it.each(corpus.documents.map((document) => [document.file, document] as const))('%s', (file, document) => {
    const bytes = readFileSync(join(directory, file));
    const options = {
      source: file,
      ...(document.url ? { url: document.url } : {}),
      ...(document.contentType ? { contentType: document.contentType } : {}),
    };
    const expected = document.expect;
    if (expected.error !== undefined) {
      let thrown: unknown;
      try {
        parseFeed(bytes, options);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(IngestError);
      expect((thrown as IngestError).code).toBe(expected.error);
      return;
    }
    const feed = parseFeed(bytes, options);
    for (const field of ['format', 'version', 'title', 'link', 'language', 'encoding'] as const) {
      if (field in expected) expectValue(feed[field], expected[field], field);
    }
    if (expected.items !== undefined) expect(feed.items.length, 'items').toBe(expected.items);
    expect(feed.skipped, 'skipped').toEqual(expected.skipped ?? []);
    for (const pattern of expected.warnings ?? []) {
      expect(
        feed.warnings.some((warning) => new RegExp(pattern).test(warning)),
        `a warning matching /${pattern}/ among ${JSON.stringify(feed.warnings)}`,
      ).toBe(true);
    }
    if (expected.items !== undefined && expected.items > 0)
      expect(feed.warnings.some((warning) => /has no (item|entrie)s|none is an/.test(warning))).toBe(false);
    for (const [index, fields] of Object.entries(expected.entries ?? {})) {
      const item = feed.items[Number(index)];
      expect(item, `item ${index}`).toBeDefined();
      for (const [field, value] of Object.entries(fields)) {
        expectValue(item![field as keyof FeedItem], value, `item ${index} ${field}`);
      }
    }
  });
});
