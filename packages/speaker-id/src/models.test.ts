import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { missingModelFiles } from '@espectro/models';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CAMPPLUS_FILE_NAME, campPlusPlusModel, installedModelPath, modelFolder, modelsRoot } from './models.js';

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'speaker-id-models-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

// Downloading (retries, resume, SHA-256) is tested in @espectro/models against a loopback server.
describe('the CAM++ model', () => {
  test('ESPECTRO_MODELS overrides ~/.cache/espectro/models; installed once its file is in campplus/', async () => {
    expect(modelsRoot({})).toBe(join(homedir(), '.cache', 'espectro', 'models'));
    expect(modelFolder(campPlusPlusModel, { ESPECTRO_MODELS: '/srv/models' })).toBe(join('/srv/models', 'campplus'));
    const env = { ESPECTRO_MODELS: directory };
    expect(installedModelPath(campPlusPlusModel, env)).toBeUndefined();
    expect(missingModelFiles(campPlusPlusModel, modelFolder(campPlusPlusModel, env))).toEqual([CAMPPLUS_FILE_NAME]);
    await mkdir(join(directory, 'campplus'), { recursive: true });
    await writeFile(join(directory, 'campplus', CAMPPLUS_FILE_NAME), 'weights');
    expect(installedModelPath(campPlusPlusModel, env)).toBe(join(directory, 'campplus', CAMPPLUS_FILE_NAME));
  });

  test('the spec names the 3D-Speaker export published by sherpa-onnx', () => {
    expect(campPlusPlusModel.name).toBe('campplus');
    expect(CAMPPLUS_FILE_NAME).toMatch(/^3dspeaker_speech_campplus_sv_.*16k.*\.onnx$/);
    expect(campPlusPlusModel.files).toEqual([
      {
        path: CAMPPLUS_FILE_NAME,
        url: `https://github.com/k2-fsa/sherpa-onnx/releases/download/speaker-recongition-models/${CAMPPLUS_FILE_NAME}`,
      },
    ]);
  });
});
