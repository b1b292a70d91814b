import { describe, expect, it } from 'vitest';
import { RuleEntrySchema } from '../shared/rule-entry.js';
import * as ratingModule from './index.js';
import { RATING_PARAMETERS } from './parameters.js';
import { ratingRules } from './rules.js';

const EXPECTED_IDS = [
  'FUN-0', 'FUN-1', 'FUN-2', 'FUN-3', 'FUN-4', 'FUN-5', 'FUN-6',
  'CONF-H', 'CONF-SPLIT', 'CONF-CHANGE', 'CONF-CAP', 'PRELIM', 'FAC-1', 'FAC-2', 'REV-1', 'REV-2', 'VER',
  'CB-0', 'CB-1', 'CB-2',
];

describe('ratingRules catalogue', () => {
  it('has one valid entry per rule ID of the module', () => {
    expect(ratingRules.map((rule) => rule.id).sort()).toEqual([...EXPECTED_IDS].sort());
    for (const rule of ratingRules) expect(RuleEntrySchema.safeParse(rule).success).toBe(true);
  });

  it('parameters are the constants the code uses', () => {
    for (const rule of ratingRules) {
      for (const parameter of rule.parameters) {
        expect(RATING_PARAMETERS[parameter.name as keyof typeof RATING_PARAMETERS], `${rule.id}.${parameter.name}`).toBe(parameter.default);
      }
    }
  });

  it('implementedBy names exported functions; [choice] rules are FUN-5 and CB-1', () => {
    for (const rule of ratingRules) {
      for (const name of rule.implementedBy) expect(typeof (ratingModule as Record<string, unknown>)[name], `${rule.id}: ${name}`).toBe('function');
    }
    expect(ratingRules.filter((rule) => rule.choice).map((rule) => rule.id).sort()).toEqual(['CB-1', 'FUN-5']);
  });
});
