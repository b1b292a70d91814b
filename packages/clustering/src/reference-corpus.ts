import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseJsonLines } from '@espectro/methodology';

/**
 * The real headlines the offline embedder's inverse document frequencies are learnt from, shipped
 * with the package (`data/idf-corpus/*.txt`, one headline a line, and the titles of
 * `data/dev-set.jsonl`; provenance in `data/idf-corpus/README.md`). Fixed: the IDF, and so every
 * vector, does not depend on the batch being clustered.
 */
export interface ReferenceCorpus {
  /** Distinct headlines, in file order. */
  readonly texts: readonly string[];
  /** Files they were read from, relative to the package's `data/`. */
  readonly files: readonly string[];
}

let cached: ReferenceCorpus | undefined;

/** Loads the shipped reference corpus once (later calls return the same object). */
export function loadReferenceCorpus(): ReferenceCorpus {
  if (cached) return cached;
  const dataDirectory = fileURLToPath(new URL('../data/', import.meta.url));
  const texts: string[] = [];
  const seen = new Set<string>();
  const add = (text: string): void => {
    const trimmed = text.trim();
    if (trimmed !== '' && !seen.has(trimmed)) {
      seen.add(trimmed);
      texts.push(trimmed);
    }
  };
  const files = readdirSync(`${dataDirectory}idf-corpus`)
    .filter((file) => file.endsWith('.txt'))
    .sort()
    .map((file) => `idf-corpus/${file}`);
  for (const file of files) for (const line of readFileSync(`${dataDirectory}${file}`, 'utf8').split('\n')) add(line);
  for (const line of parseJsonLines(readFileSync(`${dataDirectory}dev-set.jsonl`, 'utf8'), 'dev-set.jsonl')) {
    add((line.value as { title: string }).title);
  }
  cached = { texts, files: [...files, 'dev-set.jsonl'] };
  return cached;
}
