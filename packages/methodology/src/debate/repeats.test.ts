import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MethodologyInputError } from '../errors.js';
import { REP_EMBEDDING_THRESHOLDS } from './parameters.js';
import { findRepeatedClaim, normalizeClaimText, type EarlierCheck } from './repeats.js';

describe('normalizeClaimText (REP-1)', () => {
  it('folds accents, lowercases, drops punctuation and stopwords, keeps numbers and negations', () => {
    expect(normalizeClaimText('O desemprego caiu para 10,5%!')).toBe('desemprego caiu 10,5');
    expect(normalizeClaimText('  A INFLAÇÃO, no governo dele, NÃO caiu…')).toBe('inflacao no governo dele nao caiu');
    expect(normalizeClaimText('')).toBe('');
  });

  it('rejects a non-string', () => {
    expect(() => normalizeClaimText(3 as never)).toThrow(/REP-1/);
  });
});

function earlier(overrides: Partial<EarlierCheck> & Pick<EarlierCheck, 'checkId' | 'text'>): EarlierCheck {
  return {
    candidate: 'Ana',
    debate: 'Band 18/10',
    history: [{ verdict: 'false', status: 'published', at: '2026-10-18T23:00:00Z', phase: 'live' }],
    ...overrides,
  };
}

describe('findRepeatedClaim (REP-1)', () => {
  it('reuses the latest revised verdict of an exact normalised match, with "já checado em"', () => {
    const result = findRepeatedClaim({
      claim: { candidate: 'Ana', text: 'O desemprego caiu para 10,5%.' },
      earlierChecks: [
        earlier({
          checkId: 'c1',
          text: 'o desemprego caiu para 10,5%',
          history: [
            { verdict: 'false', status: 'published', at: '2026-10-18T23:00:00Z', phase: 'live' },
            { verdict: 'imprecise', status: 'published', at: '2026-10-19T12:00:00Z', phase: 'review' },
          ],
        }),
      ],
    });
    expect(result).toEqual({
      repeated: true,
      checkId: 'c1',
      debate: 'Band 18/10',
      reused: { verdict: 'imprecise', status: 'published', at: '2026-10-19T12:00:00Z', phase: 'review' },
      label: 'já checado em Band 18/10',
      matchedBy: 'exact_key',
      similarity: 1,
      trace: ['REP-1'],
    });
  });

  it('matches by token Jaccard ≥ threshold only when the numbers are the same', () => {
    const base = 'no nosso governo o desemprego caiu para dez por cento em todo o país';
    const paraphrase = 'no nosso governo o desemprego caiu para 10% em todo o país inteiro';
    const input = {
      claim: { candidate: 'Ana', text: paraphrase },
      earlierChecks: [earlier({ checkId: 'c1', text: base })],
    };
    expect(findRepeatedClaim({ ...input, jaccardThreshold: 0.5 })).toMatchObject({
      repeated: true,
      matchedBy: 'jaccard',
    });
    expect(findRepeatedClaim({ ...input, jaccardThreshold: 0.99 })).toEqual({ repeated: false });
    const otherNumber = {
      claim: { candidate: 'Ana', text: base.replace('dez', 'cinco') },
      earlierChecks: [earlier({ checkId: 'c1', text: base })],
    };
    expect(findRepeatedClaim({ ...otherNumber, jaccardThreshold: 0.5 })).toEqual({ repeated: false });
  });

  it('only for the same speaker and a currently published earlier check', () => {
    const text = 'o desemprego caiu para 10,5%';
    expect(
      findRepeatedClaim({ claim: { candidate: 'Beto', text }, earlierChecks: [earlier({ checkId: 'c1', text })] }),
    ).toEqual({ repeated: false });
    const removed = earlier({
      checkId: 'c1',
      text,
      history: [
        { verdict: 'false', status: 'published', at: '2026-10-18T23:00:00Z', phase: 'live' },
        { verdict: 'false', status: 'removed', at: '2026-10-19T12:00:00Z', phase: 'review' },
      ],
    });
    expect(findRepeatedClaim({ claim: { candidate: 'Ana', text }, earlierChecks: [removed] })).toEqual({
      repeated: false,
    });
  });

  it('picks the most recently checked match', () => {
    const text = 'o desemprego caiu para 10,5%';
    const result = findRepeatedClaim({
      claim: { candidate: 'Ana', text },
      earlierChecks: [
        earlier({
          checkId: 'old',
          text,
          debate: 'Globo 01/10',
          history: [{ verdict: 'true', status: 'published', at: '2026-10-01T23:00:00Z', phase: 'live' }],
        }),
        earlier({ checkId: 'new', text, debate: 'Band 18/10' }),
      ],
    });
    expect(result).toMatchObject({ repeated: true, checkId: 'new', label: 'já checado em Band 18/10' });
  });

  it('rejects bad input naming the field', () => {
    expect(() =>
      findRepeatedClaim({ claim: { candidate: 'Ana', text: 'x' }, earlierChecks: [], jaccardThreshold: 2 }),
    ).toThrow(/REP-1.*jaccardThreshold/);
    expect(() =>
      findRepeatedClaim({
        claim: { candidate: 'Ana', text: 'x' },
        earlierChecks: [earlier({ checkId: 'c', text: 'x', history: [] })],
      }),
    ).toThrow(MethodologyInputError);
  });
});

describe('findRepeatedClaim with claim embeddings (REP-1 paraphrases)', () => {
  const earlierText = 'O meu adversário cortou 20% do orçamento da educação.';
  const paraphrase = 'O orçamento da educação foi cortado em 20% pelo meu adversário.';
  const input = (cosine: number | null, threshold = REP_EMBEDDING_THRESHOLDS['offline-char-ngram-tfidf']!) => ({
    claim: { candidate: 'Ana', text: paraphrase },
    earlierChecks: [earlier({ checkId: 'c1', text: earlierText })],
    embeddingSimilarities: [cosine],
    embeddingThreshold: threshold,
  });

  it('a paraphrase Jaccard misses matches by embedding at the threshold, with its cosine', () => {
    expect(findRepeatedClaim({ claim: input(null).claim, earlierChecks: input(null).earlierChecks })).toEqual({
      repeated: false,
    });
    expect(findRepeatedClaim(input(0.93))).toMatchObject({ repeated: true, matchedBy: 'embedding', similarity: 0.93 });
    expect(findRepeatedClaim(input(0.5))).toEqual({ repeated: false });
    expect(findRepeatedClaim(input(null))).toEqual({ repeated: false });
  });

  it('similarities need one entry per earlier check and the embedder’s threshold', () => {
    expect(() => findRepeatedClaim({ ...input(0.9), embeddingSimilarities: [0.9, 0.9] })).toThrow(
      MethodologyInputError,
    );
    const { embeddingThreshold: _threshold, ...withoutThreshold } = input(0.9);
    expect(() => findRepeatedClaim(withoutThreshold)).toThrow(/embeddingThreshold/);
  });

  test.prop([fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true })])(
    'a match at a threshold is a match at every lower one, and never when the numbers differ',
    (cosine, threshold) => {
      const matched = findRepeatedClaim(input(cosine, threshold)).repeated;
      expect(matched).toBe(cosine >= threshold - 1e-9);
      if (matched)
        expect(findRepeatedClaim(input(cosine, threshold - 0.1 < -1 ? -1 : threshold - 0.1)).repeated).toBe(true);
      const otherNumber = {
        ...input(cosine, threshold),
        claim: { candidate: 'Ana', text: paraphrase.replace('20%', '25%') },
      };
      expect(findRepeatedClaim(otherNumber).repeated).toBe(false);
    },
  );

  test.prop([fc.array(fc.option(fc.double({ min: -1, max: 1, noNaN: true }), { nil: null }), { maxLength: 4 })])(
    'below the embedding threshold the result is the Jaccard-only result (embeddings only add matches)',
    (cosines) => {
      const checks = cosines.map((_, index) =>
        earlier({ checkId: `c${index}`, text: index % 2 === 0 ? earlierText : 'O desemprego caiu 20% no país.' }),
      );
      const base = { claim: { candidate: 'Ana', text: paraphrase }, earlierChecks: checks };
      const withEmbeddings = findRepeatedClaim({ ...base, embeddingSimilarities: cosines, embeddingThreshold: 1 });
      const jaccardOnly = findRepeatedClaim(base);
      if (cosines.every((cosine) => cosine === null || cosine < 1 - 1e-9)) expect(withEmbeddings).toEqual(jaccardOnly);
      if (jaccardOnly.repeated)
        expect(findRepeatedClaim({ ...base, embeddingSimilarities: cosines, embeddingThreshold: -1 }).repeated).toBe(
          true,
        );
    },
  );
});
