import { packageBuild } from '../../tools/tsup.config.js';

// `shims` gives the CommonJS build an `import.meta.url`, used to locate the bundled `data/` folder.
export default packageBuild({ index: 'src/index.ts' }, { shims: true });
