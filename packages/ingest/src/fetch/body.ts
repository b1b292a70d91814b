/**
 * Reading a response body under a size limit: the transfer is decompressed as it streams (gzip,
 * deflate, brotli through node:zlib), bytes are counted on the wire and after decompression, and
 * the moment either count passes the limit the stream is destroyed — which makes undici abort the
 * connection — so a 50 MB feed (or a small gzip bomb) never sits in memory.
 */
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

/** A body that cannot be read: over the limit, or badly compressed. */
export class BodyError extends Error {
  override name = 'BodyError';
  readonly errorClass: 'too_large' | 'malformed';

  constructor(errorClass: 'too_large' | 'malformed', message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.errorClass = errorClass;
  }
}

/** Content codings we decode (RFC 9110 §8.4.1); `identity` needs nothing. */
const DECODERS: Record<string, () => Transform> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/** What was read. */
export interface ReadBody {
  bytes: Uint8Array;
  /** Bytes received on the wire (before decompression). */
  wireBytes: number;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MiB`;
}

/**
 * Reads `body` (decoding `contentEncoding`) into memory, refusing more than `maxBytes` either on
 * the wire or decoded.
 *
 * @throws BodyError `too_large` (the limit is named) or `malformed` (unknown coding, corrupt data).
 * @example
 * const { bytes } = await readLimitedBody(response.body, response.headers['content-encoding'], 32 * 1048576);
 */
export async function readLimitedBody(
  body: Readable,
  contentEncoding: string | undefined,
  maxBytes: number,
): Promise<ReadBody> {
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
  const decoders: Transform[] = [];
  // Codings are listed in the order they were applied; undo them in reverse.
  for (const coding of [...codings].reverse()) {
    const make = DECODERS[coding];
    if (make === undefined) {
      body.destroy();
      throw new BodyError('malformed', `the server used a content coding we cannot decode: ${coding}`);
    }
    decoders.push(make());
  }
  let wireBytes = 0;
  const chunks: Buffer[] = [];
  let decoded = 0;
  const tooLarge = (what: string) =>
    new BodyError('too_large', `the body is over the ${megabytes(maxBytes)} limit (${what}); the transfer was aborted`);
  try {
    // The variadic overloads of pipeline() cannot type a list of transforms between two functions.
    const run = pipeline as unknown as (...stages: unknown[]) => Promise<void>;
    await run(
      body,
      async function* countWire(source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          wireBytes += chunk.length;
          if (wireBytes > maxBytes) throw tooLarge(`${megabytes(wireBytes)} received`);
          yield chunk;
        }
      },
      ...decoders,
      async function collect(source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          decoded += chunk.length;
          if (decoded > maxBytes) throw tooLarge(`${megabytes(decoded)} after decompression`);
          chunks.push(chunk);
        }
      },
    );
  } catch (error) {
    if (error instanceof BodyError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (/^Z_|BROTLI/.test(code)) {
      throw new BodyError('malformed', `the ${codings.join(', ')} body is corrupt: ${(error as Error).message}`, error);
    }
    throw error;
  }
  return { bytes: Buffer.concat(chunks), wireBytes };
}
