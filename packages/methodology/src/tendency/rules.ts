import type { RuleEntry } from '../shared/rule-entry.js';
import { TENDENCY_PARAMETERS as P } from './parameters.js';

const SECTION = '2. Brazilian article and outlet tendency';

/**
 * Catalogue entries for the rules implemented in this module (RULES.md §2).
 *
 * @example
 * tendencyRules.map((rule) => rule.id); // ['ART-1', 'OT-1', 'OT-2', 'OT-3']
 */
export const tendencyRules: RuleEntry[] = [
  {
    id: 'ART-1',
    title: 'Article classification confidence',
    section: SECTION,
    seed: '000 Confiança e amostra',
    choice: true,
    implementedBy: ['articleConfidence'],
    parameters: [
      { name: 'highMinWords', default: P.highMinWords, description: 'words needed for high' },
      { name: 'highMinIndicators', default: P.highMinIndicators, description: 'explicit indicators needed for high' },
      { name: 'mediumMinWords', default: P.mediumMinWords, description: 'words needed for medium' },
      {
        name: 'mediumMinIndicators',
        default: P.mediumMinIndicators,
        description: 'explicit indicators needed for medium',
      },
      {
        name: 'minOutletSample',
        default: P.minOutletSample,
        description: 'below this outlet sample the article drops a level and is preliminary',
      },
    ],
    statement:
      'high if politically relevant, ≥ 300 words and ≥ 3 explicit indicators; medium if politically relevant, ≥ 120 words and ≥ 1 indicator; else low. If the outlet has < 10 analysed articles in the window: one level down (low stays low) and preliminary = true, even when the level is already low.',
  },
  {
    id: 'OT-1',
    title: 'Outlet tendency is the mode',
    section: SECTION,
    seed: '000 Tendência editorial',
    choice: false,
    implementedBy: ['outletTendency'],
    parameters: [
      {
        name: 'windowDays',
        default: P.windowDays,
        description: 'articles published 0–windowDays days before asOf (inclusive)',
      },
    ],
    statement:
      'Outlet tendency = mode of the bias of its politically relevant articles analysed with medium or high confidence and published 0–90 days (inclusive, UTC calendar dates) before asOf. Articles with bias null are not counted. An article dated after asOf is an input error.',
  },
  {
    id: 'OT-2',
    title: 'Sample needed for a tendency',
    section: SECTION,
    seed: '000 Confiança e amostra',
    choice: false,
    implementedBy: ['outletTendency'],
    parameters: [
      { name: 'mediumSample', default: P.mediumSample, description: 'articles needed for a tendency (medium)' },
      { name: 'highSample', default: P.highSample, description: 'articles needed for high' },
    ],
    statement:
      'n < 10 → no tendency, reason insufficient_sample ("sem amostra suficiente", no guess), checked before ties; 10–24 → medium; ≥ 25 → high.',
  },
  {
    id: 'OT-3',
    title: 'Tie for the mode',
    section: SECTION,
    seed: '000 Tendência editorial',
    choice: true,
    implementedBy: ['outletTendency'],
    parameters: [],
    statement: 'A tie for the mode → no tendency: bias null, confidence null, reason tie.',
  },
];
