/**
 * A minimal ONNX model writer (protobuf wire format by hand, no dependency): enough to build the
 * small graphs this package needs — the blocked similarity kernel (`MatMul`) and the MiniLM-shaped
 * test fixture (`Gather` embeddings). Field numbers follow onnx.proto3.
 */

/** ONNX tensor element types used here (TensorProto.DataType). */
export const OnnxType = { float: 1, int64: 7 } as const;

/** A graph input or output: name, element type and shape (numbers, or names for symbolic dims). */
export interface OnnxValueInfo {
  name: string;
  type: (typeof OnnxType)[keyof typeof OnnxType];
  shape: (number | string)[];
}

/** A constant tensor stored in the model. */
export interface OnnxInitializer {
  name: string;
  dims: number[];
  /** Float32 values (for `float`) or bigint values (for `int64`). */
  values: Float32Array | BigInt64Array;
}

/** One operator: `Gather`, `MatMul`, `Add`, … with integer attributes if any. */
export interface OnnxNode {
  opType: string;
  inputs: string[];
  outputs: string[];
  name?: string;
  intAttributes?: Record<string, number>;
}

/** A whole single-graph model. */
export interface OnnxModel {
  inputs: OnnxValueInfo[];
  outputs: OnnxValueInfo[];
  nodes: OnnxNode[];
  initializers?: OnnxInitializer[];
  /** Default opset 17. */
  opset?: number;
  graphName?: string;
}

class Writer {
  private readonly chunks: Uint8Array[] = [];
  private length = 0;

  bytes(): Uint8Array {
    const out = new Uint8Array(this.length);
    let offset = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    return out;
  }

  raw(chunk: Uint8Array): this {
    this.chunks.push(chunk);
    this.length += chunk.length;
    return this;
  }

  varint(value: number | bigint): this {
    let remaining = BigInt.asUintN(64, BigInt(value));
    const out: number[] = [];
    do {
      let byte = Number(remaining & 0x7fn);
      remaining >>= 7n;
      if (remaining > 0n) byte |= 0x80;
      out.push(byte);
    } while (remaining > 0n);
    return this.raw(Uint8Array.from(out));
  }

  tag(field: number, wireType: number): this {
    return this.varint((field << 3) | wireType);
  }

  int(field: number, value: number | bigint): this {
    return this.tag(field, 0).varint(value);
  }

  lengthDelimited(field: number, payload: Uint8Array): this {
    return this.tag(field, 2).varint(payload.length).raw(payload);
  }

  string(field: number, value: string): this {
    return this.lengthDelimited(field, new TextEncoder().encode(value));
  }

  message(field: number, build: (writer: Writer) => void): this {
    const inner = new Writer();
    build(inner);
    return this.lengthDelimited(field, inner.bytes());
  }
}

function writeValueInfo(writer: Writer, field: number, info: OnnxValueInfo): void {
  writer.message(field, (value) => {
    value.string(1, info.name);
    value.message(2, (type) =>
      type.message(1, (tensor) => {
        tensor.int(1, info.type);
        tensor.message(2, (shape) => {
          for (const dimension of info.shape) {
            shape.message(1, (dim) =>
              typeof dimension === 'number' ? dim.int(1, dimension) : dim.string(2, dimension),
            );
          }
        });
      }),
    );
  });
}

function writeTensor(writer: Writer, field: number, tensor: OnnxInitializer): void {
  writer.message(field, (proto) => {
    for (const dimension of tensor.dims) proto.int(1, dimension);
    proto.int(2, tensor.values instanceof Float32Array ? OnnxType.float : OnnxType.int64);
    proto.string(8, tensor.name);
    const copy = tensor.values.slice();
    proto.lengthDelimited(9, new Uint8Array(copy.buffer, copy.byteOffset, copy.byteLength));
  });
}

/**
 * Serialises a model to ONNX protobuf bytes (IR version 8), ready for
 * `InferenceSession.create(bytes)` or for writing to a `.onnx` file.
 *
 * @example
 * const bytes = encodeOnnxModel({
 *   inputs: [{ name: 'a', type: OnnxType.float, shape: ['n', 4] }, { name: 'b', type: OnnxType.float, shape: [4, 'm'] }],
 *   outputs: [{ name: 'c', type: OnnxType.float, shape: ['n', 'm'] }],
 *   nodes: [{ opType: 'MatMul', inputs: ['a', 'b'], outputs: ['c'] }],
 * });
 */
export function encodeOnnxModel(model: OnnxModel): Uint8Array {
  const writer = new Writer();
  writer.int(1, 8);
  writer.string(2, '@espectro/clustering');
  writer.message(7, (graph) => {
    model.nodes.forEach((node, position) =>
      graph.message(1, (proto) => {
        for (const input of node.inputs) proto.string(1, input);
        for (const output of node.outputs) proto.string(2, output);
        proto.string(3, node.name ?? `${node.opType}_${position}`);
        proto.string(4, node.opType);
        for (const [name, value] of Object.entries(node.intAttributes ?? {})) {
          proto.message(5, (attribute) => {
            attribute.string(1, name);
            attribute.int(3, value);
            attribute.int(20, 2);
          });
        }
      }),
    );
    graph.string(2, model.graphName ?? 'graph');
    for (const initializer of model.initializers ?? []) writeTensor(graph, 5, initializer);
    for (const input of model.inputs) writeValueInfo(graph, 11, input);
    for (const output of model.outputs) writeValueInfo(graph, 12, output);
  });
  writer.message(8, (opset) => {
    opset.string(1, '');
    opset.int(2, model.opset ?? 17);
  });
  return writer.bytes();
}
