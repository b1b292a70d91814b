import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { campPlusPlusModel, installedModelPath, modelFolder, modelsRoot, pullModel, type ModelSpec } from './models.js';

const payload = new Uint8Array(300_000).map((_, index) => (index * 31) % 251);
const payloadSha = createHash('sha256').update(payload).digest('hex');

let server: Server;
let base: string;
let directory: string;
const requests: string[] = [];

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'speaker-id-models-'));
  server = createServer((request, response) => {
    requests.push(request.url ?? '');
    if (request.url === '/model.onnx') {
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(payload.length) });
      // Several writes, so the client sees a stream of chunks.
      for (let offset = 0; offset < payload.length; offset += 65536)
        response.write(payload.subarray(offset, offset + 65536));
      response.end();
    } else if (request.url === '/short.onnx') {
      response.writeHead(200, { 'content-length': String(payload.length) });
      response.write(payload.subarray(0, 1000));
      response.destroy();
    } else if (request.url === '/redirect.onnx') {
      response.writeHead(302, { location: '/model.onnx' });
      response.end();
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(directory, { recursive: true, force: true });
});

const spec = (path: string, extra: Partial<ModelSpec> = {}): ModelSpec => ({
  name: 'fixture',
  fileName: 'model.onnx',
  url: `${base}${path}`,
  description: 'test payload',
  license: 'none',
  source: 'loopback',
  ...extra,
});

async function leftovers(folder: string): Promise<string[]> {
  return existsSync(folder) ? (await readdir(folder)).filter((name) => name.includes('.partial')) : [];
}

describe('model locations', () => {
  test('ESPECTRO_MODELS overrides ~/.cache/espectro/models', () => {
    expect(modelsRoot({})).toBe(join(homedir(), '.cache', 'espectro', 'models'));
    expect(modelFolder(campPlusPlusModel, { ESPECTRO_MODELS: '/srv/models' })).toBe(join('/srv/models', 'campplus'));
    expect(installedModelPath(campPlusPlusModel, { ESPECTRO_MODELS: directory })).toBeUndefined();
  });

  test('the CAM++ spec names the 3D-Speaker export published by sherpa-onnx', () => {
    expect(campPlusPlusModel.name).toBe('campplus');
    expect(campPlusPlusModel.fileName).toMatch(/^3dspeaker_speech_campplus_sv_.*16k.*\.onnx$/);
    expect(campPlusPlusModel.url).toBe(
      `https://github.com/k2-fsa/sherpa-onnx/releases/download/speaker-recongition-models/${campPlusPlusModel.fileName}`,
    );
  });
});

describe('pullModel (loopback server)', () => {
  test('downloads, verifies the SHA-256 and installs atomically; a second pull keeps the copy', async () => {
    const destination = join(directory, 'ok');
    const progress: number[] = [];
    const result = await pullModel(spec('/model.onnx', { sha256: payloadSha, bytes: payload.length }), {
      destination,
      onProgress: (received) => progress.push(received),
    });
    expect(result).toEqual({
      path: join(destination, 'model.onnx'),
      bytes: payload.length,
      sha256: payloadSha,
      downloaded: true,
      verified: true,
    });
    expect(new Uint8Array(await readFile(result.path))).toEqual(payload);
    expect(progress.at(-1)).toBe(payload.length);
    expect(await leftovers(destination)).toEqual([]);
    const before = requests.length;
    const again = await pullModel(spec('/model.onnx', { sha256: payloadSha }), { destination });
    expect(again.downloaded).toBe(false);
    expect(requests.length).toBe(before);
  });

  test('without a published SHA-256 it still installs and reports the hash, unverified; follows redirects', async () => {
    const destination = join(directory, 'unverified');
    const result = await pullModel(spec('/redirect.onnx'), { destination });
    expect(result).toMatchObject({ sha256: payloadSha, downloaded: true, verified: false });
  });

  test('a SHA-256 mismatch installs nothing', async () => {
    const destination = join(directory, 'mismatch');
    await expect(pullModel(spec('/model.onnx', { sha256: '0'.repeat(64) }), { destination })).rejects.toMatchObject({
      code: 'checksum_mismatch',
      message: expect.stringContaining(payloadSha),
    });
    expect(existsSync(join(destination, 'model.onnx'))).toBe(false);
    expect(await leftovers(destination)).toEqual([]);
  });

  test('a wrong published size, a broken-off transfer and HTTP errors install nothing', async () => {
    const destination = join(directory, 'errors');
    await expect(pullModel(spec('/model.onnx', { bytes: 5 }), { destination })).rejects.toMatchObject({
      code: 'download_failed',
      message: expect.stringMatching(/published size is 5/),
    });
    await expect(pullModel(spec('/short.onnx'), { destination })).rejects.toMatchObject({ code: 'download_failed' });
    await expect(pullModel(spec('/missing.onnx'), { destination })).rejects.toMatchObject({
      code: 'download_failed',
      message: expect.stringMatching(/HTTP 404/),
    });
    expect(existsSync(join(destination, 'model.onnx'))).toBe(false);
    expect(await leftovers(destination)).toEqual([]);
  });

  test('a corrupt existing copy is replaced when a SHA-256 is known; force re-downloads', async () => {
    const destination = join(directory, 'replace');
    await pullModel(spec('/model.onnx'), { destination });
    await writeFile(join(destination, 'model.onnx'), 'corrupt');
    const repaired = await pullModel(spec('/model.onnx', { sha256: payloadSha }), { destination });
    expect(repaired).toMatchObject({ downloaded: true, verified: true });
    expect((await pullModel(spec('/model.onnx'), { destination, force: true })).downloaded).toBe(true);
  });

  test('uses the injected fetch and the default folder under ESPECTRO_MODELS', async () => {
    const seen: string[] = [];
    const fetchThroughLoopback: typeof fetch = async (input, init) => {
      seen.push(String(input));
      return fetch(`${base}/model.onnx`, init);
    };
    const result = await pullModel(
      { ...campPlusPlusModel },
      { fetch: fetchThroughLoopback, env: { ESPECTRO_MODELS: join(directory, 'root') } },
    );
    expect(seen).toEqual([campPlusPlusModel.url]);
    expect(result.path).toBe(join(directory, 'root', 'campplus', campPlusPlusModel.fileName));
    expect(installedModelPath(campPlusPlusModel, { ESPECTRO_MODELS: join(directory, 'root') })).toBe(result.path);
  });
});
