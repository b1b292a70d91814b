import { describe, expect, it } from 'vitest';
import { fnv1a, foldText, foldedWords, wordBoundaryNgrams } from './text.js';

describe('text normalisation', () => {
  it('folds accents, case and punctuation', () => {
    expect(foldText('¿Sánchez, dispuesto a un «congreso exprés»?')).toBe('sanchez dispuesto a un congreso expres');
    expect(foldText('Furação visto do espaço')).toBe('furacao visto do espaco');
    expect(foldedWords('  ')).toEqual([]);
  });

  it('makes word-boundary padded n-grams', () => {
    expect(wordBoundaryNgrams(['gol'], 3, 4)).toEqual([' go', 'gol', 'ol ', ' gol', 'gol ']);
    expect(wordBoundaryNgrams(['a'], 4, 5)).toEqual([' a ']);
  });

  it('hashes with FNV-1a', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
  });
});
