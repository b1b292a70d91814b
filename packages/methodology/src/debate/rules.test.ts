import { describe, expect, it } from 'vitest';
import { RuleEntrySchema } from '../shared/rule-entry.js';
import * as debate from './index.js';

const REQUIRED_IDS = [
  'DEB-1',
  'DEB-2',
  'DEB-3',
  'DEB-4',
  'DEB-5',
  'JR-1/4',
  'JR-2/3',
  'JR-5',
  'JR-6',
  'JR-7',
  'JR-8',
  'JR-9',
  'JR-10',
  'AUD-1',
  'REP-1',
  'REV-D',
  'MEN-1',
  'MEN-2',
  'COST',
];

describe('debateRules catalogue', () => {
  it('has exactly one valid entry per rule ID of RULES.md §7', () => {
    expect(debate.debateRules.map((rule) => rule.id)).toEqual(REQUIRED_IDS);
    for (const rule of debate.debateRules) expect(RuleEntrySchema.safeParse(rule).success, rule.id).toBe(true);
  });

  it('names only exported implementations; JR-10 is a prompt rule', () => {
    for (const rule of debate.debateRules) {
      for (const name of rule.implementedBy) expect(debate, `${rule.id} → ${name}`).toHaveProperty(name);
    }
    expect(debate.debateRules.find((rule) => rule.id === 'JR-10')?.implementedBy).toEqual([]);
  });

  it('shows the defaults the code uses', () => {
    const parameter = (id: string, name: string) =>
      debate.debateRules.find((rule) => rule.id === id)?.parameters.find((entry) => entry.name === name)?.default;
    expect(parameter('JR-1/4', 'tolerance')).toBe(debate.JR_NUMERIC_TOLERANCE);
    expect(parameter('MEN-2', 'tiePoints')).toBe(10);
    expect(parameter('DEB-3', 'excludedDomains')).toEqual([...debate.DEB_EXCLUDED_DOMAINS]);
  });

  it('registers every schema under a PascalCase name', () => {
    for (const name of Object.keys(debate.debateSchemas)) expect(name).toMatch(/^[A-Z][A-Za-z0-9]+$/);
  });
});
