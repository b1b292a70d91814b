/**
 * Agreement statistics, boletín extraction and sha256 of `@espectro/methodology` (rules AGR-1,
 * AGR-2, AGR-4, LINK-1), against a plain loop counting agreements over the same 10 000 pairs.
 * Run: `pnpm --filter @espectro/methodology build && node --import tsx bench/run.ts methodology-agreement`.
 */
import { cohenKappa, extractBoletines, macroAccuracy, sha256Hex, mulberry32 } from '@espectro/methodology';
import type { BenchSuite } from './harness.js';

const CLASSES = [
  'legislative_process',
  'parliamentary_activity',
  'law_in_force',
  'non_legislative_politics',
  'non_legislative',
  'ambiguous',
];

function labelPairs(n: number, seed: number, agreement: number): { a: string[]; b: string[] } {
  const random = mulberry32(seed);
  const a: string[] = [];
  const b: string[] = [];
  for (let index = 0; index < n; index += 1) {
    const label = CLASSES[Math.floor(random() * CLASSES.length)]!;
    a.push(label);
    b.push(random() < agreement ? label : CLASSES[Math.floor(random() * CLASSES.length)]!);
  }
  return { a, b };
}

const pairs = labelPairs(10_000, 7, 0.85);
const golden = labelPairs(1_000, 11, 0.88);

const HEADLINES = [
  'Senado despacha a la Cámara el proyecto de pensiones (Boletín N° 15.480-13)',
  'Comisión de Hacienda vota en general los boletines 12.345-07 y 12.346-07',
  'Gobierno anuncia urgencia para el boletín 16001-05 tras reunión con alcaldes',
  'Colo-Colo vence 2-1 a la U en el Monumental ante 45.000 personas',
  'Dólar cierra en $945,30 y la bolsa sube 1,2% el 12-05-2024',
  'Diputada Pérez presenta indicación: Boletines N°s 9.876-03, 9.877-03 y 9.878-03',
  'Carabineros detiene a sospechoso con RUT 12.345.678-9 en Maipú; llame al +56 9 1234 5678',
  'Ley Karin entra en vigencia: qué cambia para los trabajadores desde el 1 de agosto',
  'Tribunal Constitucional revisa el boletín nro. 14.309-04 sobre educación',
  'Encuesta Cadem: aprobación presidencial baja a 31% en la última semana',
];

const megabyte = 'Espectro — titulares y bajadas públicos; boletín 12.345-07. '.repeat(17_500).slice(0, 1_048_576);

const suite: BenchSuite = {
  name: 'methodology-agreement',
  baseline: {
    name: 'plain loop counting agreements (10 000 pairs)',
    run: () => {
      let agreements = 0;
      for (let index = 0; index < pairs.a.length; index += 1) if (pairs.a[index] === pairs.b[index]) agreements += 1;
      return agreements;
    },
  },
  cases: [
    {
      name: 'cohenKappa n = 10 000 (fleiss SE)',
      run: () => cohenKappa(pairs.a, pairs.b, { se: 'fleiss' }),
    },
    {
      name: 'macroAccuracy 1 000 cases × 10 000 bootstrap resamples',
      run: () =>
        macroAccuracy({ gold: golden.a, predicted: golden.b, bootstrap: { seed: 20_260_427, resamples: 10_000 } }),
      targetMillisecondsPerOperation: 2000,
    },
    {
      name: 'extractBoletines (10 realistic headlines per call)',
      run: () => {
        let found = 0;
        for (const headline of HEADLINES) found += extractBoletines(headline).length;
        return found;
      },
      operationsPerCall: HEADLINES.length,
    },
    {
      name: 'sha256Hex of a 1 MiB string',
      run: () => sha256Hex(megabyte),
    },
  ],
  notes: {
    kappaPairs: pairs.a.length,
    macroAccuracyCases: golden.a.length,
    bootstrapResamples: 10_000,
    headlines: HEADLINES.length,
    sha256Bytes: new TextEncoder().encode(megabyte).length,
  },
};

export default suite;
