import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Resolve workspace packages to their TypeScript sources (the `@espectro/source` export condition),
// so tests never need a build first. Only that condition is added to Vite's defaults: adding
// `import` here would be forwarded to the test processes and make CommonJS `require()` calls in
// dependencies (e.g. `pg` → `pg-pool`) pick ESM builds.
const conditions = ['@espectro/source', 'module', 'node', 'development|production'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['@espectro/source'] } },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.ts',
      'examples/*/src/**/*.test.ts',
      'tools/**/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default is one worker less than the cores: one test file at a time on a 2-core
    // machine, though the slow files mostly wait on child processes (the CLI, astro build,
    // Chromium), PostgreSQL and loopback servers. Two at least; `--maxWorkers=1` runs them one by
    // one. What must not run twice at once holds a cross-process lock (`withFolderLockHeld` of
    // `@espectro/store/testing`: every astro build of apps/site in a test).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    setupFiles: ['tools/vitest.setup.ts'],
  },
});
