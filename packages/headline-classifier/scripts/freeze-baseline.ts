/**
 * Freezes the offline baseline's rules into `data/baseline-rules.json` (rule AGR-4, kind
 * classifier_rules). Run after changing BASELINE_VOCABULARY or the baseline's logic (and bump
 * BASELINE_VERSION):
 *   pnpm --filter @espectro/headline-classifier freeze-baseline
 */
import { writeFileSync } from 'node:fs';
import { freezeArtifact } from '@espectro/methodology';
import { baselineRulesDocument } from '../src/baseline-rules.js';

const frozen = freezeArtifact(
  'classifier_rules',
  baselineRulesDocument(),
  new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
);
writeFileSync(new URL('../data/baseline-rules.json', import.meta.url), `${JSON.stringify(frozen, null, 2)}\n`);
console.log(`baseline rules frozen: sha256 ${frozen.sha256}`);
