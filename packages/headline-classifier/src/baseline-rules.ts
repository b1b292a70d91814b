/**
 * The offline baseline's rules as a frozen artifact (rule AGR-4, kind `classifier_rules`): its
 * vocabulary, version and roster hash, canonical JSON with sha256, committed in
 * `data/baseline-rules.json`. The out-of-sample evaluation registers this hash, so a verdict
 * names exactly which rules it measured — and the commit that froze it predates the evaluation
 * cases (see `data/golden/README.md`).
 */
import {
  FrozenArtifactSchema,
  canonicalJson,
  sha256Hex,
  verifyFrozenArtifact,
  type FrozenArtifact,
} from '@espectro/methodology';
import frozenRules from '../data/baseline-rules.json' with { type: 'json' };
import { BASELINE_VOCABULARY } from './baseline.js';
import { PARLIAMENTARIAN_ROSTER, type Roster } from './roster.js';

/** Version of the baseline's rules; bump it (and re-freeze) whenever the vocabulary or the logic changes. */
export const BASELINE_VERSION = '2026-12-03.1';

/** What `data/baseline-rules.json` freezes. */
export interface BaselineRulesDocument {
  id: 'espectro.rules-baseline';
  version: string;
  vocabulary: typeof BASELINE_VOCABULARY;
  /** sha256 of the canonical JSON of the parliamentarian roster the baseline matches names against. */
  rosterSha256: string;
}

/**
 * The baseline's rules as data.
 *
 * @example
 * baselineRulesDocument().version; // '2026-12-01.1'
 */
export function baselineRulesDocument(roster: Roster = PARLIAMENTARIAN_ROSTER): BaselineRulesDocument {
  return {
    id: 'espectro.rules-baseline',
    version: BASELINE_VERSION,
    vocabulary: BASELINE_VOCABULARY,
    rosterSha256: sha256Hex(canonicalJson(roster)),
  };
}

/** The committed frozen rules. Regenerate with `pnpm --filter @espectro/headline-classifier freeze-baseline`. */
export const BASELINE_RULES_ARTIFACT: FrozenArtifact = FrozenArtifactSchema.parse(frozenRules);

/** The sha256 of the frozen baseline rules (what the evaluation registers). */
export const BASELINE_RULES_SHA256: string = BASELINE_RULES_ARTIFACT.sha256;

/**
 * Checks the committed rules artifact: untampered, of kind `classifier_rules`, and equal to the
 * rules the code runs (a vocabulary edited without re-freezing fails here).
 */
export function verifyBaselineRulesArtifact(artifact: FrozenArtifact = BASELINE_RULES_ARTIFACT): {
  ok: boolean;
  reason: string | null;
} {
  const verification = verifyFrozenArtifact(artifact);
  if (!verification.ok)
    return { ok: false, reason: `sha256 mismatch: ${verification.actual} ≠ ${verification.expected}` };
  if (artifact.kind !== 'classifier_rules')
    return { ok: false, reason: `artifact kind is ${artifact.kind}, not classifier_rules` };
  if (artifact.canonical !== canonicalJson(baselineRulesDocument()))
    return { ok: false, reason: 'the frozen rules are not the rules in the code: bump BASELINE_VERSION and re-freeze' };
  return { ok: true, reason: null };
}
