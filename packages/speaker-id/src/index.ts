/**
 * @espectro/speaker-id — who is speaking in each 10-second chunk of a debate, decided on the
 * operator's machine: WAV decoding and resampling, Kaldi fbank, CAM++ through sherpa-onnx (or an
 * offline statistics embedder with a trained LDA projection when no model is installed), enrollment files, cosine / s-norm
 * identification with an unknown threshold, and EER / minDCF calibration tools.
 *
 * @packageDocumentation
 */
export { SpeakerIdError, type SpeakerIdErrorCode } from './errors.js';
export { CAMPPLUS_BACKEND, STATISTICS_BACKEND, STATISTICS_PROJECTED_BACKEND, type Embedder } from './embedder.js';
export {
  decodeWav,
  downmixToMono,
  encodeWav,
  parseWavHeader,
  readWavFile,
  toMono16k,
  WAV_LIMITS,
  type DecodedWav,
  type EncodeWavOptions,
  type WavEncoding,
  type WavHeader,
  type WavHeaderParse,
  type WavLimits,
} from './wav.js';
export { besselI0, resample, type ResampleOptions } from './resample.js';
export { Fft } from './fft.js';
export { computeFbank, frameCount, melScale, poveyWindow, type Fbank, type FbankOptions } from './fbank.js';
export {
  analyseSpeech,
  defaultVadOptions,
  frameEnergiesDb,
  speechFrameMask,
  VAD_FRAME_SECONDS,
  type SpeechAnalysis,
  type VadOptions,
} from './vad.js';
export { averageEmbedding, cosineSimilarity, l2Normalize } from './vectors.js';
export {
  createProjectedStatisticsEmbedder,
  createStatisticsEmbedder,
  deltaFeatures,
  statisticsEmbedding,
  type StatisticsEmbedderOptions,
} from './statistics-embedder.js';
export {
  createCamPlusPlusEmbedder,
  isSherpaOnnxAvailable,
  loadSherpaOnnx,
  type CamPlusPlusEmbedder,
  type CamPlusPlusOptions,
} from './campplus.js';
export { readOnnxMetadata, SHERPA_SPEAKER_METADATA_KEYS, validateSpeakerModelMetadata } from './onnx-metadata.js';
export {
  CAMPPLUS_FILE_NAME,
  campPlusPlusModel,
  installedModelPath,
  modelFolder,
  modelsRoot,
  type ModelSpec,
} from './models.js';
export {
  BACKEND_CHOICES,
  embedderForVoices,
  resolveEmbedder,
  type BackendChoice,
  type ResolveEmbedderOptions,
} from './default-embedder.js';
export {
  addSpeaker,
  assertCompatible,
  checkClipQuality,
  createVoicesFile,
  defaultQuality,
  enrollFiles,
  enrollSpeaker,
  loadClip,
  parseVoicesFile,
  readVoicesFile,
  voicesFileSchema,
  VOICES_FORMAT_VERSION,
  writeFileAtomic,
  writeVoicesFile,
  type ClipRecord,
  type EnrolledSpeaker,
  type EnrollmentClip,
  type QualityOptions,
  type VoicesFile,
} from './enrollment.js';
export {
  applyProjection,
  parseProjection,
  symmetricEigen,
  trainLdaProjection,
  type LabelledVector,
  type LdaTrainingOptions,
  type LinearProjection,
} from './projection.js';
export { STATISTICS_PROJECTED_COHORT, STATISTICS_PROJECTION } from './statistics-projection.data.js';
export {
  COHORT_FLOOR_QUANTILE,
  COHORT_GUARD,
  defaultThresholds,
  decideFromScores,
  decisionRuleFor,
  identifyEmbedding,
  perSpeakerThresholds,
  shippedCohorts,
  type CohortThresholdOptions,
  scoreAgainstSpeakers,
  silenceIdentification,
  thresholdsFor,
  type Identification,
  type DecisionThresholds,
  type IdentificationReason,
  type IdentifyOptions,
  type ScoredSpeaker,
  type ScoringOptions,
  type ThresholdChoice,
  type ThresholdRule,
  type ThresholdRuleKind,
} from './identify.js';
export { identifyFile, identifySamples, type ChunkIdentification, type ChunkIdentifyOptions } from './pipeline.js';
export {
  buildTrials,
  equalErrorRate,
  minDcf,
  rocOperatingPoints,
  type DetectionCostParameters,
  type EqualErrorRateResult,
  type LabelledChunk,
  type MinDcfResult,
  type OperatingPoint,
  type SpeakerTrial,
  type Trial,
} from './evaluation.js';
