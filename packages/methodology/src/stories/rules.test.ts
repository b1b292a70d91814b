import { describe, expect, it } from 'vitest';
import { RuleEntrySchema } from '../shared/rule-entry.js';
import * as stories from './index.js';
import { storiesRules, storiesSchemas } from './index.js';

const EXPECTED_IDS = [
  'COV-1',
  'COV-2',
  'TIER',
  'PG',
  'BS-BR-1',
  'BS-BR-2',
  'BS-BR-3',
  'BS-BR-4',
  'BS-BR-5',
  'BS-PR-1',
  'BS-PR-2',
  'BS-PR-3',
  'BS-PR-4',
  'DRIFT',
  'SYN-1',
  'SYN-3',
  'SYN-4',
  'SYN-5',
  'TOP-1',
  'TOP-NAV',
];

describe('storiesRules catalogue', () => {
  it('has exactly one valid entry per rule ID of the module', () => {
    expect(storiesRules.map((rule) => rule.id)).toEqual(EXPECTED_IDS);
    for (const rule of storiesRules) expect(RuleEntrySchema.safeParse(rule).success, rule.id).toBe(true);
  });

  it('names only functions the module exports', () => {
    for (const rule of storiesRules) {
      expect(rule.implementedBy.length, rule.id).toBeGreaterThan(0);
      for (const name of rule.implementedBy) {
        expect(typeof (stories as Record<string, unknown>)[name], `${rule.id} → ${name}`).toBe('function');
      }
    }
  });

  it('takes its defaults from the constants the code uses', () => {
    const parameter = (id: string, name: string) =>
      storiesRules.find((rule) => rule.id === id)?.parameters.find((entry) => entry.name === name)?.default;
    expect(parameter('PG', 'countryCap')).toBe(stories.DEFAULT_COUNTRY_CAP);
    expect(parameter('PG', 'countryCapWindowHours')).toBe(stories.PG_COUNTRY_CAP_WINDOW_HOURS);
    expect(parameter('PG', 'reasonOrder')).toEqual([...stories.GUARD_REASONS]);
    expect(parameter('PG', 'filteredContentMinDomains')).toBe(stories.PG_FILTERED_CONTENT_MIN_DOMAINS);
    expect(parameter('TIER', 'mainMinRatedDomains')).toBe(stories.TIER_MAIN_MIN_RATED_DOMAINS);
    expect(parameter('BS-BR-5', 'lowFactualityScore')).toBe(stories.BS_BR_LOW_FACTUALITY_SCORE);
    expect(parameter('BS-PR-3', 'maxBucketPercent')).toBe(stories.BS_PR_MAX_BUCKET_PERCENT);
    expect(parameter('BS-PR-4', 'excludedTopics')).toEqual([...stories.BS_PR_EXCLUDED_TOPICS]);
    expect(parameter('SYN-5', 'delayAfterFailure4Minutes')).toBe(stories.SYNTHESIS_RETRY_DELAYS_MINUTES[3]);
    expect(parameter('SYN-5', 'maxFailedAttempts')).toBe(stories.SYNTHESIS_MAX_FAILED_ATTEMPTS);
    expect(parameter('SYN-4', 'commonWords')).toEqual([...stories.ATTRIBUTION_COMMON_WORDS]);
  });

  it('marks the RULES [choice] readings as choices', () => {
    const choices = storiesRules.filter((rule) => rule.choice).map((rule) => rule.id);
    expect(choices).toEqual(expect.arrayContaining(['PG', 'BS-BR-5', 'SYN-5']));
  });

  it('registers every schema under a PascalCase name', () => {
    for (const name of Object.keys(storiesSchemas)) expect(name).toMatch(/^[A-Z][A-Za-z0-9]+$/);
    expect(Object.keys(storiesSchemas)).toEqual(
      expect.arrayContaining([
        'PublishGuardInput',
        'PublishGuardResult',
        'GuardReason',
        'CoverageResult',
        'BlindspotPrismaInput',
      ]),
    );
  });
});
