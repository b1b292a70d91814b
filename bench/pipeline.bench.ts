/**
 * `espectro run` end to end on 20 000 synthetic-but-realistic headlines (recorded RSS feeds, one per
 * outlet, written to a temporary folder) with the offline backends: PGlite in a temporary folder,
 * and PostgreSQL too when ESPECTRO_TEST_DATABASE_URL is set. Target (issue 6): < 60 s end to end
 * with PGlite. The end-to-end runs happen once, before the suite (they are too long for the
 * harness's sampling); their times are recorded in the suite's notes and printed.
 *
 * After the first run, the same input is run again (an unchanged rerun: target ≤ 10 % of the first
 * run), and a new embedded folder is timed from the migrated template against initdb + migrations.
 *
 * The measured cases are ingestion throughput (target ≥ 5 000 items/s: feed parsing, URL
 * canonicalisation, title keys, dedup) against a baseline of JSON-parsing the same items.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ingestSources, type IngestSource } from '@espectro/ingest';
import { openDatabase, openStore } from '@espectro/store';
import { runPipeline } from '@espectro/pipeline';
import { mulberry32 } from '@espectro/rating';
import type { BenchSuite } from './harness.js';

const HEADLINES = Number(process.env.BENCH_PIPELINE_HEADLINES ?? 20_000);
const OUTLETS = 40;

const ACTORS = [
  'El Gobierno',
  'El Congreso',
  'El Senado',
  'La oposición',
  'El Banco Central',
  'El Tribunal Supremo',
  'La Fiscalía',
  'El presidente',
  'La alcaldesa',
  'Los sindicatos',
  'La patronal',
  'El ministro de Economía',
  'La Comisión Europea',
  'El gobernador',
  'La Policía',
  'El Ejército',
  'Los médicos',
  'Los transportistas',
  'El FMI',
  'La ONU',
];
const VERBS = [
  'aprueba',
  'rechaza',
  'anuncia',
  'investiga',
  'suspende',
  'prorroga',
  'critica',
  'negocia',
  'recurre',
  'confirma',
  'frena',
  'impulsa',
];
const OBJECTS = [
  'la reforma de las pensiones',
  'el presupuesto de 2026',
  'la ley de vivienda',
  'el plan contra la sequía',
  'la subida del salario mínimo',
  'el acuerdo comercial',
  'la rebaja del IVA',
  'el cierre de la central',
  'la huelga de transporte',
  'el rescate de la aerolínea',
  'la compra de vacunas',
  'la regulación de la inteligencia artificial',
  'el impuesto a la banca',
  'la reforma judicial',
  'el plan de seguridad',
  'la ley de amnistía',
  'el tren de alta velocidad',
  'las tarifas eléctricas',
  'el déficit fiscal',
  'la deuda provincial',
];
const PLACES = [
  'en Madrid',
  'en Buenos Aires',
  'en Ciudad de México',
  'en Bogotá',
  'en Lima',
  'en Santiago',
  'en São Paulo',
  'en Valencia',
  'en Córdoba',
  'en Montevideo',
  'tras una larga negociación',
  'pese a las protestas',
  'por sorpresa',
  'en plena crisis',
  'antes de las elecciones',
  'con el apoyo de sus socios',
];
const VARIANTS: ((actor: string, verb: string, object: string, place: string) => string)[] = [
  (actor, verb, object, place) => `${actor} ${verb} ${object} ${place}`,
  (actor, verb, object) => `${actor} ${verb} ${object}`,
  (actor, verb, object, place) =>
    `${place.charAt(0).toUpperCase()}${place.slice(1)}, ${actor.charAt(0).toLowerCase()}${actor.slice(1)} ${verb} ${object}`,
  (actor, verb, object) =>
    `${object.charAt(0).toUpperCase()}${object.slice(1)}: ${actor.charAt(0).toLowerCase()}${actor.slice(1)} ${verb} la medida`,
  (actor, verb, object, place) =>
    `Última hora: ${actor.charAt(0).toLowerCase()}${actor.slice(1)} ${verb} ${object} ${place}`,
];

interface Synthetic {
  outlet: number;
  title: string;
  description: string;
  url: string;
  date: string;
}

/** Headlines grouped in events (1–8 outlets each) over 10 days, written as one RSS feed per outlet. */
function syntheticCorpus(count: number): Synthetic[] {
  const next = mulberry32(20_260_427);
  const items: Synthetic[] = [];
  let event = 0;
  while (items.length < count) {
    const actor = ACTORS[Math.floor(next() * ACTORS.length)]!;
    const verb = VERBS[Math.floor(next() * VERBS.length)]!;
    const object = OBJECTS[Math.floor(next() * OBJECTS.length)]!;
    const place = PLACES[Math.floor(next() * PLACES.length)]!;
    const day = Math.floor(next() * 10);
    const outlets = 1 + Math.floor(next() * next() * 8);
    const used = new Set<number>();
    for (let copy = 0; copy < outlets && items.length < count; copy += 1) {
      let outlet = Math.floor(next() * OUTLETS);
      while (used.has(outlet)) outlet = (outlet + 1) % OUTLETS;
      used.add(outlet);
      const variant = VARIANTS[Math.floor(next() * VARIANTS.length)]!;
      const hour = String(Math.floor(next() * 24)).padStart(2, '0');
      items.push({
        outlet,
        title: `${variant(actor, verb, object, place)} (${event % 997})`,
        description: `${actor} ${verb} ${object} ${place}. La decisión se conoció este ${['lunes', 'martes', 'miércoles', 'jueves', 'viernes'][day % 5]} y tendrá efectos inmediatos según fuentes oficiales consultadas.`,
        url: `https://www.medio${outlet}.example/noticia/${event}-${copy}.html?utm_source=rss`,
        date: new Date(Date.UTC(2026, 3, 17 + day, Number(hour))).toUTCString(),
      });
    }
    event += 1;
  }
  return items;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function writeDataFolder(directory: string, items: Synthetic[]): void {
  mkdirSync(join(directory, 'feeds'), { recursive: true });
  const buckets = ['left', 'center', 'right'] as const;
  const outlets = Array.from({ length: OUTLETS }, (_, index) => ({
    domain: `medio${index}.example`,
    name: `Medio ${index}`,
    country: ['ES', 'AR', 'MX', 'CO'][index % 4],
    scope: index % 10 === 9 ? 'non_political' : 'political',
    factualityScore: 60 + (index % 30),
    bodyLicensed: false,
    evidence:
      index % 10 === 9
        ? {
            illustrative: true,
            content: { sample_size: 30, content_only_sesgo: null, content_only_factualidad: 'mixed' },
          }
        : {
            illustrative: true,
            ownership: { owner_type: 'family-controlled', country_regime: 'democracy' },
            academic: [{ source: 'synthetic', date: '2025-06-01', weight: 'secondary', domestic: true }],
            academic_assessment: { bucket: buckets[index % 3], factuality: 'high' },
            content: {
              sample_size: 30,
              window_start: '2026-01-27',
              content_only_sesgo: buckets[index % 3],
              content_only_factualidad: 'high',
            },
          },
  }));
  writeFileSync(
    join(directory, 'outlets.json'),
    JSON.stringify({ note: 'synthetic benchmark roster', asOf: '2026-04-27', outlets }),
  );
  for (let outlet = 0; outlet < OUTLETS; outlet += 1) {
    const body = items
      .filter((item) => item.outlet === outlet)
      .map(
        (item) =>
          `<item><title>${escapeXml(item.title)}</title><link>${escapeXml(item.url)}</link><description>${escapeXml(item.description)}</description><pubDate>${item.date}</pubDate></item>`,
      )
      .join('\n');
    writeFileSync(
      join(directory, 'feeds', `medio${outlet}.xml`),
      `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>Medio ${outlet}</title>\n${body}\n</channel></rss>\n`,
    );
  }
}

async function endToEnd(
  dataDirectory: string,
  backend: 'pglite' | 'postgres',
  work: string,
): Promise<Record<string, unknown>> {
  const started = performance.now();
  const store =
    backend === 'pglite'
      ? await openStore({ dataDir: join(work, 'db'), env: {} })
      : await openStore({ url: process.env.ESPECTRO_TEST_DATABASE_URL!, schema: `espectro_bench_${Date.now()}` });
  const opened = performance.now();
  try {
    const summary = await runPipeline({ dataDirectory, store, env: {}, batchSize: 200 });
    const seconds = (performance.now() - started) / 1000;
    // Issue 15: a rerun of an unchanged input must cost ≤ 10 % of the first run (it selects no work).
    const rerunStarted = performance.now();
    const rerun = await runPipeline({ dataDirectory, store, env: {}, batchSize: 200 });
    const rerunSeconds = (performance.now() - rerunStarted) / 1000;
    return {
      backend,
      seconds: Number(seconds.toFixed(1)),
      openSeconds: Number(((opened - started) / 1000).toFixed(1)),
      targetSeconds: 60,
      met: backend === 'pglite' ? seconds < 60 : null,
      articles: summary.ingest.inserted,
      clusters: summary.clustering.clusters,
      stories: summary.clustering.stories,
      synthesised: summary.synthesis.synthesised,
      published: summary.guard.published,
      stagesMs: summary.stages,
      rerunSeconds: Number(rerunSeconds.toFixed(2)),
      rerunRatio: Number((rerunSeconds / seconds).toFixed(3)),
      rerunTargetRatio: 0.1,
      rerunStoriesBuilt: rerun.changes.storiesBuilt,
      loadAverage: loadavg().map((value) => Number(value.toFixed(1))),
    };
  } finally {
    if (backend === 'postgres')
      await store.database
        .query(`DROP SCHEMA IF EXISTS ${/schema (\w+)/.exec(store.database.location)![1]} CASCADE`)
        .catch(() => undefined);
    await store.close();
  }
}

/**
 * A new embedded database folder ready to use (issue 15: ≤ 2 s): from the migrated template
 * (median of 3, after one open that may build the template) against initdb + every migration.
 */
async function freshDatabase(work: string): Promise<Record<string, unknown>> {
  const seconds = async (name: string, template: boolean) => {
    const started = performance.now();
    const database = await openDatabase({ dataDir: join(work, name), template, env: {} });
    await database.close();
    return (performance.now() - started) / 1000;
  };
  await seconds('fresh-warm', true);
  const fromTemplate = [await seconds('fresh-1', true), await seconds('fresh-2', true), await seconds('fresh-3', true)];
  const fromScratch = await seconds('fresh-scratch', false);
  const median = fromTemplate.sort((left, right) => left - right)[1]!;
  return {
    templateMedianSeconds: Number(median.toFixed(2)),
    targetSeconds: 2,
    met: median <= 2,
    fromScratchSeconds: Number(fromScratch.toFixed(1)),
    ratio: Number((fromScratch / median).toFixed(1)),
    loadAverage: loadavg().map((value) => Number(value.toFixed(1))),
  };
}

export default async function pipelineSuites(): Promise<BenchSuite> {
  const work = mkdtempSync(join(tmpdir(), 'espectro-bench-'));
  const data = join(work, 'data');
  const items = syntheticCorpus(HEADLINES);
  writeDataFolder(data, items);
  const runs: Record<string, unknown>[] = [];
  try {
    runs.push(await endToEnd(data, 'pglite', work));
    if (process.env.ESPECTRO_TEST_DATABASE_URL) runs.push(await endToEnd(data, 'postgres', work));
  } catch (error) {
    runs.push({ error: (error as Error).message });
  }
  for (const run of runs) console.log(`espectro run end to end: ${JSON.stringify(run)}`);
  const fresh = await freshDatabase(work).catch((error: Error) => ({ error: error.message }));
  console.log(`fresh embedded database: ${JSON.stringify(fresh)}`);
  const feeds: IngestSource[] = Array.from({ length: OUTLETS }, (_, outlet) => ({
    name: `medio${outlet}.xml`,
    kind: 'feed',
    content: readFileSync(join(data, 'feeds', `medio${outlet}.xml`)),
  }));
  const roster = Array.from({ length: OUTLETS }, (_, index) => ({
    domain: `medio${index}.example`,
    name: `Medio ${index}`,
  }));
  const asJson = JSON.stringify(items);
  rmSync(work, { recursive: true, force: true });
  return {
    name: 'pipeline',
    baseline: {
      name: `JSON.parse of the same ${items.length} items`,
      run: () => JSON.parse(asJson),
      operationsPerCall: items.length,
    },
    cases: [
      {
        name: `ingestSources: ${OUTLETS} recorded RSS feeds, ${items.length} items (parse, canonicalise, dedup)`,
        run: () => ingestSources(feeds, { roster, seenAt: '2026-04-27T12:00:00Z' }),
        operationsPerCall: items.length,
        targetOperationsPerSecond: 5_000,
      },
    ],
    notes: { headlines: items.length, outlets: OUTLETS, endToEnd: runs, freshDatabase: fresh },
  };
}
