/**
 * Live debate fact-checking, "Placar" (RULES.md §7, seed 001): speaking time by tone (DEB-1),
 * claim gating (DEB-2, JR-9), evidence filter and official sources (DEB-3, DEB-4), citation check
 * (DEB-5), judge rules and `finalizeVerdict` (JR-1…JR-9), audio re-verification (AUD-1), repeated
 * claims (REP-1), review history and scoreboards (REV-D, MEN-1, MEN-2) and model costs (COST).
 *
 * @packageDocumentation
 */
import type { z } from 'zod';
import { ClaimHandlingSchema, ClaimKindSchema } from './claims.js';
import { CheckCitationsInputSchema, CitationCheckSchema } from './citations.js';
import { CostRecordSchema, CostTotalSchema, TotalCostInputSchema } from './cost.js';
import {
  EvidenceDropReasonSchema,
  EvidenceResultSchema,
  FilterEvidenceInputSchema,
  FilterEvidenceResultSchema,
  OfficialSourceShareInputSchema,
  OfficialSourceShareSchema,
} from './evidence.js';
import {
  ClaimNatureSchema,
  EvidenceScopeSchema,
  FinalizeVerdictInputSchema,
  FinalVerdictSchema,
  JudgeOutputSchema,
  MultiPartVerdictInputSchema,
  VerdictReasonSchema,
} from './judge.js';
import {
  CandidateComparisonSchema,
  CompareCandidatesInputSchema,
  DebateCheckSchema,
  MentirometroInputSchema,
  MentirometroRowSchema,
} from './mentirometro.js';
import { NumericVerdictInputSchema, NumericVerdictOptionsSchema } from './numeric.js';
import { EarlierCheckSchema, FindRepeatedClaimInputSchema, RepeatedClaimSchema } from './repeats.js';
import {
  CheckHistorySchema,
  ReviseCheckInputSchema,
  ScoreboardsInputSchema,
  ScoreboardsSchema,
  VerdictHistoryEntrySchema,
  VerdictStatesSchema,
} from './review.js';
import { SpeakingTimeSplitSchema, SplitSpeakingTimeInputSchema, ToneProbabilitiesSchema } from './tone.js';
import {
  ArbiterChoiceSchema,
  AudioReverificationSchema,
  AudioTranscriptSchema,
  KeyFactOptionsSchema,
  KeyFactsSchema,
  KeyNameSchema,
  KeyNumberSchema,
  ReverifyAudioInputSchema,
  TranscriptComparisonSchema,
  TranscriptLanguageSchema,
} from './transcripts.js';

export { debateRules } from './rules.js';
export * from './parameters.js';
export * from './tone.js';
export * from './numeric.js';
export {
  DebateCheckSchema,
  MentirometroInputSchema,
  MentirometroRowSchema,
  CompareCandidatesInputSchema,
  CandidateComparisonSchema,
  mentirometro,
  compareCandidates,
  type DebateCheck,
  type MentirometroRow,
  type CandidateComparison,
} from './mentirometro.js';
export * from './claims.js';
export * from './evidence.js';
export {
  CheckCitationsInputSchema,
  CitationCheckSchema,
  normalizeCitationUrl,
  checkCitations,
  type CheckCitationsInput,
  type CitationCheck,
} from './citations.js';
export * from './judge.js';
export {
  TranscriptLanguageSchema,
  KeyFactOptionsSchema,
  KeyNumberSchema,
  KeyNameSchema,
  KeyFactsSchema,
  TranscriptComparisonSchema,
  AudioTranscriptSchema,
  ArbiterChoiceSchema,
  ReverifyAudioInputSchema,
  AudioReverificationSchema,
  AUD_SENTENCE_OPENERS,
  extractKeyFacts,
  compareTranscripts,
  transcriptsAgree,
  reverifyAudio,
  type TranscriptLanguage,
  type KeyFactOptions,
  type KeyNumber,
  type KeyName,
  type KeyFacts,
  type TranscriptComparison,
  type AudioTranscript,
  type ArbiterChoice,
  type ReverifyAudioInput,
  type AudioReverification,
} from './transcripts.js';
export * from './repeats.js';
export {
  VerdictHistoryEntrySchema,
  CheckHistorySchema,
  ReviseCheckInputSchema,
  VerdictStatesSchema,
  ScoreboardsInputSchema,
  ScoreboardsSchema,
  reviseCheck,
  verdictStates,
  scoreboards,
  type VerdictHistoryEntry,
  type CheckHistory,
  type VerdictStates,
  type Scoreboards,
} from './review.js';
export * from './cost.js';

/**
 * Every public input/output schema of this module, by name (used for the published JSON Schemas).
 *
 * @example
 * debateSchemas.JudgeOutput.safeParse(modelOutput).success;
 */
export const debateSchemas: Record<string, z.ZodType> = {
  // DEB-1
  ToneProbabilities: ToneProbabilitiesSchema,
  SplitSpeakingTimeInput: SplitSpeakingTimeInputSchema,
  SpeakingTimeSplit: SpeakingTimeSplitSchema,
  // DEB-2 / JR-9
  ClaimKind: ClaimKindSchema,
  ClaimHandling: ClaimHandlingSchema,
  // DEB-3 / DEB-4
  EvidenceResult: EvidenceResultSchema,
  FilterEvidenceInput: FilterEvidenceInputSchema,
  FilterEvidenceResult: FilterEvidenceResultSchema,
  EvidenceDropReason: EvidenceDropReasonSchema,
  OfficialSourceShareInput: OfficialSourceShareInputSchema,
  OfficialSourceShare: OfficialSourceShareSchema,
  // DEB-5
  CheckCitationsInput: CheckCitationsInputSchema,
  CitationCheck: CitationCheckSchema,
  // JR-*
  NumericVerdictInput: NumericVerdictInputSchema,
  NumericVerdictOptions: NumericVerdictOptionsSchema,
  ClaimNature: ClaimNatureSchema,
  EvidenceScope: EvidenceScopeSchema,
  MultiPartVerdictInput: MultiPartVerdictInputSchema,
  JudgeOutput: JudgeOutputSchema,
  FinalizeVerdictInput: FinalizeVerdictInputSchema,
  VerdictReason: VerdictReasonSchema,
  FinalVerdict: FinalVerdictSchema,
  // AUD-1
  TranscriptLanguage: TranscriptLanguageSchema,
  KeyFactOptions: KeyFactOptionsSchema,
  KeyNumber: KeyNumberSchema,
  KeyName: KeyNameSchema,
  KeyFacts: KeyFactsSchema,
  TranscriptComparison: TranscriptComparisonSchema,
  AudioTranscript: AudioTranscriptSchema,
  ArbiterChoice: ArbiterChoiceSchema,
  ReverifyAudioInput: ReverifyAudioInputSchema,
  AudioReverification: AudioReverificationSchema,
  // REP-1
  EarlierCheck: EarlierCheckSchema,
  FindRepeatedClaimInput: FindRepeatedClaimInputSchema,
  RepeatedClaim: RepeatedClaimSchema,
  // REV-D
  VerdictHistoryEntry: VerdictHistoryEntrySchema,
  CheckHistory: CheckHistorySchema,
  ReviseCheckInput: ReviseCheckInputSchema,
  VerdictStates: VerdictStatesSchema,
  ScoreboardsInput: ScoreboardsInputSchema,
  Scoreboards: ScoreboardsSchema,
  // MEN-1 / MEN-2
  DebateCheck: DebateCheckSchema,
  MentirometroInput: MentirometroInputSchema,
  MentirometroRow: MentirometroRowSchema,
  CompareCandidatesInput: CompareCandidatesInputSchema,
  CandidateComparison: CandidateComparisonSchema,
  // COST
  CostRecord: CostRecordSchema,
  TotalCostInput: TotalCostInputSchema,
  CostTotal: CostTotalSchema,
};
