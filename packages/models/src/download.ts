/**
 * The one model downloader. Each file is streamed into `<file>.partial` beside its final place,
 * checked against the spec's size and SHA-256 when it has them, and only then renamed into place —
 * an interrupted or corrupt download never leaves a file that looks installed. An interrupted
 * download keeps its `.partial`, and the next attempt (or the next `espectro models pull`) asks
 * the server for the rest with an HTTP `Range` request; a server that ignores it sends the whole
 * file again, which replaces the partial. HTTP 429 and 5xx answers, network errors and bodies that
 * end early are retried (waiting as `Retry-After` says, or with a doubling delay); other HTTP
 * errors, a wrong size and a wrong SHA-256 are not.
 *
 * Two processes pulling the same model into the same folder at once are not supported: they would
 * write the same `.partial` file.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, statSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { modelDirectory, type ModelFile, type ModelSpec } from './spec.js';

/** Attempts per file before a retryable failure is reported (the first try included). */
export const DEFAULT_DOWNLOAD_ATTEMPTS = 4;
/** First wait before a retry without `Retry-After`; doubled after each failure. */
export const FIRST_RETRY_DELAY_MS = 1_000;
/** Longest wait between two attempts, whatever `Retry-After` asks (longer waits are cut to this). */
export const MAX_RETRY_DELAY_MS = 60_000;

/** Why a download failed. */
export type ModelDownloadFailure =
  /** The server answered an HTTP error (after retries for 429 and 5xx). */
  | 'http_status'
  /** No answer: DNS, connection refused, reset (after retries). */
  | 'network'
  /** The body ended before the announced length, every attempt. */
  | 'truncated'
  /** The file is complete but its size differs from the spec's. */
  | 'size_mismatch'
  /** The file is complete but its SHA-256 differs from the spec's. */
  | 'checksum_mismatch';

/** A download that failed; `code` says how, `url` what was asked for. */
export class ModelDownloadError extends Error {
  override name = 'ModelDownloadError';
  readonly code: ModelDownloadFailure;
  readonly url: string;
  /** Attempts made for this file. */
  readonly attempts: number;

  constructor(code: ModelDownloadFailure, url: string, attempts: number, message: string, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
    this.url = url;
    this.attempts = attempts;
  }
}

/** Options of {@link pullModel}. */
export interface PullModelOptions {
  /** Folder to write into (default {@link modelDirectory} of the spec's name in `env`). */
  directory?: string;
  /** Environment for the default folder (`ESPECTRO_MODELS`). */
  env?: Record<string, string | undefined>;
  /** Download `<mirror>/<name>/<file path>` instead of each file's upstream address. */
  mirror?: string;
  /** Download again even when a copy is present (and matches the spec). */
  force?: boolean;
  /** Also download the spec's `optionalFiles`. */
  includeOptional?: boolean;
  /** Attempts per file (default {@link DEFAULT_DOWNLOAD_ATTEMPTS}). */
  attempts?: number;
  /** The fetch implementation (default the global `fetch`). */
  fetch?: typeof globalThis.fetch;
  /** How to wait between attempts (default a timer); tests pass one that records the delays. */
  sleep?: (milliseconds: number) => Promise<void>;
  /** Called as bytes arrive: the file's path in the model folder, bytes so far, total when known. */
  onProgress?: (path: string, received: number, total: number | undefined) => void;
}

/** What happened to one file. */
export interface PulledFile {
  /** Where the file is now. */
  path: string;
  bytes: number;
  sha256: string;
  /** False when a present copy was kept. */
  downloaded: boolean;
  /** True when the SHA-256 was checked against the spec's. */
  verified: boolean;
  /** Bytes of an earlier interrupted download that were kept (0 when it started from scratch). */
  resumedFromBytes: number;
  /** Attempts it took (0 when a present copy was kept). */
  attempts: number;
}

/** Seconds or an HTTP date in `Retry-After`, in milliseconds from `now`; undefined when absent or unreadable. */
export function retryAfterMilliseconds(header: string | null, now: number): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1_000;
  const date = Date.parse(trimmed);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}

/** `bytes START-END/TOTAL` of a `Content-Range` header; undefined when it is not one. */
function parseContentRange(header: string | null): { start: number; total: number | undefined } | undefined {
  const match = header ? /^bytes\s+(\d+)-\d+\/(\d+|\*)$/i.exec(header.trim()) : null;
  if (!match) return undefined;
  return { start: Number(match[1]), total: match[2] === '*' ? undefined : Number(match[2]) };
}

async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const fileSize = (path: string): number => (existsSync(path) ? statSync(path).size : 0);

/** A failure that another attempt may cure. */
class RetryableFailure extends Error {
  constructor(
    readonly code: 'http_status' | 'network' | 'truncated',
    message: string,
    readonly retryAfterMs?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** Streams `body` to `partial` (appending when `append`), counting bytes. */
async function writeBody(
  body: ReadableStream<Uint8Array>,
  partial: string,
  append: boolean,
  onChunk: (bytes: number) => void,
): Promise<void> {
  const output = createWriteStream(partial, { flags: append ? 'a' : 'w' });
  const finished = new Promise<void>((resolveFinished, reject) => {
    output.on('finish', resolveFinished);
    output.on('error', reject);
  });
  let streamError: unknown;
  try {
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
      onChunk(chunk.byteLength);
      if (!output.write(chunk)) await new Promise<void>((resolveDrain) => output.once('drain', () => resolveDrain()));
    }
  } catch (error) {
    streamError = error;
  }
  output.end();
  await finished;
  if (streamError !== undefined)
    throw new RetryableFailure('truncated', `the body broke off (${(streamError as Error).message})`, undefined, {
      cause: streamError,
    });
}

/** One attempt at bringing `partial` up to the whole file. */
async function attemptDownload(
  url: string,
  partial: string,
  fetchImplementation: typeof globalThis.fetch,
  report: (received: number, total: number | undefined) => void,
): Promise<void> {
  const offset = fileSize(partial);
  let response: Response;
  try {
    response = await fetchImplementation(url, {
      redirect: 'follow',
      headers: offset > 0 ? { range: `bytes=${offset}-` } : {},
    });
  } catch (error) {
    // undici says only "fetch failed"; the reason (ECONNREFUSED, ENOTFOUND, …) is in its cause.
    const cause = (error as Error).cause as { code?: string; message?: string } | undefined;
    const reason = cause?.code ?? cause?.message;
    throw new RetryableFailure('network', `${(error as Error).message}${reason ? ` (${reason})` : ''}`, undefined, {
      cause: error,
    });
  }
  if (response.status === 416 && offset > 0) {
    // The server has nothing after what we hold: the partial is whole, or longer than the file.
    await response.body?.cancel();
    const total = parseContentRange(response.headers.get('content-range')?.replace('*', '0-0') ?? null)?.total;
    if (total === offset) return;
    await rm(partial, { force: true });
    throw new RetryableFailure('truncated', `the kept partial download (${offset} bytes) does not fit the file`);
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    const detail = `HTTP ${response.status} ${response.statusText}`.trim();
    if (response.status === 429 || response.status >= 500)
      throw new RetryableFailure(
        'http_status',
        detail,
        retryAfterMilliseconds(response.headers.get('retry-after'), Date.now()),
      );
    throw new ModelDownloadError('http_status', url, 1, `cannot download ${url}: ${detail}`);
  }
  const range = response.status === 206 ? parseContentRange(response.headers.get('content-range')) : undefined;
  if (response.status === 206 && range?.start !== offset) {
    await response.body.cancel();
    await rm(partial, { force: true });
    throw new RetryableFailure(
      'truncated',
      `the server resumed at another offset (${response.headers.get('content-range')})`,
    );
  }
  const append = response.status === 206;
  const start = append ? offset : 0;
  const lengthHeader = Number(response.headers.get('content-length') ?? Number.NaN);
  const total = range?.total ?? (Number.isFinite(lengthHeader) ? start + lengthHeader : undefined);
  let received = start;
  await writeBody(response.body, partial, append, (bytes) => {
    received += bytes;
    report(received, total);
  });
  if (total !== undefined && received < total)
    throw new RetryableFailure('truncated', `received ${received} of the ${total} bytes announced`);
}

const defaultSleep = (milliseconds: number) =>
  new Promise<void>((resolveSleep) => setTimeout(resolveSleep, milliseconds));

/** Downloads one file into `target` (see the module comment). */
async function pullFile(file: ModelFile, url: string, target: string, options: PullModelOptions): Promise<PulledFile> {
  const expectedSha = file.sha256?.toLowerCase();
  if (!options.force && existsSync(target)) {
    const sha256 = await hashFile(target);
    if (!expectedSha || sha256 === expectedSha)
      return {
        path: target,
        bytes: fileSize(target),
        sha256,
        downloaded: false,
        verified: Boolean(expectedSha),
        resumedFromBytes: 0,
        attempts: 0,
      };
  }
  await mkdir(dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  if (options.force) await rm(partial, { force: true });
  const resumedFromBytes = fileSize(partial);
  const attempts = Math.max(1, options.attempts ?? DEFAULT_DOWNLOAD_ATTEMPTS);
  const sleep = options.sleep ?? defaultSleep;
  const fetchImplementation = options.fetch ?? globalThis.fetch;
  let delay = FIRST_RETRY_DELAY_MS;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await attemptDownload(url, partial, fetchImplementation, (received, total) =>
        options.onProgress?.(file.path, received, total),
      );
    } catch (error) {
      if (error instanceof ModelDownloadError)
        throw new ModelDownloadError(error.code, url, attempt, error.message, { cause: error.cause });
      if (!(error instanceof RetryableFailure)) throw error;
      if (attempt >= attempts) {
        const hint = error.code === 'network' ? ' (no network? pull on a machine with internet, or use --mirror)' : '';
        const kept = fileSize(partial);
        throw new ModelDownloadError(
          error.code,
          url,
          attempt,
          `cannot download ${url} after ${attempt} attempt${attempt === 1 ? '' : 's'}: ${error.message}${hint}${kept > 0 ? `; the ${kept} bytes received are kept and the next pull resumes from them` : ''}`,
          { cause: error },
        );
      }
      await sleep(Math.min(error.retryAfterMs ?? delay, MAX_RETRY_DELAY_MS));
      delay = Math.min(delay * 2, MAX_RETRY_DELAY_MS);
      continue;
    }
    const bytes = fileSize(partial);
    if (file.bytes !== undefined && bytes !== file.bytes) {
      await rm(partial, { force: true });
      throw new ModelDownloadError(
        'size_mismatch',
        url,
        attempt,
        `${file.path}: received ${bytes} bytes, the spec says ${file.bytes}; the download was discarded`,
      );
    }
    const sha256 = await hashFile(partial);
    if (expectedSha && sha256 !== expectedSha) {
      await rm(partial, { force: true });
      throw new ModelDownloadError(
        'checksum_mismatch',
        url,
        attempt,
        `${file.path}: SHA-256 ${sha256} differs from the spec's ${expectedSha}; the download was discarded`,
      );
    }
    await rename(partial, target);
    return {
      path: target,
      bytes,
      sha256,
      downloaded: true,
      verified: Boolean(expectedSha),
      resumedFromBytes,
      attempts: attempt,
    };
  }
}

/**
 * Downloads every file of `spec` (and its `optionalFiles` with `includeOptional`) into its folder,
 * one after the other; files already present are kept when they match the spec's SHA-256 (or the
 * spec pins none).
 *
 * @throws ModelDownloadError naming the file's address and how it failed.
 * @example
 * const files = await pullModel(MINILM_MODEL_SPEC, { env: process.env });
 * files.every((file) => file.verified || !file.downloaded);
 */
export async function pullModel(spec: ModelSpec, options: PullModelOptions = {}): Promise<PulledFile[]> {
  const directory = options.directory ?? modelDirectory(spec.name, options.env);
  const files = [...spec.files, ...(options.includeOptional ? (spec.optionalFiles ?? []) : [])];
  const results: PulledFile[] = [];
  for (const file of files) {
    const url = options.mirror ? `${options.mirror.replace(/\/+$/, '')}/${spec.name}/${file.path}` : file.url;
    results.push(await pullFile(file, url, join(directory, file.path), options));
  }
  return results;
}
