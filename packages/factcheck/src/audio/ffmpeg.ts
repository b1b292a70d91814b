/**
 * Decoding any audio or video — a file, an HTTP(S)/HLS/Icecast broadcast, or standard input — to
 * the 16 kHz mono PCM16 the chunker reads, with ffmpeg (Debian's `ffmpeg` package) as a child
 * process. ffmpeg is the one dependable decoder of broadcast formats; nothing here re-implements it.
 */
import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { FactcheckError } from '../errors.js';
import { CHUNK_SAMPLE_RATE } from './chunker.js';

/** Options of {@link decodeWithFfmpeg}. */
export interface FfmpegDecodeOptions {
  /** A file path, an `http(s)://` URL (a live stream), or `-` for standard input. */
  source: string;
  /** Read the input at its native rate (`-re`): a file played as if broadcast live. */
  realtime?: boolean;
  /** Start this many seconds into a file (ffmpeg `-ss` before `-i`: sample-exact for PCM): a resumed run. */
  seekSeconds?: number;
  /** The ffmpeg binary; default `ESPECTRO_FFMPEG` from `env`, else `ffmpeg` on the PATH. */
  ffmpegPath?: string;
  /** Where `-` reads from (default `process.stdin`). */
  stdin?: Readable;
  env?: Record<string, string | undefined>;
  signal?: AbortSignal;
}

/** The ffmpeg arguments that decode `source` to raw 16 kHz mono PCM16 on standard output. */
export function ffmpegArguments(source: string, realtime = false, seekSeconds = 0): string[] {
  const isUrl = /^https?:\/\//i.test(source);
  if (seekSeconds > 0 && (isUrl || source === '-'))
    throw new FactcheckError({
      code: 'invalid_input',
      stage: 'chunk',
      field: 'seekSeconds',
      message: `a stream cannot be sought (${source}); only a file can start ${seekSeconds} s in`,
    });
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    ...(realtime ? ['-re'] : []),
    ...(seekSeconds > 0 ? ['-ss', String(seekSeconds)] : []),
    // a broadcast that drops is reconnected instead of ending the debate
    ...(isUrl ? ['-reconnect', '1', '-reconnect_streamed', '1', '-reconnect_delay_max', '5'] : []),
    '-i',
    source === '-' ? 'pipe:0' : source,
    '-vn',
    '-ac',
    '1',
    '-ar',
    String(CHUNK_SAMPLE_RATE),
    '-acodec',
    'pcm_s16le',
    '-f',
    's16le',
    'pipe:1',
  ].filter((argument) => !(source === '-' && argument === '-nostdin'));
}

/**
 * Starts ffmpeg on `source` and yields the decoded PCM bytes as they arrive (feed them to
 * `chunkAudio(…, { format: 'pcm' })`). A missing ffmpeg is a `missing_configuration` error that
 * says how to install it; a failing decode is an `invalid_audio` error with ffmpeg's own message.
 *
 * @example
 * for await (const chunk of chunkAudio(decodeWithFfmpeg({ source: 'https://tv.example/live.m3u8' }), { format: 'pcm' })) …
 */
export async function* decodeWithFfmpeg(options: FfmpegDecodeOptions): AsyncGenerator<Uint8Array> {
  const binary = options.ffmpegPath ?? (options.env ?? process.env).ESPECTRO_FFMPEG ?? 'ffmpeg';
  const child = spawn(binary, ffmpegArguments(options.source, options.realtime ?? false, options.seekSeconds ?? 0), {
    stdio: [options.source === '-' ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  });
  let spawnError: NodeJS.ErrnoException | undefined;
  const errorText: string[] = [];
  child.on('error', (error) => {
    spawnError = error;
  });
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (text: string) => {
    errorText.push(text);
    if (errorText.length > 50) errorText.shift();
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  if (options.source === '-' && child.stdin !== null) (options.stdin ?? process.stdin).pipe(child.stdin);
  const onAbort = () => child.kill('SIGTERM');
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for await (const piece of (child.stdout ?? []) as AsyncIterable<Buffer>) yield new Uint8Array(piece);
    const code = await exited;
    if (spawnError?.code === 'ENOENT')
      throw new FactcheckError({
        code: 'missing_configuration',
        stage: 'chunk',
        field: 'ffmpeg',
        message: `ffmpeg was not found (${binary}): install it (Debian/Ubuntu: apt-get install ffmpeg) or set ESPECTRO_FFMPEG to its path`,
        cause: spawnError,
      });
    if (spawnError !== undefined)
      throw new FactcheckError({
        code: 'stage_failed',
        stage: 'chunk',
        field: 'ffmpeg',
        message: `ffmpeg could not start: ${spawnError.message}`,
        cause: spawnError,
      });
    if (code !== 0 && options.signal?.aborted !== true)
      throw new FactcheckError({
        code: 'invalid_audio',
        stage: 'chunk',
        field: 'source',
        message: `ffmpeg could not decode ${options.source} (exit ${code}): ${errorText.join('').trim().split('\n').slice(-3).join(' ') || 'no message'}`,
      });
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }
}
