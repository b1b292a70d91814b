import { packageBuild } from '../../tools/tsup.config.js';

// The lexicon data files are imported as JSON and bundled into the build. `testing` imports the
// package through its own name (one copy at run time) and vitest only at test time.
export default packageBuild(
  { index: 'src/index.ts', testing: 'src/testing/index.ts' },
  { external: ['@espectro/rating', 'vitest'] },
);
