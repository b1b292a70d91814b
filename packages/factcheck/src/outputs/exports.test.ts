import { createMemoryLedger } from '@espectro/llm';
import { beforeAll, describe, expect, test } from 'vitest';
import { fictionalDebateReplay } from '../replay/index.js';
import { runReplay, type ReplayRun } from '../replay/stages.js';
import type { Check } from '../schemas.js';
import { checkPagePath, checkPosition, checkSlug, claimReview, claimReviewSubjectOf } from './claimreview.js';
import { openDataCsv, openDataRows } from './exports.js';
import { debateCost, speakingTimeByTone, stageOfEntry } from './scoreboard.js';

let run: ReplayRun;
let checks: Check[];
beforeAll(async () => {
  run = await runReplay(fictionalDebateReplay());
  checks = run.review!.checks;
});
const find = (key: string) => checks.find((check) => check.id.endsWith(`#${key}`)) as Check;
const debate = fictionalDebateReplay().debate;

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
    const lines = csv.trimEnd().split('\r\n');
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

describe('ClaimReview (Google Search Central + schema.org)', () => {
  const site = { siteUrl: 'https://placar.example/', publisherName: 'Placar (exemplo)' };
  const review = (key: string, source: Check[] = checks) =>
    claimReview(claimReviewSubjectOf(source.find((check) => check.id.endsWith(`#${key}`)) as Check, debate), site);

  test('a published check: required and recommended properties, absolute URL of its own page', () => {
    expect(review('24.0')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ClaimReview',
      url: 'https://placar.example/placar/aurora-2026-09-17/checagens/24-0',
      claimReviewed: 'No meu governo vacinamos 1,34 milhão de crianças contra a gripe em 2022.',
      datePublished: '2026-09-17',
      dateModified: '2026-09-18',
      inLanguage: 'pt-BR',
      author: { '@type': 'Organization', name: 'Placar (exemplo)', url: 'https://placar.example/' },
      itemReviewed: {
        '@type': 'Claim',
        author: { '@type': 'Person', name: 'Otávio Barreto' },
        datePublished: '2026-09-17',
        appearance: {
          '@type': 'CreativeWork',
          name: 'Debate Rede Aurora 17/09 (fictício)',
          url: 'https://placar.example/debates/aurora-2026-09-17',
        },
        firstAppearance: {
          '@type': 'CreativeWork',
          name: 'Debate Rede Aurora 17/09 (fictício)',
          url: 'https://placar.example/debates/aurora-2026-09-17',
        },
      },
      reviewRating: {
        '@type': 'Rating',
        ratingValue: 3,
        bestRating: 3,
        worstRating: 1,
        alternateName: 'Verdadeiro',
        name: 'Verdadeiro',
      },
    });
    expect(review('4.0')?.reviewRating).toMatchObject({ ratingValue: 1, alternateName: 'Falso', name: 'Falso' });
  });

  test('every rating value lies within worstRating..bestRating; "Sem dados" carries only its text', () => {
    const all = checks.map((check) => claimReview(claimReviewSubjectOf(check, debate), site));
    for (const item of all) {
      if (item === null || item.reviewRating.ratingValue === undefined) continue;
      expect(item.reviewRating.ratingValue).toBeGreaterThanOrEqual(item.reviewRating.worstRating!);
      expect(item.reviewRating.ratingValue).toBeLessThanOrEqual(item.reviewRating.bestRating!);
    }
    expect(review('7.0')?.reviewRating).toEqual({ '@type': 'Rating', alternateName: 'Sem dados', name: 'Sem dados' });
  });

  test('a site under a path prefix keeps it once; the path uses the check slug', () => {
    const item = claimReview(claimReviewSubjectOf(find('24.0'), debate), {
      siteUrl: 'https://exemplo.org/espectro/',
      publisherName: 'X',
    });
    expect(item?.url).toBe('https://exemplo.org/espectro/placar/aurora-2026-09-17/checagens/24-0');
    expect(item?.author.url).toBe('https://exemplo.org/espectro/');
    expect(checkSlug('d#12.3')).toBe('12-3');
    expect(checkPagePath('a b', 'a b#1.0')).toBe('/placar/a%20b/checagens/1-0');
  });

  test("a check id's position: debate, chunk and claim; other shapes are not positions", () => {
    expect(checkPosition('aurora#x#12.3')).toEqual({ debateId: 'aurora#x', chunkIndex: 12, claimIndex: 3 });
    expect(checkPosition('aurora-2026-04-20#0')).toBeNull();
    expect(checkPosition('#1.2')).toBeNull();
  });

  test('discarded, removed and under-review checks are not announced', () => {
    expect(review('13.0')).toBeNull();
    expect(review('25.0')).toBeNull();
    expect(review('12.0', run.live.checks)).toBeNull();
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
