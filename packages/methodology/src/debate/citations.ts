import { z } from 'zod';
import { VerdictSchema, type Verdict } from '../shared/schemas.js';
import { parseInput } from '../shared/validate.js';
import { HttpUrlSchema } from './internal.js';
import { DEB_TRACKING_PARAMETER_PREFIX } from './parameters.js';

/**
 * Normalises a URL for citation comparison, or `null` when it is not an absolute http(s) URL.
 * Lowercases scheme and host (the URL parser does), removes one leading `www.`, the fragment,
 * every `utm_*` query parameter and trailing slashes of the path. Other query parameters keep
 * their order and encoding; the path keeps its case; `http` and `https` stay different.
 * @internal Not exported from the package.
 */
export function tryNormalizeCitationUrl(url: string): string | null {
  if (!URL.canParse(url)) return null;
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const host = parsed.host.replace(/^www\./, '');
  const path = parsed.pathname.replace(/\/+$/, '');
  const query = parsed.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '' && !parameterName(pair).toLowerCase().startsWith(DEB_TRACKING_PARAMETER_PREFIX));
  return `${parsed.protocol}//${host}${path}${query.length > 0 ? `?${query.join('&')}` : ''}`;
}

function parameterName(pair: string): string {
  const name = pair.split('=')[0] ?? '';
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/**
 * The URL form in which citations and search results are compared (rule DEB-5): scheme and host
 * lowercased, leading `www.` removed, fragment removed, `utm_*` parameters removed, trailing slash
 * removed. Throws {@link MethodologyInputError} for anything but an absolute http(s) URL.
 *
 * @example
 * normalizeCitationUrl('HTTPS://WWW.IBGE.gov.br/inflacao/?utm_source=x&ano=2023#tabela');
 * // → 'https://ibge.gov.br/inflacao?ano=2023'
 */
export function normalizeCitationUrl(url: string): string {
  const parsed = parseInput(HttpUrlSchema, url, 'DEB-5', 'normalizeCitationUrl');
  return tryNormalizeCitationUrl(parsed) as string;
}

/**
 * DEB-5: input of {@link checkCitations}. Citations are the judge's raw strings (anything that is
 * not an http(s) URL is simply an invalid citation); `searchedUrls` are the URLs the search returned.
 *
 * @example
 * CheckCitationsInputSchema.parse({ verdict: 'true', citations: ['https://ibge.gov.br/x'], searchedUrls: ['https://www.ibge.gov.br/x/'] });
 */
export const CheckCitationsInputSchema = z.strictObject({
  verdict: VerdictSchema,
  citations: z.array(z.string()),
  searchedUrls: z.array(z.string()),
});
export type CheckCitationsInput = z.infer<typeof CheckCitationsInputSchema>;

/**
 * DEB-5: result of {@link checkCitations}.
 *
 * @example
 * CitationCheckSchema.parse({ valid: true, problem: null, invalidCitations: [], normalizedCitations: [] });
 */
export const CitationCheckSchema = z.strictObject({
  valid: z.boolean(),
  /** `missing_citation`: a scored verdict without any citation; `invalid_citation`: a citation not from the search. */
  problem: z.enum(['missing_citation', 'invalid_citation']).nullable(),
  /** The citations (as given) that are not among the searched URLs. */
  invalidCitations: z.array(z.string()),
  /** The valid citations in normalised form, without duplicates, in order. */
  normalizedCitations: z.array(z.string()),
});
export type CitationCheck = z.infer<typeof CitationCheckSchema>;

/**
 * DEB-5 without validation (shared by `finalizeVerdict`).
 * @internal Not exported from the package.
 */
export function citationCheck(
  verdict: Verdict,
  citations: readonly string[],
  searchedUrls: readonly string[],
): CitationCheck {
  const searched = new Set<string>();
  for (const url of searchedUrls) {
    const normalized = tryNormalizeCitationUrl(url);
    if (normalized !== null) searched.add(normalized);
  }
  const invalidCitations: string[] = [];
  const normalizedCitations: string[] = [];
  for (const citation of citations) {
    const normalized = tryNormalizeCitationUrl(citation);
    if (normalized === null || !searched.has(normalized)) invalidCitations.push(citation);
    else if (!normalizedCitations.includes(normalized)) normalizedCitations.push(normalized);
  }
  if (invalidCitations.length > 0)
    return { valid: false, problem: 'invalid_citation', invalidCitations, normalizedCitations };
  if (verdict !== 'no_data' && citations.length === 0) {
    return { valid: false, problem: 'missing_citation', invalidCitations, normalizedCitations };
  }
  return { valid: true, problem: null, invalidCitations, normalizedCitations };
}

/**
 * Citation check (rule DEB-5): a verdict may cite only URLs that came from the search, compared
 * after {@link normalizeCitationUrl}; `true`, `imprecise` and `false` need at least one citation
 * (`no_data` needs none). A URL the judge saw only inside evidence text — e.g. planted by a prompt
 * injection — is not a searched URL and is therefore invalid.
 *
 * @example
 * checkCitations({
 *   verdict: 'false',
 *   citations: ['https://evil.example/forged'],
 *   searchedUrls: ['https://www.ibge.gov.br/x'],
 * }); // → { valid: false, problem: 'invalid_citation', invalidCitations: ['https://evil.example/forged'], … }
 */
export function checkCitations(input: CheckCitationsInput): CitationCheck {
  const parsed = parseInput(CheckCitationsInputSchema, input, 'DEB-5', 'checkCitations');
  return citationCheck(parsed.verdict, parsed.citations, parsed.searchedUrls);
}
