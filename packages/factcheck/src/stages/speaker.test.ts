import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  addSpeaker,
  createStatisticsEmbedder,
  createVoicesFile,
  enrollSpeaker,
  resolveEmbedder,
  STATISTICS_BACKEND,
  STATISTICS_PROJECTED_BACKEND,
  writeVoicesFile,
  type Embedder,
} from '@espectro/speaker-id';
import { syntheticSpeakers, syntheticVoice } from '@espectro/speaker-id/testing';
import { describe, expect, test } from 'vitest';
import { testContext } from '../__fixtures__/context.js';
import { createRecordedSpeakerIdentifier, createSpeakerIdIdentifier } from './speaker.js';

/** A synthetic voice as 16-bit PCM (what the chunker hands to the speaker stage). */
const pcm16 = (samples: Float32Array) => Int16Array.from(samples, (value) => Math.round(value * 32767));
const helena = (seconds: number, seed: number) => pcm16(syntheticVoice(syntheticSpeakers.ana!, seconds, seed));
const otavio = (seconds: number, seed: number) => pcm16(syntheticVoice(syntheticSpeakers.bruno!, seconds, seed));
const float = (samples: Int16Array) => Float32Array.from(samples, (sample) => sample / 32768);

describe('stage 3 — speaker', () => {
  test('over @espectro/speaker-id (offline statistics embedder): enrolled candidates are recognised, silence stays unknown', async () => {
    const embedder = createStatisticsEmbedder();
    let voices = createVoicesFile(embedder, new Date('2026-09-01T00:00:00Z'));
    voices = addSpeaker(
      voices,
      await enrollSpeaker({
        name: 'helena',
        clips: [
          { file: 'h1', samples: float(helena(3, 1)) },
          { file: 'h2', samples: float(helena(3, 2)) },
        ],
        embedder,
      }),
      embedder,
    );
    voices = addSpeaker(
      voices,
      await enrollSpeaker({
        name: 'Otávio Barreto',
        clips: [
          { file: 'o1', samples: float(otavio(3, 1)) },
          { file: 'o2', samples: float(otavio(3, 2)) },
        ],
        embedder,
      }),
      embedder,
    );
    const speaker = await createSpeakerIdIdentifier({ voices, embedder, aliases: { helena: 'Helena Valadares' } });
    const chunk = (index: number, samples: Int16Array) => ({
      index,
      startSeconds: index * 10,
      durationSeconds: samples.length / 16000,
      samples,
    });
    expect((await speaker.identify(chunk(0, helena(10, 7)), testContext())).speaker).toBe('Helena Valadares');
    expect((await speaker.identify(chunk(1, otavio(10, 8)), testContext())).speaker).toBe('Otávio Barreto');
    expect(await speaker.identify(chunk(2, new Int16Array(160_000)), testContext())).toMatchObject({
      speaker: null,
      score: null,
    });
    await expect(
      speaker.identify({ index: 3, startSeconds: 30, durationSeconds: 10 }, testContext()),
    ).rejects.toMatchObject({ code: 'invalid_audio' });
  });

  test('from a voices file, the live stage uses the backend the file was enrolled with: the LDA default for new files, the plain statistics embedder for old ones', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'espectro-speaker-stage-'));
    try {
      const enrolWith = async (embedder: Embedder, path: string) => {
        let voices = createVoicesFile(embedder, new Date('2026-09-01T00:00:00Z'));
        for (const [name, voice] of [
          ['Helena Valadares', helena],
          ['Otávio Barreto', otavio],
        ] as const) {
          const clips = [1, 2].map((seed) => ({ file: `${name}-${seed}`, samples: float(voice(3, seed)) }));
          voices = addSpeaker(voices, await enrollSpeaker({ name, clips, embedder }), embedder);
        }
        await writeVoicesFile(path, voices);
      };
      // What `espectro speaker enroll` writes on a machine without CAM++ (ESPECTRO_MODELS is empty).
      const env = { ESPECTRO_MODELS: join(directory, 'no-models') };
      await enrolWith(await resolveEmbedder({ env }), join(directory, 'voices.json'));
      await enrolWith(createStatisticsEmbedder(), join(directory, 'old-voices.json'));
      const chunk = (index: number, samples: Int16Array) => ({
        index,
        startSeconds: index * 10,
        durationSeconds: samples.length / 16000,
        samples,
      });
      const lda = await createSpeakerIdIdentifier({ voices: join(directory, 'voices.json'), env });
      expect(await lda.identify(chunk(0, helena(10, 7)), testContext())).toMatchObject({
        speaker: 'Helena Valadares',
        backend: STATISTICS_PROJECTED_BACKEND,
      });
      expect(await lda.identify(chunk(1, otavio(10, 8)), testContext())).toMatchObject({
        speaker: 'Otávio Barreto',
        backend: STATISTICS_PROJECTED_BACKEND,
      });
      // A voice that was never enrolled stays unknown.
      const stranger = pcm16(syntheticVoice(syntheticSpeakers.carla!, 10, 9));
      expect(await lda.identify(chunk(2, stranger), testContext())).toMatchObject({ speaker: null });
      const old = await createSpeakerIdIdentifier({ voices: join(directory, 'old-voices.json'), env });
      expect(await old.identify(chunk(0, helena(10, 7)), testContext())).toMatchObject({
        speaker: 'Helena Valadares',
        backend: STATISTICS_BACKEND,
      });
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  test('a missing voices file is a configuration error', async () => {
    await expect(createSpeakerIdIdentifier({ voices: '/nonexistent/voices.json' })).rejects.toMatchObject({
      code: 'missing_configuration',
      field: 'voices',
    });
  });

  test('recorded speakers (replays, operator logs)', async () => {
    const speaker = createRecordedSpeakerIdentifier({ 1: 'Helena Valadares', 2: { speaker: null, score: 0.2 } });
    expect(await speaker.identify({ index: 0, startSeconds: 0, durationSeconds: 10 }, testContext())).toEqual({
      speaker: null,
      score: null,
      backend: 'recorded',
    });
    expect(await speaker.identify({ index: 1, startSeconds: 10, durationSeconds: 10 }, testContext())).toEqual({
      speaker: 'Helena Valadares',
      score: null,
      backend: 'recorded',
    });
    expect(await speaker.identify({ index: 2, startSeconds: 20, durationSeconds: 10 }, testContext())).toEqual({
      speaker: null,
      score: 0.2,
      backend: 'recorded',
    });
  });
});
