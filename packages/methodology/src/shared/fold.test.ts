import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { foldAccents, foldToWords } from './fold.js';

describe('foldAccents and foldToWords', () => {
  it('fold Spanish and Portuguese text', () => {
    expect(foldAccents('Política ECONÓMICA, Milhões, Irã, Ñandú')).toBe('politica economica, milhoes, ira, nandu');
    expect(foldToWords('¿Sánchez, dispuesto a un «congreso exprés»?')).toBe('sanchez dispuesto a un congreso expres');
    expect(foldToWords('ﬁnanças — 3,5 %')).toBe('financas 3 5');
  });

  const latin = fc.string({
    unit: fc.constantFrom(...'aáàâãäçéèêëíìîïñóòôõöúùûüýÿAÁÃÇÉÊÍÑÓÕÚÜ e.,;-«»¿?0123456789'.split('')),
  });
  test.prop([fc.oneof(latin, fc.string({ unit: 'grapheme' }))])(
    'foldAccents equals NFD without combining marks, lower-cased; foldToWords has no accents, case or punctuation',
    (text) => {
      expect(foldAccents(text)).toBe(text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase());
      const words = foldToWords(text);
      expect(words).toBe(words.trim());
      expect(words).not.toMatch(/[^\p{L}\p{N} ]|\s{2}|\p{M}/u);
      expect(foldToWords(words)).toBe(words);
    },
  );
});
