/**
 * Builds tiny ONNX models with CAM++'s interface for tests and benchmarks: input `x` float
 * [N, T, 80] (fbank frames), output `embedding` float [N, D], computed as ReduceMean over time then
 * MatMul by a fixed [80, D] matrix, plus the metadata sherpa-onnx's speaker-embedding extractor
 * reads (framework, language, url, comment, sample_rate, output_dim, normalize_samples,
 * feature_normalize_type). Encoded with protobufjs from a hand-written subset of onnx.proto
 * (field numbers from onnx/onnx.proto, IR version 8, opset 13).
 */
import protobuf from 'protobufjs';

const onnxSubset = {
  nested: {
    onnx: {
      nested: {
        ModelProto: {
          fields: {
            irVersion: { type: 'int64', id: 1 },
            producerName: { type: 'string', id: 2 },
            producerVersion: { type: 'string', id: 3 },
            domain: { type: 'string', id: 4 },
            modelVersion: { type: 'int64', id: 5 },
            docString: { type: 'string', id: 6 },
            graph: { type: 'GraphProto', id: 7 },
            opsetImport: { rule: 'repeated', type: 'OperatorSetIdProto', id: 8 },
            metadataProps: { rule: 'repeated', type: 'StringStringEntryProto', id: 14 },
          },
        },
        OperatorSetIdProto: { fields: { domain: { type: 'string', id: 1 }, version: { type: 'int64', id: 2 } } },
        StringStringEntryProto: { fields: { key: { type: 'string', id: 1 }, value: { type: 'string', id: 2 } } },
        GraphProto: {
          fields: {
            node: { rule: 'repeated', type: 'NodeProto', id: 1 },
            name: { type: 'string', id: 2 },
            initializer: { rule: 'repeated', type: 'TensorProto', id: 5 },
            input: { rule: 'repeated', type: 'ValueInfoProto', id: 11 },
            output: { rule: 'repeated', type: 'ValueInfoProto', id: 12 },
          },
        },
        NodeProto: {
          fields: {
            input: { rule: 'repeated', type: 'string', id: 1 },
            output: { rule: 'repeated', type: 'string', id: 2 },
            name: { type: 'string', id: 3 },
            opType: { type: 'string', id: 4 },
            attribute: { rule: 'repeated', type: 'AttributeProto', id: 5 },
          },
        },
        AttributeProto: {
          fields: {
            name: { type: 'string', id: 1 },
            i: { type: 'int64', id: 3 },
            ints: { rule: 'repeated', type: 'int64', id: 8 },
            type: { type: 'int32', id: 20 },
          },
        },
        TensorProto: {
          fields: {
            dims: { rule: 'repeated', type: 'int64', id: 1 },
            dataType: { type: 'int32', id: 2 },
            name: { type: 'string', id: 8 },
            rawData: { type: 'bytes', id: 9 },
          },
        },
        ValueInfoProto: { fields: { name: { type: 'string', id: 1 }, type: { type: 'TypeProto', id: 2 } } },
        TypeProto: { fields: { tensorType: { type: 'TypeProtoTensor', id: 1 } } },
        TypeProtoTensor: { fields: { elemType: { type: 'int32', id: 1 }, shape: { type: 'TensorShapeProto', id: 2 } } },
        TensorShapeProto: { fields: { dim: { rule: 'repeated', type: 'Dimension', id: 1 } } },
        Dimension: { fields: { dimValue: { type: 'int64', id: 1 }, dimParam: { type: 'string', id: 2 } } },
      },
    },
  },
};

const FLOAT = 1;
const ATTRIBUTE_INT = 2;
const ATTRIBUTE_INTS = 7;

/** Options of {@link buildSpeakerEmbeddingFixture}. */
export interface SpeakerFixtureOptions {
  /** Embedding dimension D (default 16). */
  dimension?: number;
  /** Row-major [80, D] projection; default: a deterministic pseudo-random matrix. */
  projection?: Float32Array;
  /** Metadata overrides; set a key to `undefined` to leave it out. */
  metadata?: Record<string, string | undefined>;
}

/** Deterministic [80, D] projection (a small LCG), so the fixture's embeddings are reproducible. */
export function fixtureProjection(dimension: number, seed = 12345): Float32Array {
  const values = new Float32Array(80 * dimension);
  let state = seed >>> 0;
  for (let index = 0; index < values.length; index += 1) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    values[index] = state / 2 ** 32 - 0.5;
  }
  return values;
}

/** The identity projection (D = 80): the "embedding" is then the time-averaged fbank. */
export function identityProjection(): Float32Array {
  const values = new Float32Array(80 * 80);
  for (let index = 0; index < 80; index += 1) values[index * 80 + index] = 1;
  return values;
}

/** Encodes the fixture model; returns the ONNX bytes. */
export function buildSpeakerEmbeddingFixture(options: SpeakerFixtureOptions = {}): Uint8Array {
  const dimension = options.dimension ?? 16;
  const projection = options.projection ?? fixtureProjection(dimension);
  if (projection.length !== 80 * dimension) throw new RangeError(`projection must have 80 × ${dimension} values`);
  const root = protobuf.Root.fromJSON(onnxSubset);
  const ModelProto = root.lookupType('onnx.ModelProto');
  const metadata: Record<string, string | undefined> = {
    framework: '3d-speaker',
    language: 'multilingual',
    url: 'fixture: generated in test setup, not a trained model',
    comment: 'espectro speaker-id test fixture: ReduceMean over time then MatMul',
    sample_rate: '16000',
    output_dim: String(dimension),
    normalize_samples: '1',
    feature_normalize_type: '',
    ...options.metadata,
  };
  const model = {
    irVersion: 8,
    producerName: 'espectro-speaker-id-fixture',
    producerVersion: '1',
    opsetImport: [{ domain: '', version: 13 }],
    metadataProps: Object.entries(metadata)
      .filter((entry): entry is [string, string] => entry[1] !== undefined)
      .map(([key, value]) => ({ key, value })),
    graph: {
      name: 'campplus_fixture',
      node: [
        {
          input: ['x'],
          output: ['pooled'],
          name: 'mean_over_time',
          opType: 'ReduceMean',
          attribute: [
            { name: 'axes', ints: [1], type: ATTRIBUTE_INTS },
            { name: 'keepdims', i: 0, type: ATTRIBUTE_INT },
          ],
        },
        { input: ['pooled', 'projection'], output: ['embedding'], name: 'project', opType: 'MatMul', attribute: [] },
      ],
      initializer: [
        { dims: [80, dimension], dataType: FLOAT, name: 'projection', rawData: new Uint8Array(projection.buffer.slice(projection.byteOffset, projection.byteOffset + projection.byteLength)) },
      ],
      input: [
        {
          name: 'x',
          type: { tensorType: { elemType: FLOAT, shape: { dim: [{ dimParam: 'N' }, { dimParam: 'T' }, { dimValue: 80 }] } } },
        },
      ],
      output: [
        {
          name: 'embedding',
          type: { tensorType: { elemType: FLOAT, shape: { dim: [{ dimParam: 'N' }, { dimValue: dimension }] } } },
        },
      ],
    },
  };
  const problem = ModelProto.verify(model);
  if (problem) throw new Error(`fixture model: ${problem}`);
  return ModelProto.encode(ModelProto.fromObject(model)).finish();
}
