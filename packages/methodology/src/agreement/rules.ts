import type { RuleEntry } from '../shared/rule-entry.js';
import {
  DEFAULT_BOOTSTRAP_RESAMPLES,
  DEFAULT_AGREEMENT_LEVEL,
  DEFAULT_KAPPA_STANDARD_ERROR,
  MACRO_ACCURACY_MIN_CASES,
  MIN_PRECISION_CASES,
} from './constants.js';

const SECTION = '9. Headline classifier and its validation';

/**
 * Catalogue entries for the rules implemented in this module (AGR-1, AGR-2, AGR-3, AGR-5).
 *
 * @example
 * agreementRules.find((rule) => rule.id === 'AGR-2')?.parameters;
 */
export const agreementRules: RuleEntry[] = [
  {
    id: 'AGR-1',
    title: "Raw agreement, Cohen's kappa and Wilson intervals",
    section: SECTION,
    seed: '004 La vara antes de medir',
    choice: false,
    implementedBy: ['cohenKappa', 'rawAgreement', 'wilsonInterval', 'normalQuantile'],
    parameters: [
      { name: 'level', default: DEFAULT_AGREEMENT_LEVEL, description: 'Confidence level of every interval.' },
      {
        name: 'se',
        default: DEFAULT_KAPPA_STANDARD_ERROR,
        description:
          "Kappa standard error: 'asymptotic' √(p_o(1−p_o)/(n(1−p_e)²)) or 'fleiss' (Fleiss–Cohen–Everitt 1969).",
      },
    ],
    statement:
      'κ = (p_o − p_e)/(1 − p_e) over the union of both raters’ labels, from integer counts; the CI is κ ± z·SE clipped to [−1, 1]; κ, SE and CI are null when p_e = 1. Proportions get Wilson score intervals clipped to [0, 1]. z is the AS 241 normal quantile.',
  },
  {
    id: 'AGR-2',
    title: 'Macro accuracy with a seeded percentile bootstrap',
    section: SECTION,
    seed: '004 Umbrales pre-registrados y resultado',
    choice: false,
    implementedBy: ['macroAccuracy', 'confusionMatrix', 'createXoshiro128StarStar'],
    parameters: [
      {
        name: 'minCases',
        default: MACRO_ACCURACY_MIN_CASES,
        description: 'Minimum gold cases for a class to enter the mean.',
      },
      { name: 'bootstrap.resamples', default: DEFAULT_BOOTSTRAP_RESAMPLES, description: 'Bootstrap resamples.' },
      {
        name: 'bootstrap.level',
        default: DEFAULT_AGREEMENT_LEVEL,
        description: 'Confidence level of the percentile interval.',
      },
    ],
    statement:
      'Macro accuracy = mean per-class recall over gold classes with ≥ minCases cases. CI: resample the n cases with replacement (xoshiro128** seeded by SplitMix32 from the given seed), recompute the mean recall over the same eligible classes present in the resample, take type-7 quantiles at α/2 and 1−α/2.',
  },
  {
    id: 'AGR-3',
    title: 'No automatic linking from a class whose precision cannot be measured',
    section: SECTION,
    seed: '004 Umbrales pre-registrados y resultado',
    choice: false,
    implementedBy: ['perClassMeasurability', 'perClassPrecision', 'mayAutoLink'],
    parameters: [
      {
        name: 'minPrecisionCases',
        default: MIN_PRECISION_CASES,
        description: 'Gold cases needed to measure a class’s precision.',
      },
    ],
    statement:
      'A class with fewer than 25 gold cases has no measured precision (reported as null) and may not be used to link a headline automatically; a class absent from the golden set is treated the same way.',
  },
  {
    id: 'AGR-5',
    title: 'Every figure carries its n and its interval',
    section: SECTION,
    seed: '004 Limitaciones',
    choice: false,
    implementedBy: ['figure', 'rawAgreement', 'macroAccuracy', 'perClassPrecision'],
    parameters: [],
    statement: 'A reported figure is {value, n, interval, level}; a value without n or interval is an input error.',
  },
];
