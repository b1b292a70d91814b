/**
 * Story rules of the Espectro methodology (RULES.md §3–§5): coverage, tiers, publish guard,
 * blindspots (Fuja da Bolha and Prisma), drift detection and the story-side rules of the
 * synthesis pipeline. Also published as `@espectro/methodology/stories`.
 *
 * @packageDocumentation
 */
import type { z } from 'zod';
import { CountryCapCountInputSchema, CountryCapStorySchema } from './country-cap.js';
import {
  AttributionCheckInputSchema,
  AttributionHitSchema,
  AttributionRosterEntrySchema,
  BlindspotDriftSchema,
  BlindspotFlagSchema,
  BlindspotFujaDaBolhaInputSchema,
  BlindspotFujaDaBolhaResultSchema,
  BlindspotPrismaInputSchema,
  BlindspotPrismaResultSchema,
  CitationProblemSchema,
  CoverageInputSchema,
  CoverageResultSchema,
  FujaDaBolhaArticleSchema,
  FujaDaBolhaSideSchema,
  GuardReasonSchema,
  LargestRemainderInputSchema,
  NextRetryInputSchema,
  PickArticlesForSynthesisInputSchema,
  PublishGuardInputSchema,
  PublishGuardOutletSchema,
  PublishGuardResultSchema,
  RetryAttemptSchema,
  RetryDecisionSchema,
  SentenceCitationInputSchema,
  SentenceCitationResultSchema,
  StoryOutletSchema,
  StoryTierInputSchema,
  StoryTierResultSchema,
  StoryTierSchema,
  SynthesisArticleSchema,
  SynthesisSentenceSchema,
  TopicLabelSchema,
} from './schemas.js';
import { ActiveCoverageStorySchema, NavigationTopicSchema, NavigationTopicsInputSchema } from './topics.js';

export { storiesRules } from './rules.js';
export * from './constants.js';
export * from './schemas.js';
export { coverage, coverageUnchecked, largestRemainderPercent, storyTier } from './coverage.js';
export { GUARD_REASONS, publishGuard, publishGuardUnchecked } from './publish-guard.js';
export {
  CountryCapCountInputSchema,
  CountryCapStorySchema,
  compareCountryCapOrder,
  countryCapCount,
  countryCapCountUnchecked,
  type CountryCapCountInput,
  type CountryCapStory,
  type TimedCountryCapStory,
} from './country-cap.js';
export {
  blindspotFujaDaBolha,
  blindspotFujaDaBolhaUnchecked,
  explainBlindspotFujaDaBolha,
  type FujaDaBolhaExplanation,
  type FujaDaBolhaSideExplanation,
} from './blindspot-fuja.js';
export {
  blindspotPrisma,
  blindspotPrismaUnchecked,
  explainBlindspotPrisma,
  type PrismaExplanation,
} from './blindspot-prisma.js';
export { blindspotDrift } from './drift.js';
export {
  nextRetry,
  pickArticlesForSynthesis,
  retrySchedule,
  topicOrNull,
  validateSentenceCitations,
} from './synthesis.js';
export { ATTRIBUTION_COMMON_WORDS, ATTRIBUTION_CUES, attributionCheck } from './attribution.js';
export {
  ActiveCoverageStorySchema,
  NAV_TOPICS_MAX,
  NAV_TOPICS_WINDOW_HOURS,
  navigationTopics,
  NavigationTopicSchema,
  NavigationTopicsInputSchema,
  type ActiveCoverageStory,
  type NavigationTopic,
  type NavigationTopicsInput,
} from './topics.js';

/**
 * Every public input/output schema of this module, by name (used for the published JSON Schemas).
 *
 * @example
 * Object.keys(storiesSchemas).includes('PublishGuardInput'); // true
 */
export const storiesSchemas: Record<string, z.ZodType> = {
  StoryOutlet: StoryOutletSchema,
  CoverageInput: CoverageInputSchema,
  CoverageResult: CoverageResultSchema,
  LargestRemainderInput: LargestRemainderInputSchema,
  StoryTierInput: StoryTierInputSchema,
  StoryTier: StoryTierSchema,
  StoryTierResult: StoryTierResultSchema,
  PublishGuardOutlet: PublishGuardOutletSchema,
  PublishGuardInput: PublishGuardInputSchema,
  GuardReason: GuardReasonSchema,
  PublishGuardResult: PublishGuardResultSchema,
  CountryCapStory: CountryCapStorySchema,
  CountryCapCountInput: CountryCapCountInputSchema,
  FujaDaBolhaArticle: FujaDaBolhaArticleSchema,
  BlindspotFujaDaBolhaInput: BlindspotFujaDaBolhaInputSchema,
  FujaDaBolhaSide: FujaDaBolhaSideSchema,
  BlindspotFujaDaBolhaResult: BlindspotFujaDaBolhaResultSchema,
  BlindspotPrismaInput: BlindspotPrismaInputSchema,
  BlindspotPrismaResult: BlindspotPrismaResultSchema,
  BlindspotFlag: BlindspotFlagSchema,
  BlindspotDrift: BlindspotDriftSchema,
  SynthesisArticle: SynthesisArticleSchema,
  PickArticlesForSynthesisInput: PickArticlesForSynthesisInputSchema,
  SynthesisSentence: SynthesisSentenceSchema,
  SentenceCitationInput: SentenceCitationInputSchema,
  CitationProblem: CitationProblemSchema,
  SentenceCitationResult: SentenceCitationResultSchema,
  AttributionRosterEntry: AttributionRosterEntrySchema,
  AttributionCheckInput: AttributionCheckInputSchema,
  AttributionHit: AttributionHitSchema,
  RetryAttempt: RetryAttemptSchema,
  NextRetryInput: NextRetryInputSchema,
  RetryDecision: RetryDecisionSchema,
  TopicLabel: TopicLabelSchema,
  ActiveCoverageStory: ActiveCoverageStorySchema,
  NavigationTopicsInput: NavigationTopicsInputSchema,
  NavigationTopic: NavigationTopicSchema,
};
