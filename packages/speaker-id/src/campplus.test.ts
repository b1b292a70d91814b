/**
 * CAM++ through the real sherpa-onnx-node, on tiny ONNX fixtures generated here with CAM++'s
 * interface (input `x` [N, T, 80] → output `embedding` [N, D]) and sherpa-onnx's metadata.
 * The native tests are skipped, with the reason printed, only where sherpa-onnx-node's prebuilt
 * module does not exist or does not load (it ships for linux/darwin x64+arm64 and windows).
 */
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildSpeakerEmbeddingFixture, identityProjection } from './__fixtures__/onnx-fixture.js';
import { syntheticSpeakers, syntheticVoice } from './testing/synthetic-voice.js';
import {
  createCamPlusPlusEmbedder,
  importSherpaOnnx,
  isSherpaOnnxAvailable,
  loadSherpaOnnx,
  SHERPA_ONNX_PACKAGE,
} from './campplus.js';
import { SpeakerIdError } from './errors.js';
import { embedderForVoices, resolveEmbedder, type BackendChoice } from './default-embedder.js';
import { CAMPPLUS_BACKEND, STATISTICS_BACKEND, STATISTICS_PROJECTED_BACKEND } from './embedder.js';
import { addSpeaker, createVoicesFile, enrollSpeaker } from './enrollment.js';
import { computeFbank } from './fbank.js';
import { CAMPPLUS_FILE_NAME } from './models.js';
import { readOnnxMetadata, validateSpeakerModelMetadata } from './onnx-metadata.js';
import { identifySamples } from './pipeline.js';

const sherpaAvailable = await isSherpaOnnxAvailable();
const skipReason = sherpaAvailable
  ? ''
  : await loadSherpaOnnx().then(
      () => '',
      (error: Error) => error.message,
    );
if (!sherpaAvailable) console.warn(`Skipping the sherpa-onnx-node tests: ${skipReason}`);

let directory: string;
let fixturePath: string;
let identityPath: string;
let globalMeanPath: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'speaker-id-campplus-'));
  fixturePath = join(directory, 'campplus-fixture.onnx');
  identityPath = join(directory, 'identity.onnx');
  globalMeanPath = join(directory, 'global-mean.onnx');
  await writeFile(fixturePath, buildSpeakerEmbeddingFixture({ dimension: 16 }));
  await writeFile(identityPath, buildSpeakerEmbeddingFixture({ dimension: 80, projection: identityProjection() }));
  await writeFile(
    globalMeanPath,
    buildSpeakerEmbeddingFixture({
      dimension: 80,
      projection: identityProjection(),
      metadata: { feature_normalize_type: 'global-mean' },
    }),
  );
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('sherpa-onnx-node is an optional peer (issue 19 §4)', () => {
  test('the package installs without it: an optional peer (and a dev dependency for these tests), never a dependency', async () => {
    const manifest = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as Record<
      string,
      Record<string, unknown> | undefined
    >;
    expect(manifest.dependencies?.[SHERPA_ONNX_PACKAGE]).toBeUndefined();
    expect(manifest.optionalDependencies?.[SHERPA_ONNX_PACKAGE]).toBeUndefined();
    expect(manifest.peerDependencies?.[SHERPA_ONNX_PACKAGE]).toBe('~1.13.8');
    expect(manifest.peerDependenciesMeta?.[SHERPA_ONNX_PACKAGE]).toEqual({ optional: true });
  });

  test('selecting CAM++ where the package is not installed names the package and how to install it', async () => {
    // A real import of a package that is not installed: the same resolution failure a user without it gets.
    const absent = 'sherpa-onnx-node-not-installed';
    const error = await importSherpaOnnx(absent).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(SpeakerIdError);
    expect((error as SpeakerIdError).code).toBe('backend_unavailable');
    expect((error as SpeakerIdError).message).toBe(
      `the CAM++ backend needs the optional peer dependency "${absent}", which is not installed: install it with \`pnpm add ${absent}@~1.13.8\` (or npm install ${absent}@~1.13.8); the offline statistics embedder works without it`,
    );
  });
});

describe('ONNX fixture and metadata checks (no native code)', () => {
  test('the fixture carries the metadata sherpa-onnx reads', () => {
    const metadata = readOnnxMetadata(buildSpeakerEmbeddingFixture({ dimension: 16 }));
    expect(metadata).toMatchObject({
      framework: '3d-speaker',
      sample_rate: '16000',
      output_dim: '16',
      normalize_samples: '1',
      language: 'multilingual',
      feature_normalize_type: '',
    });
    expect(validateSpeakerModelMetadata(metadata)).toEqual({
      framework: '3d-speaker',
      outputDim: 16,
      sampleRate: 16000,
    });
  });

  test('missing or wrong metadata is caught in TypeScript (sherpa-onnx would exit the process)', () => {
    const without = readOnnxMetadata(
      buildSpeakerEmbeddingFixture({ metadata: { output_dim: undefined, language: undefined } }),
    );
    expect(() => validateSpeakerModelMetadata(without, 'm.onnx')).toThrow(
      /m\.onnx: missing ONNX metadata "output_dim", "language"/,
    );
    const nemo = readOnnxMetadata(buildSpeakerEmbeddingFixture({ metadata: { framework: 'nemo' } }));
    expect(() => validateSpeakerModelMetadata(nemo)).toThrow(/framework is "nemo"/);
    const badType = readOnnxMetadata(
      buildSpeakerEmbeddingFixture({ metadata: { feature_normalize_type: 'per-utterance' } }),
    );
    expect(() => validateSpeakerModelMetadata(badType)).toThrow(/feature_normalize_type/);
    const notInteger = readOnnxMetadata(buildSpeakerEmbeddingFixture({ metadata: { sample_rate: '16k' } }));
    expect(() => validateSpeakerModelMetadata(notInteger)).toThrow(/sample_rate = "16k" is not an integer/);
  });

  test('bytes that are not an ONNX model are rejected', () => {
    expect(() => readOnnxMetadata(new TextEncoder().encode('hello world, not protobuf'), 'x.onnx')).toThrow(
      /x\.onnx: not an ONNX model/,
    );
    expect(() => readOnnxMetadata(new Uint8Array([0x08, 0x08]), 'y.onnx')).toThrow(/no graph/);
  });

  test('a missing model file and a model without metadata fail before native code runs', async () => {
    await expect(createCamPlusPlusEmbedder({ modelPath: join(directory, 'none.onnx') })).rejects.toMatchObject({
      code: 'model_missing',
      message: expect.stringMatching(/espectro models pull campplus/),
    });
    const bad = join(directory, 'no-metadata.onnx');
    await writeFile(bad, buildSpeakerEmbeddingFixture({ metadata: { framework: undefined } }));
    await expect(createCamPlusPlusEmbedder({ modelPath: bad })).rejects.toMatchObject({ code: 'invalid_model' });
    const wrongRate = join(directory, 'rate.onnx');
    await writeFile(wrongRate, buildSpeakerEmbeddingFixture({ metadata: { sample_rate: '8000' } }));
    await expect(createCamPlusPlusEmbedder({ modelPath: wrongRate })).rejects.toMatchObject({
      code: 'invalid_model',
      message: expect.stringMatching(/8000 Hz/),
    });
  });

  test('without an installed model, auto resolves to the statistics embedder with the LDA projection; campplus asks for a pull', async () => {
    const env = { ESPECTRO_MODELS: join(directory, 'empty-models') };
    const offline = await resolveEmbedder({ env });
    expect([offline.backend, offline.dimension]).toEqual([STATISTICS_PROJECTED_BACKEND, 40]);
    expect((await resolveEmbedder({ env, backend: 'statistics-lda' })).backend).toBe(STATISTICS_PROJECTED_BACKEND);
    await expect(resolveEmbedder({ env, backend: 'ecapa' as BackendChoice })).rejects.toMatchObject({
      code: 'invalid_argument',
      message: expect.stringMatching(/auto, statistics-lda, statistics, campplus, got "ecapa"/),
    });
    await expect(resolveEmbedder({ env, backend: 'campplus' })).rejects.toMatchObject({ code: 'model_missing' });
    expect((await resolveEmbedder({ backend: 'statistics', modelPath: fixturePath })).backend).toBe(STATISTICS_BACKEND);
  });
});

describe.skipIf(!sherpaAvailable)(
  `sherpa-onnx-node SpeakerEmbeddingExtractor on the fixture${sherpaAvailable ? '' : ` (skipped: ${skipReason})`}`,
  () => {
    test('loads the fixture and returns [D] embeddings', async () => {
      const embedder = await createCamPlusPlusEmbedder({ modelPath: fixturePath });
      expect(embedder.backend).toBe(CAMPPLUS_BACKEND);
      expect(embedder.dimension).toBe(16);
      expect(embedder.model).toBe('campplus-fixture.onnx');
      expect(embedder.metadata.framework).toBe('3d-speaker');
      const embedding = await embedder.embed(syntheticVoice(syntheticSpeakers.ana!, 2, 1), 16000);
      expect(embedding).toBeInstanceOf(Float32Array);
      expect(embedding).toHaveLength(16);
      expect(embedding.every(Number.isFinite)).toBe(true);
      expect(await embedder.embed(syntheticVoice(syntheticSpeakers.ana!, 2, 1), 16000)).toEqual(embedding);
    });

    test("sherpa-onnx's fbank (kaldi-native-fbank) agrees with this package's TypeScript fbank", async () => {
      // The identity fixture's "embedding" is the time-average of the 80 fbank bins sherpa computed.
      const embedder = await createCamPlusPlusEmbedder({ modelPath: identityPath });
      for (const [speaker, seed] of [
        ['ana', 1],
        ['bruno', 2],
      ] as const) {
        const samples = syntheticVoice(syntheticSpeakers[speaker]!, 1.5, seed);
        const fromSherpa = await embedder.embed(samples, 16000);
        const features = computeFbank(samples);
        for (let bin = 0; bin < 80; bin += 1) {
          let mean = 0;
          for (let frame = 0; frame < features.frames; frame += 1) mean += features.data[frame * 80 + bin]!;
          mean /= features.frames;
          expect(Math.abs(fromSherpa[bin]! - mean)).toBeLessThan(1e-3);
        }
      }
    });

    test("the 'global-mean' feature normalisation of 3D-Speaker models is applied by sherpa", async () => {
      const embedder = await createCamPlusPlusEmbedder({ modelPath: globalMeanPath });
      const embedding = await embedder.embed(syntheticVoice(syntheticSpeakers.carla!, 1, 3), 16000);
      expect(Math.max(...embedding.map(Math.abs))).toBeLessThan(1e-3);
    });

    test('empty audio is too short for a frame', async () => {
      const embedder = await createCamPlusPlusEmbedder({ modelPath: fixturePath });
      expect(() => embedder.embed(new Float32Array(0), 16000)).toThrow(/too short/);
    });

    test('enrollment and identification run through the CAM++ code path', async () => {
      const embedder = await createCamPlusPlusEmbedder({ modelPath: fixturePath });
      let voices = createVoicesFile(embedder, new Date(0));
      expect(voices).toMatchObject({ backend: CAMPPLUS_BACKEND, model: 'campplus-fixture.onnx', dimension: 16 });
      for (const name of ['ana', 'bruno', 'carla'] as const) {
        const clips = [1, 2].map((seed) => ({
          file: `${name}-${seed}.wav`,
          samples: syntheticVoice(syntheticSpeakers[name]!, 3, seed),
        }));
        voices = addSpeaker(voices, await enrollSpeaker({ name, clips, embedder }), embedder);
      }
      const chunk = syntheticVoice(syntheticSpeakers.carla!, 10, 9);
      const result = await identifySamples(chunk, { voices, embedder, unknownThreshold: 0, minMargin: 0 });
      expect(result.backend).toBe(CAMPPLUS_BACKEND);
      expect(Object.keys(result.scores).sort()).toEqual(['ana', 'bruno', 'carla']);
      expect(result.speaker).toBe(result.bestCandidate);
      expect(typeof result.score).toBe('number');
      expect((await identifySamples(new Float32Array(160000), { voices, embedder })).reason).toBe('silence');
    });

    test('an installed model in $ESPECTRO_MODELS/campplus is picked up automatically and matches voices files', async () => {
      const root = join(directory, 'models');
      await mkdir(join(root, 'campplus'), { recursive: true });
      await writeFile(join(root, 'campplus', CAMPPLUS_FILE_NAME), buildSpeakerEmbeddingFixture({ dimension: 16 }));
      const env = { ESPECTRO_MODELS: root };
      const embedder = await resolveEmbedder({ env });
      expect(embedder.backend).toBe(CAMPPLUS_BACKEND);
      expect(embedder.model).toBe(CAMPPLUS_FILE_NAME);
      const voices = createVoicesFile(embedder);
      expect((await embedderForVoices(voices, { env })).backend).toBe(CAMPPLUS_BACKEND);
      expect(
        (await embedderForVoices({ ...voices, backend: STATISTICS_BACKEND, dimension: 240 }, { env })).backend,
      ).toBe(STATISTICS_BACKEND);
      await expect(embedderForVoices({ ...voices, backend: 'ecapa (onnxruntime)' }, { env })).rejects.toMatchObject({
        code: 'backend_mismatch',
      });
    });
  },
);
