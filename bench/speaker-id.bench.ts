/**
 * Speaker identification cost per 10-second chunk (feature extraction + embedding + scoring) with
 * the offline statistics embedder and with CAM++'s code path on a fixture model run by the real
 * sherpa-onnx-node, plus enrollment of 5 candidates × 60 s. Target from issue 9: real-time factor
 * ≤ 0.02, i.e. ≤ 200 ms of processing per 10 s chunk. Baseline: copying the chunk's samples.
 *
 * The fixture model (ReduceMean + MatMul) is far cheaper than the real CAM++ network, so its
 * numbers measure sherpa's fbank and call overhead, not CAM++ inference.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  addSpeaker,
  createCamPlusPlusEmbedder,
  createStatisticsEmbedder,
  createVoicesFile,
  decodeWav,
  encodeWav,
  enrollSpeaker,
  identifySamples,
  isSherpaOnnxAvailable,
  resample,
  toMono16k,
  type Embedder,
  type VoicesFile,
} from '@espectro/speaker-id';
import { buildSpeakerEmbeddingFixture } from '../packages/speaker-id/src/__fixtures__/onnx-fixture.js';
import { syntheticSpeakers, syntheticVoice, type SyntheticSpeaker } from '@espectro/speaker-id/testing';
import type { BenchCase, BenchSuite } from './harness.js';

const CHUNK_SECONDS = 10;
const TARGET_RTF = 0.02;
const targetMilliseconds = TARGET_RTF * CHUNK_SECONDS * 1000;

const candidates: SyntheticSpeaker[] = [
  syntheticSpeakers.ana!,
  syntheticSpeakers.bruno!,
  syntheticSpeakers.carla!,
  { pitch: 130, formants: [700, 1300, 2500, 3600] },
  { pitch: 240, formants: [450, 1900, 2800, 4100] },
];

/** 60 s per candidate as six 10 s clips. */
const enrollmentAudio = candidates.map((speaker, index) =>
  Array.from({ length: 6 }, (_, clip) => ({
    file: `candidate-${index}-${clip}.wav`,
    samples: syntheticVoice(speaker, 10, 100 * index + clip + 1),
  })),
);

async function enrollAll(embedder: Embedder): Promise<VoicesFile> {
  let voices = createVoicesFile(embedder);
  for (const [index, clips] of enrollmentAudio.entries()) {
    voices = addSpeaker(voices, await enrollSpeaker({ name: `candidate-${index}`, clips, embedder }), embedder);
  }
  return voices;
}

export default async function speakerIdBench(): Promise<BenchSuite> {
  const chunk = syntheticVoice(candidates[2]!, CHUNK_SECONDS, 4242);
  // A broadcast-style chunk: 48 kHz stereo 16-bit WAV bytes, decoded and resampled inside the case.
  const upsampled = resample(chunk, 16000, 48000);
  const wavBytes = encodeWav([upsampled, upsampled], 48000);

  const statistics = createStatisticsEmbedder();
  const statisticsVoices = await enrollAll(statistics);

  const cases: BenchCase[] = [
    {
      name: 'statistics: identify 10 s chunk (16 kHz)',
      run: () => identifySamples(chunk, { voices: statisticsVoices, embedder: statistics }),
      targetMillisecondsPerOperation: targetMilliseconds,
    },
    {
      name: 'statistics: 48 kHz stereo WAV → 16 kHz → identify',
      run: () => identifySamples(toMono16k(decodeWav(wavBytes)), { voices: statisticsVoices, embedder: statistics }),
      targetMillisecondsPerOperation: targetMilliseconds,
    },
    {
      name: 'statistics: enroll 5 candidates × 60 s',
      run: () => enrollAll(statistics),
    },
  ];

  const sherpa = await isSherpaOnnxAvailable();
  if (sherpa) {
    const modelPath = join(tmpdir(), `espectro-bench-campplus-fixture-${process.pid}.onnx`);
    writeFileSync(
      modelPath,
      buildSpeakerEmbeddingFixture({ dimension: 192, metadata: { feature_normalize_type: 'global-mean' } }),
    );
    const campplus = await createCamPlusPlusEmbedder({ modelPath });
    const campplusVoices = await enrollAll(campplus);
    cases.push(
      {
        name: 'campplus fixture (sherpa-onnx): identify 10 s chunk',
        run: () => identifySamples(chunk, { voices: campplusVoices, embedder: campplus }),
        targetMillisecondsPerOperation: targetMilliseconds,
      },
      {
        name: 'campplus fixture (sherpa-onnx): enroll 5 × 60 s',
        run: () => enrollAll(campplus),
      },
    );
  }

  return {
    name: 'speaker-id',
    baseline: { name: 'copy a 10 s 16 kHz Float32Array', run: () => chunk.slice() },
    cases,
    notes: {
      chunkSeconds: CHUNK_SECONDS,
      targetRealTimeFactor: TARGET_RTF,
      realTimeFactor: 'p50 ms per call ÷ 10 000 ms',
      enrolledCandidates: candidates.length,
      statisticsDimension: statistics.dimension,
      campplusFixture: sherpa
        ? 'sherpa-onnx-node loaded; fixture = ReduceMean + MatMul to 192 dims (no CAM++ network)'
        : 'sherpa-onnx-node unavailable: CAM++ cases skipped',
    },
  };
}
