/**
 * Replays a recorded debate through the whole @espectro/factcheck pipeline, with no network and no
 * API keys: every stage answers from the recorded outputs in `data/fictional-debate.json` (or a
 * replay file given as the first argument), through the same prompts, schemas, cache and cost
 * ledger a live run uses.
 *
 * The bundled debate is FICTIONAL: fictional candidates of a fictional state, invented figures.
 *
 * Run: pnpm --filter @example/debate-replay start [replay.json] [--out directory]
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  claimReview,
  claimReviewSubjectOf,
  DebateReplaySchema,
  openDataCsv,
  openDataRows,
  runReplay,
  VERDICT_LABELS_PT,
  STATUS_LABELS_PT,
} from '@espectro/factcheck';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
const outDirectory = outIndex >= 0 ? args[outIndex + 1] : undefined;
const file =
  args.find((arg, index) => !arg.startsWith('--') && index !== outIndex + 1) ??
  join(here, '../data/fictional-debate.json');
const replay = DebateReplaySchema.parse(JSON.parse(readFileSync(resolve(file), 'utf8')));

console.log(`${replay.debate.name}\n${replay.notice}\n`);
const run = await runReplay(replay, {
  onChunk: ({ outcome, checks }) => {
    const who = outcome.speaker?.speaker ?? '(voz desconhecida)';
    const verdicts = checks.map(
      (check) =>
        `${VERDICT_LABELS_PT[check.verdict]}${check.status === 'published' ? '' : ` (${STATUS_LABELS_PT[check.status]})`}`,
    );
    console.log(
      `  [${String(outcome.index).padStart(2)}] ${outcome.status.padEnd(15)} ${who.padEnd(18)} ${verdicts.join(', ')}`,
    );
  },
});

console.log('\nRevisão pós-debate:');
for (const change of run.review?.changes ?? []) {
  console.log(
    `  ${change.checkId}: ${change.before.verdict}/${change.before.status} → ${change.after.verdict}/${change.after.status}`,
  );
}
const { summary } = run;
const rows = (board: typeof summary.live) =>
  board
    .map(
      (row) =>
        `${row.candidate}: índice ${row.index === null ? '—' : (row.index * 100).toFixed(1)} (${row.checkable} checáveis)`,
    )
    .join('; ');
console.log(`\nMentirômetro ao vivo:   ${rows(summary.live)}`);
console.log(`Mentirômetro revisado:  ${rows(summary.revised)}`);
for (const pair of summary.mentirometro)
  console.log(`  ${pair.a} × ${pair.b}: ao vivo ${pair.live}, revisado ${pair.revised}`);
console.log(
  `Fontes oficiais: ${summary.officialSourceShare.officialChecks} de ${summary.officialSourceShare.checksWithSource} checagens com fonte`,
);
console.log(`Custo (tabela de preços padrão): US$ ${summary.costUsd.toFixed(4)}`);
for (const stage of summary.cost?.byStage ?? [])
  console.log(`  ${stage.stage.padEnd(22)} ${String(stage.calls).padStart(3)} chamadas  US$ ${stage.usd.toFixed(5)}`);

if (outDirectory !== undefined) {
  const checks = run.review?.checks ?? run.live.checks;
  mkdirSync(outDirectory, { recursive: true });
  writeFileSync(join(outDirectory, 'checagens.json'), `${JSON.stringify(openDataRows(checks), null, 2)}\n`);
  writeFileSync(join(outDirectory, 'checagens.csv'), openDataCsv(checks));
  const claimReviews = checks
    .map((check) =>
      claimReview(claimReviewSubjectOf(check, replay.debate), {
        siteUrl: 'https://placar.example/',
        publisherName: 'Placar (exemplo fictício)',
      }),
    )
    .filter((item) => item !== null);
  writeFileSync(join(outDirectory, 'claimreview.jsonld'), `${JSON.stringify(claimReviews, null, 2)}\n`);
  console.log(`\nDados abertos em ${outDirectory}`);
}
