/**
 * @espectro/methodology — every deterministic rule of the Espectro methodologies (RULES.md) as a
 * pure function with a zod schema. Subpath exports (`@espectro/methodology/rating`, `/stories`,
 * `/debate`, …) carry the same functions per module.
 *
 * @packageDocumentation
 */
export { METHODOLOGY_VERSION } from './version.js';
export { MethodologyInputError } from './errors.js';
export * from './shared/schemas.js';
export { HttpUrlSchema, isHttpUrl } from './shared/http-url.js';
export { fnv1a32, mulberry32 } from './shared/random.js';
export { normaliseHost, STRIPPED_HOST_PREFIXES } from './shared/host.js';
export { foldAccents, foldToWords } from './shared/fold.js';
export { csvCell, toCsv, type CsvValue } from './shared/csv.js';
export { formatIssuePath, formatZodIssues, type IssueFormat, type IssueLike } from './shared/zod-issues.js';
export {
  JsonLinesError,
  jsonLines,
  parseJsonLine,
  parseJsonLines,
  toJsonLines,
  type JsonLine,
  type ParsedJsonLine,
} from './shared/json-lines.js';
export { THRESHOLD_EPSILON, atLeast, atMost, greaterThan, lessThan } from './shared/exact.js';
export * from './catalogue.js';
export * from './rating/index.js';
export * from './tendency/index.js';
export * from './stories/index.js';
export * from './clustering/index.js';
export * from './debate/index.js';
export * from './contestations/index.js';
export * from './agreement/index.js';
export * from './headlines/index.js';
export * from './artifacts/index.js';
