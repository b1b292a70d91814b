import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { BUNDLED_LEXICONS, isPrimaryLink, lexiconMatcher } from './lexicon.js';
import { countWords, sentenceStarts } from './text.js';

const pieces = [
  'El Gobierno',
  'gobierno',
  'extrema derecha',
  'derecha',
  'Según',
  'el PP',
  '.',
  '. ',
  ';\n',
  '3.5',
  'ação',
  'ß',
  '😀',
  'fe de erratas',
  '  ',
  'x\u0301y',
  'Ñandú',
  '?',
  '!',
];
const documentArbitrary = fc
  .array(fc.oneof(fc.constantFrom(...pieces), fc.string({ maxLength: 6 })), { maxLength: 60 })
  .map((parts) => parts.join(' '));

describe('lexiconMatcher', () => {
  const matcher = lexiconMatcher(BUNDLED_LEXICONS.es);

  test.prop([documentArbitrary])(
    'word count and sentence numbers agree with countWords and sentenceStarts',
    (document) => {
      const result = matcher.match(document);
      expect(result.words).toBe(countWords(document));
      const starts = sentenceStarts(document);
      const sentenceOf = (offset: number): number => {
        let sentence = 0;
        while (sentence + 1 < starts.length && starts[sentence + 1]! <= offset) sentence += 1;
        return sentence;
      };
      // hits are grouped into the same sentences as sentenceStarts (numbering may skip empty sentences)
      for (let index = 0; index < result.hits.length; index += 1) {
        const hit = result.hits[index]!;
        expect(document.slice(hit.start, hit.end)).toBe(hit.text);
        const previous = result.hits[index - 1];
        if (previous !== undefined) {
          expect(hit.sentence >= previous.sentence).toBe(true);
          expect(hit.sentence === previous.sentence).toBe(sentenceOf(hit.start) === sentenceOf(previous.start));
        }
      }
    },
  );

  test('leftmost-longest within a category; other categories may overlap', () => {
    const { hits } = matcher.match('La extrema derecha y el gobierno.');
    expect(hits.map((hit) => [hit.category, hit.text])).toEqual([
      ['stance:left', 'extrema derecha'],
      ['executive', 'el gobierno'],
      ['political', 'gobierno'],
    ]);
  });

  test('primary-source links', () => {
    const hosts = BUNDLED_LEXICONS.es.primarySourceHosts;
    expect(isPrimaryLink('https://www.boe.es/diario_boe/txt.php?id=BOE-A-2026-1', hosts)).toBe(true);
    expect(isPrimaryLink('https://www.casarosada.gob.ar/informacion', hosts)).toBe(true);
    expect(isPrimaryLink('https://example.com/informe.pdf', hosts)).toBe(true);
    expect(isPrimaryLink('https://notboe.es/', hosts)).toBe(false);
    expect(isPrimaryLink('not a url', hosts)).toBe(false);
  });
});
