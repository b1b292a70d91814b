import { packageBuild } from '../../tools/tsup.config.js';

// The lexicon data files are imported as JSON and bundled into the build.
export default packageBuild({ index: 'src/index.ts' });
