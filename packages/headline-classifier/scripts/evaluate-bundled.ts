/**
 * Reproduces the figures quoted in README.md: the two-pass annotator agreement on the bundled
 * golden set and the offline baseline's evaluation against the arbitrated labels.
 *   pnpm --filter @espectro/headline-classifier evaluate-bundled [--markdown]
 * The registration instant is fixed before the (in-process) run, as pre-registration requires.
 */
import { cohenKappa, rawAgreement } from '@espectro/methodology';
import {
  BUNDLED_GOLDEN_DIRECTORY,
  TAXONOMY_SHA256,
  TAXONOMY_VERSION,
  agreementReport,
  buildReport,
  createRulesBaseline,
  evaluate,
  goldLabels,
  loadGoldenSet,
  recordRun,
  register,
  renderReportMarkdown,
} from '../src/index.js';

const thresholds = { macroAccuracy: { minimum: 0.8 }, precision: { minimum: 0.8 }, bootstrap: { seed: 20261130 } };
const golden = await loadGoldenSet(BUNDLED_GOLDEN_DIRECTORY);
const registration = register({
  thresholds,
  taxonomySha256: TAXONOMY_SHA256,
  golden,
  registeredAt: '2026-11-30T09:00:00Z',
});
const baseline = createRulesBaseline();
const predictions = await baseline.classify(golden.cases);
const { verdict, frozen } = evaluate({
  registration,
  thresholds,
  taxonomySha256: TAXONOMY_SHA256,
  golden,
  predictions,
  backend: baseline.backend,
  runLog: recordRun(null, { at: '2026-11-30T09:01:00Z', backend: baseline.backend, items: predictions.length }),
  evaluatedAt: '2026-11-30T09:02:00Z',
});
const report = buildReport({
  agreement: agreementReport(golden),
  verdict,
  frozenVerdict: frozen,
  taxonomy: { version: TAXONOMY_VERSION, sha256: TAXONOMY_SHA256 },
  generatedAt: '2026-11-30T09:03:00Z',
});
if (process.argv.includes('--markdown')) {
  console.log(renderReportMarkdown(report));
} else {
  const gold = goldLabels(golden);
  const goldList = golden.cases.map((goldenCase) => gold.get(goldenCase.id)!);
  const predicted = predictions.map((prediction) => prediction.class ?? 'unclassified');
  console.log(
    JSON.stringify(
      {
        agreement: report.agreement,
        baseline: {
          accuracy: rawAgreement(goldList, predicted),
          kappaVsGold: cohenKappa(goldList, predicted),
          macroAccuracy: report.evaluation.macroAccuracy,
          eligibleClasses: report.evaluation.eligibleClasses,
          recall: report.evaluation.recall,
          precision: report.evaluation.precision,
          passed: report.evaluation.passed,
          verdictSha256: frozen.sha256,
        },
      },
      null,
      2,
    ),
  );
}
