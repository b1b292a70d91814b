/**
 * Registers the out-of-sample evaluation (rule AGR-4) — once, after the evaluation part is
 * labelled and before the baseline ever runs on it. Writes `data/validation/registration.json`
 * and refuses to overwrite it:
 *   pnpm --filter @espectro/headline-classifier register-evaluation
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BASELINE_RULES_SHA256,
  BUNDLED_GOLDEN_SETS,
  OUT_OF_SAMPLE_THRESHOLDS,
  TAXONOMY_SHA256,
  VALIDATION_DIRECTORY,
  VALIDATION_FILES,
  loadGoldenSet,
  register,
  verifyBaselineRulesArtifact,
} from '../src/index.js';

const target = join(VALIDATION_DIRECTORY, VALIDATION_FILES.registration);
if (existsSync(target)) {
  console.error(`${target} exists: the evaluation is registered once; a new evaluation needs a new golden part.`);
  process.exit(1);
}
const rules = verifyBaselineRulesArtifact();
if (!rules.ok) throw new Error(`the frozen baseline rules do not verify: ${rules.reason}`);
const golden = await loadGoldenSet(BUNDLED_GOLDEN_SETS.evaluation);
const file = register({
  thresholds: OUT_OF_SAMPLE_THRESHOLDS,
  taxonomySha256: TAXONOMY_SHA256,
  golden,
  registeredAt: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
  classifierRulesSha256: BASELINE_RULES_SHA256,
});
mkdirSync(VALIDATION_DIRECTORY, { recursive: true });
writeFileSync(target, `${JSON.stringify(file, null, 2)}\n`);
console.log(`registered at ${file.registration.registeredAt}: sha256 ${file.sha256}`);
