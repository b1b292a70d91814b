import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MethodologyInputError } from '../errors.js';
import { TONES } from '../shared/schemas.js';
import { splitSpeakingTime } from './tone.js';

const zero = { proposal: 0, attack: 0, defense: 0, record: 0, chatter: 0 };

describe('splitSpeakingTime (DEB-1)', () => {
  it('splits 10 s of 70 % attack and 30 % proposal into 7 s and 3 s', () => {
    const split = splitSpeakingTime(10, { ...zero, attack: 0.7, proposal: 0.3 });
    expect(split).not.toBeNull();
    expect(split?.attack).toBeCloseTo(7, 12);
    expect(split?.proposal).toBeCloseTo(3, 12);
    expect(split).toMatchObject({ defense: 0, record: 0, chatter: 0 });
    expect(Object.keys(split ?? {}).sort()).toEqual([...TONES].sort());
  });

  it('drops a chunk whose chatter is strictly above 0.5, keeps one at exactly 0.5', () => {
    expect(splitSpeakingTime(10, { ...zero, chatter: 0.51, attack: 0.49 })).toBeNull();
    expect(splitSpeakingTime(10, { ...zero, chatter: 0.5, attack: 0.5 })).toEqual({ ...zero, chatter: 5, attack: 5 });
    expect(splitSpeakingTime(10, { ...zero, chatter: 0.5 + 1e-12, attack: 0.4 })).not.toBeNull();
  });

  it('uses probabilities as given (no renormalisation)', () => {
    expect(splitSpeakingTime(10, { ...zero, attack: 0.25, proposal: 0.25 })).toEqual({
      ...zero,
      attack: 2.5,
      proposal: 2.5,
    });
  });

  it('rejects negative probabilities, a sum above 1 and missing tones, naming rule and field', () => {
    expect(() => splitSpeakingTime(10, { ...zero, attack: -0.1 })).toThrow(MethodologyInputError);
    try {
      splitSpeakingTime(10, { ...zero, attack: 0.7, proposal: 0.4 });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(MethodologyInputError);
      expect((error as MethodologyInputError).rule).toBe('DEB-1');
      expect((error as MethodologyInputError).issues[0]?.path).toEqual(['probabilities']);
    }
    expect(() => splitSpeakingTime(10, { attack: 1 } as never)).toThrow(/probabilities\.proposal/);
    expect(() => splitSpeakingTime(-1, zero)).toThrow(/seconds/);
    expect(() => splitSpeakingTime(10, { ...zero, extra: 0 } as never)).toThrow(MethodologyInputError);
  });

  it('accepts a sum within 1e-9 above 1', () => {
    expect(splitSpeakingTime(10, { ...zero, attack: 0.7, proposal: 0.3 + 5e-10 })).not.toBeNull();
  });
});

const probabilities = fc
  .tuple(...TONES.map(() => fc.integer({ min: 0, max: 1000 })))
  .filter((weights) => weights.reduce((a, b) => a + b, 0) <= 1000)
  .map(
    (weights) =>
      Object.fromEntries(TONES.map((tone, index) => [tone, (weights[index] ?? 0) / 1000])) as Record<
        (typeof TONES)[number],
        number
      >,
  );

describe('splitSpeakingTime properties (DEB-1)', () => {
  test.prop([fc.double({ min: 0, max: 3600, noNaN: true }), probabilities])(
    'parts sum to seconds·Σp and are proportional',
    (seconds, probs) => {
      const split = splitSpeakingTime(seconds, probs);
      if (probs.chatter > 0.5) {
        expect(split).toBeNull();
        return;
      }
      expect(split).not.toBeNull();
      const sumP = TONES.reduce((total, tone) => total + probs[tone], 0);
      const sumParts = TONES.reduce((total, tone) => total + (split?.[tone] ?? 0), 0);
      expect(sumParts).toBeCloseTo(seconds * sumP, 6);
      for (const tone of TONES) expect(split?.[tone]).toBeCloseTo(seconds * probs[tone], 9);
    },
  );
});
