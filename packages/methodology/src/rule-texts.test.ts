/**
 * Every catalogued rule has its title and statement in Spanish and Brazilian Portuguese, as plain
 * text, saying the same numbers as the English statement (a changed threshold fails here until its
 * translations follow).
 */
import { describe, expect, test } from 'vitest';
import { CataloguedRuleSchema, RULE_SECTION_TEXTS, RULE_TEXTS, ruleCatalogue } from './catalogue.js';

/** The digit runs of a text, sorted (decimal points and commas split them alike: 0.74 and 0,74 agree). */
const numbersOf = (text: string) => (text.match(/\d+/g) ?? []).sort();

describe('rule texts in the readers’ languages', () => {
  test('every catalogued rule has a title and a statement in es and pt-BR', () => {
    const missing = ruleCatalogue.rules.filter((rule) => rule.text === null).map((rule) => rule.id);
    expect(missing).toEqual([]);
    for (const rule of ruleCatalogue.rules) expect(() => CataloguedRuleSchema.parse(rule), rule.id).not.toThrow();
  });

  test('no text for a rule the catalogue does not have', () => {
    const ids = new Set(ruleCatalogue.rules.map((rule) => rule.id));
    expect(Object.keys(RULE_TEXTS).filter((id) => !ids.has(id))).toEqual([]);
  });

  test('every section heading is translated', () => {
    const sections = new Set(ruleCatalogue.rules.map((rule) => rule.section));
    expect([...sections].filter((section) => RULE_SECTION_TEXTS[section] === undefined)).toEqual([]);
  });

  test('translations say the same numbers as the English statement', () => {
    const differing: string[] = [];
    for (const rule of ruleCatalogue.rules)
      for (const locale of ['es', 'pt-BR'] as const) {
        const translated = rule.text?.[locale].statement ?? '';
        if (numbersOf(translated).join(' ') !== numbersOf(rule.statement).join(' '))
          differing.push(
            `${rule.id} ${locale}: ${numbersOf(translated).join(' ')} ≠ ${numbersOf(rule.statement).join(' ')}`,
          );
      }
    expect(differing).toEqual([]);
  });

  test('plain text: no markup or backticks, and not the English left in place', () => {
    for (const rule of ruleCatalogue.rules)
      for (const locale of ['es', 'pt-BR'] as const) {
        const { title, statement } = rule.text![locale];
        for (const part of [title, statement]) {
          expect(part, rule.id).not.toMatch(/`|<\/?[a-z][^>]*>/i);
          expect(part.trim(), rule.id).toBe(part);
        }
        expect(statement, `${rule.id} ${locale} is not the English statement`).not.toBe(rule.statement);
      }
  });
});
