import { readFileSync } from 'node:fs';
import { canonicalJson, sha256Hex } from '@espectro/methodology';
import { describe, expect, it } from 'vitest';
import {
  BASELINE_RULES_ARTIFACT,
  BASELINE_RULES_SHA256,
  baselineRulesDocument,
  verifyBaselineRulesArtifact,
} from './baseline-rules.js';
import { PARLIAMENTARIAN_ROSTER } from './roster.js';

describe('frozen baseline rules (AGR-4, classifier_rules)', () => {
  it('the committed file hashes to its sha256 and equals the rules the code runs', () => {
    const file = JSON.parse(readFileSync(new URL('../data/baseline-rules.json', import.meta.url), 'utf8')) as {
      sha256: string;
      canonical: string;
    };
    expect(sha256Hex(file.canonical)).toBe(file.sha256);
    expect(BASELINE_RULES_SHA256).toBe(file.sha256);
    expect(file.canonical).toBe(canonicalJson(baselineRulesDocument()));
    expect(verifyBaselineRulesArtifact()).toEqual({ ok: true, reason: null });
  });

  it('refuses edited rules, another kind, and rules that are not the code’s', () => {
    const edited = { ...BASELINE_RULES_ARTIFACT, canonical: BASELINE_RULES_ARTIFACT.canonical.replace('veto', 'vetó') };
    expect(verifyBaselineRulesArtifact(edited).reason).toMatch(/sha256 mismatch/);
    expect(verifyBaselineRulesArtifact({ ...BASELINE_RULES_ARTIFACT, kind: 'verdict' }).reason).toMatch(
      /not classifier_rules/,
    );
    const otherRoster = { ...PARLIAMENTARIAN_ROSTER, members: PARLIAMENTARIAN_ROSTER.members.slice(1) };
    expect(baselineRulesDocument(otherRoster).rosterSha256).not.toBe(baselineRulesDocument().rosterSha256);
  });
});
