/**
 * Runs the frozen offline baseline once on the registered evaluation part and freezes the verdict
 * (rules AGR-2..AGR-4). Writes `run-log.json`, `predictions.jsonl` and `verdict.json` next to the
 * registration and refuses to run again once a verdict exists:
 *   pnpm --filter @espectro/headline-classifier run-evaluation
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BASELINE_RULES_SHA256,
  BUNDLED_GOLDEN_SETS,
  TAXONOMY_SHA256,
  VALIDATION_DIRECTORY,
  VALIDATION_FILES,
  createRulesBaseline,
  evaluate,
  loadGoldenSet,
  parseRegistrationFile,
  recordRun,
  toJsonl,
  verifyBaselineRulesArtifact,
} from '../src/index.js';

const file = (name: string) => join(VALIDATION_DIRECTORY, name);
if (existsSync(file(VALIDATION_FILES.verdict))) {
  console.error(`${file(VALIDATION_FILES.verdict)} exists: the registered evaluation runs once.`);
  process.exit(1);
}
const registration = parseRegistrationFile(JSON.parse(readFileSync(file(VALIDATION_FILES.registration), 'utf8')));
const rules = verifyBaselineRulesArtifact();
if (!rules.ok) throw new Error(`the frozen baseline rules do not verify: ${rules.reason}`);
const golden = await loadGoldenSet(BUNDLED_GOLDEN_SETS.evaluation);
const now = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');
const baseline = createRulesBaseline();
const runAt = now();
const classifications = await baseline.classify(golden.cases);
const predictions = classifications.map((classification) => ({ id: classification.id, class: classification.class }));
const runLog = recordRun(null, { at: runAt, backend: baseline.backend, items: predictions.length });
const { verdict, frozen } = evaluate({
  registration,
  thresholds: registration.registration.thresholds,
  taxonomySha256: TAXONOMY_SHA256,
  golden,
  predictions,
  backend: baseline.backend,
  runLog,
  evaluatedAt: now(),
  classifierRulesSha256: BASELINE_RULES_SHA256,
});
writeFileSync(file(VALIDATION_FILES.runLog), `${JSON.stringify(runLog, null, 2)}\n`);
writeFileSync(file(VALIDATION_FILES.predictions), toJsonl(predictions));
writeFileSync(file(VALIDATION_FILES.verdict), `${JSON.stringify(frozen, null, 2)}\n`);
const macro = verdict.macroAccuracy;
console.log(
  `macro accuracy ${macro.value} (95 % CI ${macro.interval?.join('–')}, n = ${macro.n}; ${macro.eligibleClasses.length} classes) → ${verdict.passed.overall ? 'passed' : 'not passed'}; verdict sha256 ${frozen.sha256}`,
);
