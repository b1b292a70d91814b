import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MethodologyInputError } from '../errors.js';
import { freezeArtifact, verifyArtifact, verifyFrozenArtifact } from './freeze.js';
import { artifactRules } from './rules.js';
import { sha256Hex } from './sha256.js';

const thresholds = { macroAccuracy: 0.8, minCasesPerClass: 8, minPrecisionCases: 25, classes: ['a', 'b'] };

describe('freezeArtifact / verifyArtifact (rule AGR-4)', () => {
  it('freezes canonical JSON with its sha256', () => {
    const frozen = freezeArtifact('thresholds', thresholds, '2026-04-27T10:00:00Z');
    expect(frozen).toEqual({
      kind: 'thresholds',
      sha256: sha256Hex('{"classes":["a","b"],"macroAccuracy":0.8,"minCasesPerClass":8,"minPrecisionCases":25}'),
      frozenAt: '2026-04-27T10:00:00Z',
      canonical: '{"classes":["a","b"],"macroAccuracy":0.8,"minCasesPerClass":8,"minPrecisionCases":25}',
    });
    expect(
      verifyArtifact(
        { minPrecisionCases: 25, classes: ['a', 'b'], minCasesPerClass: 8, macroAccuracy: 0.8 },
        frozen.sha256,
      ),
    ).toEqual({
      ok: true,
      actual: frozen.sha256,
      expected: frozen.sha256,
    });
    expect(verifyFrozenArtifact(frozen).ok).toBe(true);
    expect(verifyFrozenArtifact(frozen, frozen.sha256).ok).toBe(true);
  });

  it('detects tampering', () => {
    const frozen = freezeArtifact('thresholds', thresholds, '2026-04-27T10:00:00Z');
    const tampered = verifyArtifact({ ...thresholds, macroAccuracy: 0.7 }, frozen.sha256);
    expect(tampered.ok).toBe(false);
    expect(tampered.expected).toBe(frozen.sha256);
    expect(tampered.actual).not.toBe(frozen.sha256);
    expect(verifyFrozenArtifact({ ...frozen, canonical: frozen.canonical.replace('0.8', '0.7') }).ok).toBe(false);
    expect(verifyFrozenArtifact({ ...frozen, canonical: '{ "a": 1 }', sha256: sha256Hex('{ "a": 1 }') }).ok).toBe(
      false,
    );
    expect(verifyFrozenArtifact(frozen, sha256Hex('other')).ok).toBe(false);
  });

  it('rejects bad kinds, times and hashes', () => {
    expect(() => freezeArtifact('prompt' as never, {}, '2026-04-27T10:00:00Z')).toThrow(/AGR-4.*kind/);
    expect(() => freezeArtifact('taxonomy', {}, '2026-04-27')).toThrow(/frozenAt/);
    expect(() => verifyArtifact({}, 'E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855')).toThrow(
      MethodologyInputError,
    );
    expect(() => freezeArtifact('verdict', { score: Number.NaN }, '2026-04-27T10:00:00Z')).toThrow(/score/);
  });

  test.prop([fc.jsonValue(), fc.jsonValue()])(
    'verifies a value against its own hash and (almost surely) not another’s',
    (value, other) => {
      const frozen = freezeArtifact('golden_set', value, '2026-04-27T10:00:00Z');
      expect(verifyArtifact(value, frozen.sha256).ok).toBe(true);
      expect(verifyFrozenArtifact(frozen).ok).toBe(true);
      const otherFrozen = freezeArtifact('golden_set', other, '2026-04-27T10:00:00Z');
      expect(verifyArtifact(other, frozen.sha256).ok).toBe(otherFrozen.canonical === frozen.canonical);
    },
  );

  it('is catalogued as AGR-4', () => {
    expect(artifactRules.map((rule) => rule.id)).toEqual(['AGR-4']);
  });
});
