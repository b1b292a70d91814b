import {
  macroAccuracy,
  perClassPrecision,
  sha256Hex,
  verifyFrozenArtifact,
  canonicalJson,
} from '@espectro/methodology';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRulesBaseline } from './baseline.js';
import type { Classification } from './classifier.js';
import { HeadlineClassifierError } from './errors.js';
import { BUNDLED_GOLDEN_DIRECTORY, goldLabels, loadGoldenSet, type GoldenSet } from './golden.js';
import { evaluate, recordRun, register, type ThresholdsInput } from './registration.js';
import { TAXONOMY_SHA256 } from './taxonomy.js';

const thresholds: ThresholdsInput = {
  macroAccuracy: { minimum: 0.75 },
  precision: { minimum: 0.7 },
  bootstrap: { seed: 20261130, resamples: 2000 },
};
let golden: GoldenSet;
let predictions: Classification[];

beforeAll(async () => {
  golden = await loadGoldenSet(BUNDLED_GOLDEN_DIRECTORY);
  predictions = await createRulesBaseline().classify(golden.cases);
});

const registered = () =>
  register({ thresholds, taxonomySha256: TAXONOMY_SHA256, golden, registeredAt: '2026-11-30T09:00:00Z' });
const runLog = (at = '2026-11-30T09:30:00Z') =>
  recordRun(null, { at, backend: 'rules-baseline (offline)', items: predictions.length });
const run = (overrides: Partial<Parameters<typeof evaluate>[0]> = {}) =>
  evaluate({
    registration: registered(),
    thresholds,
    taxonomySha256: TAXONOMY_SHA256,
    golden,
    predictions,
    backend: 'rules-baseline (offline)',
    runLog: runLog(),
    evaluatedAt: '2026-11-30T10:00:00Z',
    ...overrides,
  });

const refusal = (action: () => unknown): HeadlineClassifierError => {
  try {
    action();
  } catch (error) {
    if (error instanceof HeadlineClassifierError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('register (AGR-4)', () => {
  it('freezes thresholds, taxonomy and golden-set hashes with the registration instant', () => {
    const file = registered();
    expect(file.registration.registeredAt).toBe('2026-11-30T09:00:00Z');
    expect(file.registration.sha256.taxonomy).toBe(TAXONOMY_SHA256);
    expect(file.registration.thresholds.macroAccuracy.minCases).toBe(8);
    expect(file.registration.thresholds.precision.minCases).toBe(25);
    expect(file.sha256).toBe(sha256Hex(canonicalJson(file.registration)));
  });
});

describe('evaluate', () => {
  it('computes the verdict with the methodology functions and freezes it', () => {
    const { verdict, frozen } = run();
    const gold = goldLabels(golden);
    const ids = [...gold.keys()];
    const byId = new Map(predictions.map((prediction) => [prediction.id, prediction.class!]));
    const expectedMacro = macroAccuracy({
      gold: ids.map((id) => gold.get(id)!),
      predicted: ids.map((id) => byId.get(id)!),
      bootstrap: { seed: 20261130, resamples: 2000 },
    });
    expect(verdict.macroAccuracy).toEqual(expectedMacro);
    expect(verdict.precision).toEqual(
      perClassPrecision(
        ids.map((id) => gold.get(id)!),
        ids.map((id) => byId.get(id)!),
      ),
    );
    expect(verdict.n).toBe(golden.cases.length);
    expect(verdict.macroAccuracy.interval![0]).toBeLessThanOrEqual(verdict.macroAccuracy.value!);
    expect(verifyFrozenArtifact(frozen).ok).toBe(true);
    expect(frozen.kind).toBe('verdict');
    // AGR-3: classes below 25 gold cases never auto-link.
    for (const row of verdict.precision) {
      if (row.goldCases < 25) expect(row.value).toBeNull();
      if (row.class !== 'unclassified')
        expect(verdict.autoLinkAllowed[row.class as keyof typeof verdict.autoLinkAllowed]).toBe(row.goldCases >= 25);
    }
  });

  it('refuses thresholds that are not the registered ones', () => {
    const error = refusal(() => run({ thresholds: { ...thresholds, macroAccuracy: { minimum: 0.6 } } }));
    expect(error.code).toBe('not_registered');
    expect(error.message).toMatch(/thresholds are not the registered ones/);
  });

  it('refuses a registration newer than the classifier’s first run', () => {
    const error = refusal(() => run({ runLog: runLog('2026-11-30T08:59:59Z') }));
    expect(error.code).toBe('registration_after_first_run');
    const laterRun = recordRun(runLog('2026-11-30T09:30:00Z'), { at: '2026-11-30T08:00:00Z', backend: 'x', items: 1 });
    expect(laterRun.firstRunAt).toBe('2026-11-30T08:00:00Z');
    expect(refusal(() => run({ runLog: laterRun })).code).toBe('registration_after_first_run');
  });

  it('refuses a tampered registration, another taxonomy or an edited golden set', () => {
    const file = registered();
    const tampered = { ...file, registration: { ...file.registration, registeredAt: '2026-11-29T09:00:00Z' } };
    expect(refusal(() => run({ registration: tampered })).message).toMatch(/edited after it was frozen/);
    expect(refusal(() => run({ taxonomySha256: '0'.repeat(64) })).message).toMatch(/taxonomy changed/);
    const edited = {
      ...golden,
      annotatorA: golden.annotatorA.map((row) => row),
      cases: golden.cases.map((goldenCase, index) =>
        index === 0 ? { ...goldenCase, title: `${goldenCase.title}.` } : goldenCase,
      ),
    };
    expect(refusal(() => run({ golden: edited })).message).toMatch(/golden set changed/);
  });

  it('binds the classifier rules when they are registered', () => {
    const rules = 'a'.repeat(64);
    const withRules = register({
      thresholds,
      taxonomySha256: TAXONOMY_SHA256,
      golden,
      registeredAt: '2026-11-30T09:00:00Z',
      classifierRulesSha256: rules,
    });
    expect(withRules.registration.sha256.classifierRules).toBe(rules);
    expect(run({ registration: withRules, classifierRulesSha256: rules }).verdict.sha256.classifierRules).toBe(rules);
    expect(refusal(() => run({ registration: withRules })).message).toMatch(/classifier rules are not the registered/);
    expect(refusal(() => run({ registration: withRules, classifierRulesSha256: 'b'.repeat(64) })).code).toBe(
      'not_registered',
    );
    expect(registered().registration.sha256).not.toHaveProperty('classifierRules');
  });

  it('refuses predictions that do not cover the golden set', () => {
    expect(refusal(() => run({ predictions: predictions.slice(1) })).code).toBe('predictions_incomplete');
  });

  it('counts a rejected (null) prediction as wrong under its own label', () => {
    const rejected = predictions.map((prediction, index) =>
      index === 0 ? { ...prediction, class: null } : prediction,
    );
    const { verdict } = run({ predictions: rejected });
    expect(verdict.confusion.classes).toContain('unclassified');
  });
});
