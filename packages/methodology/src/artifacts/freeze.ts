import { z } from 'zod';
import { parseInput } from '../shared/validate.js';
import { canonicalJson } from './canonical-json.js';
import { Sha256HexSchema, sha256HexUnchecked } from './sha256.js';

/**
 * The artifacts AGR-4 freezes: taxonomy, thresholds, golden set and the classifier's verdict —
 * and, for an offline classifier whose rules are data (the headline baseline), those rules, so an
 * evaluation can show which rules it measured (Espectro choice, seed 004 "Trazabilidad").
 *
 * @example
 * ArtifactKindSchema.options; // ['taxonomy', 'thresholds', 'golden_set', 'verdict', 'classifier_rules']
 */
export const ArtifactKindSchema = z.enum(['taxonomy', 'thresholds', 'golden_set', 'verdict', 'classifier_rules']);
/**
 * @example
 * const kind: ArtifactKind = 'golden_set';
 */
export type ArtifactKind = z.infer<typeof ArtifactKindSchema>;

/** An instant with its offset, e.g. `2026-04-27T10:00:00Z`. */
const FrozenAtSchema = z.iso.datetime({ offset: true });

/**
 * Input of {@link freezeArtifact}.
 *
 * @example
 * FreezeArtifactInputSchema.parse({ kind: 'verdict', value: { passed: true }, frozenAt: '2026-04-27T10:00:00Z' });
 */
export const FreezeArtifactInputSchema = z.strictObject({
  kind: ArtifactKindSchema,
  /** Any JSON data (validated by {@link canonicalJson}). */
  value: z.unknown(),
  frozenAt: FrozenAtSchema,
});

/**
 * A frozen artifact (rule AGR-4): its canonical JSON and the sha256 of that text (UTF-8).
 *
 * @example
 * FrozenArtifactSchema.parse(freezeArtifact('taxonomy', HEADLINE_TAXONOMY, '2026-04-27T10:00:00Z'));
 */
export const FrozenArtifactSchema = z.strictObject({
  kind: ArtifactKindSchema,
  sha256: Sha256HexSchema,
  frozenAt: FrozenAtSchema,
  canonical: z.string(),
});
/**
 * @example
 * const frozen: FrozenArtifact = freezeArtifact('thresholds', thresholds, '2026-04-27T10:00:00Z');
 */
export type FrozenArtifact = z.infer<typeof FrozenArtifactSchema>;

/**
 * Input of {@link verifyArtifact}.
 *
 * @example
 * VerifyArtifactInputSchema.safeParse({ value: {}, expectedSha256: 'ABC' }).success; // false
 */
export const VerifyArtifactInputSchema = z.strictObject({
  value: z.unknown(),
  expectedSha256: Sha256HexSchema,
});

/**
 * Result of {@link verifyArtifact}: tamper detection is data, not an exception.
 *
 * @example
 * ArtifactVerificationSchema.parse(verifyArtifact(thresholds, registeredHash));
 */
export const ArtifactVerificationSchema = z.object({
  ok: z.boolean(),
  actual: z.string(),
  expected: z.string(),
});
/**
 * @example
 * const check: ArtifactVerification = verifyArtifact(thresholds, registeredHash);
 */
export type ArtifactVerification = z.infer<typeof ArtifactVerificationSchema>;

/**
 * Freezes an artifact (rule AGR-4): canonical JSON (RFC 8785 style) and its sha256.
 *
 * @example
 * freezeArtifact('thresholds', { macroAccuracy: 0.8 }, '2026-04-27T10:00:00Z');
 * // { kind: 'thresholds', sha256: '…64 hex…', frozenAt: '2026-04-27T10:00:00Z', canonical: '{"macroAccuracy":0.8}' }
 */
export function freezeArtifact(kind: ArtifactKind, value: unknown, frozenAt: string): FrozenArtifact {
  const input = parseInput(FreezeArtifactInputSchema, { kind, value, frozenAt }, 'AGR-4', 'freezeArtifact');
  const canonical = canonicalJson(input.value);
  return { kind: input.kind, sha256: sha256HexUnchecked(canonical), frozenAt: input.frozenAt, canonical };
}

/**
 * Checks a value against its registered hash (rule AGR-4): `ok` is true only when the sha256 of
 * its canonical JSON equals `expectedSha256` (64 lowercase hex). An evaluation must refuse
 * thresholds (or any frozen artifact) for which `ok` is false.
 *
 * @example
 * const frozen = freezeArtifact('thresholds', thresholds, '2026-04-27T10:00:00Z');
 * verifyArtifact(thresholds, frozen.sha256);                      // { ok: true, actual, expected }
 * verifyArtifact({ ...thresholds, macroAccuracy: 0.7 }, frozen.sha256).ok; // false
 */
export function verifyArtifact(value: unknown, expectedSha256: string): ArtifactVerification {
  const input = parseInput(VerifyArtifactInputSchema, { value, expectedSha256 }, 'AGR-4', 'verifyArtifact');
  const actual = sha256HexUnchecked(canonicalJson(input.value));
  return { ok: actual === input.expectedSha256, actual, expected: input.expectedSha256 };
}

/**
 * Checks a stored {@link FrozenArtifact} record (rule AGR-4): its `canonical` text must be
 * canonical JSON and hash to its `sha256`, and — when `registeredSha256` is given — that hash
 * must be the registered one. `expected` is the registered hash if given, else the record's.
 *
 * @example
 * verifyFrozenArtifact(frozen, '90981888…'); // { ok: false, … } if anything was edited
 */
export function verifyFrozenArtifact(frozen: FrozenArtifact, registeredSha256?: string): ArtifactVerification {
  const record = parseInput(FrozenArtifactSchema, frozen, 'AGR-4', 'verifyFrozenArtifact');
  const registered =
    registeredSha256 === undefined
      ? undefined
      : parseInput(Sha256HexSchema, registeredSha256, 'AGR-4', 'verifyFrozenArtifact');
  const actual = sha256HexUnchecked(record.canonical);
  let isCanonical: boolean;
  try {
    isCanonical = canonicalJson(JSON.parse(record.canonical)) === record.canonical;
  } catch {
    isCanonical = false;
  }
  const expected = registered ?? record.sha256;
  return { ok: isCanonical && actual === record.sha256 && actual === expected, actual, expected };
}
