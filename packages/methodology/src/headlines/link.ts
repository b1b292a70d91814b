import { z } from 'zod';
import { PerClassMeasurabilitySchema, type PerClassMeasurability } from '../agreement/precision.js';
import { HeadlineClassSchema, type HeadlineClass } from '../shared/schemas.js';
import { parseInput } from '../shared/validate.js';
import { scanBoletines } from './boletin.js';

/**
 * Input of {@link linkHeadline}: the stored text of a headline and what is known of its class's precision.
 *
 * @example
 * LinkHeadlineInputSchema.parse({ headline: { title: 't', description: null }, options: { classPrecisionMeasured: false } });
 */
export const LinkHeadlineInputSchema = z.strictObject({
  headline: z.strictObject({
    title: z.string(),
    description: z.string().nullable(),
  }),
  options: z.strictObject({
    /** Whether the precision of the headline's class was measured (AGR-3). It never enables class-based links. */
    classPrecisionMeasured: z.boolean(),
  }),
});
/**
 * @example
 * const input: LinkHeadlineInput = { headline: { title: 't', description: null }, options: { classPrecisionMeasured: true } };
 */
export type LinkHeadlineInput = z.input<typeof LinkHeadlineInputSchema>;

/**
 * One link from a headline to a bill, by a boletín number found in one field.
 *
 * @example
 * BoletinLinkSchema.parse({ boletin: '12345-07', field: 'title', via: 'boletin_number' });
 */
export const BoletinLinkSchema = z.object({
  boletin: z.string(),
  field: z.enum(['title', 'description']),
  via: z.literal('boletin_number'),
});
/**
 * @example
 * const link: BoletinLink = { boletin: '12345-07', field: 'title', via: 'boletin_number' };
 */
export type BoletinLink = z.infer<typeof BoletinLinkSchema>;

/**
 * Result of {@link linkHeadline}.
 *
 * @example
 * HeadlineLinksSchema.parse(linkHeadline({ title: 't', description: null }, { classPrecisionMeasured: true }));
 */
export const HeadlineLinksSchema = z.object({
  links: z.array(BoletinLinkSchema),
  /** Class-based linking is never performed; the reason says which rule forbids it first. */
  classLink: z.object({
    allowed: z.literal(false),
    reason: z.enum(['class_precision_not_measured', 'links_only_by_boletin']),
  }),
  trace: z.array(z.string()),
});
/**
 * @example
 * const links: HeadlineLinks = linkHeadline(headline, { classPrecisionMeasured: false });
 */
export type HeadlineLinks = z.infer<typeof HeadlineLinksSchema>;

/**
 * Links a headline to bills (rule LINK-1) only through boletín numbers written in its title or
 * description — never through its class. Numbers are unique, title first then description, in
 * order of appearance; a number found in both fields is reported once, for the title.
 * `classPrecisionMeasured: false` adds AGR-3 to the trace as the reason class links are refused;
 * `true` changes nothing else, since LINK-1 forbids class-based links in any case.
 *
 * @example
 * linkHeadline({ title: 'Cámara despacha boletín 12.345-07', description: null }, { classPrecisionMeasured: false });
 * // { links: [{ boletin: '12345-07', field: 'title', via: 'boletin_number' }],
 * //   classLink: { allowed: false, reason: 'class_precision_not_measured' }, trace: ['LINK-1', 'AGR-3'] }
 */
export function linkHeadline(
  headline: { title: string; description: string | null },
  options: { classPrecisionMeasured: boolean },
): HeadlineLinks {
  const input = parseInput(LinkHeadlineInputSchema, { headline, options }, 'LINK-1', 'linkHeadline');
  const links: BoletinLink[] = [];
  const seen = new Set<string>();
  const fields: ['title' | 'description', string | null][] = [
    ['title', input.headline.title],
    ['description', input.headline.description],
  ];
  for (const [field, text] of fields) {
    if (text === null) continue;
    for (const boletin of scanBoletines(text)) {
      if (seen.has(boletin)) continue;
      seen.add(boletin);
      links.push({ boletin, field, via: 'boletin_number' });
    }
  }
  const measured = input.options.classPrecisionMeasured;
  return {
    links,
    classLink: { allowed: false, reason: measured ? 'links_only_by_boletin' : 'class_precision_not_measured' },
    trace: measured ? ['LINK-1'] : ['LINK-1', 'AGR-3'],
  };
}

/**
 * Input of {@link mayAutoLink}.
 *
 * @example
 * MayAutoLinkInputSchema.parse({ headlineClass: 'law_in_force', measurability: {} });
 */
export const MayAutoLinkInputSchema = z.strictObject({
  headlineClass: HeadlineClassSchema,
  measurability: PerClassMeasurabilitySchema,
});

/**
 * Rule AGR-3: whether automatic linking from a class is permitted at all — only when that
 * class's precision is measurable (≥ 25 gold cases). A class missing from `measurability` is not
 * measurable. This is a necessary condition only: {@link linkHeadline} still links exclusively by
 * boletín number (LINK-1).
 *
 * @example
 * mayAutoLink('legislative_process', perClassMeasurability({ legislative_process: 14 })); // false
 */
export function mayAutoLink(headlineClass: HeadlineClass, measurability: PerClassMeasurability): boolean {
  const input = parseInput(MayAutoLinkInputSchema, { headlineClass, measurability }, 'AGR-3', 'mayAutoLink');
  return input.measurability[input.headlineClass]?.measurable === true;
}
