import { createMemoryCacheStore, createMemoryLedger } from '@espectro/llm';
import { reply, startFakeLlmServer, type FakeLlmServer } from '@espectro/llm/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testDebate } from './__fixtures__/context.js';
import { chunkAudio, encodeChunkWav } from './audio/chunker.js';
import { debateCost, summarizeDebate } from './outputs/scoreboard.js';
import { offsetTime, runLiveDebate } from './pipeline.js';
import { createMemoryCheckRepository } from './repository.js';
import { reviewDebate } from './review.js';
import type { JudgeAnswer } from './schemas.js';
import {
  createLlmArbiter,
  createLlmClaimExtractor,
  createLlmJudge,
  createLlmReviewer,
  createLlmToneClassifier,
} from './stages/llm-stages.js';
import { createRecordedSpeakerIdentifier } from './stages/speaker.js';
import { createModelTranscriber } from './stages/transcriber.js';
import { audioCheckPrompt, reviewTranscriptionPrompt } from './prompts.js';
import type { LiveStages, ReviewStages, WebSearch } from './stages/types.js';

let server: FakeLlmServer;
beforeAll(async () => {
  server = await startFakeLlmServer();
});
afterAll(() => server.close());

const noFacts: JudgeAnswer['facts'] = {
  claimed: null,
  reference: null,
  unit: null,
  claimNature: 'factual',
  evidenceScope: 'same',
  otherParts: [],
  slipOfTongue: false,
  unprovenAccusation: false,
};
const DEBT = 'A dívida do estado passou de 20 para 40 bilhões.';
const DEBT_URL = 'https://dados.serraclara.gov.br/fazenda/divida';

describe('the live pipeline and the review with every model stage on the fake LLM server', () => {
  test('WAV in → chatter, a judged and re-verified check, a fallback transcription, a discarded promise → review from cache → scoreboards and cost', async () => {
    const ledger = createMemoryLedger();
    const cache = createMemoryCacheStore();
    const transcribe = { route: 'transcription' as const };
    server.enqueueFor(
      { ...transcribe, vendor: 'openai', model: 'gpt-4o-mini-transcribe' },
      reply.transcript('Boa noite a todos.'),
      reply.transcript(DEBT),
      reply.transcript(DEBT),
      reply.serverError(500),
    );
    server.enqueueFor(
      { ...transcribe, vendor: 'groq', model: 'whisper-large-v3-turbo' },
      reply.transcript('A dívida do estado passou de 20 para 40 bilhões'),
      reply.transcript('Eu vou criar 50 mil vagas em creches.'),
    );
    server.enqueueFor(
      { ...transcribe, vendor: 'groq', model: 'whisper-large-v3' },
      reply.transcript('Boa noite a todos.'),
      reply.transcript(DEBT),
      reply.transcript('Eu vou criar 50 mil vagas em creches.'),
    );
    server.enqueueFor(
      { vendor: 'groq', route: 'chat' },
      reply.json({ probabilities: { proposal: 0, attack: 0, defense: 0, record: 0, chatter: 0.9 } }),
      reply.json({ probabilities: { proposal: 0, attack: 0.8, defense: 0, record: 0.2, chatter: 0 } }),
      reply.json({ probabilities: { proposal: 0.9, attack: 0, defense: 0, record: 0, chatter: 0.1 } }),
    );
    server.enqueueFor(
      { vendor: 'anthropic' },
      reply.json({
        claims: [{ kind: 'checkable', text: DEBT, datum: 'dívida de 20 para 40 bilhões', query: 'dívida consolidada' }],
      }),
      reply.json({ claims: [{ kind: 'promise', text: 'Vou criar 50 mil vagas em creches.', datum: '', query: '' }] }),
    );
    const verdict: JudgeAnswer = {
      verdict: 'false',
      reason: 'Foi para 23,1 bi.',
      citations: [DEBT_URL],
      facts: { ...noFacts, claimed: 40e9, reference: 23.1e9, unit: 'R$' },
    };
    server.enqueueFor({ vendor: 'gemini' }, reply.json(verdict));

    const search: WebSearch = {
      name: 'fixed',
      async search() {
        return {
          results: [
            {
              url: DEBT_URL,
              publishedAt: '2026-05-30',
              snippet: 'R$ 23,1 bilhões em 2026',
              provider: 'fixed',
              kind: 'web',
            },
          ],
          summary: null,
        };
      },
    };
    const judge = createLlmJudge({ model: server.model('gemini', { cache }) });
    const stages: LiveStages = {
      transcriber: createModelTranscriber({
        models: [server.transcriber('openai'), server.transcriber('groq', { model: 'whisper-large-v3-turbo' })],
      }),
      speaker: createRecordedSpeakerIdentifier({
        0: null,
        1: 'Helena Valadares',
        2: { speaker: 'Otávio Barreto', score: 0.9 },
      }),
      tone: createLlmToneClassifier({ model: server.model('groq', { model: 'llama-3.1-8b-instant' }) }),
      claims: createLlmClaimExtractor({ model: server.model('anthropic', { model: 'claude-haiku-4-5' }) }),
      search,
      judge,
      audioCheck: {
        transcribers: [
          createModelTranscriber({
            models: [server.transcriber('openai')],
            prompt: audioCheckPrompt,
            stage: 'audio_check',
          }),
          createModelTranscriber({
            models: [server.transcriber('groq', { model: 'whisper-large-v3-turbo' })],
            prompt: audioCheckPrompt,
            stage: 'audio_check',
          }),
          createModelTranscriber({
            models: [server.transcriber('openai', { model: 'gpt-4o-transcribe' })],
            prompt: audioCheckPrompt,
            stage: 'audio_check',
          }),
        ],
        arbiter: createLlmArbiter({ model: server.model('anthropic', { model: 'claude-sonnet-4-6' }) }),
      },
    };
    const wav = encodeChunkWav(new Int16Array(16_000 * 24));
    const repository = createMemoryCheckRepository();
    const live = await runLiveDebate({
      debate: testDebate,
      chunks: chunkAudio(wav),
      stages,
      ledger,
      repository,
      concurrency: 1,
    });

    expect(live.chunks.map((chunk) => [chunk.status, chunk.durationSeconds, chunk.transcript?.vendor])).toEqual([
      ['chatter', 10, 'openai'],
      ['claims', 10, 'openai'],
      ['claims', 4, 'groq'],
    ]);
    expect(live.chunks[2]?.discarded).toEqual([
      { kind: 'promise', text: 'Vou criar 50 mil vagas em creches.', trace: ['DEB-2', 'JR-9'] },
    ]);
    expect(live.checks).toHaveLength(1);
    const [check] = live.checks;
    expect(check).toMatchObject({
      id: 'teste-2026-09-17#1.0',
      candidate: 'Helena Valadares',
      spokenAt: offsetTime(testDebate.startedAt, 10),
      verdict: 'false',
      status: 'published',
      citations: ['https://dados.serraclara.gov.br/fazenda/divida'],
      trace: ['JR-1/4', 'DEB-5', 'AUD-1'],
    });
    expect(check?.reverification?.decision).toMatchObject({ outcome: 'confirmed', action: 'publish' });
    expect(check?.reverification?.transcripts.map((transcript) => transcript.vendor)).toEqual(['openai', 'groq']);
    expect(await repository.listChecks({ debateId: testDebate.id })).toHaveLength(1);

    const reviewStages: ReviewStages = {
      transcriber: createModelTranscriber({
        models: [server.transcriber('groq', { model: 'whisper-large-v3' })],
        prompt: reviewTranscriptionPrompt,
        stage: 'review_transcription',
      }),
      reviewer: createLlmReviewer({ model: server.model('openai') }),
      judge,
    };
    const review = await reviewDebate({
      live,
      stages: reviewStages,
      chunks: chunkAudio(wav),
      reviewedAt: '2026-09-18T12:00:00Z',
      ledger,
      repository,
      concurrency: 1,
    });
    expect(review.changes).toEqual([]);
    expect(review.checks[0]?.history.map((entry) => [entry.verdict, entry.phase])).toEqual([
      ['false', 'live'],
      ['false', 'review'],
    ]);
    expect(server.requestsFor({ vendor: 'gemini' })).toHaveLength(1); // the review's re-judgement came from the cache
    expect(server.requestsFor({ vendor: 'openai', route: 'chat' })).toHaveLength(0); // nothing changed: no reviewer call
    expect(server.pending()).toBe(0);
    expect(await repository.listScoreboards(testDebate.id)).toHaveLength(1);

    const summary = summarizeDebate({ live, review, ledger });
    expect(summary.live).toEqual([
      { candidate: 'Helena Valadares', true: 0, imprecise: 0, false: 1, checkable: 1, index: 1 },
    ]);
    expect(summary.speakingTimeByTone['Otávio Barreto']).toMatchObject({ proposal: 3.6, chatter: 0.4 });
    const cost = debateCost(ledger, testDebate.id);
    expect(cost.byStage.map((stage) => stage.stage)).toEqual([
      'transcription',
      'tone',
      'claims',
      'judge',
      'audio_check',
      'review_transcription',
    ]);
    expect(cost.cacheHits).toBe(1);
    expect(cost.failedCalls).toBe(1);
    expect(cost.usd).toBeGreaterThan(0);
  });
});
