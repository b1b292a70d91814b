import { z } from 'zod';
import { parseInput } from '../shared/validate.js';
import {
  CONTESTATION_DAY_WINDOW_MS,
  CONTESTATION_HOUR_WINDOW_MS,
  DEFAULT_CONTESTATIONS_PER_CONTESTER_DAY,
  DEFAULT_CONTESTATIONS_PER_CONTESTER_HOUR,
  DEFAULT_CONTESTATIONS_PER_OUTLET_DAY,
} from './constants.js';
import { ContestedOutletSchema, InstantSchema } from './contestation.js';

/**
 * One contestation submission as the rate limit sees it: who, which outlet, when.
 *
 * @example
 * ContestationSubmissionSchema.parse({ contesterId: 'u-9', outlet: 'latercera.com', at: '2026-04-27T10:00:00Z' });
 */
export const ContestationSubmissionSchema = z.strictObject({
  contesterId: z.string().min(1).max(200),
  /**
   * The client the submission came from (a keyed hash of its network address), when known
   * **[Espectro choice, issue 21 §3]**: the per-contester limits count the submissions of the
   * contester *or* of its client, so identities minted in a loop from one client share one limit.
   */
  clientKey: z.string().min(1).max(200).optional(),
  outlet: ContestedOutletSchema,
  at: InstantSchema,
});
/**
 * @example
 * const submission: ContestationSubmission = { contesterId: 'u-9', outlet: 'latercera.com', at: '2026-04-27T10:00:00Z' };
 */
export type ContestationSubmission = z.infer<typeof ContestationSubmissionSchema>;

/**
 * The CON-3 limits (defaults 3 per contester per hour, 10 per contester per day, 50 per outlet per day).
 *
 * @example
 * ContestationRateLimitsSchema.parse({}); // { perContesterHour: 3, perContesterDay: 10, perOutletDay: 50 }
 */
export const ContestationRateLimitsSchema = z.strictObject({
  perContesterHour: z.number().int().min(1).default(DEFAULT_CONTESTATIONS_PER_CONTESTER_HOUR),
  perContesterDay: z.number().int().min(1).default(DEFAULT_CONTESTATIONS_PER_CONTESTER_DAY),
  perOutletDay: z.number().int().min(1).default(DEFAULT_CONTESTATIONS_PER_OUTLET_DAY),
});
/**
 * @example
 * const limits: ContestationRateLimits = { perOutletDay: 100 };
 */
export type ContestationRateLimits = z.input<typeof ContestationRateLimitsSchema>;

/**
 * Input of {@link checkContestationRateLimit}.
 *
 * @example
 * ContestationRateLimitInputSchema.parse({ history: [], request: submission });
 */
export const ContestationRateLimitInputSchema = z.strictObject({
  /** Previously accepted submissions (refused ones change nothing and are not recorded). */
  history: z.array(ContestationSubmissionSchema),
  request: ContestationSubmissionSchema,
  limits: ContestationRateLimitsSchema.optional(),
});

/**
 * The limit a request exceeded.
 *
 * @example
 * ContestationRateLimitRuleSchema.options; // ['contester_hour', 'contester_day', 'outlet_day']
 */
export const ContestationRateLimitRuleSchema = z.enum(['contester_hour', 'contester_day', 'outlet_day']);
/**
 * @example
 * const rule: ContestationRateLimitRule = 'outlet_day';
 */
export type ContestationRateLimitRule = z.infer<typeof ContestationRateLimitRuleSchema>;

/**
 * One exceeded limit.
 *
 * @example
 * ContestationRateLimitViolationSchema.parse({ rule: 'contester_hour', limit: 3, count: 3, windowMilliseconds: 3600000, retryAt: '2026-04-27T11:00:00.000Z' });
 */
export const ContestationRateLimitViolationSchema = z.object({
  rule: ContestationRateLimitRuleSchema,
  limit: z.number().int(),
  /** Submissions already counted in the window. */
  count: z.number().int(),
  windowMilliseconds: z.number().int(),
  /** The earliest instant at which this limit would let the request through (no new submissions assumed). */
  retryAt: z.string(),
});
/**
 * @example
 * const outcome = checkContestationRateLimit(history, request); if (!outcome.allowed) { const all: ContestationRateLimitViolation[] = outcome.violations; }
 */
export type ContestationRateLimitViolation = z.infer<typeof ContestationRateLimitViolationSchema>;

/**
 * Outcome of {@link checkContestationRateLimit}.
 *
 * @example
 * ContestationRateLimitOutcomeSchema.parse(checkContestationRateLimit(history, request));
 */
export const ContestationRateLimitOutcomeSchema = z.discriminatedUnion('allowed', [
  z.object({ allowed: z.literal(true), trace: z.array(z.string()) }),
  ContestationRateLimitViolationSchema.extend({
    allowed: z.literal(false),
    message: z.string(),
    /** Every exceeded limit, in the order contester_hour, contester_day, outlet_day. */
    violations: z.array(ContestationRateLimitViolationSchema),
    trace: z.array(z.string()),
  }),
]);
/**
 * @example
 * const outcome: ContestationRateLimitOutcome = checkContestationRateLimit(history, request);
 */
export type ContestationRateLimitOutcome = z.infer<typeof ContestationRateLimitOutcomeSchema>;

function checkWindow(
  rule: ContestationRateLimitRule,
  times: number[],
  requestTime: number,
  windowMilliseconds: number,
  limit: number,
): ContestationRateLimitViolation | null {
  // rule CON-3: an earlier submission counts while it is less than one window old; submissions
  // logged at or after the request's instant always count.
  const counted = times.filter((time) => time > requestTime - windowMilliseconds).sort((left, right) => left - right);
  if (counted.length < limit) return null;
  // The request fits once at most limit − 1 counted submissions remain in the window.
  const leaving = counted[counted.length - limit]!;
  return {
    rule,
    limit,
    count: counted.length,
    windowMilliseconds,
    retryAt: new Date(leaving + windowMilliseconds).toISOString(),
  };
}

const RULE_MESSAGES: Record<ContestationRateLimitRule, string> = {
  contester_hour: 'too many contestations from this contester in the last hour',
  contester_day: 'too many contestations from this contester in the last 24 hours',
  outlet_day: 'too many contestations about this outlet in the last 24 hours',
};

/**
 * Rate limit of contestations (rule CON-3): per contester at most 3 in the rolling hour and 10
 * in the rolling 24 h, per outlet at most 50 in the rolling 24 h (defaults, each a parameter).
 * With a `clientKey` on the request, a contester's count also takes every submission from that
 * client (see {@link ContestationSubmissionSchema}), so no client can exceed the per-contester
 * limits — nor take more than them of an outlet's daily quota — by changing identity.
 *
 * Windows (documented reading): for a request at instant T and a window W (60 min or 24 h), a
 * logged submission at t counts iff t > T − W — so one made exactly W earlier no longer counts,
 * and submissions logged at or after T (clock skew, out-of-order processing) always count, which
 * guarantees that no window of length W ever holds more than the limit, whatever the order of
 * processing. The request is refused when the count already equals the limit; `retryAt` =
 * the time the (count − limit + 1)-th oldest counted submission leaves the window — with
 * count = limit, when the oldest one does. When several limits are exceeded, the top-level
 * `rule`/`retryAt` are those of the latest `retryAt` (ties: contester_hour, contester_day,
 * outlet_day) and `violations` lists them all. A refusal changes nothing: the caller records
 * only allowed submissions in `history`.
 *
 * @example
 * checkContestationRateLimit(history, { contesterId: 'u-9', outlet: 'latercera.com', at: '2026-04-27T10:00:00Z' });
 * // { allowed: true, trace: ['CON-3'] }  or
 * // { allowed: false, rule: 'contester_hour', limit: 3, count: 3, retryAt: '2026-04-27T10:12:00.000Z', … }
 */
export function checkContestationRateLimit(
  history: readonly ContestationSubmission[],
  request: ContestationSubmission,
  limits?: ContestationRateLimits,
): ContestationRateLimitOutcome {
  const input = parseInput(
    ContestationRateLimitInputSchema,
    { history, request, limits },
    'CON-3',
    'checkContestationRateLimit',
  );
  const resolved = ContestationRateLimitsSchema.parse(input.limits ?? {});
  const requestTime = Date.parse(input.request.at);
  const contesterTimes: number[] = [];
  const outletTimes: number[] = [];
  for (const submission of input.history) {
    const time = Date.parse(submission.at);
    const sameClient = input.request.clientKey !== undefined && submission.clientKey === input.request.clientKey;
    if (submission.contesterId === input.request.contesterId || sameClient) contesterTimes.push(time);
    if (submission.outlet === input.request.outlet) outletTimes.push(time);
  }
  const violations = [
    checkWindow('contester_hour', contesterTimes, requestTime, CONTESTATION_HOUR_WINDOW_MS, resolved.perContesterHour),
    checkWindow('contester_day', contesterTimes, requestTime, CONTESTATION_DAY_WINDOW_MS, resolved.perContesterDay),
    checkWindow('outlet_day', outletTimes, requestTime, CONTESTATION_DAY_WINDOW_MS, resolved.perOutletDay),
  ].filter((violation): violation is ContestationRateLimitViolation => violation !== null);
  if (violations.length === 0) return { allowed: true, trace: ['CON-3'] };
  let binding = violations[0]!;
  for (const violation of violations)
    if (Date.parse(violation.retryAt) > Date.parse(binding.retryAt)) binding = violation;
  return {
    allowed: false,
    ...binding,
    message: `${RULE_MESSAGES[binding.rule]} (limit ${binding.limit}); retry at ${binding.retryAt}`,
    violations,
    trace: ['CON-3'],
  };
}
