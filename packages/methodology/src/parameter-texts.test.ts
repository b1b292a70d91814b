/**
 * Every catalogued parameter has its description in Spanish and Brazilian Portuguese, saying the
 * same numbers as the English description (a changed description fails here until its
 * translations follow), and no translation is left for a parameter the catalogue does not have.
 */
import { describe, expect, test } from 'vitest';
import { PARAMETER_TEXTS, parameterTextKey, ruleCatalogue } from './catalogue.js';

/** The digit runs of a text, sorted (decimal points and commas split them alike). */
const numbersOf = (text: string) => (text.match(/\d+/g) ?? []).sort();
const parameters = ruleCatalogue.rules.flatMap((rule) =>
  rule.parameters.map((parameter) => ({
    key: parameterTextKey(rule.id, parameter.name),
    description: parameter.description,
  })),
);

describe('parameter descriptions in the readers’ languages', () => {
  test('every catalogued parameter has a description in es and pt-BR', () => {
    expect(parameters.filter(({ key }) => PARAMETER_TEXTS[key] === undefined).map(({ key }) => key)).toEqual([]);
    for (const { key } of parameters)
      for (const locale of ['es', 'pt-BR'] as const) expect(PARAMETER_TEXTS[key]?.[locale].trim(), key).not.toBe('');
  });

  test('no description for a parameter the catalogue does not have', () => {
    const keys = new Set(parameters.map(({ key }) => key));
    expect(Object.keys(PARAMETER_TEXTS).filter((key) => !keys.has(key))).toEqual([]);
  });

  test('translations say the same numbers as the English description', () => {
    const differing: string[] = [];
    for (const { key, description } of parameters)
      for (const locale of ['es', 'pt-BR'] as const) {
        const translated = PARAMETER_TEXTS[key]?.[locale] ?? '';
        if (numbersOf(translated).join(' ') !== numbersOf(description).join(' '))
          differing.push(`${key} ${locale}: ${numbersOf(translated).join(' ')} ≠ ${numbersOf(description).join(' ')}`);
      }
    expect(differing).toEqual([]);
  });

  test('the number check catches a stale translation', () => {
    expect(numbersOf('wait after the failed attempt number 2').join(' ')).not.toBe(
      numbersOf(PARAMETER_TEXTS[parameterTextKey('SYN-5', 'delayAfterFailure1Minutes')]!.es).join(' '),
    );
  });
});
