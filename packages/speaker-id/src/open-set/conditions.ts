/**
 * The recording conditions of the open-set report, each a SoX recipe applied to a clean clip:
 * other sample rates and channel counts, white and pink noise at 20 dB SNR, an 8 kHz round trip
 * (telephone / broadcast band), MP3 at 32 kbit/s, noise plus the 8 kHz round trip, and the speech
 * codecs SoX offers: GSM 06.10, AMR-NB 12.2 kbit/s, G.711 A-law, IMA ADPCM and Ogg Vorbis at its lowest quality.
 *
 * The SNR is measured against the **active speech level** (the mean power of the frames the energy
 * VAD marks as speech), not the whole clip, so pauses do not make the noise look quieter than it is.
 */
import { readFile, rm } from 'node:fs/promises';
import { frameEnergiesDb, speechFrameMask } from '../vad.js';
import { decodeWav, downmixToMono } from '../wav.js';
import { sox } from './audio-tools.js';

/** The identifiers of the conditions, in report order. */
export const CONDITION_IDS = [
  'clean',
  'rate-8000',
  'rate-16000',
  'rate-44100-stereo',
  'rate-48000',
  'white-noise-20db',
  'pink-noise-20db',
  'roundtrip-8k',
  'mp3-32k',
  'gsm-8k',
  'white-noise-20db+roundtrip-8k',
  'amr-nb-12k2',
  'alaw-8k',
  'ima-adpcm-8k',
  'vorbis-q-1',
] as const;

/** One recording condition. */
export type ConditionId = (typeof CONDITION_IDS)[number];

/** What each condition does, for reports. */
export const CONDITION_DESCRIPTIONS: Record<ConditionId, string> = {
  clean: 'as synthesised (espeak-ng 22.05 kHz, synthetic voices 16 kHz)',
  'rate-8000': 'resampled to 8 kHz and stored at 8 kHz (decoded and resampled to 16 kHz by this package)',
  'rate-16000': 'resampled to 16 kHz',
  'rate-44100-stereo': 'resampled to 44.1 kHz, two identical channels',
  'rate-48000': 'resampled to 48 kHz',
  'white-noise-20db': 'white noise at 20 dB SNR (active speech level)',
  'pink-noise-20db': 'pink noise at 20 dB SNR (active speech level)',
  'roundtrip-8k': 'down to 8 kHz and back to 16 kHz (nothing above 4 kHz survives)',
  'mp3-32k': 'MP3 at 32 kbit/s and back (SoX with libmp3lame)',
  'gsm-8k': 'GSM 06.10 full-rate at 8 kHz and back (mobile-phone codec)',
  'white-noise-20db+roundtrip-8k': 'white noise at 20 dB SNR, then the 8 kHz round trip',
  'amr-nb-12k2': 'AMR narrowband at 12.2 kbit/s (8 kHz) and back (the mobile-network speech codec)',
  'alaw-8k': 'G.711 A-law at 8 kHz and back (the fixed telephone network)',
  'ima-adpcm-8k': 'IMA ADPCM at 8 kHz (4 bits a sample) and back',
  'vorbis-q-1': 'Ogg Vorbis at quality −1 (about 45 kbit/s) and back',
};

/** The SNR of the noisy conditions, in dB. */
export const NOISE_SNR_DB = 20;

/** Mean power of a file's speech frames (energy VAD) and its rate and length. */
async function speechLevel(path: string): Promise<{ power: number; sampleRate: number; seconds: number }> {
  const wav = decodeWav(await readFile(path), path);
  const mono = downmixToMono(wav);
  const frameLength = Math.round(wav.sampleRate * 0.025);
  const frameShift = Math.round(wav.sampleRate * 0.01);
  const energies = frameEnergiesDb(mono, frameLength, frameShift);
  const mask = speechFrameMask(energies);
  let sum = 0;
  let count = 0;
  for (let index = 0; index < energies.length; index += 1) {
    if (mask[index] !== 1) continue;
    sum += 10 ** (energies[index]! / 10);
    count += 1;
  }
  return { power: count === 0 ? 0 : sum / count, sampleRate: wav.sampleRate, seconds: wav.seconds };
}

/** Mean power of a whole file. */
async function filePower(path: string): Promise<number> {
  const mono = downmixToMono(decodeWav(await readFile(path), path));
  let sum = 0;
  for (const value of mono) sum += value * value;
  return mono.length === 0 ? 0 : sum / mono.length;
}

/**
 * Mixes noise of `colour` into `input` at {@link NOISE_SNR_DB} against the active speech level.
 * SoX's `-R` makes the noise repeatable; `seed` offsets it so clips do not share one noise pattern.
 */
async function addNoise(
  input: string,
  output: string,
  colour: 'whitenoise' | 'pinknoise',
  seed: number,
): Promise<void> {
  const level = await speechLevel(input);
  const noisePath = `${output}.noise.wav`;
  const skip = (seed % 97) * 0.113;
  await sox([
    '-R',
    '-n',
    '-r',
    String(level.sampleRate),
    '-c',
    '1',
    '-b',
    '16',
    noisePath,
    'synth',
    String(level.seconds + skip + 0.1),
    colour,
    'vol',
    '0.25',
    'trim',
    String(skip),
    String(level.seconds),
  ]);
  const noisePower = await filePower(noisePath);
  const wanted = level.power / 10 ** (NOISE_SNR_DB / 10);
  const scale = noisePower > 0 ? Math.sqrt(wanted / noisePower) : 0;
  await sox(['-m', '-v', '1', input, '-v', scale.toFixed(6), noisePath, '-b', '16', output]);
  await rm(noisePath, { force: true });
}

async function roundTrip(input: string, output: string, middle: string, encode: string[]): Promise<void> {
  await sox([input, ...encode, middle]);
  await sox([middle, '-r', '16000', '-b', '16', output]);
  await rm(middle, { force: true });
}

/**
 * Writes `input` under `condition` to `output` (a WAV file). `seed` varies the noise between clips.
 *
 * @example
 * await applyCondition('clip.wav', 'white-noise-20db', 'clip.noisy.wav', 7);
 */
export async function applyCondition(
  input: string,
  condition: ConditionId,
  output: string,
  seed: number,
): Promise<void> {
  switch (condition) {
    case 'clean':
      await sox([input, output]);
      return;
    case 'rate-8000':
      await sox([input, '-r', '8000', output]);
      return;
    case 'rate-16000':
      await sox([input, '-r', '16000', output]);
      return;
    case 'rate-44100-stereo':
      await sox([input, '-r', '44100', '-c', '2', output]);
      return;
    case 'rate-48000':
      await sox([input, '-r', '48000', output]);
      return;
    case 'white-noise-20db':
      await addNoise(input, output, 'whitenoise', seed);
      return;
    case 'pink-noise-20db':
      await addNoise(input, output, 'pinknoise', seed);
      return;
    case 'roundtrip-8k':
      await roundTrip(input, output, `${output}.8k.wav`, ['-r', '8000']);
      return;
    case 'mp3-32k':
      await roundTrip(input, output, `${output}.mp3`, ['-C', '32']);
      return;
    case 'gsm-8k':
      await roundTrip(input, output, `${output}.gsm`, ['-r', '8000', '-c', '1']);
      return;
    case 'amr-nb-12k2':
      await roundTrip(input, output, `${output}.amr-nb`, ['-r', '8000', '-c', '1', '-C', '7']);
      return;
    case 'alaw-8k':
      await roundTrip(input, output, `${output}.alaw.wav`, ['-r', '8000', '-c', '1', '-e', 'a-law']);
      return;
    case 'ima-adpcm-8k':
      await roundTrip(input, output, `${output}.adpcm.wav`, ['-r', '8000', '-c', '1', '-e', 'ima-adpcm']);
      return;
    case 'vorbis-q-1':
      await roundTrip(input, output, `${output}.ogg`, ['-C', '-1']);
      return;
    case 'white-noise-20db+roundtrip-8k': {
      const noisy = `${output}.noisy.wav`;
      await addNoise(input, noisy, 'whitenoise', seed);
      await roundTrip(noisy, output, `${output}.8k.wav`, ['-r', '8000']);
      await rm(noisy, { force: true });
      return;
    }
  }
}
