import { join } from 'node:path';
import { meanPoolAndNormalise } from '../minilm.js';

/** A bare onnxruntime-node pipeline over a MiniLM-shaped folder, for comparisons. */
export interface RawOnnxEmbedder {
  embed(texts: readonly string[]): Promise<Float32Array[]>;
  release(): Promise<void>;
}

/**
 * The same work as `createMiniLMEmbedder` without transformers.js' model wrapper: its tokenizer,
 * then `InferenceSession.run` on onnxruntime-node directly, then the same pooling. Benchmarks
 * compare the two on one batch (the wrapper's overhead).
 */
export async function createRawOnnxEmbedder(
  modelPath: string,
  options: { threads?: number; maxLength?: number } = {},
): Promise<RawOnnxEmbedder> {
  const ort = await import('onnxruntime-node');
  const transformers = await import('@huggingface/transformers');
  const { env, AutoTokenizer } = transformers;
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
  const separator = modelPath.lastIndexOf('/');
  env.localModelPath = `${modelPath.slice(0, separator)}/`;
  const tokenizer = await AutoTokenizer.from_pretrained(modelPath.slice(separator + 1));
  const session = await ort.InferenceSession.create(join(modelPath, 'onnx', 'model_quantized.onnx'), {
    intraOpNumThreads: options.threads ?? 2,
    interOpNumThreads: 1,
  });
  return {
    async embed(texts) {
      const encoded = tokenizer([...texts], {
        padding: true,
        truncation: true,
        max_length: options.maxLength ?? 128,
      }) as unknown as Record<string, { dims: number[]; data: BigInt64Array }>;
      const feeds: Record<string, InstanceType<typeof ort.Tensor>> = {};
      for (const name of session.inputNames) {
        const tensor = encoded[name]!;
        feeds[name] = new ort.Tensor('int64', tensor.data, tensor.dims);
      }
      const output = await session.run(feeds);
      const hidden = output.last_hidden_state!;
      return meanPoolAndNormalise(
        { dims: [...hidden.dims], data: hidden.data as Float32Array },
        encoded.attention_mask!,
      );
    },
    async release() {
      await session.release();
    },
  };
}
