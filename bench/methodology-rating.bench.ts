/**
 * `pnpm bench methodology-rating`: throughput of the outlet-rating funnel (RULES.md §1) on the built
 * package. 1000 varied, valid inputs are prepared once (seeded, so every run measures the same
 * work); each case rates all of them per call.
 */
import {
  rateOutlet,
  rateOutletUnchecked,
  type Bucket,
  type CountryRegime,
  type Factuality,
  type OwnerType,
  type RateOutletInput,
  mulberry32,
} from '@espectro/methodology';
import type { BenchSuite } from './harness.js';

const INPUT_COUNT = 1000;
const BUCKETS: Bucket[] = ['left', 'center', 'right'];
const FACTUALITIES: Factuality[] = ['very-high', 'high', 'mixed', 'low', 'very-low'];
const OWNER_TYPES: OwnerType[] = [
  'corporate-conglomerate',
  'family-controlled',
  'state-public-broadcaster',
  'state-captured',
  'political-party',
  'independent-private',
];
const REGIMES: CountryRegime[] = ['democracy', 'democracy', 'hybrid', 'authoritarian'];

function isoDaysBefore(asOf: string, days: number): string {
  return new Date(Date.parse(`${asOf}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

function prepareInputs(): RateOutletInput[] {
  const random = mulberry32(20260427);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
  const inputs: RateOutletInput[] = [];
  for (let index = 0; index < INPUT_COUNT; index += 1) {
    const asOf = isoDaysBefore('2026-04-27', Math.floor(random() * 400));
    const input: RateOutletInput = { asOf, scope: random() < 0.1 ? 'non_political' : 'political' };
    if (random() < 0.85) {
      input.ownership = {
        ownerType: pick(OWNER_TYPES),
        countryRegime: pick(REGIMES),
        fundingModel: 'advertising',
        regimeBucket: pick(BUCKETS),
        partyBucket: pick(BUCKETS),
        ...(random() < 0.15 ? { lastControlChange: isoDaysBefore(asOf, Math.floor(random() * 900)) } : {}),
      };
    }
    if (random() < 0.8) {
      const sourceCount = 1 + Math.floor(random() * 3);
      input.academic = {
        bucket: pick(BUCKETS),
        ...(random() < 0.8 ? { factuality: pick(FACTUALITIES) } : {}),
        sources: Array.from({ length: sourceCount }, () => ({
          name: 'FLIP',
          url: 'https://flip.org.co/informe',
          date: isoDaysBefore(asOf, Math.floor(random() * 2500)),
          quote: 'mantiene una línea editorial cercana al establecimiento empresarial',
          weight: random() < 0.6 ? ('primary' as const) : ('secondary' as const),
          domestic: random() < 0.7,
        })),
      };
    }
    if (random() < 0.9) {
      input.content = {
        sampleSize: Math.floor(random() * 70),
        windowStart: isoDaysBefore(asOf, 90),
        bucket: random() < 0.85 ? pick(BUCKETS) : 'inconclusive',
        ...(random() < 0.85 ? { factuality: pick(FACTUALITIES) } : {}),
        ...(random() < 0.2 ? { newsBucket: pick(BUCKETS), opinionBucket: pick(BUCKETS) } : {}),
      };
    }
    inputs.push(input);
  }
  return inputs;
}

const inputs = prepareInputs();
// validated once, as a bulk caller of the unchecked path would
const validated = inputs.map((input) => {
  rateOutlet(input);
  return input;
});
const typical: RateOutletInput = {
  asOf: '2026-04-27',
  scope: 'political',
  ownership: { ownerType: 'corporate-conglomerate', countryRegime: 'democracy', fundingModel: 'advertising' },
  academic: {
    bucket: 'right',
    factuality: 'high',
    sources: [
      {
        name: 'demo placeholder source',
        url: 'https://example.org/',
        date: '2025-06-01',
        quote: 'demo placeholder quote (not a real citation)',
        weight: 'primary',
        domestic: true,
      },
    ],
  },
  content: { sampleSize: 41, windowStart: '2026-01-27', bucket: 'right', factuality: 'high' },
};

let _sink = 0;

const suite: BenchSuite = {
  name: 'methodology-rating',
  baseline: {
    name: 'JSON.parse(JSON.stringify(typical rateOutlet input))',
    run: () => {
      _sink ^= (JSON.parse(JSON.stringify(typical)) as RateOutletInput).asOf.length;
    },
  },
  cases: [
    {
      name: `rateOutlet (zod-validated) ×${INPUT_COUNT}`,
      operationsPerCall: INPUT_COUNT,
      targetOperationsPerSecond: 200_000,
      run: () => {
        for (let index = 0; index < inputs.length; index += 1) _sink ^= rateOutlet(inputs[index]!).trace.length;
      },
    },
    {
      name: `rateOutletUnchecked (trusted input) ×${INPUT_COUNT}`,
      operationsPerCall: INPUT_COUNT,
      targetOperationsPerSecond: 200_000,
      run: () => {
        for (let index = 0; index < validated.length; index += 1)
          _sink ^= rateOutletUnchecked(validated[index]!).trace.length;
      },
    },
  ],
  notes: {
    inputs: INPUT_COUNT,
    mix: '10 % non-political; 85 % with ownership (all R1–R4 paths), 80 % academic (1–3 sources), 90 % content',
  },
};

export default suite;
