/**
 * `pnpm bench methodology-debate`: debate fact-checking rules (RULES.md §7) on the built package.
 * Inputs are prepared once with a seeded generator, so every run measures the same work:
 * the mentirômetro over a debate's worth of checks (720: 6 candidates × 120), AUD-1 transcript
 * agreement on realistic 10-second transcripts (~25–30 words each, numbers and names), and
 * numeric verdicts.
 */
import {
  compareCandidates,
  mentirometro,
  numericVerdict,
  transcriptsAgree,
  type CheckStatus,
  type DebateCheck,
  type Verdict,
  mulberry32,
} from '@espectro/methodology';
import type { BenchSuite } from './harness.js';

const CHECK_COUNT = 720;
const CANDIDATES = ['Ana Souza', 'Bruno Lima', 'Carla Dias', 'Davi Rocha', 'Elisa Prado', 'Fábio Nunes'];
const VERDICTS: Verdict[] = ['true', 'true', 'imprecise', 'false', 'no_data'];
const STATUSES: CheckStatus[] = [
  'published',
  'published',
  'published',
  'published',
  'discarded',
  'under_review',
  'removed',
];

const random = mulberry32(20261018);
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;

const checks: DebateCheck[] = Array.from({ length: CHECK_COUNT }, (_, index) => ({
  candidate: CANDIDATES[index % CANDIDATES.length] as string,
  verdict: pick(VERDICTS),
  status: pick(STATUSES),
}));

/** Pairs of 10-second transcripts of the same chunk by two vendors: some agree, some carry the seed's errors. */
const TRANSCRIPT_PAIRS: [string, string][] = [
  [
    'Olha, no nosso governo a inflação caiu para sete e meio por cento e o desemprego ficou abaixo de dez por cento, segundo o IBGE, e isso ninguém pode negar.',
    'Olha, no nosso governo a inflação caiu para 7,5% e o desemprego ficou abaixo de 10%, segundo o IBGE, e isso ninguém pode negar.',
  ],
  [
    'O senhor esqueceu que são 134 milhões de eleitores e que o Bolsa Família atendeu vinte e um milhões de famílias em dois mil e vinte e três.',
    'O senhor esqueceu que são 134 mil eleitores e que o Bolsa Família atendeu 21 milhões de famílias em 2023.',
  ],
  [
    'A dívida pública bruta passou de onze trilhões de reais, e o seu partido privatizou a Eletrobras sem ouvir o Congresso Nacional.',
    'A dívida pública bruta passou de 11 trilhões de reais, e o seu partido privatizou a Petrobras sem ouvir o Congresso Nacional.',
  ],
  [
    'O candidato foi à posse no Irã e voltou dizendo que a Venezuela é uma democracia, e o Itamaraty gastou um milhão e meio de reais na viagem.',
    'O candidato foi à posse na Venezuela e voltou dizendo que a Venezuela é uma democracia, e o Itamaraty gastou R$ 1,5 milhão na viagem.',
  ],
];

const numericPairs: [number, number][] = Array.from({ length: 1000 }, () => {
  const reference = (random() - 0.2) * 1e6;
  return [reference * (0.3 + random() * 1.4), reference];
});

const suite: BenchSuite = {
  name: 'methodology-debate',
  baseline: {
    name: 'JSON round-trip of the 720 checks',
    run: () => JSON.parse(JSON.stringify(checks)) as unknown,
  },
  cases: [
    { name: `mentirometro (${CHECK_COUNT} checks)`, run: () => mentirometro(checks) },
    {
      name: `compareCandidates (${CHECK_COUNT} checks)`,
      run: () => compareCandidates('Ana Souza', 'Bruno Lima', checks),
    },
    {
      name: 'transcriptsAgree (10 s transcripts, 4 pairs)',
      run: () => TRANSCRIPT_PAIRS.map(([a, b]) => transcriptsAgree(a, b)),
      operationsPerCall: TRANSCRIPT_PAIRS.length,
    },
    {
      name: 'numericVerdict (1000 pairs)',
      run: () => numericPairs.map(([claimed, reference]) => numericVerdict(claimed, reference)),
      operationsPerCall: numericPairs.length,
    },
  ],
  notes: {
    checks: CHECK_COUNT,
    candidates: CANDIDATES.length,
    transcriptPairs: TRANSCRIPT_PAIRS.length,
    transcriptAgreement: TRANSCRIPT_PAIRS.map(([a, b]) => transcriptsAgree(a, b)),
    numericPairs: numericPairs.length,
  },
};

export default suite;
