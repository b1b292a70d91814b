import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FigureSchema } from '@espectro/methodology';
import { beforeAll, describe, expect, it } from 'vitest';
import { HeadlineClassifierError } from './errors.js';
import { BUNDLED_GOLDEN_SETS, loadGoldenSet } from './golden.js';
import {
  VALIDATION_DIRECTORY,
  VALIDATION_FILES,
  loadValidation,
  outletName,
  validationSummary,
  type ValidationBundle,
  type ValidationSummary,
} from './validation.js';

let bundle: ValidationBundle;
let summary: ValidationSummary;

beforeAll(async () => {
  bundle = await loadValidation();
  summary = await validationSummary(bundle, await loadGoldenSet(BUNDLED_GOLDEN_SETS.development));
});

describe('loadValidation', () => {
  it('verifies the committed registration, run and verdict (registered before the first run)', () => {
    expect(bundle.verdict.n).toBe(bundle.golden.cases.length);
    expect(Date.parse(bundle.registration.registration.registeredAt)).toBeLessThanOrEqual(
      Date.parse(bundle.runLog.firstRunAt),
    );
    expect(bundle.runLog.runs).toHaveLength(1);
  });

  it('refuses a verdict that the registered inputs and predictions do not give', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'hc-validation-'));
    await cp(VALIDATION_DIRECTORY, directory, { recursive: true });
    const predictions = (await readFile(join(directory, VALIDATION_FILES.predictions), 'utf8')).split('\n');
    const first = JSON.parse(predictions[0]!) as { id: string; class: string };
    predictions[0] = JSON.stringify({ ...first, class: first.class === 'ambiguous' ? 'non_legislative' : 'ambiguous' });
    await writeFile(join(directory, VALIDATION_FILES.predictions), predictions.join('\n'));
    await expect(loadValidation(directory)).rejects.toBeInstanceOf(HeadlineClassifierError);
  });
});

describe('validationSummary (AGR-5)', () => {
  it('gives every figure with its n and interval and keeps the in-sample figure apart', () => {
    const macro = summary.outOfSample.evaluation.macroAccuracy!;
    expect(FigureSchema.safeParse(macro).success).toBe(true);
    expect(macro.n).toBe(bundle.golden.cases.length);
    expect(summary.inSample.cases).toBeGreaterThan(macro.n);
    expect(summary.inSample.macroAccuracy!.n).toBe(summary.inSample.cases);
    for (const line of [...summary.outOfSampleRecall, ...summary.inSample.recall]) {
      if (line.goldCases === 0) expect(line.recall).toBeNull();
      else expect(line.recall).toMatchObject({ n: line.goldCases, value: line.correct / line.goldCases });
    }
    expect(summary.sha256.verdict).toBe(bundle.frozenVerdict.sha256);
    expect(summary.timeline.rulesFrozenAt < summary.timeline.registeredAt).toBe(true);
  });

  it('lists every case the frozen run got wrong, consistent with the frozen confusion matrix and the recall', () => {
    const { classes, matrix, n } = bundle.verdict.confusion;
    const correct = classes.reduce((sum, _label, index) => sum + matrix[index]![index]!, 0);
    expect(summary.outOfSampleErrors).toHaveLength(n - correct);
    for (const error of summary.outOfSampleErrors) expect(error.predicted).not.toBe(error.gold);
    expect(summary.outOfSampleConfusion.length).toBeGreaterThan(0);
    for (const line of summary.outOfSampleConfusion) {
      expect(line.predictedAs.reduce((sum, cell) => sum + cell.cases, 0)).toBe(line.goldCases);
      const recall = summary.outOfSampleRecall.find((row) => row.class === line.class)!;
      expect(recall.goldCases).toBe(line.goldCases);
      expect(line.predictedAs.find((cell) => cell.class === line.class)?.cases ?? 0).toBe(recall.correct);
      expect(summary.outOfSampleErrors.filter((error) => error.gold === line.class)).toHaveLength(
        line.goldCases - recall.correct,
      );
    }
  });

  it('computes the outlet composition, the largest share and the monitored outlets', () => {
    const { composition } = summary;
    expect(composition.outlets.reduce((sum, row) => sum + row.cases, 0)).toBe(composition.n);
    expect(composition.largest.cases).toBe(Math.max(...composition.outlets.map((row) => row.cases)));
    expect(composition.largest.share.n).toBe(composition.n);
    expect(composition.monitored.cases).toBeLessThanOrEqual(composition.n);
    expect(outletName('Cooperativa (vía agregador hoy.cl)')).toBe('Cooperativa');
  });
});
