import { describe, expect, it } from 'vitest';
import { RuleEntrySchema } from '../shared/rule-entry.js';
import * as tendencyModule from './index.js';
import { TENDENCY_PARAMETERS } from './parameters.js';
import { tendencyRules } from './rules.js';

describe('tendencyRules catalogue', () => {
  it('has one valid entry per rule ID, parameters equal to the code constants', () => {
    expect(tendencyRules.map((rule) => rule.id)).toEqual(['ART-1', 'OT-1', 'OT-2', 'OT-3']);
    for (const rule of tendencyRules) {
      expect(RuleEntrySchema.safeParse(rule).success).toBe(true);
      for (const parameter of rule.parameters) {
        expect(
          TENDENCY_PARAMETERS[parameter.name as keyof typeof TENDENCY_PARAMETERS],
          `${rule.id}.${parameter.name}`,
        ).toBe(parameter.default);
      }
      for (const name of rule.implementedBy)
        expect(typeof (tendencyModule as Record<string, unknown>)[name]).toBe('function');
    }
    expect(tendencyRules.filter((rule) => rule.choice).map((rule) => rule.id)).toEqual(['ART-1', 'OT-3']);
  });
});
