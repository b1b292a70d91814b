/**
 * The rule catalogue against RULES.md: every computable rule ID of §1–4, §5 (SYN-1/3/4/5, TOP-1),
 * §7, §8 and §9 is listed, and every `implementedBy` name is exported from the package root.
 * (SYN-2 and CLU-* belong to the synthesis, llm and clustering packages.)
 */
import { describe, expect, it } from 'vitest';
import * as root from '../index.js';
import { findRule, RuleEntrySchema, ruleCatalogue } from '../index.js';

const RULE_IDS = {
  '§1': [
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
    'CB-0',
    'CB-1',
    'CB-2',
  ],
  /** Espectro choices without a RULES.md ID: the counting behind the §4 content metrics and content factuality (seed 002 §4). */
  '§1 content signals': ['CM-1', 'CM-2', 'CM-3', 'CM-4', 'CF-1'],
  '§2': ['ART-1', 'OT-1', 'OT-2', 'OT-3'],
  '§3': ['COV-1', 'COV-2', 'TIER', 'PG'],
  '§4': ['BS-BR-1', 'BS-BR-2', 'BS-BR-3', 'BS-BR-4', 'BS-BR-5', 'BS-PR-1', 'BS-PR-2', 'BS-PR-3', 'BS-PR-4', 'DRIFT'],
  '§5': ['SYN-1', 'SYN-3', 'SYN-4', 'SYN-5', 'TOP-1'],
  '§7': [
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
    'AUD-1',
    'REP-1',
    'REV-D',
    'MEN-1',
    'MEN-2',
    'COST',
  ],
  '§8': ['CON-1', 'CON-2', 'CON-3', 'CON-4', 'AUDIT'],
  '§9': ['HC-1', 'HC-2', 'AGR-1', 'AGR-2', 'AGR-3', 'AGR-4', 'AGR-5', 'LINK-1'],
};

/** Rules RULES.md marks **[choice]**, and the Espectro choices without a RULES.md ID (CM-*, CF-1). */
const CHOICES = [
  'FUN-5',
  'CB-1',
  'CM-1',
  'CM-2',
  'CM-3',
  'CM-4',
  'CF-1',
  'ART-1',
  'OT-3',
  'PG',
  'BS-BR-5',
  'DEB-1',
  'DEB-3',
  'JR-1/4',
  'CON-3',
  'SYN-5',
];

describe('ruleCatalogue', () => {
  it('lists every computable rule of RULES.md exactly once, each a valid entry', () => {
    const ids = ruleCatalogue.rules.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [section, expected] of Object.entries(RULE_IDS)) {
      for (const id of expected) expect(findRule(id), `${section} ${id}`).toBeDefined();
    }
    for (const rule of ruleCatalogue.rules) expect(RuleEntrySchema.safeParse(rule).success, rule.id).toBe(true);
    expect(ruleCatalogue.methodologyVersion).toBe('v1.3-2026-12');
  });

  it('every implementedBy name is exported from the package root; computable rules name at least one', () => {
    const exported = root as Record<string, unknown>;
    for (const rule of ruleCatalogue.rules) {
      for (const name of rule.implementedBy) expect(exported[name], `${rule.id}: ${name}`).toBeDefined();
    }
    for (const id of Object.values(RULE_IDS).flat()) expect(findRule(id)!.implementedBy.length, id).toBeGreaterThan(0);
  });

  it('the [choice] rules of RULES.md are marked as choices', () => {
    for (const id of CHOICES) expect(findRule(id)?.choice, id).toBe(true);
  });
});
