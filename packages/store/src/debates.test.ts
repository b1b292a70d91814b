import {
  CheckSchema,
  ChunkOutcomeSchema,
  DebateInfoSchema,
  replayIntoStore,
  type Check,
  type ChunkOutcome,
  type DebateInfo,
  type DebateRepository,
} from '@espectro/factcheck';
import { fictionalDebateReplay } from '@espectro/factcheck/replay';
import { splitSpeakingTime } from '@espectro/methodology';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStoreDebateRepository } from './debates.js';
import { createTestDatabase, testBackends, type TestDatabase } from './testing/index.js';

const debateRepository = (test: TestDatabase): DebateRepository =>
  createStoreDebateRepository<Check, ChunkOutcome, DebateInfo>(test.database, {
    parseCheck: (document) => CheckSchema.parse(document),
    parseChunk: (document) => ChunkOutcomeSchema.parse(document),
    parseInfo: (document) => DebateInfoSchema.parse(document),
  });

/** What a stored debate looks like, for comparing two runs. */
async function snapshot(repository: DebateRepository, debateId: string) {
  const chunks = await repository.listChunks(debateId);
  const checks = await repository.listChecks({ debateId });
  return {
    chunks: chunks.map((chunk) => ({ index: chunk.index, status: chunk.status, checkIds: chunk.checkIds })),
    checks: checks
      .map((check) => ({ id: check.id, verdict: check.verdict, status: check.status, history: check.history }))
      .sort((left, right) => left.id.localeCompare(right.id)),
  };
}

const replay = fictionalDebateReplay();
const debateId = replay.debate.id;

for (const backend of testBackends()) {
  describe(`stored debates (${backend})`, () => {
    let test: TestDatabase;
    let repository: DebateRepository;
    beforeAll(async () => {
      test = await createTestDatabase(backend);
      repository = debateRepository(test);
    }, 120_000);
    afterAll(async () => {
      await test?.cleanup();
    });
    beforeEach(async () => {
      // each test starts from an empty store (REP-1 would otherwise reuse an earlier test's debate)
      await test.database.query('TRUNCATE checks, debates, scoreboards, cost_ledger RESTART IDENTITY CASCADE');
    }, 180_000);

    it('a whole replay goes into the store: every chunk, its checks, reports, the review, both scoreboards', async () => {
      const run = await replayIntoStore({ repository, replay, pace: Number.POSITIVE_INFINITY });
      const stored = await repository.getDebate(debateId);
      expect(stored).toMatchObject({ fictional: true, phase: 'reviewed', chunkCount: replay.chunks.length });
      expect(stored!.info.candidates.map((candidate) => candidate.name)).toEqual([
        'Helena Valadares',
        'Otávio Barreto',
      ]);
      const chunks = await repository.listChunks(debateId);
      expect(chunks.map((chunk) => chunk.index)).toEqual(replay.chunks.map((chunk) => chunk.index));
      // DEB-1 tone split and transcripts are stored per chunk
      const speaking = chunks.find((chunk) => chunk.status === 'claims')!;
      expect(speaking.speakingTime).toEqual(splitSpeakingTime(speaking.durationSeconds, speaking.tone!));
      expect(speaking.transcript?.text.length).toBeGreaterThan(0);
      const checks = await repository.listChecks({ debateId });
      expect(checks.map((check) => check.id).sort()).toEqual(run.review!.checks.map((check) => check.id).sort());
      // every check carries its live entry and its review entry
      for (const check of checks) expect(check.history.map((entry) => entry.phase)).toEqual(['live', 'review']);
      const reports = await repository.listReports(debateId);
      expect(reports.map((report) => report.id)).toEqual(['aviso-0917-01', 'aviso-0917-02']);
      expect(await repository.listReports(debateId, { unreviewed: true })).toEqual([]);
      expect((await repository.listScoreboards(debateId)).length).toBe(1);
      const events = await repository.eventsAfter(debateId, 0);
      expect(events.filter((event) => event.kind === 'chunk')).toHaveLength(replay.chunks.length);
      expect(events.map((event) => event.kind).slice(-1)).toEqual(['review']);
      // a second run is a no-op: nothing stored twice, no second review
      const again = await replayIntoStore({ repository, replay, pace: Number.POSITIVE_INFINITY });
      expect(again.review).toBeNull();
      expect((await snapshot(repository, debateId)).checks.every((check) => check.history.length === 2)).toBe(true);
    }, 180_000);

    it('a run interrupted mid-debate resumes: no chunk checked twice, none lost, same result', async () => {
      await replayIntoStore({ repository, replay, pace: Number.POSITIVE_INFINITY });
      const reference = await snapshot(repository, debateId);
      await test.database.query('TRUNCATE checks, debates, scoreboards, cost_ledger RESTART IDENTITY CASCADE');
      const controller = new AbortController();
      const firstRun: number[] = [];
      await expect(
        replayIntoStore({
          repository,
          replay,
          pace: Number.POSITIVE_INFINITY,
          concurrency: 2,
          signal: controller.signal,
          onChunk: ({ outcome }) => {
            firstRun.push(outcome.index);
            if (firstRun.length === 11) controller.abort(new Error('crash'));
          },
        }),
      ).rejects.toThrow('crash');
      const storedAfterCrash = (await repository.listChunks(debateId)).map((chunk) => chunk.index);
      expect(storedAfterCrash).toEqual(firstRun);
      expect(storedAfterCrash.length).toBeLessThan(replay.chunks.length);
      const skipped: number[] = [];
      const secondRun: number[] = [];
      await replayIntoStore({
        repository,
        replay,
        pace: Number.POSITIVE_INFINITY,
        onSkippedChunk: (index) => skipped.push(index),
        onChunk: ({ outcome }) => secondRun.push(outcome.index),
      });
      expect(skipped).toEqual(storedAfterCrash);
      expect(secondRun.filter((index) => storedAfterCrash.includes(index))).toEqual([]);
      expect([...skipped, ...secondRun].sort((a, b) => a - b)).toEqual(replay.chunks.map((chunk) => chunk.index));
      expect(await snapshot(repository, debateId)).toEqual(reference);
    }, 180_000);

    it('a reader report stored through the site reaches the review and changes the revised verdict it concerns', async () => {
      const withReport = 'com-aviso-2026-09-17';
      const withoutReport = 'sem-aviso-2026-09-17';
      for (const id of [withReport, withoutReport])
        await replayIntoStore({
          repository,
          replay,
          debateId: id,
          pace: Number.POSITIVE_INFINITY,
          review: false,
        });
      await repository.addReport({
        id: 'leitor-1',
        checkId: `${withReport}#23.0`,
        receivedAt: '2026-09-18T08:00:00Z',
        message: 'Os 2,08 milhões são do Censo Escolar de 2019.',
      });
      await expect(
        repository.addReport({
          id: 'leitor-2',
          checkId: 'nao-existe#1.0',
          receivedAt: '2026-09-18T08:00:00Z',
          message: 'x',
        }),
      ).rejects.toMatchObject({ code: 'not_found', field: 'checkId' });
      for (const id of [withReport, withoutReport])
        await replayIntoStore({
          repository,
          replay,
          debateId: id,
          pace: Number.POSITIVE_INFINITY,
          recordedReports: false,
        });
      const reported = await repository.getCheck(`${withReport}#23.0`);
      const unreported = await repository.getCheck(`${withoutReport}#23.0`);
      const live = reported!.history[0]!;
      expect(unreported!.history.map((entry) => entry.verdict)).toEqual([live.verdict, live.verdict]);
      expect(reported!.history.map((entry) => entry.verdict)).toEqual([live.verdict, 'no_data']);
      expect(reported!.history[1]!.reason).toContain('leitor-1');
      expect(live.verdict).not.toBe('no_data');
    }, 180_000);

    it('REP-1 across stored debates: a later debate reuses the earlier one’s revised verdict', async () => {
      await replayIntoStore({ repository, replay, pace: Number.POSITIVE_INFINITY });
      // the bundled replay's repeats refer to earlier debates it stored first
      const repeated = (await repository.listChecks({ debateId })).filter((check) => check.repeatOf !== null);
      expect(repeated.length).toBeGreaterThan(0);
      // a second debate with the same claims: each repeats the first debate's revised check
      const second = {
        ...replay,
        debate: {
          ...replay.debate,
          id: 'aurora-2026-10-01',
          name: 'Debate Rede Aurora 01/10 (fictício)',
          startedAt: '2026-10-01T23:00:00Z',
        },
      };
      await replayIntoStore({ repository, replay: second, pace: Number.POSITIVE_INFINITY, review: false });
      const first = await repository.getCheck(`${debateId}#23.0`);
      const later = await repository.getCheck('aurora-2026-10-01#23.0');
      expect(later?.repeatOf?.debate).toBe(replay.debate.name);
      expect(first!.history.map((entry) => entry.verdict)).toEqual(['true', 'no_data']);
      expect(later?.repeatOf).toMatchObject({ label: expect.stringContaining('já checado em') });
      // the reused verdict is the first debate's revised (review) verdict, not its live one
      expect(later?.verdict).toBe(first!.history[first!.history.length - 1]!.verdict);
    });
  });
}
