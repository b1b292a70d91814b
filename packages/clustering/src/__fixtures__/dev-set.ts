import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseJsonLines } from '@espectro/methodology';
import { z } from 'zod';

/** One line of data/dev-set.jsonl or data/held-out-set.jsonl (see data/README.md). */
export const EvaluationHeadlineSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  outlet: z.string().min(1),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  lang: z.string().min(2),
  event: z.string().min(1),
  source: z.string().min(1),
});
/** One real headline with its hand-made event label. */
export type DevHeadline = z.infer<typeof EvaluationHeadlineSchema>;

function loadSet(file: string): DevHeadline[] {
  const path = fileURLToPath(new URL(`../../data/${file}`, import.meta.url));
  return parseJsonLines(readFileSync(path, 'utf8'), file, EvaluationHeadlineSchema).map((line) => line.value);
}

/** The development set of real headlines (see data/README.md). */
export function loadDevSet(): DevHeadline[] {
  return loadSet('dev-set.jsonl');
}

/** The held-out set of real near-neighbour headlines (see data/README.md); nothing is tuned on it. */
export function loadHeldOutSet(): DevHeadline[] {
  return loadSet('held-out-set.jsonl');
}
