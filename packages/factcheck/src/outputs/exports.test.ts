import { createMemoryLedger } from '@espectro/llm';
import { beforeAll, describe, expect, test } from 'vitest';
import { fictionalDebateReplay } from '../replay/index.js';
import { runReplay, type ReplayRun } from '../replay/stages.js';
import type { Check } from '../schemas.js';
import { claimReviewJsonLd, openDataCsv, openDataRows } from './exports.js';
import { debateCost, speakingTimeByTone, stageOfEntry } from './scoreboard.js';

let run: ReplayRun;
let checks: Check[];
beforeAll(async () => {
  run = await runReplay(fictionalDebateReplay());
  checks = run.review!.checks;
});
const find = (key: string) => checks.find((check) => check.id.endsWith(`#${key}`)) as Check;
const settings = {
  publisher: { name: 'Placar (exemplo)', url: 'https://placar.example/' },
  debate: fictionalDebateReplay().debate,
};

describe('open data', () => {
  test('rows keep the live and the current state and the previous verdicts', () => {
    const row = openDataRows(checks).find((candidate) => candidate.check_id.endsWith('#24.0'));
    expect(row).toMatchObject({
      verdict_live: 'false',
      verdict: 'true',
      verdict_label: 'Verdadeiro',
      revised: true,
      official_source: true,
      audio_check: 'confirmed:publish',
    });
    expect(row?.previous_verdicts).toBe('false/published@2026-09-17T23:04:00.000Z');
    expect(openDataRows(checks).find((candidate) => candidate.check_id.endsWith('#18.0'))?.repeat_of).toBe(
      'aurora-2026-08-27#40.0',
    );
  });

  test('CSV: header, one line per check, RFC 4180 quoting', () => {
    const csv = openDataCsv(checks);
    const lines = csv.trimEnd().split('\n');
    expect(lines[0]).toBe(
      'check_id,debate_id,candidate,spoken_at,claim,datum,verdict_live,status_live,verdict,status,verdict_label,revised,previous_verdicts,reason,citations,official_source,repeat_of,audio_check',
    );
    expect(lines).toHaveLength(checks.length + 1);
    expect(csv).toContain(',No meu governo nós entregamos 12 mil casas populares.,');
    expect(openDataCsv([{ ...find('3.0'), claim: { ...find('3.0').claim, text: 'diz "sim", e não' } }])).toContain(
      '"diz ""sim"", e não"',
    );
  });
});

describe('ClaimReview JSON-LD', () => {
  test('a published check: schema.org ClaimReview with rating, claim author and appearance', () => {
    expect(claimReviewJsonLd(find('24.0'), settings)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ClaimReview',
      url: 'https://placar.example/placar/aurora-2026-09-17#aurora-2026-09-17%2324.0',
      datePublished: '2026-09-18',
      author: { '@type': 'Organization', name: 'Placar (exemplo)', url: 'https://placar.example/' },
      claimReviewed: 'No meu governo vacinamos 1,34 milhão de crianças contra a gripe em 2022.',
      itemReviewed: {
        '@type': 'Claim',
        author: { '@type': 'Person', name: 'Otávio Barreto' },
        datePublished: '2026-09-17',
        appearance: {
          '@type': 'CreativeWork',
          name: 'Debate Rede Aurora 17/09 (fictício)',
          url: 'https://placar.example/debates/aurora-2026-09-17',
        },
      },
      reviewRating: { '@type': 'Rating', ratingValue: 3, bestRating: 3, worstRating: 1, alternateName: 'Verdadeiro' },
    });
    expect(claimReviewJsonLd(find('4.0'), settings)?.reviewRating).toMatchObject({
      ratingValue: 1,
      alternateName: 'Falso',
    });
    expect(claimReviewJsonLd(find('7.0'), settings)?.reviewRating).toMatchObject({
      ratingValue: -1,
      alternateName: 'Sem dados',
    });
  });

  test('discarded, removed and under-review checks are not announced', () => {
    expect(claimReviewJsonLd(find('13.0'), settings)).toBeNull();
    expect(claimReviewJsonLd(find('25.0'), settings)).toBeNull();
    expect(
      claimReviewJsonLd(run.live.checks.find((check) => check.id.endsWith('#12.0')) as Check, settings),
    ).toBeNull();
  });
});

describe('scoreboard outputs', () => {
  test('speaking time by tone follows DEB-1 splits; failed chunks are not counted', () => {
    const times = speakingTimeByTone(run.live.chunks);
    expect(Object.keys(times)).toEqual(['(desconhecido)', 'Helena Valadares', 'Otávio Barreto']);
    const helena = times['Helena Valadares']!;
    expect(helena.total).toBeCloseTo(
      helena.proposal + helena.attack + helena.defense + helena.record + helena.chatter,
      9,
    );
  });

  test('debateCost totals the ledger per stage with methodology CostRecords', () => {
    const ledger = createMemoryLedger();
    const call = {
      promptVersion: '1',
      jobId: 'd',
      operation: 'object' as const,
      layer: 0,
      phase: 'answer' as const,
      retry: 0,
      latencyMs: 1,
    };
    ledger.record({
      ...call,
      vendor: 'gemini',
      model: 'gemini-2.5-flash',
      promptId: 'factcheck.judge',
      usage: { inputTokens: 1_000_000, outputTokens: 0 },
      outcome: 'ok',
    });
    ledger.record({
      ...call,
      vendor: 'gemini',
      model: 'gemini-2.5-flash',
      promptId: 'factcheck.judge',
      usage: { inputTokens: 0, outputTokens: 0 },
      outcome: 'cache_hit',
    });
    ledger.record({
      ...call,
      vendor: 'openai',
      model: 'gpt-4o-mini-transcribe',
      promptId: 'factcheck.transcription',
      operation: 'transcription',
      phase: 'transcribe',
      usage: { inputTokens: 0, outputTokens: 0 },
      audioSeconds: 600,
      outcome: 'ok',
    });
    ledger.record({
      ...call,
      vendor: 'x',
      model: 'y',
      promptId: 'other',
      jobId: 'another',
      usage: { inputTokens: 5, outputTokens: 5 },
      outcome: 'ok',
    });
    const cost = debateCost(ledger, 'd');
    expect(cost).toMatchObject({ calls: 3, usd: 0.33, cacheHits: 1, unpricedCalls: 0 });
    expect(cost.byStage).toEqual([
      { stage: 'judge', calls: 2, cacheHits: 1, usd: 0.3 },
      { stage: 'transcription', calls: 1, cacheHits: 0, usd: 0.03 },
    ]);
    expect(cost.byVendor.map((vendor) => vendor.vendor)).toEqual(['gemini', 'openai']);
    expect(stageOfEntry({ promptId: 'transcription.names' })).toBe('transcription.names');
  });
});
