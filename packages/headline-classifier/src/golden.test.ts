import { cohenKappa, confusionMatrix, rawAgreement, type HeadlineClass } from '@espectro/methodology';
import { describe, expect, it } from 'vitest';
import { HeadlineClassifierError } from './errors.js';
import {
  BUNDLED_GOLDEN_DIRECTORY,
  agreementReport,
  checkGoldenSet,
  goldCounts,
  goldLabels,
  loadGoldenSet,
  type GoldenSet,
} from './golden.js';

/**
 * Seed 004's figures: 154 double-annotated cases, 88.96 % raw agreement, κ = 0.83 (95 % CI
 * 0.75–0.91). Built here as two raters with equal marginals (80/30/24/20) and 17 disagreements
 * arranged in label cycles, so that p_o = 137/154 and p_e = 8276/23716.
 */
function seedLikeRaters(): { a: HeadlineClass[]; b: HeadlineClass[] } {
  const classes: HeadlineClass[] = [
    'non_legislative',
    'non_legislative_politics',
    'legislative_process',
    'parliamentary_activity',
  ];
  const sizes = [80, 30, 24, 20];
  const a: HeadlineClass[] = classes.flatMap((label, index) => Array<HeadlineClass>(sizes[index]!).fill(label));
  const b = [...a];
  const firstOf = (label: HeadlineClass, skip: number) => a.indexOf(label) + skip;
  // Five 3-cycles (c0→c1→c2→c0) and one swap (c0↔c3): marginals unchanged, 17 disagreements.
  for (let cycle = 0; cycle < 5; cycle += 1) {
    b[firstOf(classes[0]!, cycle)] = classes[1]!;
    b[firstOf(classes[1]!, cycle)] = classes[2]!;
    b[firstOf(classes[2]!, cycle)] = classes[0]!;
  }
  b[firstOf(classes[0]!, 10)] = classes[3]!;
  b[firstOf(classes[3]!, 0)] = classes[0]!;
  return { a, b };
}

function syntheticGolden(a: HeadlineClass[], b: HeadlineClass[], oversampled: HeadlineClass[]): GoldenSet {
  const cases = [...a, ...oversampled].map((_, index) => ({
    id: `case-${String(index).padStart(3, '0')}`,
    outlet: 'synthetic',
    url: `https://example.cl/${index}`,
    published: null,
    title: `Titular sintético ${index}`,
    description: null,
    oversampled: index >= a.length,
  }));
  const labelsA = [...a, ...oversampled];
  const labelsB = [...b, ...oversampled];
  return {
    cases,
    annotatorA: cases.map((goldenCase, index) => ({ id: goldenCase.id, class: labelsA[index]!, annotator: 'A' })),
    annotatorB: cases.map((goldenCase, index) => ({ id: goldenCase.id, class: labelsB[index]!, annotator: 'B' })),
    arbitration: cases
      .filter((_, index) => labelsA[index] !== labelsB[index])
      .map((goldenCase, index) => ({
        id: goldenCase.id,
        class: labelsA[index]!,
        annotator: 'arbiter',
        rationale: 'synthetic',
      })),
  };
}

describe('seed 004 agreement figures (AGR-1)', () => {
  it('154 double-annotated cases at 88.96 % agreement give κ ≈ 0.83 with CI ≈ [0.75, 0.91]', () => {
    const { a, b } = seedLikeRaters();
    const kappa = cohenKappa(a, b);
    expect(kappa.n).toBe(154);
    expect(kappa.observed).toBeCloseTo(0.8896, 4);
    expect(kappa.kappa!.toFixed(2)).toBe('0.83');
    expect(kappa.ci!.map((bound) => bound.toFixed(2))).toEqual(['0.75', '0.91']);
  });

  it('the golden-set report excludes the 5 over-sampled cases from n (159 cases, 154 double-annotated)', () => {
    const { a, b } = seedLikeRaters();
    const golden = syntheticGolden(a, b, ['law_in_force', 'law_in_force', 'law_in_force', 'ambiguous', 'ambiguous']);
    const report = agreementReport(golden);
    expect(report).toMatchObject({ cases: 159, oversampled: 5, n: 154 });
    expect(report.rawAgreement).toMatchObject({ agreements: 137, n: 154 });
    expect(report.kappa).toEqual(cohenKappa(a, b));
    expect(report.disagreements).toHaveLength(17);
  });
});

describe('bundled golden set (real headlines, data/golden)', () => {
  it('loads, is consistent, and every disagreement is arbitrated', async () => {
    const golden = await loadGoldenSet(BUNDLED_GOLDEN_DIRECTORY);
    expect(golden.cases.length).toBeGreaterThanOrEqual(80);
    expect(() => checkGoldenSet(golden)).not.toThrow();
    for (const goldenCase of golden.cases) {
      expect(goldenCase.url).toMatch(/^https?:\/\//);
      expect(goldenCase.title.trim()).toBe(goldenCase.title);
    }
    const counts = goldCounts(golden);
    expect(Object.values(counts).reduce((sum, count) => sum + count, 0)).toBe(golden.cases.length);
  });

  it('its agreement report is exactly what the methodology functions compute', async () => {
    const golden = await loadGoldenSet(BUNDLED_GOLDEN_DIRECTORY);
    const report = agreementReport(golden);
    const included = golden.cases.filter((goldenCase) => !goldenCase.oversampled);
    const a = included.map((goldenCase) => golden.annotatorA.find((row) => row.id === goldenCase.id)!.class);
    const b = included.map((goldenCase) => golden.annotatorB.find((row) => row.id === goldenCase.id)!.class);
    expect(report.n).toBe(included.length);
    expect(report.rawAgreement).toEqual(rawAgreement(a, b));
    expect(report.kappa).toEqual(cohenKappa(a, b));
    expect(report.confusion.matrix.flat().reduce((sum, count) => sum + count, 0)).toBe(included.length);
    expect(report.confusion).toEqual(confusionMatrix(a, b, report.confusion.classes));
    expect(report.kappa.kappa).toBeGreaterThan(0);
    expect(report.kappa.ci![0]).toBeLessThanOrEqual(report.kappa.kappa!);
  });

  it('gold labels take the arbiter’s decision where the annotators disagree', async () => {
    const golden = await loadGoldenSet(BUNDLED_GOLDEN_DIRECTORY);
    const gold = goldLabels(golden);
    for (const decision of golden.arbitration) expect(gold.get(decision.id)).toBe(decision.class);
  });
});

describe('golden-set consistency checks', () => {
  const base = (): GoldenSet =>
    syntheticGolden(['non_legislative', 'law_in_force'], ['non_legislative', 'ambiguous'], []);

  it('refuses a disagreement without arbitration', () => {
    const golden = { ...base(), arbitration: [] };
    expect(() => checkGoldenSet(golden)).toThrow(/annotators disagree \(law_in_force vs ambiguous\)/);
  });

  it('refuses labels for unknown cases and missing labels', () => {
    const golden = base();
    expect(() =>
      checkGoldenSet({
        ...golden,
        annotatorA: [...golden.annotatorA, { id: 'nope', class: 'ambiguous', annotator: 'A' }],
      }),
    ).toThrow(/id nope is not a case/);
    expect(() => checkGoldenSet({ ...golden, annotatorB: golden.annotatorB.slice(1) })).toThrow(
      HeadlineClassifierError,
    );
  });
});
