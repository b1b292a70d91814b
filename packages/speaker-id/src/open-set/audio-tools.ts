/**
 * The two command-line tools the open-set report makes its audio with: espeak-ng (synthetic
 * "recorded" voices) and SoX (resampling, noise at a given SNR, 8 kHz round trips, MP3 and GSM
 * compression). Both are Debian packages (`apt-get install espeak-ng sox libsox-fmt-mp3`); nothing
 * here is needed at run time by the library, only by the report and its test.
 */
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** True when `command --version` (or `sox --version`) runs. */
export function toolAvailable(command: 'espeak-ng' | 'sox'): boolean {
  return spawnSync(command, ['--version'], { encoding: 'utf8' }).status === 0;
}

/** An espeak-ng voice: a language, a variant (vocal tract and glottal settings), pitch and speed. */
export interface EspeakVoice {
  /** Stable identifier used in reports (e.g. `pt-br+m3@42`). */
  id: string;
  /** espeak-ng language (`pt-br`, `es-419`, `es`, `pt`, `en-us`). */
  language: string;
  /** A variant file from espeak-ng's `voices/!v` folder (`m3`, `f2`, `Diogo`…). */
  variant: string;
  /** espeak-ng `-p` (0–99, default 50). */
  pitch: number;
  /** espeak-ng `-s` words per minute. */
  speed: number;
}

/** Synthesises `text` with `voice` into a 22.05 kHz 16-bit WAV at `path`. */
export async function speakToWav(voice: EspeakVoice, text: string, path: string): Promise<void> {
  await run('espeak-ng', [
    '-v',
    `${voice.language}+${voice.variant}`,
    '-p',
    String(voice.pitch),
    '-s',
    String(voice.speed),
    '-w',
    path,
    text,
  ]);
}

/** Runs SoX with `args` (no shell). */
export async function sox(args: readonly string[]): Promise<void> {
  await run('sox', [...args]);
}
