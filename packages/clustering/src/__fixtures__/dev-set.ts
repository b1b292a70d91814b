import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** One line of data/dev-set.jsonl. */
export interface DevHeadline {
  id: string;
  title: string;
  outlet: string;
  date: string;
  lang: string;
  event: string;
  source: string;
}

/** The development set of real headlines (see data/README.md). */
export function loadDevSet(): DevHeadline[] {
  const path = fileURLToPath(new URL('../../data/dev-set.jsonl', import.meta.url));
  return readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as DevHeadline);
}
