import type { z } from 'zod';
import { ClassificationAuditSchema } from './audit.js';
import { ContestationDimensionSchema, ContestationSchema } from './contestation.js';
import {
  ContestationRateLimitInputSchema,
  ContestationRateLimitOutcomeSchema,
  ContestationRateLimitsSchema,
  ContestationSubmissionSchema,
} from './rate-limit.js';
import {
  RatingChangeCauseSchema,
  RatingChangeContextSchema,
  RatingChangeRecordSchema,
  RatingSnapshotSchema,
} from './rating-change.js';
import {
  ContestationStateSchema,
  ContestationStatusSchema,
  ContestationTransitionOutcomeSchema,
  ContestationTransitionRequestSchema,
  ContestationTransitionSchema,
  TransitionContestationInputSchema,
} from './state-machine.js';

export { contestationRules } from './rules.js';
export * from './constants.js';
export {
  CONTESTATION_LABELS,
  ContestationDimensionSchema,
  ContestationSchema,
  ContestedOutletSchema,
  parseContestation,
  type Contestation,
  type ContestationDimension,
} from './contestation.js';
export {
  CONTESTATION_TRANSITIONS,
  ContestationRefusalReasonSchema,
  ContestationStateSchema,
  ContestationStatusSchema,
  ContestationTransitionOutcomeSchema,
  ContestationTransitionRequestSchema,
  ContestationTransitionSchema,
  TransitionContestationInputSchema,
  isTerminalContestationStatus,
  openContestation,
  transitionContestation,
  type ContestationState,
  type ContestationStatus,
  type ContestationTransition,
  type ContestationTransitionOutcome,
  type ContestationTransitionRequest,
} from './state-machine.js';
export {
  ContestationRateLimitInputSchema,
  ContestationRateLimitOutcomeSchema,
  ContestationRateLimitRuleSchema,
  ContestationRateLimitViolationSchema,
  ContestationRateLimitsSchema,
  ContestationSubmissionSchema,
  checkContestationRateLimit,
  type ContestationRateLimitOutcome,
  type ContestationRateLimitRule,
  type ContestationRateLimitViolation,
  type ContestationRateLimits,
  type ContestationSubmission,
} from './rate-limit.js';
export {
  RATING_CHANGE_CAUSE_LABELS,
  RatingChangeCauseSchema,
  RatingChangeContextSchema,
  RatingChangeRecordSchema,
  RatingSnapshotSchema,
  ratingChangeRecord,
  ratingChanges,
  type RatingChangeCause,
  type RatingChangeContext,
  type RatingChangeRecord,
  type RatingSnapshot,
} from './rating-change.js';
export { ClassificationAuditSchema, classificationAudit, type ClassificationAudit } from './audit.js';

/**
 * Every public input/output schema of this module, by name (used for the published JSON Schemas).
 *
 * @example
 * Object.keys(contestationSchemas); // ['Contestation', …]
 */
export const contestationSchemas: Record<string, z.ZodType> = {
  Contestation: ContestationSchema,
  ContestationDimension: ContestationDimensionSchema,
  ContestationStatus: ContestationStatusSchema,
  ContestationTransition: ContestationTransitionSchema,
  ContestationState: ContestationStateSchema,
  ContestationTransitionRequest: ContestationTransitionRequestSchema,
  TransitionContestationInput: TransitionContestationInputSchema,
  ContestationTransitionOutcome: ContestationTransitionOutcomeSchema,
  ContestationSubmission: ContestationSubmissionSchema,
  ContestationRateLimits: ContestationRateLimitsSchema,
  ContestationRateLimitInput: ContestationRateLimitInputSchema,
  ContestationRateLimitOutcome: ContestationRateLimitOutcomeSchema,
  RatingChangeCause: RatingChangeCauseSchema,
  RatingChangeRecord: RatingChangeRecordSchema,
  RatingSnapshot: RatingSnapshotSchema,
  RatingChangeContext: RatingChangeContextSchema,
  ClassificationAudit: ClassificationAuditSchema,
};
