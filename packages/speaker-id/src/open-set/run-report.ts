/**
 * The open-set report as a script (needs espeak-ng and SoX):
 *
 *   node --import tsx packages/speaker-id/src/open-set/run-report.ts [--cache DIR] [--json FILE]
 *     [--test-clips N] [--conditions clean,white-noise-20db,…]
 *
 * Renders the corpus (reused from `--cache`, default `$TMPDIR/espectro-open-set`), embeds it with
 * the offline statistics embedder, calibrates on the cohort and prints, for each decision rule and
 * condition, enrolled clips identified correctly and never-enrolled clips returned unknown, with
 * the EER / minDCF and the load average. The figures in the README come from this script.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createStatisticsEmbedder } from '../statistics-embedder.js';
import { COHORT_FLOOR_QUANTILE, thresholdsFor } from '../identify.js';
import { parseProjection } from '../projection.js';
import { STATISTICS_PROJECTION } from '../statistics-projection.data.js';
import { toolAvailable } from './audio-tools.js';
import { CONDITION_IDS, type ConditionId } from './conditions.js';
import { renderCorpus } from './corpus.js';
import {
  calibrateOnCohort,
  embedOpenSet,
  evaluateOpenSet,
  scoreOpenSet,
  type DecisionRule,
  type OpenSetCounts,
} from './report.js';
import { FULL_ROSTER, openSetRoster } from './roster.js';

const { values } = parseArgs({
  options: {
    cache: { type: 'string', default: join(tmpdir(), 'espectro-open-set') },
    json: { type: 'string' },
    'test-clips': { type: 'string', default: '3' },
    conditions: { type: 'string', default: CONDITION_IDS.join(',') },
    'high-frequency': { type: 'string' },
    'block-weights': { type: 'string' },
    projection: { type: 'string' },
    'cosine-guard': { type: 'string', default: '0.005' },
    'as-norm-guard': { type: 'string', default: '0.25' },
    'skip-test-clips': { type: 'string', default: '0' },
    'floor-quantile': { type: 'string', default: String(COHORT_FLOOR_QUANTILE) },
    // The floored per-speaker rule's minimum: 'default' (the backend's default cosine threshold, as
    // identifySamples applies it), 'none', or a number.
    minimum: { type: 'string', default: 'default' },
  },
});
for (const tool of ['espeak-ng', 'sox'] as const)
  if (!toolAvailable(tool)) throw new Error(`${tool} is not installed (apt-get install espeak-ng sox libsox-fmt-mp3)`);

const testClips = Number(values['test-clips']);
const conditions = values.conditions!.split(',').map((condition) => {
  if (!(CONDITION_IDS as readonly string[]).includes(condition))
    throw new Error(`--conditions: unknown condition "${condition}" (known: ${CONDITION_IDS.join(', ')})`);
  return condition as ConditionId;
});
const roster = openSetRoster(FULL_ROSTER);
const started = performance.now();
const clips = await renderCorpus(
  roster,
  { enrollmentClips: 3, cohortClips: 2, targetClips: testClips, impostorClips: testClips, conditions },
  values.cache!,
);
const rendered = performance.now();
// Feature variants measured in the README: the fbank's top frequency (e.g. 3800 Hz, what survives
// an 8 kHz round trip) and the mean / deviation / delta-deviation block weights.
const [meanWeight, deviationWeight, deltaWeight] = (values['block-weights'] ?? '1,0.5,0.1').split(',').map(Number);
const embedderOptions = {
  ...(values['high-frequency'] ? { fbank: { highFrequency: Number(values['high-frequency']) } } : {}),
  blockWeights: { mean: meanWeight!, deviation: deviationWeight!, deltaDeviation: deltaWeight! },
};
console.log(`Statistics embedder options: ${JSON.stringify(embedderOptions)}`);
// `--projection FILE`: a projection trained by train-projection.ts (JSON), applied after the
// statistics; `--projection shipped`: the one the package ships.
const projection =
  values.projection === 'shipped'
    ? STATISTICS_PROJECTION
    : values.projection
      ? parseProjection(JSON.parse(await readFile(values.projection, 'utf8')), values.projection)
      : undefined;
if (projection) console.log(`Projection: ${projection.dimension} dimensions, trained on ${projection.trainedOn}`);
const embedder = createStatisticsEmbedder({ ...embedderOptions, ...(projection ? { projection } : {}) });
const embeddings = await embedOpenSet(clips, embedder);
// `--skip-test-clips K`: score only test clips K+1… (clips a threshold choice was not made on).
const scored = scoreOpenSet(embeddings).filter(({ clip }) => clip.pair >= Number(values['skip-test-clips']));
const cosineDefaults = thresholdsFor(embedder.backend, false);
const minimum =
  values.minimum === 'default'
    ? cosineDefaults.unknownThreshold
    : values.minimum === 'none'
      ? undefined
      : Number(values.minimum);
if (minimum !== undefined && !Number.isFinite(minimum))
  throw new Error(`--minimum: default, none or a number, got "${values.minimum}"`);
const calibration = calibrateOnCohort(embeddings, {
  cosine: Number(values['cosine-guard']),
  asNorm: Number(values['as-norm-guard']),
  floorQuantile: Number(values['floor-quantile']),
  ...(minimum !== undefined ? { minimum } : {}),
});
const snormDefaults = thresholdsFor(embedder.backend, true);
const rules: DecisionRule[] = [
  { label: 'cosine, default threshold', scoring: 'cosine', ...cosineDefaults },
  {
    label: 'cosine, per-speaker thresholds from the cohort',
    scoring: 'cosine',
    ...cosineDefaults,
    perSpeaker: calibration.perSpeakerCosine,
  },
  {
    label: `cosine, per-speaker thresholds with the cohort's ${values['floor-quantile']} quantile as floor${minimum !== undefined ? ` and at least ${minimum}` : ''}`,
    scoring: 'cosine',
    ...cosineDefaults,
    perSpeaker: calibration.perSpeakerCosineWithFloor,
  },
  { label: 'AS-norm, default threshold', scoring: 'as-norm', ...snormDefaults },
  {
    label: 'AS-norm, threshold calibrated on the cohort',
    scoring: 'as-norm',
    ...snormDefaults,
    unknownThreshold: calibration.asNormThreshold,
  },
];
const evaluations = rules.map((rule) => evaluateOpenSet(scored, rule));
const finished = performance.now();

const percent = (part: number, whole: number) => (whole === 0 ? '–' : `${((100 * part) / whole).toFixed(0)} %`);
const cell = (counts: OpenSetCounts | undefined) =>
  counts
    ? `${percent(counts.targetsCorrect, counts.targets)} / ${percent(counts.impostorsRejected, counts.impostors)}`
    : '–';
const load = loadavg().map((value) => value.toFixed(1));
console.log(
  `Open set: ${roster.enrolled.length} candidates, ${roster.impostors.length} never-enrolled voices, ` +
    `${roster.cohort.length} cohort voices; ${scored.length} test clips over ${conditions.length} conditions. ` +
    `Calibration: AS-norm threshold ${calibration.asNormThreshold.toFixed(2)} from ${calibration.pseudoImpostorClips} cohort clips.`,
);
console.log(
  `Render ${((rendered - started) / 1000).toFixed(0)} s, embed + score ${((finished - rendered) / 1000).toFixed(0)} s; load average ${load.join(' ')}\n`,
);
console.log(`| condition | ${rules.map((rule) => rule.label).join(' | ')} |`);
console.log(`|---|${rules.map(() => '---').join('|')}|`);
for (const condition of conditions)
  console.log(
    `| ${condition} | ${evaluations.map((evaluation) => cell(evaluation.byCondition[condition])).join(' | ')} |`,
  );
console.log(`| **all** | ${evaluations.map((evaluation) => cell(evaluation.total)).join(' | ')} |`);
console.log(
  `| wrong candidate | ${evaluations.map((evaluation) => percent(evaluation.total.targetsWrongSpeaker, evaluation.total.targets)).join(' | ')} |`,
);
console.log(
  `| EER | ${evaluations.map((evaluation) => `${(100 * evaluation.equalErrorRate).toFixed(1)} %`).join(' | ')} |`,
);
console.log(`| minDCF (p 0.05) | ${evaluations.map((evaluation) => evaluation.minDcf.toFixed(3)).join(' | ')} |`);
console.log('\nEach cell: enrolled clips identified as the right speaker / never-enrolled clips returned unknown.');
if (values.json) await writeFile(values.json, JSON.stringify({ load: loadavg(), calibration, evaluations }, null, 2));
