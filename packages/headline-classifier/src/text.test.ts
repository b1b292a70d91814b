import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { foldText } from './text.js';

describe('foldText', () => {
  it('lower-cases, removes vowel accents and keeps ñ', () => {
    expect(foldText('Tramitación APROBÓ Ñuble Pingüino')).toBe('tramitacion aprobo ñuble pinguino');
  });

  test.prop([fc.string({ unit: 'binary' })])('keeps the length, so offsets quote the original', (text) => {
    expect(foldText(text).length).toBe(text.length);
  });

  test.prop([fc.string()])('is idempotent', (text) => {
    expect(foldText(foldText(text))).toBe(foldText(text));
  });
});
