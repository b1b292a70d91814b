import type { RuleEntry } from '../shared/rule-entry.js';
import { BILL_PAGE_URL_TEMPLATE } from './bill-page.js';
import { MAX_HEADLINE_DESCRIPTION_LENGTH, MAX_HEADLINE_TITLE_LENGTH } from './stored.js';

const SECTION = '9. Headline classifier and its validation';

/**
 * Catalogue entries for the rules implemented in this module (HC-1, HC-2, LINK-1).
 *
 * @example
 * headlineRules.map((rule) => rule.id); // ['HC-1', 'HC-2', 'LINK-1']
 */
export const headlineRules: RuleEntry[] = [
  {
    id: 'HC-1',
    title: 'Six headline classes and their precedence',
    section: SECTION,
    seed: '004 La taxonomía',
    choice: false,
    implementedBy: ['HEADLINE_TAXONOMY', 'HeadlineClassSchema', 'applyHeadlinePrecedence'],
    parameters: [],
    statement:
      'Classes: legislative_process, parliamentary_activity, law_in_force, non_legislative_politics, non_legislative, ambiguous. Precedence: undecidable → ambiguous; a legislative act → legislative_process (even for a law in force or a named parliamentarian); a named sitting parliamentarian → parliamentary_activity; a law in force → law_in_force; political content → non_legislative_politics; else non_legislative.',
  },
  {
    id: 'HC-2',
    title: 'Only title and description are stored',
    section: SECTION,
    seed: '004 Qué se monitorea',
    choice: false,
    implementedBy: ['StoredHeadlineSchema', 'parseStoredHeadline', 'ClassifiedHeadlineSchema'],
    parameters: [
      { name: 'maxTitleLength', default: MAX_HEADLINE_TITLE_LENGTH, description: 'Longest title accepted.' },
      {
        name: 'maxDescriptionLength',
        default: MAX_HEADLINE_DESCRIPTION_LENGTH,
        description: 'Longest description (bajada) accepted.',
      },
    ],
    statement:
      'A stored headline has exactly id, outlet, url, publishedAt, title and description (or null); any other key, such as body, is rejected.',
  },
  {
    id: 'LINK-1',
    title: 'Headlines link to bills only by boletín number',
    section: SECTION,
    seed: '004 Umbrales pre-registrados y resultado',
    choice: true,
    implementedBy: ['extractBoletines', 'linkHeadline', 'billPageUrl'],
    parameters: [
      {
        name: 'billPageUrl',
        default: BILL_PAGE_URL_TEMPLATE,
        description: "Public page of a bill by its boletín number (the Chamber's record of its passage) [choice].",
      },
    ],
    statement:
      'A headline links to a bill only through a number introduced by the word boletín/boletines in its title or description (optional N°/Nº/N.º/nro./núm. marker, lists joined by , ; y e o u &), normalised to NNNNN-NN (dots and leading zeros removed, 2-digit suffix), and the link goes to the public page of that bill; never through its class. Dates, phone numbers, amounts and RUTs are never read.',
  },
];
