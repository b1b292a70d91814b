import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLU_2_THRESHOLDS,
  createMiniLMEmbedder,
  defaultModelDirectory,
  meanPoolAndNormalise,
  MINILM_MODEL_SPEC,
} from './minilm.js';
import { embedderContract } from './testing/embedder-contract.js';
import { writeTinyMiniLMFixture, type TinyMiniLMFixture } from './testing/tiny-minilm.js';

let directory: string;
let fixture: TinyMiniLMFixture;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'espectro-minilm-'));
  fixture = await writeTinyMiniLMFixture(join(directory, 'minilm'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('MiniLM embedder on the tiny fixture: the Embedder contract', () => {
  for (const check of embedderContract(() => createMiniLMEmbedder({ modelPath: fixture.modelPath, batchSize: 4 })))
    it(check.name, check.run);
});

describe('createMiniLMEmbedder', () => {
  it('loads offline and reports shape, backend and rule CLU-2 thresholds', async () => {
    const embedder = await createMiniLMEmbedder({ modelPath: fixture.modelPath });
    expect(embedder.dimension).toBe(fixture.hidden);
    expect(embedder.backend).toBe('minilm-q8');
    expect(embedder.model).toBe('paraphrase-multilingual-MiniLM-L12-v2');
    expect(embedder.thresholds).toEqual(CLU_2_THRESHOLDS);
    expect(embedder.thresholds).toMatchObject({ merge: 0.74, judgeLow: 0.6 });
  });

  it('mean-pools token vectors over the attention mask and L2-normalises (matches a hand computation)', async () => {
    const embedder = await createMiniLMEmbedder({ modelPath: fixture.modelPath });
    const texts = ['Muere el papa Francisco a los 88 años', 'El gran apagón'];
    const vectors = await embedder.embed(texts);
    const { AutoTokenizer } = await import('@huggingface/transformers');
    const tokenizer = await AutoTokenizer.from_pretrained('minilm');
    texts.forEach((text, row) => {
      const encoded = tokenizer([text]) as unknown as {
        input_ids: { data: BigInt64Array };
        token_type_ids: { data: BigInt64Array };
      };
      const ids = Array.from(encoded.input_ids.data, Number);
      const types = Array.from(encoded.token_type_ids.data, Number);
      expect(ids[0]).toBe(fixture.vocabulary.indexOf('[CLS]'));
      const expected = new Array<number>(fixture.hidden).fill(0);
      ids.forEach((id, position) => {
        for (let component = 0; component < fixture.hidden; component += 1) {
          expected[component]! +=
            fixture.wordEmbeddings[id * fixture.hidden + component]! +
            fixture.typeEmbeddings[types[position]! * fixture.hidden + component]!;
        }
      });
      const norm = Math.hypot(...expected);
      expected.forEach((value, component) => expect(vectors[row]![component]).toBeCloseTo(value / norm, 5));
    });
  });

  it('gives the same vector in a padded batch as alone (padding is masked out)', async () => {
    const embedder = await createMiniLMEmbedder({ modelPath: fixture.modelPath, batchSize: 8 });
    const texts = ['a', 'Estados Unidos captura a Maduro tras el ataque a Venezuela', 'Costa vence primarias'];
    const batch = await embedder.embed(texts);
    for (const [index, text] of texts.entries()) {
      const [single] = await embedder.embed([text]);
      single!.forEach((value, component) => expect(value).toBeCloseTo(batch[index]![component]!, 6));
    }
  });

  it('fails with an actionable message when the weights are missing', async () => {
    await expect(createMiniLMEmbedder({ modelPath: join(directory, 'nothing-here') })).rejects.toMatchObject({
      code: 'model_missing',
      message: expect.stringContaining('espectro models pull minilm'),
    });
  });
});

describe('meanPoolAndNormalise', () => {
  it('rejects mismatched shapes', () => {
    expect(() =>
      meanPoolAndNormalise(
        { dims: [1, 2, 3], data: new Float32Array(6) },
        { dims: [1, 3], data: new BigInt64Array(3) },
      ),
    ).toThrow(/last_hidden_state/);
  });
});

describe('model spec for `espectro models pull minilm`', () => {
  it('lists the Hugging Face files transformers.js needs, with download URLs', () => {
    const required = MINILM_MODEL_SPEC.files.filter((file) => file.required !== false).map((file) => file.path);
    expect(required).toEqual(['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model_quantized.onnx']);
    for (const file of [...MINILM_MODEL_SPEC.files, ...MINILM_MODEL_SPEC.optionalFiles]) {
      expect(file.url).toBe(
        `https://huggingface.co/Xenova/paraphrase-multilingual-MiniLM-L12-v2/resolve/main/${file.path}`,
      );
    }
  });

  it('defaults to $ESPECTRO_MODELS/minilm, else ~/.cache/espectro/models/minilm', () => {
    expect(defaultModelDirectory('minilm', { ESPECTRO_MODELS: '/srv/models' })).toBe('/srv/models/minilm');
    expect(defaultModelDirectory('minilm', {})).toMatch(/\.cache\/espectro\/models\/minilm$/);
  });
});
