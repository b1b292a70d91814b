/**
 * The downloader against a real HTTP server on 127.0.0.1 that answers 429, 500, bodies that break
 * off, Range requests (honoured or ignored), redirects and 404.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  DEFAULT_DOWNLOAD_ATTEMPTS,
  MAX_RETRY_DELAY_MS,
  missingModelFiles,
  modelDirectory,
  modelsRoot,
  pullModel,
  retryAfterMilliseconds,
  type ModelFile,
  type ModelSpec,
} from './index.js';

const payload = new Uint8Array(300_000).map((_, index) => (index * 31) % 251);
const payloadSha = createHash('sha256').update(payload).digest('hex');
const small = new TextEncoder().encode('{"hidden_size": 384}\n');
const smallSha = createHash('sha256').update(small).digest('hex');

let server: Server;
let base: string;
let directory: string;
/** Every request: its path and its Range header. */
const requests: { url: string; range: string | undefined }[] = [];
/** Answers per path still to give before the path behaves (e.g. two 500s, then the file). */
const failuresLeft = new Map<string, number>();

/** Sends `body` whole (200) or, when `honourRange` and the request asks, from its offset (206). */
function sendFile(request: IncomingMessage, response: ServerResponse, body: Uint8Array, honourRange: boolean): void {
  const range = /^bytes=(\d+)-$/.exec(request.headers.range ?? '');
  if (range && honourRange) {
    const start = Number(range[1]);
    if (start >= body.length) {
      response.writeHead(416, { 'content-range': `bytes */${body.length}` });
      response.end();
      return;
    }
    response.writeHead(206, {
      'content-length': String(body.length - start),
      'content-range': `bytes ${start}-${body.length - 1}/${body.length}`,
    });
    response.end(body.subarray(start));
    return;
  }
  response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(body.length) });
  // Several writes, so the client sees a stream of chunks.
  for (let offset = 0; offset < body.length; offset += 65_536) response.write(body.subarray(offset, offset + 65_536));
  response.end();
}

/** Announces the whole file, sends its first 100,000 bytes and cuts the connection. */
function breakOff(response: ServerResponse): void {
  response.writeHead(200, { 'content-length': String(payload.length) });
  response.write(payload.subarray(0, 100_000), () => response.destroy());
}

function takeFailure(path: string): boolean {
  const left = failuresLeft.get(path) ?? 0;
  if (left <= 0) return false;
  failuresLeft.set(path, left - 1);
  return true;
}

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'espectro-models-'));
  server = createServer((request, response) => {
    const path = request.url ?? '';
    requests.push({ url: path, range: request.headers.range });
    if (path === '/model.onnx' || path === '/mirror/fixture/onnx/model.onnx')
      sendFile(request, response, payload, true);
    else if (path === '/config.json') sendFile(request, response, small, true);
    else if (path === '/busy.onnx' && takeFailure(path)) {
      response.writeHead(429, { 'retry-after': '7' });
      response.end('slow down');
    } else if (path === '/flaky.onnx' && takeFailure(path)) {
      response.writeHead(500);
      response.end('oops');
    } else if ((path === '/busy.onnx' || path === '/flaky.onnx') && !takeFailure(path))
      sendFile(request, response, payload, true);
    else if (path === '/down.onnx') {
      response.writeHead(503, { 'retry-after': '3600' });
      response.end();
    } else if (path === '/cut-resumable.onnx') {
      if (takeFailure(path)) breakOff(response);
      else sendFile(request, response, payload, true);
    } else if (path === '/cut-no-range.onnx') {
      if (takeFailure(path)) breakOff(response);
      else sendFile(request, response, payload, false);
    } else if (path === '/always-cut.onnx') breakOff(response);
    else if (path === '/redirect.onnx') {
      response.writeHead(302, { location: '/model.onnx' });
      response.end();
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not found');
    }
  });
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolveClose) => server.close(() => resolveClose()));
  await rm(directory, { recursive: true, force: true });
});

beforeEach(() => {
  requests.length = 0;
  failuresLeft.clear();
});

const file = (path: string, extra: Partial<ModelFile> = {}): ModelFile => ({
  path: 'onnx/model.onnx',
  url: `${base}${path}`,
  ...extra,
});

const spec = (files: ModelFile[], extra: Partial<ModelSpec> = {}): ModelSpec => ({
  name: 'fixture',
  description: 'test payload',
  license: 'none',
  source: 'loopback',
  files,
  ...extra,
});

/** Waits recorded instead of slept. */
function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (milliseconds: number) => void waits.push(milliseconds) };
}

async function leftovers(folder: string): Promise<string[]> {
  if (!existsSync(folder)) return [];
  return (await readdir(folder, { recursive: true })).filter((name) => String(name).includes('.partial'));
}

describe('model locations', () => {
  test('ESPECTRO_MODELS overrides ~/.cache/espectro/models and is resolved', () => {
    expect(modelsRoot({})).toBe(join(homedir(), '.cache', 'espectro', 'models'));
    expect(modelsRoot({ ESPECTRO_MODELS: '' })).toBe(join(homedir(), '.cache', 'espectro', 'models'));
    expect(modelDirectory('minilm', { ESPECTRO_MODELS: '/srv/models' })).toBe(join('/srv/models', 'minilm'));
    expect(modelDirectory('minilm', { ESPECTRO_MODELS: 'models' })).toBe(resolve('models', 'minilm'));
  });

  test('missingModelFiles lists the required files that are absent', async () => {
    const folder = join(directory, 'partly-installed');
    await mkdir(join(folder, 'onnx'), { recursive: true });
    await writeFile(join(folder, 'config.json'), '{}');
    const model = spec([
      { path: 'config.json', url: 'unused' },
      { path: 'onnx/model.onnx', url: 'unused' },
      { path: 'special_tokens_map.json', url: 'unused', required: false },
    ]);
    expect(missingModelFiles(model, folder)).toEqual(['onnx/model.onnx']);
    await writeFile(join(folder, 'onnx', 'model.onnx'), 'weights');
    expect(missingModelFiles(model, folder)).toEqual([]);
  });

  test('Retry-After in seconds or as an HTTP date', () => {
    const now = Date.parse('2026-12-03T10:00:00Z');
    expect(retryAfterMilliseconds('7', now)).toBe(7_000);
    expect(retryAfterMilliseconds('Thu, 03 Dec 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMilliseconds('Thu, 03 Dec 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMilliseconds(null, now)).toBeUndefined();
    expect(retryAfterMilliseconds('soon', now)).toBeUndefined();
  });
});

describe('pullModel (loopback server)', () => {
  test('downloads every file into its path, verifies the SHA-256 and installs atomically; a second pull keeps them', async () => {
    const destination = join(directory, 'ok');
    const progress: number[] = [];
    const model = spec([
      { path: 'config.json', url: `${base}/config.json`, sha256: smallSha, bytes: small.length },
      file('/model.onnx', { sha256: payloadSha.toUpperCase(), bytes: payload.length }),
    ]);
    const results = await pullModel(model, {
      directory: destination,
      onProgress: (path, received) => path === 'onnx/model.onnx' && progress.push(received),
    });
    expect(results).toEqual([
      {
        path: join(destination, 'config.json'),
        bytes: small.length,
        sha256: smallSha,
        downloaded: true,
        verified: true,
        resumedFromBytes: 0,
        attempts: 1,
      },
      {
        path: join(destination, 'onnx', 'model.onnx'),
        bytes: payload.length,
        sha256: payloadSha,
        downloaded: true,
        verified: true,
        resumedFromBytes: 0,
        attempts: 1,
      },
    ]);
    expect(new Uint8Array(await readFile(results[1]!.path))).toEqual(payload);
    expect(progress.at(-1)).toBe(payload.length);
    expect(await leftovers(destination)).toEqual([]);
    expect(missingModelFiles(model, destination)).toEqual([]);
    requests.length = 0;
    const again = await pullModel(model, { directory: destination });
    expect(again.map((result) => result.downloaded)).toEqual([false, false]);
    expect(requests).toEqual([]);
  });

  test('429 is retried after its Retry-After, 500 after a doubling delay', async () => {
    failuresLeft.set('/busy.onnx', 2);
    const busy = recordingSleep();
    const [result] = await pullModel(spec([file('/busy.onnx', { sha256: payloadSha })]), {
      directory: join(directory, 'busy'),
      sleep: busy.sleep,
    });
    expect(result).toMatchObject({ downloaded: true, verified: true, attempts: 3 });
    expect(busy.waits).toEqual([7_000, 7_000]);

    failuresLeft.set('/flaky.onnx', 3);
    const flaky = recordingSleep();
    const [flakyResult] = await pullModel(spec([file('/flaky.onnx', { sha256: payloadSha })]), {
      directory: join(directory, 'flaky'),
      sleep: flaky.sleep,
    });
    expect(flakyResult).toMatchObject({ downloaded: true, attempts: 4 });
    expect(flaky.waits).toEqual([1_000, 2_000, 4_000]);
  });

  test('a server that stays down fails after the attempts, waits capped, nothing installed', async () => {
    const destination = join(directory, 'down');
    const down = recordingSleep();
    await expect(
      pullModel(spec([file('/down.onnx')]), { directory: destination, sleep: down.sleep }),
    ).rejects.toMatchObject({
      name: 'ModelDownloadError',
      code: 'http_status',
      attempts: DEFAULT_DOWNLOAD_ATTEMPTS,
      url: `${base}/down.onnx`,
      message: expect.stringMatching(/after 4 attempts: HTTP 503/),
    });
    expect(down.waits).toEqual(Array.from({ length: DEFAULT_DOWNLOAD_ATTEMPTS - 1 }, () => MAX_RETRY_DELAY_MS));
    expect(existsSync(join(destination, 'onnx', 'model.onnx'))).toBe(false);
    expect(await leftovers(destination)).toEqual([]);
  });

  test('no server at the address: retried, then a network error naming the reason', async () => {
    const closed = createServer();
    await new Promise<void>((resolveListen) => closed.listen(0, '127.0.0.1', resolveListen));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolveClose) => closed.close(() => resolveClose()));
    const refused = recordingSleep();
    await expect(
      pullModel(spec([{ path: 'model.onnx', url: `http://127.0.0.1:${port}/model.onnx` }]), {
        directory: join(directory, 'refused'),
        attempts: 2,
        sleep: refused.sleep,
      }),
    ).rejects.toMatchObject({
      code: 'network',
      attempts: 2,
      message: expect.stringMatching(/ECONNREFUSED.*no network\? pull on a machine with internet/),
    });
    expect(refused.waits).toEqual([1_000]);
  });

  test('404 is not retried', async () => {
    const missing = recordingSleep();
    await expect(
      pullModel(spec([file('/missing.onnx')]), { directory: join(directory, 'missing'), sleep: missing.sleep }),
    ).rejects.toMatchObject({ code: 'http_status', attempts: 1, message: expect.stringMatching(/HTTP 404/) });
    expect(missing.waits).toEqual([]);
    expect(requests).toHaveLength(1);
  });

  test('a body that breaks off is resumed with a Range request from the bytes kept', async () => {
    failuresLeft.set('/cut-resumable.onnx', 1);
    const destination = join(directory, 'resumed');
    const [result] = await pullModel(spec([file('/cut-resumable.onnx', { sha256: payloadSha })]), {
      directory: destination,
      sleep: recordingSleep().sleep,
    });
    expect(result).toMatchObject({ downloaded: true, verified: true, attempts: 2, bytes: payload.length });
    // The second request asks for what the first did not deliver (the kernel decides how much of
    // the 100,000 bytes sent arrived before the connection was cut).
    const [first, second] = requests.map((request) => request.range);
    expect(first).toBeUndefined();
    const resumeOffset = Number(/^bytes=(\d+)-$/.exec(second ?? '')?.[1]);
    expect(resumeOffset).toBeGreaterThan(0);
    expect(resumeOffset).toBeLessThanOrEqual(100_000);
    expect(new Uint8Array(await readFile(result!.path))).toEqual(payload);
    expect(await leftovers(destination)).toEqual([]);
  });

  test('a body cut on every attempt keeps its partial, and the next pull resumes from it', async () => {
    const destination = join(directory, 'cut-then-later');
    const model = spec([file('/always-cut.onnx', { sha256: payloadSha })]);
    await expect(
      pullModel(model, { directory: destination, attempts: 2, sleep: recordingSleep().sleep }),
    ).rejects.toMatchObject({
      code: 'truncated',
      attempts: 2,
      message: expect.stringMatching(/bytes received are kept and the next pull resumes/),
    });
    expect(existsSync(join(destination, 'onnx', 'model.onnx'))).toBe(false);
    expect(await leftovers(destination)).toEqual(['onnx/model.onnx.partial']);
    requests.length = 0;
    // Later, the server sends the rest.
    const [result] = await pullModel(spec([file('/cut-resumable.onnx', { sha256: payloadSha })]), {
      directory: destination,
    });
    expect(requests.map((request) => request.range)).toEqual([expect.stringMatching(/^bytes=\d+-$/)]);
    expect(result!.resumedFromBytes).toBeGreaterThan(0);
    expect(new Uint8Array(await readFile(result!.path))).toEqual(payload);
  });

  test('a server that ignores Range sends the whole file again, which replaces the partial', async () => {
    failuresLeft.set('/cut-no-range.onnx', 1);
    const destination = join(directory, 'no-range');
    const [result] = await pullModel(spec([file('/cut-no-range.onnx', { sha256: payloadSha })]), {
      directory: destination,
      sleep: recordingSleep().sleep,
    });
    expect(result).toMatchObject({ downloaded: true, verified: true, attempts: 2, bytes: payload.length });
    expect(new Uint8Array(await readFile(result!.path))).toEqual(payload);
  });

  test('a wrong SHA-256 or size installs nothing and keeps no partial', async () => {
    const destination = join(directory, 'mismatch');
    await expect(
      pullModel(spec([file('/model.onnx', { sha256: '0'.repeat(64) })]), { directory: destination }),
    ).rejects.toMatchObject({ code: 'checksum_mismatch', message: expect.stringContaining(payloadSha) });
    await expect(
      pullModel(spec([file('/model.onnx', { bytes: 5 })]), { directory: destination }),
    ).rejects.toMatchObject({ code: 'size_mismatch', message: expect.stringMatching(/the spec says 5/) });
    expect(existsSync(join(destination, 'onnx', 'model.onnx'))).toBe(false);
    expect(await leftovers(destination)).toEqual([]);
  });

  test('without a SHA-256 it installs and reports the hash, unverified; follows redirects', async () => {
    const [result] = await pullModel(spec([file('/redirect.onnx')]), { directory: join(directory, 'unverified') });
    expect(result).toMatchObject({ sha256: payloadSha, downloaded: true, verified: false });
  });

  test('a corrupt copy is replaced when a SHA-256 is known; force downloads again', async () => {
    const destination = join(directory, 'replace');
    await pullModel(spec([file('/model.onnx')]), { directory: destination });
    await writeFile(join(destination, 'onnx', 'model.onnx'), 'corrupt');
    const [repaired] = await pullModel(spec([file('/model.onnx', { sha256: payloadSha })]), { directory: destination });
    expect(repaired).toMatchObject({ downloaded: true, verified: true });
    const [forced] = await pullModel(spec([file('/model.onnx')]), { directory: destination, force: true });
    expect(forced!.downloaded).toBe(true);
  });

  test('a mirror serves <mirror>/<name>/<path>; the default folder is under ESPECTRO_MODELS; optional files on request', async () => {
    const root = join(directory, 'root');
    const model = spec([file('https://upstream.invalid/never-asked')], {
      optionalFiles: [{ path: 'config.json', url: `${base}/config.json` }],
    });
    const withoutOptional = await pullModel(model, { mirror: `${base}/mirror/`, env: { ESPECTRO_MODELS: root } });
    expect(withoutOptional.map((result) => result.path)).toEqual([join(root, 'fixture', 'onnx', 'model.onnx')]);
    expect(requests.map((request) => request.url)).toEqual(['/mirror/fixture/onnx/model.onnx']);
    const withOptional = await pullModel(
      { ...model, files: [file('/model.onnx')] },
      { includeOptional: true, env: { ESPECTRO_MODELS: root } },
    );
    expect(withOptional.map((result) => [result.path, result.downloaded])).toEqual([
      [join(root, 'fixture', 'onnx', 'model.onnx'), false],
      [join(root, 'fixture', 'config.json'), true],
    ]);
  });
});
