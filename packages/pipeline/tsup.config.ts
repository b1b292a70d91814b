import { cpSync } from 'node:fs';
import { packageBuild } from '../../tools/tsup.config.js';

export default packageBuild(
  { index: 'src/index.ts', testing: 'src/testing/index.ts' },
  {
    // The fixture data folder travels with the testing entry (dist/run-data, found next to it).
    onSuccess: async () => {
      cpSync('src/testing/run-data', 'dist/run-data', { recursive: true });
    },
  },
);
