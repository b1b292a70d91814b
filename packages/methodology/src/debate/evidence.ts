import { z } from 'zod';
import { IsoDateSchema } from '../shared/schemas.js';
import { parseInput } from '../shared/validate.js';
import { DomainSchema, HttpUrlSchema, hostOf, instantOf, isDateOnly, isHostUnder, utcDateOf } from './internal.js';
import { DEB_ALLOW_UNDATED_DEFAULT, DEB_EXCLUDED_DOMAINS, DEB_OFFICIAL_SOURCE_SUFFIXES } from './parameters.js';

/**
 * DEB-3: one web search result offered as evidence.
 *
 * @example
 * EvidenceResultSchema.parse({ url: 'https://www.ibge.gov.br/x', publishedAt: '2026-10-01' });
 */
export const EvidenceResultSchema = z.strictObject({
  url: HttpUrlSchema,
  /** ISO date or date-time; `null` or absent = undated. */
  publishedAt: IsoDateSchema.nullable().optional(),
  title: z.string().optional(),
  snippet: z.string().optional(),
});
export type EvidenceResult = z.infer<typeof EvidenceResultSchema>;

/**
 * DEB-3: input of {@link filterEvidence}.
 *
 * @example
 * FilterEvidenceInputSchema.parse({ claimAt: '2026-10-18T23:10:00Z', results: [] });
 */
export const FilterEvidenceInputSchema = z.strictObject({
  /** When the claim was spoken (ISO date-time). */
  claimAt: IsoDateSchema,
  results: z.array(EvidenceResultSchema),
  /** Keep undated results; default false. */
  allowUndated: z.boolean().optional(),
  /** Excluded domains; default {@link DEB_EXCLUDED_DOMAINS} (seed 001). */
  excludedDomains: z.array(DomainSchema).optional(),
});
export type FilterEvidenceInput = z.infer<typeof FilterEvidenceInputSchema>;

/**
 * DEB-3: why a result was dropped (first failing check in this order).
 *
 * @example
 * EvidenceDropReasonSchema.parse('excluded_domain');
 */
export const EvidenceDropReasonSchema = z.enum(['excluded_domain', 'published_after_claim', 'undated']);
export type EvidenceDropReason = z.infer<typeof EvidenceDropReasonSchema>;

/**
 * DEB-3: results kept and dropped, each in input order.
 *
 * @example
 * FilterEvidenceResultSchema.parse({ kept: [], dropped: [] });
 */
export const FilterEvidenceResultSchema = z.strictObject({
  kept: z.array(EvidenceResultSchema),
  dropped: z.array(z.strictObject({ result: EvidenceResultSchema, reason: EvidenceDropReasonSchema })),
});
export type FilterEvidenceResult = z.infer<typeof FilterEvidenceResultSchema>;

/**
 * True when the URL's host is, or is under, one of the excluded domains (rule DEB-3). Hosts and
 * domains are compared case-insensitively, ignoring a leading `www.` and matching only whole
 * labels: `blog.pt.org.br` is excluded, `notpt.org.br` is not.
 *
 * @example
 * isExcludedSource('https://www.brasil247.com/x'); // true
 * isExcludedSource('https://notpt.org.br/');       // false
 */
export function isExcludedSource(url: string, excludedDomains: readonly string[] = DEB_EXCLUDED_DOMAINS): boolean {
  const input = parseInput(
    z.strictObject({ url: HttpUrlSchema, excludedDomains: z.array(DomainSchema) }),
    { url, excludedDomains: [...excludedDomains] },
    'DEB-3',
    'isExcludedSource',
  );
  return excludedHost(hostOf(input.url) ?? '', input.excludedDomains);
}

function excludedHost(host: string, excludedDomains: readonly string[]): boolean {
  return excludedDomains.some((domain) => isHostUnder(host, domain));
}

function publishedAfter(publishedAt: string, claimAt: string): boolean {
  // [choice] A date without a time is compared by UTC calendar date (a result dated the day of the
  // claim is kept); two date-times are compared as instants.
  if (isDateOnly(publishedAt) || isDateOnly(claimAt)) return utcDateOf(publishedAt) > utcDateOf(claimAt);
  return instantOf(publishedAt) > instantOf(claimAt);
}

/**
 * Evidence filter (rule DEB-3). Drops, in this order of precedence: results whose host is or is
 * under an excluded domain (seed 001's list by default; see {@link isExcludedSource}); results
 * published after the claim was spoken ("só vale o que foi publicado até aquele momento"); and
 * undated results unless `allowUndated`. Returns the kept results and the dropped ones with their
 * reason, both in input order.
 *
 * @example
 * filterEvidence({
 *   claimAt: '2026-10-18T23:10:00Z',
 *   results: [
 *     { url: 'https://www.ibge.gov.br/inflacao', publishedAt: '2026-10-10' },
 *     { url: 'https://www.brasil247.com/x', publishedAt: '2026-10-10' },
 *     { url: 'https://g1.globo.com/y', publishedAt: '2026-10-19T08:00:00Z' },
 *   ],
 * });
 * // kept: ibge; dropped: brasil247 (excluded_domain), g1 (published_after_claim)
 */
export function filterEvidence(input: FilterEvidenceInput): FilterEvidenceResult {
  const parsed = parseInput(FilterEvidenceInputSchema, input, 'DEB-3', 'filterEvidence');
  const excludedDomains = parsed.excludedDomains ?? DEB_EXCLUDED_DOMAINS;
  const allowUndated = parsed.allowUndated ?? DEB_ALLOW_UNDATED_DEFAULT;
  const kept: EvidenceResult[] = [];
  const dropped: { result: EvidenceResult; reason: EvidenceDropReason }[] = [];
  for (const result of parsed.results) {
    const publishedAt = result.publishedAt ?? null;
    let reason: EvidenceDropReason | null = null;
    if (excludedHost(hostOf(result.url) ?? '', excludedDomains)) reason = 'excluded_domain';
    else if (publishedAt !== null && publishedAfter(publishedAt, parsed.claimAt)) reason = 'published_after_claim';
    else if (publishedAt === null && !allowUndated) reason = 'undated';
    if (reason === null) kept.push(result);
    else dropped.push({ result, reason });
  }
  return { kept, dropped };
}

/**
 * True when the URL's host is, or is under, an official suffix (rule DEB-4): `gov.br`, `leg.br`,
 * `jus.br`, `mp.br` or `agenciabrasil.ebc.com.br` (case-insensitive, whole labels).
 *
 * @example
 * isOfficialSource('https://www.ibge.gov.br/estatisticas'); // true
 * isOfficialSource('https://agenciabrasil.ebc.com.br/x');   // true
 * isOfficialSource('https://notgov.br/');                   // false
 */
export function isOfficialSource(url: string): boolean {
  const parsed = parseInput(HttpUrlSchema, url, 'DEB-4', 'isOfficialSource');
  return officialHost(hostOf(parsed) ?? '');
}

function officialHost(host: string): boolean {
  return DEB_OFFICIAL_SOURCE_SUFFIXES.some((suffix) => isHostUnder(host, suffix));
}

/**
 * DEB-4: input of {@link officialSourceShare} — the citations of each reported check.
 *
 * @example
 * OfficialSourceShareInputSchema.parse([{ citations: ['https://www.bcb.gov.br/x'] }]);
 */
export const OfficialSourceShareInputSchema = z.array(z.strictObject({ citations: z.array(HttpUrlSchema) }));

/**
 * DEB-4: the official-source share of a debate.
 *
 * @example
 * OfficialSourceShareSchema.parse({ checksWithSource: 75, officialChecks: 41, share: 41 / 75 });
 */
export const OfficialSourceShareSchema = z.strictObject({
  /** Checks with at least one citation. */
  checksWithSource: z.number().int().nonnegative(),
  /** Of those, checks citing at least one official source. */
  officialChecks: z.number().int().nonnegative(),
  /** officialChecks / checksWithSource; `null` when no check has a source. */
  share: z.number().min(0).max(1).nullable(),
});
export type OfficialSourceShare = z.infer<typeof OfficialSourceShareSchema>;

/**
 * Official-source share per debate (rule DEB-4), counted as seed 001 reports it: among the checks
 * with at least one citation, how many cite at least one official source ("das 75 checagens com
 * fonte, 41 (55%) citaram órgãos públicos"). Pass the checks you report (e.g. the published ones).
 *
 * @example
 * officialSourceShare([
 *   { citations: ['https://www.bcb.gov.br/a', 'https://g1.globo.com/b'] },
 *   { citations: ['https://g1.globo.com/c'] },
 *   { citations: [] },
 * ]); // → { checksWithSource: 2, officialChecks: 1, share: 0.5 }
 */
export function officialSourceShare(checks: { citations: string[] }[]): OfficialSourceShare {
  const parsed = parseInput(OfficialSourceShareInputSchema, checks, 'DEB-4', 'officialSourceShare');
  let checksWithSource = 0;
  let officialChecks = 0;
  for (const check of parsed) {
    if (check.citations.length === 0) continue;
    checksWithSource += 1;
    if (check.citations.some((url) => officialHost(hostOf(url) ?? ''))) officialChecks += 1;
  }
  return { checksWithSource, officialChecks, share: checksWithSource === 0 ? null : officialChecks / checksWithSource };
}
