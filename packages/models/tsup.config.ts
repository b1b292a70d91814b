import { packageBuild } from '../../tools/tsup.config.js';

export default packageBuild({ index: 'src/index.ts' });
