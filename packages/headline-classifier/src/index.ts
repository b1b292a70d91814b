/**
 * @espectro/headline-classifier — the Chilean headline classifier of seed 004: the six-class
 * taxonomy frozen with sha256, RSS ingestion of title and bajada only (HC-2), an offline rules
 * baseline and an LLM classifier behind one interface, boletín linking (LINK-1, AGR-3),
 * golden-set tooling (two annotators, arbitration, agreement), pre-registration and evaluation
 * with a frozen verdict, and a report where every figure carries n and its interval (AGR-5).
 * Every rule and statistic comes from @espectro/methodology.
 *
 * @packageDocumentation
 */
export { HeadlineClassifierError, type HeadlineClassifierErrorCode } from './errors.js';
export { foldText, collapseWhitespace } from './text.js';
export {
  HeadlineInputSchema,
  LlmClassificationSchema,
  locateEvidence,
  type Classification,
  type EvidenceField,
  type HeadlineClassifier,
  type HeadlineInput,
  type LlmClassification,
} from './classifier.js';
export {
  TAXONOMY_ARTIFACT,
  TAXONOMY_SHA256,
  TAXONOMY_VERSION,
  taxonomyDocument,
  verifyTaxonomyArtifact,
  type TaxonomyDocument,
  type TaxonomyExample,
} from './taxonomy.js';
export {
  PARLIAMENTARIAN_ROSTER,
  ParliamentarianSchema,
  RosterSchema,
  compileRoster,
  type Parliamentarian,
  type Roster,
  type RosterMatcher,
} from './roster.js';
export {
  BASELINE_VOCABULARY,
  RULES_BASELINE_BACKEND,
  createRulesBaseline,
  type RulesBaseline,
  type RulesBaselineSettings,
} from './baseline.js';
export {
  BASELINE_RULES_ARTIFACT,
  BASELINE_RULES_SHA256,
  BASELINE_VERSION,
  baselineRulesDocument,
  verifyBaselineRulesArtifact,
  type BaselineRulesDocument,
} from './baseline-rules.js';
export { MONITORED_OUTLETS, findOutlet, type Outlet } from './feeds/outlets.js';
export {
  ingestFeeds,
  readHeadlineFeed,
  type FeedIngestion,
  type FeedOutcome,
  type ReadHeadlineFeedOptions,
  type SkippedItem,
} from './feeds/ingest.js';
export { parseJsonl, toJsonl } from './jsonl.js';
export {
  AnnotationSchema,
  ArbitrationSchema,
  BUNDLED_GOLDEN_DIRECTORY,
  BUNDLED_GOLDEN_SETS,
  GOLDEN_FILES,
  GoldenCaseSchema,
  agreementReport,
  checkGoldenSet,
  goldCounts,
  goldLabels,
  goldenSetDocument,
  loadGoldenSet,
  type AgreementReport,
  type Annotation,
  type Arbitration,
  type GoldenCase,
  type GoldenSet,
} from './golden.js';
export {
  RegistrationFileSchema,
  RegistrationSchema,
  RunLogSchema,
  ThresholdsSchema,
  UNCLASSIFIED,
  evaluate,
  parseRegistrationFile,
  recordRun,
  register,
  type Prediction,
  type Registration,
  type RegistrationFile,
  type RunLog,
  type Thresholds,
  type ThresholdsInput,
  type Verdict,
} from './registration.js';
export { classifyAndLink, type LinkedClassification } from './pipeline.js';
export {
  DECLARED_ABSENCES,
  OUT_OF_SAMPLE_THRESHOLDS,
  PredictionRowSchema,
  VALIDATION_DIRECTORY,
  VALIDATION_FILES,
  canonicalSummary,
  loadValidation,
  outletComposition,
  outletName,
  validationSummary,
  type ConfusionLine,
  type OutletComposition,
  type OutOfSampleError,
  type RecallLine,
  type ValidationBundle,
  type ValidationSummary,
} from './validation.js';
export {
  ingestFeedDocument,
  pollMonitoredFeeds,
  type ClassifiedHeadlineSink,
  type FeedFetcher,
  type FeedIngestReport,
  type FeedPollOutcome,
  type IngestFeedDocumentInput,
  type PollMonitoredFeedsInput,
} from './monitor.js';
export {
  REPORT_LIMITATIONS,
  buildReport,
  formatFigure,
  renderReportMarkdown,
  type EvaluationReport,
  type PrecisionLine,
} from './report.js';
export {
  HEADLINE_CLASSIFICATION_PROMPT,
  createDeepSeekClassifier,
  createLlmClassifier,
  type HeadlinePromptVariables,
  type LlmClassifierSettings,
} from './llm.js';
