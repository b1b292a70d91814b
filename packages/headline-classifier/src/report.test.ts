import { cohenKappa, macroAccuracy, rawAgreement } from '@espectro/methodology';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRulesBaseline } from './baseline.js';
import { agreementReport, BUNDLED_GOLDEN_DIRECTORY, goldLabels, loadGoldenSet, type GoldenSet } from './golden.js';
import { evaluate, recordRun, register } from './registration.js';
import { buildReport, formatFigure, renderReportMarkdown, type EvaluationReport } from './report.js';
import { TAXONOMY_SHA256, TAXONOMY_VERSION } from './taxonomy.js';

const thresholds = {
  macroAccuracy: { minimum: 0.8 },
  precision: { minimum: 0.8 },
  bootstrap: { seed: 20261130, resamples: 2000 },
};
let golden: GoldenSet;
let report: EvaluationReport;
let baselineLabels: (string | null)[];

beforeAll(async () => {
  golden = await loadGoldenSet(BUNDLED_GOLDEN_DIRECTORY);
  const baseline = createRulesBaseline();
  const predictions = await baseline.classify(golden.cases);
  baselineLabels = predictions.map((prediction) => prediction.class);
  const registration = register({
    thresholds,
    taxonomySha256: TAXONOMY_SHA256,
    golden,
    registeredAt: '2026-11-30T09:00:00Z',
  });
  const { verdict, frozen } = evaluate({
    registration,
    thresholds,
    taxonomySha256: TAXONOMY_SHA256,
    golden,
    predictions,
    backend: baseline.backend,
    runLog: recordRun(null, { at: '2026-11-30T09:10:00Z', backend: baseline.backend, items: predictions.length }),
    evaluatedAt: '2026-11-30T09:20:00Z',
  });
  report = buildReport({
    agreement: agreementReport(golden),
    verdict,
    frozenVerdict: frozen,
    taxonomy: { version: TAXONOMY_VERSION, sha256: TAXONOMY_SHA256 },
    generatedAt: '2026-11-30T09:30:00Z',
  });
});

describe('evaluation report of the rules baseline on the real golden set', () => {
  it('computes the same numbers as the methodology functions (no hard-coded answers)', () => {
    const gold = goldLabels(golden);
    const goldList = golden.cases.map((goldenCase) => gold.get(goldenCase.id)!);
    const predicted = baselineLabels.map((label) => label ?? 'unclassified');
    const macro = macroAccuracy({ gold: goldList, predicted, bootstrap: thresholds.bootstrap });
    expect(report.evaluation.macroAccuracy).toEqual({
      value: macro.value,
      n: macro.n,
      interval: macro.interval,
      level: 0.95,
    });
    const included = golden.cases.filter((goldenCase) => !goldenCase.oversampled);
    const a = included.map((goldenCase) => golden.annotatorA.find((row) => row.id === goldenCase.id)!.class);
    const b = included.map((goldenCase) => golden.annotatorB.find((row) => row.id === goldenCase.id)!.class);
    const kappa = cohenKappa(a, b);
    expect(report.agreement.kappa).toEqual({ value: kappa.kappa, n: kappa.n, interval: kappa.ci, level: 0.95 });
    const raw = rawAgreement(a, b);
    expect(report.agreement.rawAgreement).toEqual({ value: raw.value, n: raw.n, interval: raw.interval, level: 0.95 });
  });

  it('is loosely in the range the README states (a modest offline baseline)', () => {
    const value = report.evaluation.macroAccuracy!.value;
    expect(value).toBeGreaterThan(0.5);
    expect(value).toBeLessThan(1);
    const gold = goldLabels(golden);
    const baselineKappa = cohenKappa(
      golden.cases.map((goldenCase) => gold.get(goldenCase.id)!),
      baselineLabels.map((label) => label ?? 'unclassified'),
    );
    expect(baselineKappa.kappa!).toBeGreaterThan(0.4);
  });

  it('gives every figure its n and interval (AGR-5), also in Markdown', () => {
    const figures = [report.agreement.rawAgreement, report.agreement.kappa!, report.evaluation.macroAccuracy!];
    for (const line of report.evaluation.precision) if (line.measured) figures.push(line.figure);
    for (const figure of figures) {
      expect(figure.n).toBeGreaterThan(0);
      expect(figure.interval[0]).toBeLessThanOrEqual(figure.interval[1]);
    }
    const markdown = renderReportMarkdown(report);
    for (const figure of figures) {
      expect(markdown).toContain(`n = ${figure.n})`);
    }
    expect(markdown).toMatch(/Cohen's kappa: 0\.\d\d \(95 % CI 0\.\d\d–(?:0\.\d\d|1\.00), n = \d+\)/);
    expect(markdown).toContain('precision not measured');
    expect(markdown).toContain('same AI system');
    expect(formatFigure({ value: 0.8896, n: 154, interval: [0.83, 0.93], level: 0.95 }, 'percent')).toBe(
      '89.0 % (95 % CI 83.0 %–93.0 %, n = 154)',
    );
  });

  it('never reports a precision for a class with fewer than 25 gold cases (AGR-3)', () => {
    for (const line of report.evaluation.precision) {
      if (line.goldCases < 25) expect(line.measured).toBe(false);
    }
  });
});
