import { packageBuild } from '../../tools/tsup.config.js';

export default packageBuild(
  {
    index: 'src/index.ts',
    testing: 'src/testing/index.ts',
  },
  // `testing` imports the adapters through the package's own name, so that both entries share one
  // copy of LlmError and the adapters at runtime.
  { external: ['@espectro/llm'] },
);
