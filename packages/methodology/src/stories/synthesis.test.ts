import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MethodologyInputError } from '../errors.js';
import { TOPICS } from '../shared/schemas.js';
import { SYNTHESIS_MAX_FAILED_ATTEMPTS, SYNTHESIS_RETRY_DELAYS_MINUTES } from './constants.js';
import type { SynthesisArticle } from './schemas.js';
import {
  nextRetry,
  pickArticlesForSynthesis,
  retrySchedule,
  topicOrNull,
  validateSentenceCitations,
} from './synthesis.js';

function inputErrorOf(run: () => unknown): MethodologyInputError {
  try {
    run();
  } catch (error) {
    if (error instanceof MethodologyInputError) return error;
    throw error;
  }
  throw new Error('expected a MethodologyInputError');
}

const article = (id: string, domain: string, text: string, publishedAt: string): SynthesisArticle => ({
  id,
  domain,
  text,
  publishedAt,
});

describe('pickArticlesForSynthesis (SYN-1)', () => {
  it('keeps one article per domain, the longest, returned chronologically', () => {
    const picked = pickArticlesForSynthesis([
      article('a1', 'elpais.com', 'corto', '2026-04-27T08:00:00Z'),
      article('a2', 'elpais.com', 'un texto más largo', '2026-04-27T09:00:00Z'),
      article('b1', 'clarin.com', 'texto', '2026-04-27T07:00:00Z'),
    ]);
    expect(picked.map((entry) => entry.id)).toEqual(['b1', 'a2']);
  });

  it('breaks equal lengths to the earliest publication instant (offsets respected), then the smallest id', () => {
    const sameLength = [
      article('late', 'a.com', 'abcde', '2026-04-27T10:00:00Z'),
      article('early', 'a.com', 'fghij', '2026-04-27T11:00:00+02:00'), // 09:00Z
    ];
    expect(pickArticlesForSynthesis(sameLength).map((entry) => entry.id)).toEqual(['early']);
    const sameInstant = [
      article('b', 'a.com', 'abcde', '2026-04-27T10:00:00Z'),
      article('a', 'a.com', 'fghij', '2026-04-27T12:00:00+02:00'),
      article('c', 'a.com', 'klmno', '2026-04-27T10:00:00.000Z'),
    ];
    expect(pickArticlesForSynthesis(sameInstant).map((entry) => entry.id)).toEqual(['a']);
  });

  it('measures text in code points (an emoji is one character); a date-time without offset is an input error', () => {
    expect(
      pickArticlesForSynthesis([
        article('emoji', 'a.com', '😀😀', '2026-04-27'),
        article('ascii', 'a.com', 'abc', '2026-04-28'),
      ]).map((entry) => entry.id),
    ).toEqual(['ascii']);
    expect(
      inputErrorOf(() =>
        pickArticlesForSynthesis([
          article('x', 'a.com', 'abc', '2026-04-27T10:00'),
          article('y', 'a.com', 'abc', '2026-04-27T09:30:00Z'),
        ]),
      ).issues[0]?.path,
    ).toEqual([0, 'publishedAt']);
    // A date alone is midnight UTC.
    expect(
      pickArticlesForSynthesis([
        article('x', 'a.com', 'abc', '2026-04-27'),
        article('y', 'a.com', 'abc', '2026-04-26T23:59:59-01:00'),
      ]).map((entry) => entry.id),
    ).toEqual(['x']);
  });

  it('rejects repeated ids and invalid articles, naming the field', () => {
    const repeated = inputErrorOf(() =>
      pickArticlesForSynthesis([article('a', 'x.com', 't', '2026-04-27'), article('a', 'y.com', 't', '2026-04-27')]),
    );
    expect(repeated.rule).toBe('SYN-1');
    expect(repeated.issues[0]?.path).toEqual([1, 'id']);
    expect(
      inputErrorOf(() => pickArticlesForSynthesis([article('a', 'x.com', 't', '27/04/2026')])).issues[0]?.path,
    ).toEqual([0, 'publishedAt']);
    expect(
      inputErrorOf(() => pickArticlesForSynthesis([article('', 'x.com', 't', '2026-04-27')])).issues[0]?.path,
    ).toEqual([0, 'id']);
  });

  const articlesArbitrary = fc
    .array(
      fc.record({
        domain: fc.constantFrom('a.com', 'b.com', 'c.com'),
        text: fc.string({ maxLength: 6 }),
        hour: fc.integer({ min: 0, max: 3 }),
      }),
      { maxLength: 15 },
    )
    .map((entries) =>
      entries.map((entry, index) =>
        article(`id-${(index * 7) % 15}-${index}`, entry.domain, entry.text, `2026-04-27T0${entry.hour}:00:00Z`),
      ),
    );

  test.prop([
    articlesArbitrary.chain((entries) =>
      fc.tuple(fc.constant(entries), fc.shuffledSubarray(entries, { minLength: entries.length })),
    ),
  ])(
    'one article per domain, never longer alternatives left out, independent of input order',
    ([entries, permuted]) => {
      const picked = pickArticlesForSynthesis(entries);
      expect(pickArticlesForSynthesis(permuted)).toEqual(picked);
      expect(new Set(picked.map((entry) => entry.domain)).size).toBe(picked.length);
      expect(picked.length).toBe(new Set(entries.map((entry) => entry.domain)).size);
      for (const chosen of picked) {
        for (const other of entries.filter((entry) => entry.domain === chosen.domain)) {
          expect([...other.text].length).toBeLessThanOrEqual([...chosen.text].length);
        }
      }
    },
  );
});

describe('validateSentenceCitations (SYN-3)', () => {
  it('accepts sentences that each cite articles of the cluster', () => {
    expect(
      validateSentenceCitations(
        [
          { text: 'El Congreso aprobó la ley.', articleIds: ['a1'] },
          { text: 'La oposición votó en contra.', articleIds: ['a2', 'a1', 'a1'] },
        ],
        ['a1', 'a2', 'a3'],
      ),
    ).toEqual({ valid: true, problems: [] });
  });

  it('returns every problem, tagged and in sentence order; nothing is dropped', () => {
    expect(
      validateSentenceCitations(
        [
          { text: 'Sin fuentes.', articleIds: [] },
          { text: 'Fuente inventada.', articleIds: ['a1', 'zz', 'yy'] },
          { text: '   ', articleIds: [] },
        ],
        ['a1'],
      ),
    ).toEqual({
      valid: false,
      problems: [
        { kind: 'missing_citation', sentenceIndex: 0 },
        { kind: 'unknown_article', sentenceIndex: 1, articleId: 'zz' },
        { kind: 'unknown_article', sentenceIndex: 1, articleId: 'yy' },
        { kind: 'empty_sentence', sentenceIndex: 2 },
        { kind: 'missing_citation', sentenceIndex: 2 },
      ],
    });
  });

  it('rejects malformed input, naming the field', () => {
    const error = inputErrorOf(() => validateSentenceCitations([{ text: 'x', articleIds: [1] }] as never, ['a']));
    expect(error.rule).toBe('SYN-3');
    expect(error.issues[0]?.path).toEqual(['sentences', 0, 'articleIds', 0]);
    expect(inputErrorOf(() => validateSentenceCitations([], [''])).issues[0]?.path).toEqual(['clusterArticleIds', 0]);
  });

  test.prop([
    fc.array(
      fc.record({
        text: fc.string({ minLength: 1 }),
        articleIds: fc.array(fc.constantFrom('a', 'b', 'c', 'x'), { maxLength: 4 }),
      }),
      {
        maxLength: 10,
      },
    ),
  ])('valid exactly when every sentence cites ≥ 1 id and all ids are in the cluster', (sentences) => {
    const result = validateSentenceCitations(sentences, ['a', 'b', 'c']);
    const expected = sentences.every(
      (sentence) =>
        sentence.text.trim() !== '' && sentence.articleIds.length > 0 && sentence.articleIds.every((id) => id !== 'x'),
    );
    expect(result.valid).toBe(expected);
    const unknownCount = sentences.flatMap((sentence) => sentence.articleIds.filter((id) => id === 'x')).length;
    expect(result.problems.filter((problem) => problem.kind === 'unknown_article')).toHaveLength(unknownCount);
  });
});

describe('retrySchedule and nextRetry (SYN-5)', () => {
  it('waits 15 min, 1 h, 3 h, 6 h and discards after the 5th failure', () => {
    expect(SYNTHESIS_RETRY_DELAYS_MINUTES).toEqual([15, 60, 180, 360]);
    expect(SYNTHESIS_MAX_FAILED_ATTEMPTS).toBe(5);
    expect([1, 2, 3, 4, 5, 6].map(retrySchedule)).toEqual([
      15 * 60_000,
      3_600_000,
      3 * 3_600_000,
      6 * 3_600_000,
      null,
      null,
    ]);
  });

  it('computes the retry instant in UTC', () => {
    expect(nextRetry({ failedAttempts: 1, lastFailureAt: '2026-04-27T23:50:00Z' })).toEqual({
      action: 'retry',
      at: '2026-04-28T00:05:00.000Z',
      delayMs: 900_000,
      attempt: 2,
    });
    expect(nextRetry({ failedAttempts: 4, lastFailureAt: '2026-04-27T10:00:00-03:00' })).toMatchObject({
      at: '2026-04-27T19:00:00.000Z',
    });
    expect(nextRetry({ failedAttempts: 3, lastFailureAt: '2026-04-27' })).toMatchObject({
      at: '2026-04-27T03:00:00.000Z',
    });
    expect(
      inputErrorOf(() => nextRetry({ failedAttempts: 3, lastFailureAt: '2026-04-27T10:00' })).issues[0]?.path,
    ).toEqual(['lastFailureAt']);
    expect(nextRetry({ failedAttempts: 5, lastFailureAt: '2026-04-27T10:00:00Z' })).toEqual({
      action: 'discard',
      failedAttempts: 5,
    });
  });

  it('rejects attempt numbers below 1 and malformed timestamps', () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      expect(inputErrorOf(() => retrySchedule(bad)).rule).toBe('SYN-5');
    }
    expect(inputErrorOf(() => nextRetry({ failedAttempts: 1, lastFailureAt: 'ayer' })).issues[0]?.path).toEqual([
      'lastFailureAt',
    ]);
    expect(inputErrorOf(() => nextRetry({ failedAttempts: 0, lastFailureAt: '2026-04-27' })).issues[0]?.path).toEqual([
      'failedAttempts',
    ]);
  });

  test.prop([fc.integer({ min: 1, max: 20 })])('delays never shrink, and discard is final', (attempt) => {
    const now = retrySchedule(attempt);
    const next = retrySchedule(attempt + 1);
    if (now === null) expect(next).toBeNull();
    else if (next !== null) expect(next).toBeGreaterThanOrEqual(now);
  });
});

describe('topicOrNull (TOP-1)', () => {
  it('accepts the 10 identifiers exactly and nothing else; never invents a topic', () => {
    for (const topic of TOPICS) expect(topicOrNull(topic)).toBe(topic);
    expect(topicOrNull(null)).toBeNull();
    for (const label of ['lifestyle', 'Economy', ' economy', 'economía', 'política', ''])
      expect(topicOrNull(label)).toBeNull();
  });

  it('rejects labels that are not strings or null', () => {
    for (const bad of [42, undefined, ['economy'], { topic: 'economy' }]) {
      const error = inputErrorOf(() => topicOrNull(bad as unknown as string));
      expect(error.rule).toBe('TOP-1');
    }
  });
});
