import type { z } from 'zod';
import { BoletinNumberSchema, ExtractBoletinesInputSchema } from './boletin.js';
import { HeadlineLinksSchema, LinkHeadlineInputSchema, MayAutoLinkInputSchema } from './link.js';
import { BillPageUrlInputSchema } from './bill-page.js';
import { ClassifiedHeadlineSchema } from './classified.js';
import { StoredHeadlineSchema } from './stored.js';
import { HeadlineSignalsSchema, HeadlineTaxonomyEntrySchema } from './taxonomy.js';

export { headlineRules } from './rules.js';
export {
  HEADLINE_TAXONOMY,
  HeadlineClassSchema,
  HeadlineSignalsSchema,
  HeadlineTaxonomyEntrySchema,
  applyHeadlinePrecedence,
  type HeadlineClass,
  type HeadlineSignals,
  type HeadlineTaxonomyEntry,
} from './taxonomy.js';
export {
  MAX_HEADLINE_DESCRIPTION_LENGTH,
  MAX_HEADLINE_TITLE_LENGTH,
  StoredHeadlineSchema,
  parseStoredHeadline,
  type StoredHeadline,
} from './stored.js';
export { BoletinNumberSchema, ExtractBoletinesInputSchema, extractBoletines } from './boletin.js';
export { ClassifiedHeadlineSchema, type ClassifiedHeadline } from './classified.js';
export { BILL_PAGE_URL_TEMPLATE, BillPageUrlInputSchema, billPageUrl, type BillPageUrlInput } from './bill-page.js';
export {
  BoletinLinkSchema,
  HeadlineLinksSchema,
  LinkHeadlineInputSchema,
  MayAutoLinkInputSchema,
  linkHeadline,
  mayAutoLink,
  type BoletinLink,
  type HeadlineLinks,
  type LinkHeadlineInput,
} from './link.js';

/**
 * Every public input/output schema of this module, by name (used for the published JSON Schemas).
 *
 * @example
 * Object.keys(headlineSchemas); // ['HeadlineTaxonomyEntry', …]
 */
export const headlineSchemas: Record<string, z.ZodType> = {
  HeadlineTaxonomyEntry: HeadlineTaxonomyEntrySchema,
  HeadlineSignals: HeadlineSignalsSchema,
  StoredHeadline: StoredHeadlineSchema,
  ClassifiedHeadline: ClassifiedHeadlineSchema,
  ExtractBoletinesInput: ExtractBoletinesInputSchema,
  BoletinNumber: BoletinNumberSchema,
  LinkHeadlineInput: LinkHeadlineInputSchema,
  HeadlineLinks: HeadlineLinksSchema,
  MayAutoLinkInput: MayAutoLinkInputSchema,
  BillPageUrlInput: BillPageUrlInputSchema,
};
