import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Check } from '../schemas.js';
import { debateScoreboards } from '../outputs/scoreboard.js';
import { DebateReplaySchema } from './format.js';
import { fictionalDebateReplay } from './index.js';
import { createReplayStages, repeatReplay, runReplay, type ReplayRun } from './stages.js';

let run: ReplayRun;
beforeAll(async () => {
  run = await runReplay(fictionalDebateReplay());
});

const byKey = (checks: Check[]) => new Map(checks.map((check) => [check.id.split('#')[1] as string, check]));

describe('the bundled fictional debate', () => {
  test('is the example’s recorded data, byte for byte (pnpm --filter @espectro/factcheck sync-replay)', () => {
    const bundled = readFileSync(fileURLToPath(new URL('./fictional-debate.json', import.meta.url)), 'utf8');
    const example = readFileSync(
      fileURLToPath(new URL('../../../../examples/debate-replay/data/fictional-debate.json', import.meta.url)),
      'utf8',
    );
    expect(bundled).toBe(example);
  });

  test('says it is fictional', () => {
    const replay = fictionalDebateReplay();
    expect(replay.fictional).toBe(true);
    expect(replay.notice).toMatch(/FICTÍCIO/);
    expect(replay.debate.name).toMatch(/fictício/);
  });

  test('every verdict path, live', () => {
    const checks = byKey(run.live.checks);
    const live = (key: string) => {
      const check = checks.get(key) as Check;
      return [
        check.verdict,
        check.status,
        check.reasons,
        check.reverification === null
          ? null
          : `${check.reverification.decision.outcome}/${check.reverification.decision.action}`,
      ];
    };
    expect(live('3.0')).toEqual(['true', 'published', [], null]); // JR-1 within ~5%
    expect(live('4.0')).toEqual(['false', 'published', [], 'confirmed/publish']); // JR-4 very different
    expect(live('5.0')).toEqual(['imprecise', 'published', [], 'majority/publish']); // JR-4 same direction
    expect(live('7.0')).toEqual(['no_data', 'published', ['other_period'], null]); // JR-3
    expect(live('8.0')).toEqual(['no_data', 'published', ['value_judgement'], null]); // JR-2
    expect(live('9.0')).toEqual(['imprecise', 'published', ['main_true_other_part_not_true'], 'confirmed/publish']); // JR-5
    expect(live('10.0')).toEqual(['true', 'published', ['audio_corrected'], 'majority/correct']); // JR-5 then AUD-1 correction
    expect(live('11.0')).toEqual(['imprecise', 'published', ['slip_of_tongue'], 'arbiter/publish']); // JR-6
    expect(live('12.0')).toEqual([
      'imprecise',
      'under_review',
      ['unproven_accusation', 'audio_under_review'],
      'arbiter/under_review',
    ]); // JR-7
    expect(live('13.0')).toEqual(['no_data', 'discarded', ['future_goal'], null]); // JR-9
    expect(live('15.0')).toEqual(['true', 'published', [], null]); // DEB-5 re-ask
    expect(live('16.0')).toEqual(['no_data', 'published', ['invalid_citation'], null]); // DEB-5 injection
    expect(live('18.0')).toEqual(['true', 'published', ['repeated_claim'], null]); // REP-1 exact
    expect(live('19.0')).toEqual(['imprecise', 'published', ['repeated_claim'], 'confirmed/publish']); // REP-1 Jaccard
    expect(live('21.0')).toEqual(['imprecise', 'published', ['audio_corrected', ...[]], 'confirmed/correct']); // AUD-1 both differ from the sentence
    expect(live('22.0')).toEqual(['true', 'published', ['audio_corrected'], 'arbiter/correct']); // JR-4 opposite sign, arbiter corrects
    expect(live('30.0')).toEqual(['false', 'published', [], 'confirmed/publish']); // existing fact-check as evidence
    expect(checks.get('15.0')?.judge?.attempts).toBe(2);
    expect(checks.get('16.0')?.judge?.attempts).toBe(2);
    expect(checks.get('10.0')?.claim.text).toContain('14 escolas');
    expect(checks.get('18.0')?.repeatOf).toMatchObject({
      matchedBy: 'exact_key',
      label: 'já checado em Debate Rede Aurora 27/08 (fictício)',
    });
    expect(checks.get('19.0')?.repeatOf?.matchedBy).toBe('jaccard');
    expect(checks.get('21.0')?.droppedEvidence.map((drop) => drop.reason)).toEqual([
      'excluded_domain',
      'excluded_domain',
      'published_after_claim',
      'undated',
    ]);
    expect(checks.get('30.0')?.evidence.map((item) => item.kind)).toEqual(['web', 'fact_check']); // official first (DEB-4)
  });

  test('chunks: chatter dropped, unknown voices, annotations and discards, a retried and a failed chunk', () => {
    const status = (index: number) => run.live.chunks[index]!;
    expect(run.live.chunks.map((chunk) => chunk.index)).toEqual(run.live.chunks.map((_, index) => index));
    expect(status(0)).toMatchObject({ status: 'chatter', speakingTime: null });
    expect(status(1)).toMatchObject({ status: 'unknown_speaker', checkIds: [] });
    expect(status(2).discarded.map((item) => item.kind)).toEqual(['rhetoric', 'promise']);
    expect(status(6).annotations).toEqual([{ kind: 'proposal', text: 'Tarifa zero no ônibus para estudantes.' }]);
    expect(status(27)).toMatchObject({ status: 'claims', attempts: 2 });
    expect(status(28)).toMatchObject({ status: 'failed', attempts: 3, error: { stage: 'tone' } });
    expect(status(28).transcript?.text).toContain('mães de Serra Clara');
  });

  test('review: changes keep the previous verdict; both scoreboards; the live one is what was visible', () => {
    const review = run.review!;
    expect(
      review.changes.map((change) => [
        change.checkId.split('#')[1],
        `${change.before.verdict}/${change.before.status}`,
        `${change.after.verdict}/${change.after.status}`,
      ]),
    ).toEqual([
      ['12.0', 'imprecise/under_review', 'imprecise/published'],
      ['23.0', 'true/published', 'no_data/published'],
      ['24.0', 'false/published', 'true/published'],
      ['25.0', 'false/published', 'no_data/removed'],
    ]);
    const reviewed = byKey(review.checks);
    expect(reviewed.get('24.0')?.history.map((entry) => [entry.verdict, entry.phase])).toEqual([
      ['false', 'live'],
      ['true', 'review'],
    ]);
    expect(reviewed.get('24.0')?.claim.text).toContain('1,34 milhão');
    expect(reviewed.get('3.0')?.history.at(-1)?.reason).toContain('aviso-0917-01');
    expect(run.summary.live).toEqual(debateScoreboards(run.live.checks).live);
    expect(run.summary.live).toEqual([
      { candidate: 'Helena Valadares', true: 5, imprecise: 2, false: 2, checkable: 9, index: 1 / 3 },
      { candidate: 'Otávio Barreto', true: 3, imprecise: 3, false: 2, checkable: 8, index: 7 / 16 },
    ]);
    expect(run.summary.revised.map((row) => [row.candidate, row.checkable, row.index])).toEqual([
      ['Helena Valadares', 8, 5 / 16],
      ['Otávio Barreto', 8, 5 / 16],
    ]);
    expect(run.summary.mentirometro).toEqual([
      { a: 'Helena Valadares', b: 'Otávio Barreto', live: 'b', revised: 'tie' },
    ]);
  });

  test('outputs: time by tone, official-source share, and a priced cost for every stage', () => {
    expect(run.summary.speakingTimeByTone['Helena Valadares']).toMatchObject({ attack: 56, record: 47.5 });
    expect(run.summary.speakingTimeByTone['(desconhecido)']?.droppedChatter).toBe(20);
    expect(run.summary.officialSourceShare).toEqual({ checksWithSource: 17, officialChecks: 15, share: 15 / 17 });
    const cost = run.summary.cost!;
    expect(cost.unpricedCalls).toBe(0);
    expect(cost.byStage.map((stage) => stage.stage).sort()).toEqual([
      'arbiter',
      'audio_check',
      'claims',
      'judge',
      'review',
      'review_transcription',
      'search',
      'tone',
      'transcription',
    ]);
    expect(cost.usd).toBeGreaterThan(0.05);
    expect(cost.usd).toBeLessThan(0.15);
    // seed 001 stage 9: the review searches every check again (official sources), on top of the live searches
    const searches = cost.byStage.find((stage) => stage.stage === 'search');
    expect(searches!.calls).toBeGreaterThanOrEqual(run.review!.checks.length);
    expect(run.summary.costUsd).toBe(cost.usd);
  });

  test('the same result whatever the concurrency', async () => {
    const serial = await runReplay(fictionalDebateReplay(), { concurrency: 1 });
    const parallel = await runReplay(fictionalDebateReplay(), { concurrency: 8 });
    expect(parallel.live).toEqual(serial.live);
    expect(parallel.review?.checks).toEqual(serial.review?.checks);
    expect(parallel.summary).toEqual(serial.summary);
  });

  test('a replay without a recorded answer fails that chunk with invalid_replay, recorded not lost', async () => {
    const replay = fictionalDebateReplay();
    delete replay.judge['3.0#1'];
    const broken = await runReplay(replay, { skipReview: true });
    expect(broken.live.chunks[3]).toMatchObject({
      status: 'failed',
      attempts: 3,
      error: { stage: 'judge', message: expect.stringContaining('no recorded judge answer for "3.0#1"') },
    });
    expect(broken.live.chunks).toHaveLength(34);
  });
});

describe('repeatReplay', () => {
  test('builds a two-hour debate with unique keys; the first copy keeps its indexes', () => {
    const long = repeatReplay(fictionalDebateReplay(), 720, { copies: 4 });
    expect(long.chunks).toHaveLength(720);
    expect(long.chunks.map((chunk) => chunk.index)).toEqual(long.chunks.map((_, index) => index));
    expect(new Set(long.chunks.map((chunk) => chunk.transcript)).size).toBeGreaterThan(700);
    expect(long.chunks.slice(0, 34).map((chunk) => chunk.transcript)).toEqual(
      fictionalDebateReplay().chunks.map((chunk) => chunk.transcript),
    );
    expect(Object.keys(long.judge)).toHaveLength(4 * Object.keys(fictionalDebateReplay().judge).length);
    expect(() => DebateReplaySchema.parse(long)).not.toThrow();
    expect(() => createReplayStages(long)).not.toThrow();
  });

  test('a longer replay runs end to end', async () => {
    const long = await runReplay(repeatReplay(fictionalDebateReplay(), 102), { concurrency: 6 });
    expect(long.live.chunks).toHaveLength(102);
    expect(long.live.checks).toHaveLength(3 * 22);
    expect(long.live.checks.filter((check) => check.repeatOf !== null)).toHaveLength(3 * 2);
    expect(long.live.chunks.filter((chunk) => chunk.status === 'failed')).toHaveLength(1);
  });
});
