import { packageBuild } from '../../tools/tsup.config.js';

export default packageBuild({
  index: 'src/index.ts',
  rating: 'src/rating/index.ts',
  tendency: 'src/tendency/index.ts',
  stories: 'src/stories/index.ts',
  clustering: 'src/clustering/index.ts',
  debate: 'src/debate/index.ts',
  contestations: 'src/contestations/index.ts',
  agreement: 'src/agreement/index.ts',
  headlines: 'src/headlines/index.ts',
  artifacts: 'src/artifacts/index.ts',
  catalogue: 'src/catalogue.ts',
});
