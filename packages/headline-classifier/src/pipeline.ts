import { linkHeadline, mayAutoLink, type HeadlineLinks, type PerClassMeasurability } from '@espectro/methodology';
import type { Classification, HeadlineClassifier, HeadlineInput } from './classifier.js';

/**
 * One classification with its bill links (LINK-1) — the line `espectro hc classify` writes. (The
 * stored record, with the headline's text, is `ClassifiedHeadline` of `@espectro/methodology`.)
 */
export interface LinkedClassification {
  id: string;
  class: Classification['class'];
  /** Boletín numbers written in the title or description, normalised (`12345-07`). */
  boletines: string[];
  backend: string;
  evidence: string | null;
  /** Which field the evidence was quoted from. */
  evidenceField: Classification['evidenceField'];
  /** LINK-1/AGR-3: class-based linking is refused, with the rule that refuses it. */
  classLink: HeadlineLinks['classLink'];
  trace: string[];
  rejection?: string;
}

/**
 * Classifies headlines and links each one to bills **only** through boletín numbers written in
 * its title or description (rule LINK-1, `linkHeadline` from @espectro/methodology). The class
 * never creates a link; while a class's precision is unmeasured (AGR-3, `mayAutoLink`) the trace
 * says so. Without `measurability` every class counts as unmeasured.
 *
 * @example
 * const [row] = await classifyAndLink(createRulesBaseline(), [{ id: 'a', title: 'Senado despacha boletín 12.345-07' }]);
 * row.boletines; // ['12345-07']
 */
export async function classifyAndLink(
  classifier: HeadlineClassifier,
  items: readonly HeadlineInput[],
  measurability: PerClassMeasurability = {},
): Promise<LinkedClassification[]> {
  const results = await classifier.classify(items);
  return results.map((result, position) => {
    const item = items[position]!;
    const measured = result.class !== null && mayAutoLink(result.class, measurability);
    const links = linkHeadline(
      { title: item.title, description: item.description ?? null },
      { classPrecisionMeasured: measured },
    );
    const row: LinkedClassification = {
      id: result.id,
      class: result.class,
      boletines: links.links.map((link) => link.boletin),
      backend: result.backend,
      evidence: result.evidence,
      evidenceField: result.evidenceField,
      classLink: links.classLink,
      trace: ['HC-1', ...links.trace],
    };
    if (result.rejection !== undefined) row.rejection = result.rejection;
    return row;
  });
}
