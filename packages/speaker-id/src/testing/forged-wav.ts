import { encodeWav } from '../wav.js';

/** What {@link forgedWav} writes into an otherwise valid 16-bit PCM header. */
export interface ForgedWavHeader {
  /** The sample rate the header declares (the byte rate follows it). */
  sampleRate: number;
  /** Audio bytes really present after the header (zeros). */
  dataBytes: number;
  /** The `data` chunk size the header declares (default `dataBytes`; 0xFFFFFFFF for a stream). */
  declaredDataBytes?: number;
  /** Channels (default 1); `dataBytes` is split evenly between them. */
  channels?: number;
}

/**
 * A 16-bit PCM WAV whose header lies — the resource bombs of issue 21 §5 (a 64 KB file declaring
 * 1 Hz, a 1 KB file declaring hours of audio) — for tests of every reader of WAV input.
 *
 * @example
 * await writeFile('bomb.wav', forgedWav({ sampleRate: 1, dataBytes: 64 * 1024 }));
 */
export function forgedWav(forged: ForgedWavHeader): Uint8Array {
  const channels = forged.channels ?? 1;
  const bytes = encodeWav(
    Array.from({ length: channels }, () => new Float32Array(forged.dataBytes / 2 / channels)),
    16000,
  );
  const view = new DataView(bytes.buffer);
  view.setUint32(24, forged.sampleRate, true);
  view.setUint32(28, forged.sampleRate * 2 * channels, true);
  view.setUint32(40, forged.declaredDataBytes ?? forged.dataBytes, true);
  return bytes;
}
