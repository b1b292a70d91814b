import { packageBuild } from '../../tools/tsup.config.js';

// `shims` gives the CommonJS build an `import.meta.url`, which the migrator uses to find `migrations/`.
export default packageBuild(
  { index: 'src/index.ts', schema: 'src/schema.ts', testing: 'src/testing/index.ts' },
  { shims: true },
);
