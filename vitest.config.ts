import { defineConfig } from 'vitest/config';

// Resolve workspace packages to their TypeScript sources (the `@espectro/source` export condition),
// so tests never need a build first.
const conditions = ['@espectro/source', 'import', 'module', 'node', 'default'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['@espectro/source'] } },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'examples/*/src/**/*.test.ts', 'tools/**/*.test.ts'],
    testTimeout: 30_000,
    pool: 'forks',
  },
});
