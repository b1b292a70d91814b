import { BucketSchema, FactualitySchema, METHODOLOGY_VERSION } from '@espectro/methodology';
import { definePrompt, isLlmError, type CostLedger, type LanguageModel } from '@espectro/llm';
import { isConfigurationFailure } from './analysis/llm-analyzer.js';
import { z } from 'zod';
import { dayNumber } from './dates.js';
import { RatingError } from './errors.js';
import type { AcademicAssessment, AcademicEntry } from '@espectro/methodology';
import { locateVerbatim, normaliseQuote } from './text.js';

/** Why an academic entry was rejected. */
export type AcademicRejection = 'missing_quote' | 'paraphrase' | 'future_date';

/** The check of one academic entry. */
export interface AcademicEntryCheck {
  index: number;
  /** `verified`: the quote occurs in the fetched source text; `unverified`: no text to check against; `rejected`: see `reason`. */
  status: 'verified' | 'unverified' | 'rejected';
  reason?: AcademicRejection;
  message?: string;
}

/** Result of {@link validateAcademicEvidence}. */
export interface AcademicValidation {
  /** Entries that passed, with `quote_verified` set (true when checked against the source text). */
  accepted: AcademicEntry[];
  rejected: { entry: AcademicEntry; reason: AcademicRejection; message: string }[];
  checks: AcademicEntryCheck[];
}

/**
 * Validates academic / NGO evidence before it is stored (seed 002 §3 "Reglas de evidencia"): every
 * entry needs a literal quote ("La paráfrasis no es aceptable"); when the fetched text of the source
 * is available (keyed by the entry's `url`, else by its `source` name) the quote must occur in it
 * verbatim — whitespace and quotation marks normalised, nothing else, an ellipsis marking an
 * omission — or the entry is rejected as a paraphrase; an entry dated after `asOf` is rejected.
 * Sources that could not be found belong in `not_found`, never here.
 *
 * @example
 * const { accepted, rejected } = validateAcademicEvidence(entries, { sourceTexts: { 'https://flip.org.co/informe': text }, asOf: '2026-04-27' });
 */
export function validateAcademicEvidence(
  entries: readonly AcademicEntry[],
  options: { sourceTexts?: Readonly<Record<string, string>>; asOf?: string } = {},
): AcademicValidation {
  const accepted: AcademicEntry[] = [];
  const rejected: AcademicValidation['rejected'] = [];
  const checks: AcademicEntryCheck[] = [];
  const asOfDay = options.asOf === undefined ? undefined : dayNumber(options.asOf);
  entries.forEach((entry, index) => {
    const reject = (reason: AcademicRejection, message: string): void => {
      rejected.push({ entry, reason, message });
      checks.push({ index, status: 'rejected', reason, message });
    };
    if (entry.quote === undefined || normaliseQuote(entry.quote) === '') {
      reject(
        'missing_quote',
        `${entry.source}: no literal quote (paraphrase is not acceptable; record the source in not_found if nothing quotable was found)`,
      );
      return;
    }
    if (asOfDay !== undefined && dayNumber(entry.date) > asOfDay) {
      reject('future_date', `${entry.source}: dated ${entry.date}, after ${options.asOf}`);
      return;
    }
    const text = options.sourceTexts?.[entry.url ?? ''] ?? options.sourceTexts?.[entry.source];
    if (text === undefined) {
      accepted.push({ ...entry, quote_verified: false });
      checks.push({ index, status: 'unverified' });
      return;
    }
    if (locateVerbatim(entry.quote, text) === null) {
      reject('paraphrase', `${entry.source}: the quote «${entry.quote}» does not occur in the fetched source text`);
      return;
    }
    accepted.push({ ...entry, quote_verified: true });
    checks.push({ index, status: 'verified' });
  });
  return { accepted, rejected, checks };
}

/**
 * The model's answer to {@link ACADEMIC_MAPPING_PROMPT}.
 *
 * @example
 * AcademicMappingAnswerSchema.parse({ bucket: 'right', factuality: null, relied_on: [{ entry: 0, quote: '…' }], reasoning: '…' });
 */
export const AcademicMappingAnswerSchema = z.object({
  bucket: BucketSchema.nullable(),
  factuality: FactualitySchema.nullable(),
  relied_on: z.array(z.object({ entry: z.number().int().min(0), quote: z.string().min(1) })).max(10),
  reasoning: z.string().max(2000),
});
/** The model's academic mapping answer. */
export type AcademicMappingAnswer = z.infer<typeof AcademicMappingAnswerSchema>;

/** Variables of {@link ACADEMIC_MAPPING_PROMPT}. */
export interface AcademicMappingVariables extends Record<string, unknown> {
  outlet: string;
  country: string;
  entries: readonly AcademicEntry[];
  feedback: string;
}

/**
 * The versioned prompt that maps academic / NGO quotes to a bucket and a factuality (seed 002 §3;
 * v1.2 applies the three-bucket mapping rules as system instructions to the academic call too).
 */
export const ACADEMIC_MAPPING_PROMPT = definePrompt<AcademicMappingVariables>({
  id: 'rating.academic-mapping',
  version: '2026-05-01.1',
  description: 'Maps quoted academic/NGO characterisations of an outlet to a bias bucket and a factuality level',
  system: [
    `You map what academic and NGO sources say about a news outlet to Espectro's buckets (methodology ${METHODOLOGY_VERSION}).`,
    'Hard rules:',
    "1. Use only the numbered quotes given. relied_on lists, for every conclusion, the entry number and the exact passage of that entry's quote you relied on, copied character for character. A bucket or factuality without a supporting passage is rejected.",
    '2. bucket: left, center or right only when a quote characterises the outlet\'s political line; otherwise null. center means a quote describes no consistent lean — never a default, never "balanced but evasive". A consistent framing (pro-market, pro-government, socially conservative, …) decides the bucket.',
    '3. Prefer domestic sources for the bias; prefer international sources for press-freedom and factuality context. If sources disagree, follow the domestic one for bias and say so in reasoning.',
    '4. factuality: very-high, high, mixed, low or very-low only when a quote speaks to accuracy, corrections or sourcing; otherwise null.',
    '5. Sources older than five years are context only; do not decide from them alone.',
  ].join('\n'),
  template: (variables) =>
    [
      `Outlet: ${variables.outlet} (country ${variables.country}).`,
      'Quotes:',
      ...variables.entries.map(
        (entry, index) =>
          `[${index}] ${entry.source} (${entry.date}; ${entry.weight}; ${entry.domestic ? 'domestic' : 'international'}): «${entry.quote ?? ''}»`,
      ),
      variables.feedback,
    ]
      .filter((line) => line !== '')
      .join('\n'),
});

/** Result of {@link mapAcademicQuotes}. */
export type AcademicMappingResult =
  | { status: 'ok'; assessment: AcademicAssessment; reasoning: string; costUsd: number }
  | { status: 'rejected' | 'failed'; reason: string; costUsd: number };

/**
 * LLM-assisted mapping of academic quotes to a bucket and a factuality (seed 002 §3). The model
 * sees only the stored quotes; every conclusion must name the entry and the exact passage it
 * relied on, which is checked against that entry's quote (verbatim, whitespace and quotation marks
 * normalised) — otherwise one re-ask, then `rejected`. The stored assessment always carries the
 * quotes it relied on, the model and the prompt version. Entries without a quote are not shown to
 * the model. A configuration error throws `RatingError` `llm_failed`; other provider failures give
 * `failed`.
 *
 * @example
 * const result = await mapAcademicQuotes({ outlet: 'eltiempo.com', country: 'CO', entries, model, asOf: '2026-04-27' });
 * if (result.status === 'ok') record.academic_assessment = result.assessment;
 */
export async function mapAcademicQuotes(request: {
  outlet: string;
  country: string;
  entries: readonly AcademicEntry[];
  model: LanguageModel;
  asOf: string;
  ledger?: CostLedger;
  jobId?: string;
}): Promise<AcademicMappingResult> {
  const quoted = request.entries.filter((entry) => entry.quote !== undefined && normaliseQuote(entry.quote) !== '');
  if (quoted.length === 0) return { status: 'rejected', reason: 'no academic entry has a quote to map', costUsd: 0 };
  const mappedBy = `llm:${request.model.vendor}/${request.model.modelId}`;
  let feedback = '';
  let costUsd = 0;
  let problems: string[] = [];
  for (let attempt = 0; attempt < 2; attempt += 1) {
    let answer: AcademicMappingAnswer;
    let answeredBy = mappedBy;
    try {
      const result = await request.model.generateObject({
        prompt: ACADEMIC_MAPPING_PROMPT,
        variables: { outlet: request.outlet, country: request.country, entries: quoted, feedback },
        schema: AcademicMappingAnswerSchema,
        schemaName: 'academic_mapping',
        temperature: 0,
        ...(request.ledger === undefined ? {} : { ledger: request.ledger }),
        jobId: request.jobId ?? `academic:${request.outlet}:${request.asOf}`,
      });
      costUsd += result.costUsd;
      answer = result.object;
      answeredBy = `llm:${result.answeredBy.vendor}/${result.answeredBy.model}`;
    } catch (error) {
      if (isLlmError(error)) {
        for (const failed of error.attempts) costUsd += failed.costUsd;
        if (isConfigurationFailure(error)) {
          throw new RatingError({
            code: 'llm_failed',
            stage: 'academic',
            message: `${mappedBy} cannot map academic quotes: ${error.message}`,
            cause: error,
          });
        }
        return { status: 'failed', reason: `provider failure (${error.code}): ${error.message}`, costUsd };
      }
      throw error;
    }
    problems = [];
    const reliedOn: { source: string; quote: string }[] = [];
    for (const [position, relied] of answer.relied_on.entries()) {
      const entry = quoted[relied.entry];
      if (entry === undefined) {
        problems.push(`relied_on[${position}].entry: ${relied.entry} is not a listed entry number`);
        continue;
      }
      const found = locateVerbatim(relied.quote, entry.quote!);
      if (found === null) {
        problems.push(`relied_on[${position}]: «${relied.quote}» is not a passage of entry [${relied.entry}]`);
        continue;
      }
      reliedOn.push({ source: entry.source, quote: entry.quote!.slice(found.start, found.end) });
    }
    if ((answer.bucket !== null || answer.factuality !== null) && answer.relied_on.length === 0) {
      problems.push('relied_on: a bucket or factuality needs at least one supporting passage');
    }
    if (problems.length === 0) {
      return {
        status: 'ok',
        assessment: {
          ...(answer.bucket === null ? {} : { bucket: answer.bucket }),
          ...(answer.factuality === null ? {} : { factuality: answer.factuality }),
          relied_on: reliedOn,
          mapped_by: answeredBy,
          prompt_id: ACADEMIC_MAPPING_PROMPT.id,
          prompt_version: ACADEMIC_MAPPING_PROMPT.version,
          mapped_at: request.asOf,
        },
        reasoning: answer.reasoning,
        costUsd,
      };
    }
    feedback = [
      'Your previous answer was rejected:',
      ...problems.map((problem) => `- ${problem}`),
      'Answer again, quoting passages exactly from the numbered quotes.',
    ].join('\n');
  }
  return { status: 'rejected', reason: `ungrounded mapping after one re-ask: ${problems.join('; ')}`, costUsd };
}

/**
 * Whether every `relied_on` passage of an assessment occurs in the quote of an academic entry of
 * the same source (used by `verifyRatings`). Returns the passages that do not.
 *
 * @example
 * unsupportedReliedOn(record.academic_assessment, record.academic ?? []); // [] when every passage is backed
 */
export function unsupportedReliedOn(
  assessment: AcademicAssessment | undefined,
  entries: readonly AcademicEntry[],
): { source: string; quote: string }[] {
  if (assessment?.relied_on === undefined) return [];
  return assessment.relied_on.filter(
    (relied) =>
      !entries.some(
        (entry) =>
          entry.source === relied.source &&
          entry.quote !== undefined &&
          locateVerbatim(relied.quote, entry.quote) !== null,
      ),
  );
}
