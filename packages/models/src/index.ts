/**
 * `@espectro/models`: the one home of model specs and the model downloader (see the README).
 *
 * @packageDocumentation
 */
export { missingModelFiles, modelDirectory, modelsRoot, type ModelFile, type ModelSpec } from './spec.js';
export {
  DEFAULT_DOWNLOAD_ATTEMPTS,
  FIRST_RETRY_DELAY_MS,
  MAX_RETRY_DELAY_MS,
  ModelDownloadError,
  pullModel,
  retryAfterMilliseconds,
  type ModelDownloadFailure,
  type PulledFile,
  type PullModelOptions,
} from './download.js';
