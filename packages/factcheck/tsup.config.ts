import { packageBuild } from '../../tools/tsup.config.js';

export default packageBuild(
  {
    index: 'src/index.ts',
    replay: 'src/replay/index.ts',
  },
  // `replay` imports the pipeline through the package's own name, so that both entries share one
  // copy of the pipeline at runtime.
  { external: ['@espectro/factcheck'] },
);
