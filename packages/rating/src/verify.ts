import {
  contentFactuality,
  evidenceToRateOutletInput,
  PendingEvidenceSchema,
  explainContentBucket,
  METHODOLOGY_VERSION,
  MethodologyInputError,
  rateOutlet,
  type Factuality,
  type RateOutletResult,
  type RatingEvidenceRecord,
} from '@espectro/methodology';
import { unsupportedReliedOn } from './academic.js';
import { RatingError } from './errors.js';
import { StoredRatingSchema, type StoredRating } from './records.js';

/** One disagreement between a stored rating and what its evidence supports. */
export interface RatingMismatch {
  domain: string;
  /** `bias`, `factuality`, `confidence`, `applied_rule`, `flags`, `dissent`, `content.content_only_sesgo`, … or `record`/`evidence` when unusable. */
  field: string;
  stored: unknown;
  derived: unknown;
  message: string;
}

/** Result of {@link verifyRatings}. */
export interface RatingVerification {
  /** Outlets checked. */
  checked: number;
  /** Outlets whose stored rating the evidence reproduces exactly. */
  verified: number;
  mismatches: RatingMismatch[];
  /** Ratings stamped with another methodology version: they keep their stamp and are not re-derived (seed 002 changelog). */
  otherMethodology: { domain: string; methodologyVersion: string }[];
  /** Problems that do not make a rating wrong (e.g. an academic entry without a literal quote). */
  warnings: { domain: string; message: string }[];
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const sorted = (values: readonly string[]) => [...values].sort().join('\u0000');
  return sorted(a) === sorted(b);
}

function dissentKeys(dissent: RateOutletResult['dissent']): string[] {
  return dissent.map((entry) => `${entry.signal}:${entry.bucket}`);
}

function checkContent(domain: string, evidence: RatingEvidenceRecord, mismatches: RatingMismatch[]): void {
  const content = evidence.content;
  if (content === undefined || content.status === 'insufficient') return;
  if (content.incumbent !== undefined) {
    const quotes = content.quote_distribution;
    const derived = explainContentBucket({
      sampleSize: content.sample_size,
      incumbent: content.incumbent,
      ...(content.gov_opp_ratio === undefined || content.gov_opp_ratio === null
        ? {}
        : { govOppRatio: content.gov_opp_ratio }),
      ...(content.figures === undefined || content.figures.length === 0
        ? {}
        : {
            figures: content.figures.map((figure) => ({
              side: figure.side,
              favourable: figure.favourable,
              critical: figure.critical,
              name: figure.name,
            })),
          }),
      ...(content.topics === undefined ? {} : { topicPositions: content.topics }),
      ...(quotes === undefined || quotes === null
        ? {}
        : { quoteDistribution: { left: quotes.izq, center: quotes.centro, right: quotes.der } }),
    }).bucket;
    if (derived !== content.content_only_sesgo) {
      mismatches.push({
        domain,
        field: 'content.content_only_sesgo',
        stored: content.content_only_sesgo,
        derived,
        message: `the stored content metrics give "${derived}" under rules CB-0..2, not "${String(content.content_only_sesgo)}"`,
      });
    }
  }
  const signals = content.factuality_signals;
  if (signals !== undefined) {
    let derived: Factuality | null;
    try {
      // rule CF-1
      derived = contentFactuality({
        articles: signals.articles,
        bylined: signals.bylined,
        withPrimarySources: signals.with_primary_sources,
        withCorrections: signals.with_corrections,
        withUnattributed: signals.with_unattributed,
        withViral: signals.with_viral,
      });
    } catch (error) {
      if (!(error instanceof MethodologyInputError)) throw error;
      mismatches.push({
        domain,
        field: 'content.factuality_signals',
        stored: signals,
        derived: null,
        message: `the stored factuality signals cannot be assessed: ${error.message}`,
      });
      return;
    }
    if (derived !== (content.content_only_factualidad ?? null)) {
      mismatches.push({
        domain,
        field: 'content.content_only_factualidad',
        stored: content.content_only_factualidad ?? null,
        derived,
        message: `the stored factuality signals give "${String(derived)}", not "${String(content.content_only_factualidad ?? null)}"`,
      });
    }
  }
}

/**
 * Re-derives every stored rating from its evidence and lists every disagreement — "if the evidence
 * does not support the rating, the rating is the bug" (seed 002 §11). For each outlet:
 *
 * - a `preliminary` rating must have pending evidence and no bias (PRELIM), and pending evidence
 *   must carry a `preliminary` rating;
 * - a rating stamped with another methodology version is listed in `otherMethodology`, not
 *   re-derived;
 * - otherwise `rateOutlet(evidenceToRateOutletInput(evidence, rating.as_of))` must reproduce the
 *   stored bias, factuality and confidence, and — when stored — the applied rule, flags and dissent
 *   (also `ownership.applied_rule` and `dissent` inside the evidence);
 * - the content-only bucket must follow from the stored metrics (CB-0..2, when the incumbent is
 *   stored) and the content factuality from the stored signals;
 * - every `academic_assessment.relied_on` passage must occur in a stored academic quote.
 *
 * Input that does not match the schemas is reported as a mismatch, never thrown.
 *
 * @example
 * const report = verifyRatings(roster.outlets);
 * if (report.mismatches.length > 0) process.exitCode = 1;
 */
export function verifyRatings(storedRatings: readonly unknown[]): RatingVerification {
  const report: RatingVerification = { checked: 0, verified: 0, mismatches: [], otherMethodology: [], warnings: [] };
  for (const [position, input] of storedRatings.entries()) {
    report.checked += 1;
    const parsed = StoredRatingSchema.safeParse(input);
    const domain = (input as { domain?: unknown } | null)?.domain;
    const label = typeof domain === 'string' ? domain : `#${position}`;
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      report.mismatches.push({
        domain: label,
        field: 'record',
        stored: null,
        derived: null,
        message: `not a valid stored rating — ${issue === undefined ? 'invalid' : `${issue.path.join('.')}: ${issue.message}`}`,
      });
      continue;
    }
    const stored: StoredRating = parsed.data;
    const mismatches: RatingMismatch[] = [];
    const evidence = stored.rating_evidence;
    const pending = PendingEvidenceSchema.safeParse(evidence).success;
    if (stored.rating.confidence === 'preliminary' || pending) {
      // rule PRELIM
      if (!pending) {
        mismatches.push({
          domain: label,
          field: 'confidence',
          stored: 'preliminary',
          derived: null,
          message:
            'a preliminary rating must have pending evidence ({"status": "pending", …}); this one has full evidence — rate it',
        });
      } else if (stored.rating.confidence !== 'preliminary') {
        mismatches.push({
          domain: label,
          field: 'confidence',
          stored: stored.rating.confidence,
          derived: 'preliminary',
          message: 'pending evidence supports only a preliminary rating',
        });
      }
      if (stored.rating.bias !== null && pending) {
        mismatches.push({
          domain: label,
          field: 'bias',
          stored: stored.rating.bias,
          derived: null,
          message: 'a preliminary outlet has no bias until a content run assigns one',
        });
      }
      report.mismatches.push(...mismatches);
      if (mismatches.length === 0) report.verified += 1;
      continue;
    }
    const record = evidence as RatingEvidenceRecord;
    if (stored.rating.methodology_version !== METHODOLOGY_VERSION) {
      report.otherMethodology.push({ domain: label, methodologyVersion: stored.rating.methodology_version });
      continue;
    }
    let derived: RateOutletResult;
    try {
      derived = rateOutlet(evidenceToRateOutletInput(record, stored.rating.as_of));
    } catch (error) {
      if (error instanceof MethodologyInputError || error instanceof RatingError) {
        report.mismatches.push({
          domain: label,
          field: 'evidence',
          stored: null,
          derived: null,
          message: `the evidence cannot be rated: ${error.message}`,
        });
        continue;
      }
      throw error;
    }
    const compare = (field: string, storedValue: unknown, derivedValue: unknown): void => {
      if (storedValue !== derivedValue) {
        mismatches.push({
          domain: label,
          field,
          stored: storedValue,
          derived: derivedValue,
          message: `stored ${field} "${String(storedValue)}" but the evidence gives "${String(derivedValue)}"`,
        });
      }
    };
    compare('bias', stored.rating.bias, derived.bias);
    compare('factuality', stored.rating.factuality, derived.factuality);
    compare('confidence', stored.rating.confidence, derived.confidence);
    if (stored.rating.applied_rule !== undefined)
      compare('applied_rule', stored.rating.applied_rule, derived.appliedRule);
    if (record.ownership?.applied_rule !== undefined)
      compare('ownership.applied_rule', record.ownership.applied_rule, derived.appliedRule);
    if (stored.rating.flags !== undefined && !sameSet(stored.rating.flags, derived.flags)) {
      mismatches.push({
        domain: label,
        field: 'flags',
        stored: stored.rating.flags,
        derived: derived.flags,
        message: `stored flags [${stored.rating.flags.join(', ')}] but the evidence gives [${derived.flags.join(', ')}]`,
      });
    }
    for (const [field, dissent] of [
      ['dissent', stored.rating.dissent],
      ['evidence.dissent', record.dissent],
    ] as const) {
      if (dissent !== undefined && !sameSet(dissentKeys(dissent), dissentKeys(derived.dissent))) {
        mismatches.push({
          domain: label,
          field,
          stored: dissent,
          derived: derived.dissent,
          message: `stored ${field} does not match the votes the evidence gives`,
        });
      }
    }
    checkContent(label, record, mismatches);
    for (const relied of unsupportedReliedOn(record.academic_assessment, record.academic ?? [])) {
      mismatches.push({
        domain: label,
        field: 'academic_assessment.relied_on',
        stored: relied,
        derived: null,
        message: `the academic assessment relies on «${relied.quote}» (${relied.source}), which is not in any stored quote of that source`,
      });
    }
    for (const entry of record.academic ?? []) {
      if (entry.quote === undefined)
        report.warnings.push({
          domain: label,
          message: `academic source "${entry.source}" has no literal quote (seed 002 §3)`,
        });
    }
    report.mismatches.push(...mismatches);
    if (mismatches.length === 0) report.verified += 1;
  }
  return report;
}
