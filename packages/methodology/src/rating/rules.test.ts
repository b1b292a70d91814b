import { describe, expect, it } from 'vitest';
import { RuleEntrySchema } from '../shared/rule-entry.js';
import * as ratingModule from './index.js';
import { CONTENT_FACTUALITY_PARAMETERS, CONTENT_METRIC_PARAMETERS, RATING_PARAMETERS } from './parameters.js';
import { ratingRules } from './rules.js';

const EXPECTED_IDS = [
  'FUN-0',
  'FUN-1',
  'FUN-2',
  'FUN-3',
  'FUN-4',
  'FUN-5',
  'FUN-6',
  'CONF-H',
  'CONF-SPLIT',
  'CONF-CHANGE',
  'CONF-CAP',
  'PRELIM',
  'FAC-1',
  'FAC-2',
  'REV-1',
  'REV-2',
  'VER',
  'EVID-1',
  'CB-0',
  'CB-1',
  'CB-2',
  'CM-1',
  'CM-2',
  'CM-3',
  'CM-4',
  'CF-1',
];

/** Every parameter object the rules of this module read (names are unique across them). */
const ALL_PARAMETERS: Record<string, unknown> = {
  ...RATING_PARAMETERS,
  ...CONTENT_METRIC_PARAMETERS,
  ...CONTENT_FACTUALITY_PARAMETERS,
};

describe('ratingRules catalogue', () => {
  it('has one valid entry per rule ID of the module', () => {
    expect(ratingRules.map((rule) => rule.id).sort()).toEqual([...EXPECTED_IDS].sort());
    for (const rule of ratingRules) expect(RuleEntrySchema.safeParse(rule).success).toBe(true);
  });

  it('parameters are the constants the code uses', () => {
    const names = [RATING_PARAMETERS, CONTENT_METRIC_PARAMETERS, CONTENT_FACTUALITY_PARAMETERS].flatMap((parameters) =>
      Object.keys(parameters),
    );
    expect(new Set(names).size).toBe(names.length);
    for (const rule of ratingRules) {
      for (const parameter of rule.parameters) {
        expect(ALL_PARAMETERS[parameter.name], `${rule.id}.${parameter.name}`).toBe(parameter.default);
      }
    }
  });

  it('every CONTENT_METRIC_PARAMETERS / CONTENT_FACTUALITY_PARAMETERS entry is listed by a CM-* / CF-1 rule', () => {
    const listed = (prefix: string) =>
      new Set(
        ratingRules
          .filter((rule) => rule.id.startsWith(prefix))
          .flatMap((rule) => rule.parameters.map((parameter) => parameter.name)),
      );
    for (const name of Object.keys(CONTENT_METRIC_PARAMETERS)) expect(listed('CM-').has(name), name).toBe(true);
    for (const name of Object.keys(CONTENT_FACTUALITY_PARAMETERS)) expect(listed('CF-').has(name), name).toBe(true);
  });

  it('implementedBy names exported functions; [choice] rules are FUN-5, CB-1 and the Espectro choices CM-1..4, CF-1', () => {
    for (const rule of ratingRules) {
      for (const name of rule.implementedBy)
        expect(typeof (ratingModule as Record<string, unknown>)[name], `${rule.id}: ${name}`).toBe('function');
    }
    expect(
      ratingRules
        .filter((rule) => rule.choice)
        .map((rule) => rule.id)
        .sort(),
    ).toEqual(['CB-1', 'CF-1', 'CM-1', 'CM-2', 'CM-3', 'CM-4', 'FUN-5']);
  });
});
