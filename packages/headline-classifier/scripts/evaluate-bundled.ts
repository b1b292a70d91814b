/**
 * Reproduces every figure quoted in README.md and data/golden/README.md from the committed
 * artifacts: the one out-of-sample run (data/validation/, re-verified and recomputed), the
 * in-sample figure on the development part, both parts' annotator agreement and the outlet
 * composition of the evaluation part.
 *   pnpm --filter @espectro/headline-classifier evaluate-bundled [--markdown]
 */
import {
  BUNDLED_GOLDEN_SETS,
  formatFigure,
  loadGoldenSet,
  loadValidation,
  renderReportMarkdown,
  validationSummary,
  type RecallLine,
} from '../src/index.js';

const summary = await validationSummary(await loadValidation(), await loadGoldenSet(BUNDLED_GOLDEN_SETS.development));

if (!process.argv.includes('--markdown')) {
  console.log(JSON.stringify(summary, null, 2));
} else {
  const recall = (lines: RecallLine[]) =>
    lines.map(
      (line) =>
        `| ${line.class} | ${line.goldCases} | ${line.correct}/${line.goldCases} | ${line.recall === null ? '—' : formatFigure(line.recall, 'percent')} | ${line.eligible ? 'yes' : 'no'} |`,
    );
  const { inSample, composition, timeline } = summary;
  console.log(
    [
      renderReportMarkdown(summary.outOfSample),
      '',
      '## Recall per class, out of sample (Wilson intervals)',
      '',
      '| class | gold | correct | recall | in macro mean |',
      '|---|---:|---:|---|---|',
      ...recall(summary.outOfSampleRecall),
      '',
      '## Development part (in-sample: the rules were written on these cases)',
      '',
      `- ${inSample.cases} cases; macro accuracy ${inSample.macroAccuracy === null ? '—' : formatFigure(inSample.macroAccuracy, 'percent')}`,
      `- Agreement pass A / pass B: ${formatFigure(inSample.agreement.rawAgreement, 'percent')}; kappa ${inSample.agreement.kappa === null ? '—' : formatFigure(inSample.agreement.kappa, 'coefficient')}`,
      '',
      '| class | gold | correct | recall | in macro mean |',
      '|---|---:|---:|---|---|',
      ...recall(inSample.recall),
      '',
      '## Outlet composition of the evaluation part',
      '',
      `- Largest outlet: ${composition.largest.outlet}, ${formatFigure(composition.largest.share, 'percent')}`,
      `- Text from one of the five monitored outlets: ${composition.monitored.cases} cases, ${formatFigure(composition.monitored.share, 'percent')}`,
      ...composition.outlets.map((row) => `  - ${row.outlet}: ${row.cases}`),
      '',
      '## Timeline',
      '',
      `- Rules frozen ${timeline.rulesFrozenAt}; registered ${timeline.registeredAt}; first run ${timeline.firstRunAt}; evaluated ${timeline.evaluatedAt}`,
      '',
      '## Declared absences',
      '',
      ...summary.absences.map((absence) => `- ${absence}`),
    ].join('\n'),
  );
}
