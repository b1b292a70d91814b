/**
 * Reads the `metadata_props` of an ONNX model (ModelProto field 14: repeated
 * StringStringEntryProto { key = 1; value = 2 }) with a minimal protobuf wire-format scanner, so the
 * CAM++ loader can check what sherpa-onnx requires *before* handing the file to native code, which
 * exits the whole process when a key is missing.
 */
import { SpeakerIdError } from './errors.js';

function readVarint(bytes: Uint8Array, start: number): { value: number; next: number } {
  let value = 0;
  let multiplier = 1;
  let position = start;
  for (let count = 0; count < 10; count += 1) {
    if (position >= bytes.length) throw new RangeError('truncated varint');
    const byte = bytes[position]!;
    position += 1;
    value += (byte & 0x7f) * multiplier;
    if ((byte & 0x80) === 0) return { value, next: position };
    multiplier *= 128;
  }
  throw new RangeError('varint too long');
}

/** Calls `visit(field, wireType, start, end)` for every top-level field of a protobuf message. */
function scanMessage(
  bytes: Uint8Array,
  visit: (field: number, wireType: number, start: number, end: number) => void,
): void {
  let position = 0;
  while (position < bytes.length) {
    const key = readVarint(bytes, position);
    const field = Math.floor(key.value / 8);
    const wireType = key.value % 8;
    position = key.next;
    let end: number;
    let start = position;
    if (wireType === 0) end = readVarint(bytes, position).next;
    else if (wireType === 1) end = position + 8;
    else if (wireType === 5) end = position + 4;
    else if (wireType === 2) {
      const length = readVarint(bytes, position);
      start = length.next;
      end = start + length.value;
    } else throw new RangeError(`unsupported wire type ${wireType}`);
    if (end > bytes.length || field === 0) throw new RangeError('truncated or corrupt message');
    visit(field, wireType, start, end);
    position = end;
  }
}

/**
 * The model's metadata as a key → value record.
 *
 * @throws SpeakerIdError `invalid_model` when the bytes are not a protobuf ModelProto.
 */
export function readOnnxMetadata(bytes: Uint8Array, file = 'model'): Record<string, string> {
  const decoder = new TextDecoder();
  const metadata: Record<string, string> = {};
  let sawGraph = false;
  try {
    scanMessage(bytes, (field, wireType, start, end) => {
      if (field === 7 && wireType === 2) sawGraph = true;
      if (field !== 14 || wireType !== 2) return;
      let key = '';
      let value = '';
      scanMessage(bytes.subarray(start, end), (entryField, entryWire, entryStart, entryEnd) => {
        if (entryWire !== 2) return;
        const text = decoder.decode(bytes.subarray(start + entryStart, start + entryEnd));
        if (entryField === 1) key = text;
        else if (entryField === 2) value = text;
      });
      metadata[key] = value;
    });
  } catch (error) {
    throw new SpeakerIdError('invalid_model', `${file}: not an ONNX model (${(error as Error).message})`, {
      file,
      cause: error,
    });
  }
  if (!sawGraph) throw new SpeakerIdError('invalid_model', `${file}: not an ONNX model (no graph)`, { file });
  return metadata;
}

/** Metadata keys sherpa-onnx's speaker-embedding extractor reads for 3D-Speaker / WeSpeaker models. */
export const SHERPA_SPEAKER_METADATA_KEYS = [
  'framework',
  'output_dim',
  'sample_rate',
  'normalize_samples',
  'language',
] as const;

/**
 * Checks the metadata sherpa-onnx 1.13 requires of a speaker-embedding model: `framework`
 * ('3d-speaker' or 'wespeaker'; NeMo models are not supported here), integer `output_dim`,
 * `sample_rate` and `normalize_samples`, a `language`, and an optional `feature_normalize_type`
 * that is empty or 'global-mean'.
 *
 * @throws SpeakerIdError `invalid_model` naming the missing or bad key.
 */
export function validateSpeakerModelMetadata(
  metadata: Record<string, string>,
  file = 'model',
): { framework: string; outputDim: number; sampleRate: number } {
  const missing = SHERPA_SPEAKER_METADATA_KEYS.filter((key) => metadata[key] === undefined);
  if (missing.length > 0) {
    throw new SpeakerIdError(
      'invalid_model',
      `${file}: missing ONNX metadata ${missing.map((key) => `"${key}"`).join(', ')} required by sherpa-onnx's speaker embedding extractor`,
      { file },
    );
  }
  const framework = metadata.framework!;
  if (framework !== '3d-speaker' && framework !== 'wespeaker') {
    throw new SpeakerIdError(
      'invalid_model',
      `${file}: metadata framework is "${framework}", expected "3d-speaker" (CAM++) or "wespeaker"`,
      { file },
    );
  }
  const integer = (key: string) => {
    const value = Number(metadata[key]);
    if (!Number.isInteger(value))
      throw new SpeakerIdError('invalid_model', `${file}: metadata ${key} = "${metadata[key]}" is not an integer`, {
        file,
      });
    return value;
  };
  const outputDim = integer('output_dim');
  const sampleRate = integer('sample_rate');
  integer('normalize_samples');
  if (outputDim <= 0 || sampleRate <= 0)
    throw new SpeakerIdError('invalid_model', `${file}: metadata output_dim and sample_rate must be positive`, {
      file,
    });
  const normalizeType = metadata.feature_normalize_type ?? '';
  if (normalizeType !== '' && normalizeType !== 'global-mean') {
    throw new SpeakerIdError(
      'invalid_model',
      `${file}: metadata feature_normalize_type "${normalizeType}" is not supported by sherpa-onnx (use "" or "global-mean")`,
      { file },
    );
  }
  return { framework, outputDim, sampleRate };
}
