import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadReferenceCorpus } from './reference-corpus.js';
import { loadDevSet, loadHeldOutSet } from './__fixtures__/dev-set.js';

const heldOut = loadHeldOutSet();
const feeds = fileURLToPath(new URL('../../../examples/demo-data/feeds/', import.meta.url));
const demoTitles = new Set(
  readdirSync(feeds).flatMap((file) =>
    (JSON.parse(readFileSync(`${feeds}${file}`, 'utf8')) as { items: { title: string }[] }).items.map(
      (item) => item.title,
    ),
  ),
);

describe('the held-out set', () => {
  it('shares no headline with the development set, the demo corpus or the IDF reference corpus', () => {
    const dev = new Set(loadDevSet().map((row) => row.title));
    const reference = new Set(loadReferenceCorpus().texts);
    for (const row of heldOut) {
      expect(dev.has(row.title), row.id).toBe(false);
      expect(demoTitles.has(row.title), row.id).toBe(false);
      expect(reference.has(row.title), row.id).toBe(false);
    }
  });

  it('has at least 150 headlines, unique ids, a source address and an ISO date on every line, and 25+ events with several headlines', () => {
    expect(heldOut.length).toBeGreaterThanOrEqual(150);
    expect(new Set(heldOut.map((row) => row.id)).size).toBe(heldOut.length);
    expect(new Set(heldOut.map((row) => row.title)).size).toBe(heldOut.length);
    for (const row of heldOut) {
      expect(row.source, row.id).toMatch(/^https?:\/\//);
      expect(Number.isNaN(Date.parse(row.date)), row.id).toBe(false);
    }
    const sizes = new Map<string, number>();
    for (const row of heldOut) sizes.set(row.event, (sizes.get(row.event) ?? 0) + 1);
    expect([...sizes.values()].filter((size) => size > 1).length).toBeGreaterThanOrEqual(25);
  });
});
