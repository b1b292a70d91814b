import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { countWords, foldText, locateVerbatim, normaliseQuote, sentenceStarts, tokenize } from './text.js';

describe('locateVerbatim', () => {
  const text = 'O governo disse:\n“A reforma   avança”, segundo o  ministro.';

  test('finds a quote after normalising whitespace and quotation marks only', () => {
    const span = locateVerbatim('"A reforma avança", segundo o ministro', text);
    expect(span).not.toBeNull();
    expect(text.slice(span!.start, span!.end)).toBe('“A reforma   avança”, segundo o  ministro');
  });

  test('rejects paraphrases, case changes and accent changes', () => {
    expect(locateVerbatim('A reforma avanza', text)).toBeNull();
    expect(locateVerbatim('a reforma avança', text)).toBeNull();
    expect(locateVerbatim('A reforma avanca', text)).toBeNull();
    expect(locateVerbatim('O governo afirmou', text)).toBeNull();
  });

  test('an ellipsis marks an omission: the parts must occur in order', () => {
    expect(locateVerbatim('…A reforma   avança”, segundo...', text)).not.toBeNull();
    expect(locateVerbatim('O governo disse … segundo o ministro', text)).not.toBeNull();
    expect(locateVerbatim('segundo o ministro … O governo disse', text)).toBeNull();
    expect(locateVerbatim('...', text)).toBeNull();
  });

  test.prop([fc.string({ minLength: 1, maxLength: 80 }), fc.nat(), fc.nat()])(
    'every substring of a text is found, and its span maps back to it',
    (value, a, b) => {
      const start = a % value.length;
      const end = start + 1 + (b % (value.length - start));
      const quote = value.slice(start, end);
      if (normaliseQuote(quote) === '' || /\.\.\.|…/.test(quote)) return;
      const span = locateVerbatim(quote, value);
      expect(span).not.toBeNull();
      expect(normaliseQuote(value.slice(span!.start, span!.end))).toBe(normaliseQuote(quote));
    },
  );
});

describe('foldText and tokens', () => {
  test('folding keeps the length and strips accents and case', () => {
    expect(foldText('Ação POLÍTICA Ñandú')).toBe('acao politica nandu');
  });

  test.prop([fc.string({ maxLength: 200 })])('folding never changes the length (spans stay valid)', (value) => {
    expect(foldText(value).length).toBe(value.length);
  });

  test('tokens, sentences and word counts', () => {
    expect(tokenize(foldText('Según el Gobierno, la inflación…')).map((token) => token.word)).toEqual([
      'segun',
      'el',
      'gobierno',
      'la',
      'inflacion',
    ]);
    expect(sentenceStarts('Uno. Dos! Tres')).toEqual([0, 5, 10]);
    expect(sentenceStarts('El 3.5% sube. Baja')).toEqual([0, 14]);
    expect(countWords('O governo, em 2026, anunciou…')).toBe(5);
  });
});
