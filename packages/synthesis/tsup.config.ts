import { packageBuild } from '../../tools/tsup.config.js';

export default packageBuild(
  {
    index: 'src/index.ts',
    testing: 'src/testing/index.ts',
  },
  // `testing` imports the package through its own name (one copy of the queue types at runtime)
  // and vitest / fast-check only at test time.
  { external: ['@espectro/synthesis', 'vitest', '@fast-check/vitest'] },
);
