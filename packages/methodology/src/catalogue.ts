import type { z } from 'zod';
import { agreementRules, agreementSchemas } from './agreement/index.js';
import { artifactRules, artifactSchemas } from './artifacts/index.js';
import { clusteringRules, clusteringSchemas } from './clustering/index.js';
import { contestationRules, contestationSchemas } from './contestations/index.js';
import { debateRules, debateSchemas } from './debate/index.js';
import { headlineRules, headlineSchemas } from './headlines/index.js';
import { ratingRules, ratingSchemas } from './rating/index.js';
import { RULE_TEXTS } from './rule-texts.js';
import type { CataloguedRule, RuleEntry } from './shared/rule-entry.js';
import * as sharedSchemas from './shared/schemas.js';
import { storiesRules, storiesSchemas } from './stories/index.js';
import { tendencyRules, tendencySchemas } from './tendency/index.js';
import { METHODOLOGY_VERSION } from './version.js';

export {
  CataloguedRuleSchema,
  RuleEntrySchema,
  RuleParameterSchema,
  RuleTextSchema,
  type CataloguedRule,
  type RuleEntry,
  type RuleParameter,
} from './shared/rule-entry.js';
export { RULE_SECTION_TEXTS, RULE_TEXTS, type RuleText, type RuleTexts } from './rule-texts.js';
export { PARAMETER_TEXTS, parameterTextKey, type ParameterTexts } from './parameter-texts.js';

/** A module's entries with their texts in the readers' languages ({@link RULE_TEXTS}). */
function withTexts(rules: readonly RuleEntry[]): CataloguedRule[] {
  return rules.map((rule) => ({ ...rule, text: RULE_TEXTS[rule.id] ?? null }));
}

/**
 * The machine-readable rule catalogue: every rule ID of RULES.md that this package implements,
 * with its parameters and defaults, and its title and statement in Spanish and Portuguese. The
 * site's methodology page is generated from it, so the page cannot drift from the code.
 */
export const ruleCatalogue: { methodologyVersion: string; rules: readonly CataloguedRule[] } = {
  methodologyVersion: METHODOLOGY_VERSION,
  rules: withTexts([
    ...ratingRules,
    ...tendencyRules,
    ...storiesRules,
    ...clusteringRules,
    ...debateRules,
    ...contestationRules,
    ...agreementRules,
    ...headlineRules,
    ...artifactRules,
  ]),
};

/** Looks up one rule of the catalogue by ID (e.g. `BS-PR-3`); `undefined` if unknown. */
export function findRule(id: string): CataloguedRule | undefined {
  return ruleCatalogue.rules.find((rule) => rule.id === id);
}

/** Every exported zod schema by name; `schemas/<name>.json` is generated from each. */
export const allSchemas: Record<string, z.ZodType> = {
  Bucket: sharedSchemas.BucketSchema,
  Factuality: sharedSchemas.FactualitySchema,
  RatingConfidence: sharedSchemas.RatingConfidenceSchema,
  EditorialScope: sharedSchemas.EditorialScopeSchema,
  OwnerType: sharedSchemas.OwnerTypeSchema,
  CountryRegime: sharedSchemas.CountryRegimeSchema,
  Verdict: sharedSchemas.VerdictSchema,
  CheckStatus: sharedSchemas.CheckStatusSchema,
  Tone: sharedSchemas.ToneSchema,
  Topic: sharedSchemas.TopicSchema,
  HeadlineClass: sharedSchemas.HeadlineClassSchema,
  ...ratingSchemas,
  ...tendencySchemas,
  ...storiesSchemas,
  ...clusteringSchemas,
  ...debateSchemas,
  ...contestationSchemas,
  ...agreementSchemas,
  ...headlineSchemas,
  ...artifactSchemas,
};
