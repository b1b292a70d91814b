import * as ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { encodeOnnxModel, OnnxType } from './onnx-builder.js';

describe('encodeOnnxModel', () => {
  it('builds a MatMul model onnxruntime runs with symbolic dimensions', async () => {
    const bytes = encodeOnnxModel({
      inputs: [
        { name: 'a', type: OnnxType.float, shape: ['n', 3] },
        { name: 'b', type: OnnxType.float, shape: [3, 'm'] },
      ],
      outputs: [{ name: 'c', type: OnnxType.float, shape: ['n', 'm'] }],
      nodes: [{ opType: 'MatMul', inputs: ['a', 'b'], outputs: ['c'] }],
    });
    const session = await ort.InferenceSession.create(bytes);
    expect(session.inputNames).toEqual(['a', 'b']);
    const { c } = await session.run({
      a: new ort.Tensor('float32', Float32Array.from([1, 2, 3, 4, 5, 6]), [2, 3]),
      b: new ort.Tensor('float32', Float32Array.from([1, 0, 0, 1, 1, 1]), [3, 2]),
    });
    expect(Array.from(c!.data as Float32Array)).toEqual([4, 5, 10, 11]);
  });

  it('stores initializers and integer attributes (Gather on axis 0 with int64 indices)', async () => {
    const bytes = encodeOnnxModel({
      inputs: [{ name: 'ids', type: OnnxType.int64, shape: ['n'] }],
      outputs: [{ name: 'rows', type: OnnxType.float, shape: ['n', 2] }],
      initializers: [{ name: 'table', dims: [3, 2], values: Float32Array.from([0, 1, 10, 11, 20, 21]) }],
      nodes: [{ opType: 'Gather', inputs: ['table', 'ids'], outputs: ['rows'], intAttributes: { axis: 0 } }],
    });
    const session = await ort.InferenceSession.create(bytes);
    const { rows } = await session.run({ ids: new ort.Tensor('int64', BigInt64Array.from([2n, 0n]), [2]) });
    expect(Array.from(rows!.data as Float32Array)).toEqual([20, 21, 0, 1]);
  });
});
