import { HeadlineClassSchema, type HeadlineClass, type HeadlineSignals } from '@espectro/methodology';
import { z } from 'zod';

/** One headline to classify: only its id, title and description (bajada) — never the body (HC-2). */
export const HeadlineInputSchema = z.strictObject({
  id: z.string().min(1),
  title: z.string().min(1),
  description: z.string().nullable().optional(),
});
export type HeadlineInput = z.infer<typeof HeadlineInputSchema>;

/** The field of a headline an evidence phrase was quoted from. */
export type EvidenceField = 'title' | 'description';

/** One classification, labelled with the backend that made it. */
export interface Classification {
  id: string;
  /** The HC-1 class; `null` only when an LLM answer was rejected (see `rejection`). */
  class: HeadlineClass | null;
  /** A phrase quoted verbatim from the title or description that decided the class (`null` when none). */
  evidence: string | null;
  /** Which field the evidence was quoted from. */
  evidenceField: EvidenceField | null;
  /** `rules-baseline (offline)` or `llm:<vendor>/<model>`. */
  backend: string;
  /** The HC-1 signals read from the text (baseline), when the backend exposes them. */
  signals?: HeadlineSignals;
  /** Why an answer was rejected (LLM evidence not found in the text twice, provider failure). */
  rejection?: string;
}

/** The structured output every LLM answer must satisfy: a class and a phrase quoted from the text. */
export const LlmClassificationSchema = z.object({
  class: HeadlineClassSchema,
  evidencePhrase: z.string().min(1).max(300),
});
export type LlmClassification = z.infer<typeof LlmClassificationSchema>;

/**
 * One interface over every headline classifier (the rules baseline, the LLM classifier, test
 * doubles). Results come back in input order, one per item, each labelled with its backend.
 *
 * @example
 * const classifier: HeadlineClassifier = createRulesBaseline();
 * const [result] = await classifier.classify([{ id: '1', title: 'Senado despacha proyecto de pensiones' }]);
 * result.class;   // 'legislative_process'
 * result.backend; // 'rules-baseline (offline)'
 */
export interface HeadlineClassifier {
  /** Backend label written on every result. */
  readonly backend: string;
  classify(items: readonly HeadlineInput[]): Promise<Classification[]>;
}

/** Finds `phrase` in the title, then the description, ignoring case, accents and spacing. */
export function locateEvidence(
  phrase: string,
  item: { title: string; description?: string | null },
  fold: (text: string) => string,
): { field: EvidenceField; quote: string } | null {
  const wanted = fold(phrase).replace(/\s+/g, ' ').trim();
  if (wanted.length === 0) return null;
  for (const field of ['title', 'description'] as const) {
    const text = field === 'title' ? item.title : item.description;
    if (!text) continue;
    const normalised = text.normalize('NFC');
    // Map positions of a whitespace-collapsed folded copy back to the original text.
    const folded = fold(normalised);
    let collapsed = '';
    const origin: number[] = [];
    let previousSpace = false;
    for (let position = 0; position < folded.length; position += 1) {
      const character = folded[position]!;
      if (/\s/.test(character)) {
        if (previousSpace || collapsed.length === 0) continue;
        collapsed += ' ';
        origin.push(position);
        previousSpace = true;
      } else {
        collapsed += character;
        origin.push(position);
        previousSpace = false;
      }
    }
    const at = collapsed.indexOf(wanted);
    if (at >= 0) {
      const start = origin[at]!;
      const end = origin[at + wanted.length - 1]! + 1;
      return { field, quote: normalised.slice(start, end) };
    }
  }
  return null;
}
