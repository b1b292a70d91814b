import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ClusteringError } from './errors.js';
import { loadTransformers, TRANSFORMERS_PACKAGE } from './minilm.js';

describe('MiniLM runtime as an optional peer (issue 19 §4)', () => {
  it('is declared as an optional peer, not a dependency, so the offline default installs without it', () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      dependencies: Record<string, string>;
      peerDependencies: Record<string, string>;
      peerDependenciesMeta: Record<string, { optional?: boolean }>;
    };
    for (const name of [TRANSFORMERS_PACKAGE, 'onnxruntime-node']) {
      expect(manifest.dependencies[name]).toBeUndefined();
      expect(manifest.peerDependencies[name]).toBeDefined();
      expect(manifest.peerDependenciesMeta[name]?.optional).toBe(true);
    }
  });

  it('loads the installed package on first use', async () => {
    const transformers = await loadTransformers();
    expect(typeof transformers.AutoTokenizer.from_pretrained).toBe('function');
  });

  it('names the package to install when it is missing', async () => {
    const missing = Object.assign(new Error(`Cannot find package '${TRANSFORMERS_PACKAGE}'`), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    const failure = await loadTransformers(() => Promise.reject(missing)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ClusteringError);
    expect((failure as ClusteringError).code).toBe('backend_unavailable');
    expect((failure as Error).message).toContain(`pnpm add ${TRANSFORMERS_PACKAGE}`);
    expect((failure as Error).message).toContain('offline embedder');
  });
});
