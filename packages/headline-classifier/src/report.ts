import { HEADLINE_TAXONOMY, figure, type Figure, type FrozenArtifact, type HeadlineClass } from '@espectro/methodology';
import type { AgreementReport } from './golden.js';
import type { Verdict } from './registration.js';

/** One class's precision in the report: a figure where AGR-3 allows measuring it, else the reason. */
export type PrecisionLine =
  | { class: string; measured: true; figure: Figure; goldCases: number }
  | { class: string; measured: false; reason: string; goldCases: number };

/** The report of a golden-set evaluation (rule AGR-5: every figure carries its n and its interval). */
export interface EvaluationReport {
  generatedAt: string;
  taxonomy: { version: string; sha256: string };
  goldenSet: { cases: number; oversampled: number; goldCounts: Record<string, number>; sha256: string };
  agreement: {
    rawAgreement: Figure;
    /** Cohen's kappa; `null` only when p_e = 1 (AGR-1). */
    kappa: Figure | null;
    disagreements: AgreementReport['disagreements'];
  };
  evaluation: {
    backend: string;
    /** Macro accuracy over the eligible classes (AGR-2), `null` without eligible classes. */
    macroAccuracy: Figure | null;
    eligibleClasses: string[];
    recall: { class: string; goldCases: number; correct: number; eligible: boolean }[];
    precision: PrecisionLine[];
    confusion: Verdict['confusion'];
    autoLinkAllowed: Verdict['autoLinkAllowed'];
    thresholds: Verdict['thresholds'];
    passed: Verdict['passed'];
    verdictSha256: string;
    registrationSha256: string;
  };
  limitations: string[];
}

/** Limitations every report states (seed 004 "Limitaciones", and this package's own). */
export const REPORT_LIMITATIONS = [
  'Both annotators and the arbiter of the bundled golden set are the same AI system (two passes in different order): the agreement is not a human measure and overstates independent agreement.',
  'Agreement between a human annotator and the classifier is not measured; it is declared absent, not estimated.',
  'The golden set is artificial by design (directed searches to cover the six classes), not the daily mix of the monitored press.',
  'Classes with fewer than 25 gold cases have no measured precision (AGR-3): nothing links automatically from them; links are only by boletín number (LINK-1).',
  'Figures describe this run of this classifier; stability over time is not measured.',
];

/**
 * Builds the evaluation report from an agreement report and a frozen verdict. Every figure is
 * built with `figure` (@espectro/methodology, AGR-5), which refuses a value without n and interval.
 *
 * @example
 * const report = buildReport({ agreement: agreementReport(golden), verdict, frozenVerdict: frozen,
 *   taxonomy: { version: TAXONOMY_VERSION, sha256: TAXONOMY_SHA256 }, generatedAt: '2026-11-30T12:00:00Z' });
 * renderReportMarkdown(report);
 */
export function buildReport(input: {
  agreement: AgreementReport;
  verdict: Verdict;
  frozenVerdict: FrozenArtifact;
  taxonomy: { version: string; sha256: string };
  generatedAt: string;
}): EvaluationReport {
  const { agreement, verdict } = input;
  const raw = agreement.rawAgreement;
  const kappa = agreement.kappa;
  const macro = verdict.macroAccuracy;
  return {
    generatedAt: input.generatedAt,
    taxonomy: input.taxonomy,
    goldenSet: {
      cases: agreement.cases,
      oversampled: agreement.oversampled,
      goldCounts: Object.fromEntries(verdict.precision.map((row) => [row.class, row.goldCases])),
      sha256: verdict.sha256.goldenSet,
    },
    agreement: {
      rawAgreement: figure(raw.value, raw.n, raw.interval, raw.level),
      kappa: kappa.kappa === null || kappa.ci === null ? null : figure(kappa.kappa, kappa.n, kappa.ci, raw.level),
      disagreements: agreement.disagreements,
    },
    evaluation: {
      backend: verdict.backend,
      macroAccuracy:
        macro.value === null || macro.interval === null
          ? null
          : figure(macro.value, macro.n, macro.interval, macro.level),
      eligibleClasses: macro.eligibleClasses,
      recall: macro.perClass.map((row) => ({
        class: row.class,
        goldCases: row.goldCases,
        correct: row.correct,
        eligible: row.eligible,
      })),
      precision: verdict.precision.map((row): PrecisionLine => {
        if (row.value !== null && row.interval !== null) {
          return {
            class: row.class,
            measured: true,
            figure: figure(row.value, row.n, row.interval, row.level),
            goldCases: row.goldCases,
          };
        }
        return {
          class: row.class,
          measured: false,
          goldCases: row.goldCases,
          reason: row.measurable
            ? 'measurable, but the classifier never predicted this class'
            : `${row.goldCases} gold cases < ${verdict.thresholds.precision.minCases} (AGR-3): precision not measured`,
        };
      }),
      confusion: verdict.confusion,
      autoLinkAllowed: verdict.autoLinkAllowed,
      thresholds: verdict.thresholds,
      passed: verdict.passed,
      verdictSha256: input.frozenVerdict.sha256,
      registrationSha256: verdict.registrationSha256,
    },
    limitations: REPORT_LIMITATIONS,
  };
}

const LABELS = new Map(HEADLINE_TAXONOMY.map((entry) => [entry.id as string, entry.label.es] as const));

function percent(value: number): string {
  return `${(value * 100).toFixed(1)} %`;
}

/** `88.9 % (95 % CI 80.1 %–93.8 %, n = 154)` or `0.83 (95 % CI 0.75–0.91, n = 154)`. */
export function formatFigure(value: Figure, as: 'percent' | 'coefficient'): string {
  const format = as === 'percent' ? percent : (number: number) => number.toFixed(2);
  const level = Math.round(value.level * 100);
  return `${format(value.value)} (${level} % CI ${format(value.interval[0])}–${format(value.interval[1])}, n = ${value.n})`;
}

/** Renders the report as Markdown: every figure with its n and interval, limitations included. */
export function renderReportMarkdown(report: EvaluationReport): string {
  const lines: string[] = [];
  const label = (id: string) => (LABELS.has(id) ? `${id} (${LABELS.get(id)})` : id);
  lines.push('# Headline classifier evaluation', '');
  lines.push(
    `Generated ${report.generatedAt}. Taxonomy ${report.taxonomy.version}, sha256 \`${report.taxonomy.sha256}\`.`,
    '',
  );
  lines.push('## Golden set', '');
  lines.push(
    `${report.goldenSet.cases} cases (${report.goldenSet.oversampled} added by directed over-sampling, excluded from the agreement n). sha256 \`${report.goldenSet.sha256}\`.`,
    '',
  );
  lines.push('| class | gold cases |', '|---|---:|');
  for (const [id, count] of Object.entries(report.goldenSet.goldCounts)) lines.push(`| ${label(id)} | ${count} |`);
  lines.push('', '## Agreement between annotators (AGR-1)', '');
  lines.push(`- Raw agreement: ${formatFigure(report.agreement.rawAgreement, 'percent')} (Wilson interval)`);
  lines.push(
    report.agreement.kappa === null
      ? "- Cohen's kappa: undefined (p_e = 1)"
      : `- Cohen's kappa: ${formatFigure(report.agreement.kappa, 'coefficient')} (asymptotic SE)`,
  );
  if (report.agreement.disagreements.length > 0) {
    lines.push('', '| case | annotator A | annotator B | arbitrated |', '|---|---|---|---|');
    for (const row of report.agreement.disagreements)
      lines.push(`| ${row.id} | ${row.a} | ${row.b} | ${row.arbitrated ?? '—'} |`);
  }
  const evaluation = report.evaluation;
  lines.push('', `## Classifier \`${evaluation.backend}\``, '');
  lines.push(
    evaluation.macroAccuracy === null
      ? '- Macro accuracy: not computable (no class with enough gold cases)'
      : `- Macro accuracy (AGR-2, mean recall over ${evaluation.eligibleClasses.length} classes with ≥ ${evaluation.thresholds.macroAccuracy.minCases} gold cases, seeded percentile bootstrap, ${evaluation.thresholds.bootstrap.resamples} resamples, seed ${evaluation.thresholds.bootstrap.seed}): ${formatFigure(evaluation.macroAccuracy, 'percent')}`,
  );
  lines.push(
    `- Pre-registered thresholds: macro accuracy ≥ ${percent(evaluation.thresholds.macroAccuracy.minimum)}, measurable precision ≥ ${percent(evaluation.thresholds.precision.minimum)} → ${evaluation.passed.overall ? 'passed' : 'not passed'} (macro accuracy ${evaluation.passed.macroAccuracy ? 'passed' : 'not passed'}, precision ${evaluation.passed.precision ? 'passed' : 'not passed'})`,
  );
  lines.push(
    '',
    '| class | gold cases | recall (correct/gold) | in macro mean | precision (AGR-3) | may auto-link (AGR-3) |',
    '|---|---:|---|---|---|---|',
  );
  for (const row of evaluation.recall) {
    const precision = evaluation.precision.find((line) => line.class === row.class);
    const precisionText =
      precision === undefined ? '—' : precision.measured ? formatFigure(precision.figure, 'percent') : precision.reason;
    const autoLink = evaluation.autoLinkAllowed[row.class as HeadlineClass];
    lines.push(
      `| ${label(row.class)} | ${row.goldCases} | ${row.correct}/${row.goldCases} | ${row.eligible ? 'yes' : 'no'} | ${precisionText} | ${autoLink ? 'permitted (links still only by boletín)' : 'no'} |`,
    );
  }
  lines.push('', '### Confusion matrix (rows: gold, columns: predicted)', '');
  lines.push(
    `| gold \\ predicted | ${evaluation.confusion.classes.join(' | ')} |`,
    `|---|${evaluation.confusion.classes.map(() => '---:').join('|')}|`,
  );
  evaluation.confusion.classes.forEach((gold, row) => {
    lines.push(`| ${gold} | ${evaluation.confusion.matrix[row]!.join(' | ')} |`);
  });
  lines.push('', '## Traceability', '');
  lines.push(`- Registration sha256 \`${evaluation.registrationSha256}\``);
  lines.push(`- Verdict sha256 \`${evaluation.verdictSha256}\``, '');
  lines.push('## Limitations', '');
  for (const limitation of report.limitations) lines.push(`- ${limitation}`);
  lines.push('');
  return lines.join('\n');
}
