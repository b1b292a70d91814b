import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { contentStems, countSentences, foldText, splitSentences } from './text.js';

const texts = (source: string): string[] => splitSentences(source).map((span) => span.text);

describe('splitSentences (es, pt)', () => {
  test.each([
    [
      'abbreviations and decimals',
      'El Sr. Pérez viajó a EE.UU. con 3,5 millones. ¿Volverá? Sí.',
      ['El Sr. Pérez viajó a EE.UU. con 3,5 millones.', '¿Volverá?', 'Sí.'],
    ],
    [
      'spaced acronym and thousands',
      'En EE. UU. hubo 1.500 detenidos. La Dra. Ruiz habló.',
      ['En EE. UU. hubo 1.500 detenidos.', 'La Dra. Ruiz habló.'],
    ],
    [
      'initials',
      'Lo dijo J. K. Pérez en la sesión. Luego se fue.',
      ['Lo dijo J. K. Pérez en la sesión.', 'Luego se fue.'],
    ],
    ['decimal point', 'La tasa subió 3.5 puntos. El dólar cayó.', ['La tasa subió 3.5 puntos.', 'El dólar cayó.']],
    ['closing quotes', 'Dijo: «Es el fin.» Después calló.', ['Dijo: «Es el fin.»', 'Después calló.']],
    [
      'lower case after a period does not split',
      'Llegaron a las 10 a. m. y se fueron. Nadie habló.',
      ['Llegaron a las 10 a. m. y se fueron.', 'Nadie habló.'],
    ],
    [
      'ellipsis and exclamations',
      '¡Ganamos! Y ahora... veremos. Fin?! Sí.',
      ['¡Ganamos!', 'Y ahora... veremos.', 'Fin?!', 'Sí.'],
    ],
    [
      'Portuguese',
      'O Sr. Silva disse que a inflação foi de 4,2%. A Câmara votou.',
      ['O Sr. Silva disse que a inflação foi de 4,2%.', 'A Câmara votou.'],
    ],
    [
      'line breaks always split',
      'Título sin punto\nPrimera frase. Segunda frase.',
      ['Título sin punto', 'Primera frase.', 'Segunda frase.'],
    ],
    [
      'dotted company suffix',
      'Lo anunció Techint S.A. en Buenos Aires. Fue ayer.',
      ['Lo anunció Techint S.A. en Buenos Aires.', 'Fue ayer.'],
    ],
  ])('%s', (_name, source, expected) => {
    expect(texts(source)).toEqual(expected);
  });

  test.prop([
    fc.string({ unit: fc.constantFrom('a', 'B', ' ', '.', '?', '\n', '«', '»', '3', ',', 'é', 'Sr', 'EE.') }),
  ])('every span is the verbatim source slice, trimmed, in order and non-overlapping', (source) => {
    let previousEnd = 0;
    for (const span of splitSentences(source)) {
      expect(span.text).toBe(source.slice(span.start, span.end));
      expect(span.text).toBe(span.text.trim());
      expect(span.text).not.toBe('');
      expect(span.start).toBeGreaterThanOrEqual(previousEnd);
      previousEnd = span.end;
    }
  });

  test('countSentences', () => {
    expect(countSentences('')).toBe(0);
    expect(countSentences('Una frase. Otra frase.')).toBe(2);
  });
});

describe('folding and stems', () => {
  test('foldText removes accents and case', () => {
    expect(foldText('Política ECONÓMICA ção')).toBe('politica economica cao');
  });
  test('contentStems drops function words and cuts to 6 characters', () => {
    expect(contentStems('El Gobierno aprobó 3 reformas.')).toEqual(['gobier', 'aprobo', '3', 'reform']);
    expect(contentStems('Los gobiernos')).toEqual(contentStems('el gobierno'));
  });
});
