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
  formatZodIssues,
} from '@espectro/methodology';
import { unsupportedReliedOn } from './academic.js';
import { RatingError } from './errors.js';
import { evidenceDigest } from './digest.js';
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

/** The verdict on one outlet. */
export interface OutletVerification {
  domain: string;
  /** `verified`: reproduced exactly; `mismatch`; `other_methodology`: not re-derived; `unsealed`: rated before ratings were sealed. */
  result: 'verified' | 'mismatch' | 'other_methodology' | 'unsealed';
  mismatches: RatingMismatch[];
  methodologyVersion: string;
}

/** Result of {@link verifyRatings}. */
export interface RatingVerification {
  /** Outlets checked. */
  checked: number;
  /** Outlets whose stored rating the evidence reproduces exactly, with the evidence seal intact. */
  verified: number;
  mismatches: RatingMismatch[];
  /** Ratings stamped with another methodology version: they keep their stamp and are not re-derived (seed 002 changelog). */
  otherMethodology: { domain: string; methodologyVersion: string }[];
  /** Ratings without an evidence seal (written before ratings were sealed): re-derived, but not counted as verified. */
  unsealed: string[];
  /** Problems that do not make a rating wrong (e.g. an academic entry without a literal quote). */
  warnings: { domain: string; message: string }[];
  /** One verdict per outlet, in input order (what `rating_verifications` stores). */
  outlets: OutletVerification[];
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
 * - the evidence must carry the seal stored with the rating (`evidenceDigest`): any field edited
 *   after the rating — even one the funnel does not read — is a mismatch; a rating without a seal
 *   (written before sealing) is listed in `unsealed`, not counted as verified;
 * - a `preliminary` rating must have pending evidence and no bias (PRELIM), and pending evidence
 *   must carry a `preliminary` rating;
 * - a rating stamped with another methodology version is listed in `otherMethodology`, not
 *   re-derived;
 * - otherwise `rateOutlet(evidenceToRateOutletInput(evidence, rating.as_of))` must reproduce the
 *   stored bias, factuality, confidence, applied rule, flags, dissent and trace (and, when recorded,
 *   `ownership.applied_rule` and `dissent` inside the evidence); the evidence must be the record of
 *   the outlet's own domain and country;
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
  const report: RatingVerification = {
    checked: 0,
    verified: 0,
    mismatches: [],
    otherMethodology: [],
    unsealed: [],
    warnings: [],
    outlets: [],
  };
  const conclude = (
    domain: string,
    mismatches: RatingMismatch[],
    methodologyVersion: string,
    otherwise: OutletVerification['result'] = 'verified',
  ): void => {
    report.mismatches.push(...mismatches);
    const result = mismatches.length > 0 ? 'mismatch' : otherwise;
    if (result === 'verified') report.verified += 1;
    if (result === 'unsealed') report.unsealed.push(domain);
    report.outlets.push({ domain, result, mismatches, methodologyVersion });
  };
  for (const [position, input] of storedRatings.entries()) {
    report.checked += 1;
    const parsed = StoredRatingSchema.safeParse(input);
    const domain = (input as { domain?: unknown } | null)?.domain;
    const label = typeof domain === 'string' ? domain : `#${position}`;
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const version = (input as { rating?: { methodology_version?: unknown } } | null)?.rating?.methodology_version;
      conclude(
        label,
        [
          {
            domain: label,
            field: 'record',
            stored: null,
            derived: null,
            message: `not a valid stored rating — ${issue === undefined ? 'invalid' : formatZodIssues([issue])}`,
          },
        ],
        typeof version === 'string' ? version : METHODOLOGY_VERSION,
      );
      continue;
    }
    const stored: StoredRating = parsed.data;
    const mismatches: RatingMismatch[] = [];
    const evidence = stored.rating_evidence;
    const version = stored.rating.methodology_version;
    // the seal: the evidence must be the one the rating was computed from, to the last field
    const seal = stored.rating.evidence_sha256;
    const digest = evidenceDigest(evidence);
    if (seal !== null && seal !== digest) {
      mismatches.push({
        domain: label,
        field: 'rating_evidence',
        stored: seal,
        derived: digest,
        message:
          'the stored evidence is not the evidence the rating was computed from (its seal differs): a field was edited after the rating',
      });
    }
    const sealed: OutletVerification['result'] = seal === null ? 'unsealed' : 'verified';
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
      conclude(label, mismatches, version, sealed);
      continue;
    }
    const record = evidence as RatingEvidenceRecord;
    if (record.domain !== stored.domain || record.country !== stored.country) {
      mismatches.push({
        domain: label,
        field: 'rating_evidence.domain',
        stored: `${stored.domain} (${stored.country ?? '—'})`,
        derived: `${record.domain} (${record.country})`,
        message: `the evidence is the record of ${record.domain} (${record.country}), not of this outlet`,
      });
    }
    if (version !== METHODOLOGY_VERSION) {
      report.otherMethodology.push({ domain: label, methodologyVersion: version });
      conclude(label, mismatches, version, 'other_methodology');
      continue;
    }
    let derived: RateOutletResult;
    try {
      derived = rateOutlet(evidenceToRateOutletInput(record, stored.rating.as_of));
    } catch (error) {
      if (error instanceof MethodologyInputError || error instanceof RatingError) {
        mismatches.push({
          domain: label,
          field: 'evidence',
          stored: null,
          derived: null,
          message: `the evidence cannot be rated: ${error.message}`,
        });
        conclude(label, mismatches, version);
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
    compare('applied_rule', stored.rating.applied_rule, derived.appliedRule);
    if (stored.rating.trace.join(' ') !== derived.trace.join(' ')) {
      mismatches.push({
        domain: label,
        field: 'trace',
        stored: stored.rating.trace,
        derived: derived.trace,
        message: `stored trace ${stored.rating.trace.join(' → ')} but the evidence gives ${derived.trace.join(' → ')}`,
      });
    }
    if (record.ownership?.applied_rule !== undefined)
      compare('ownership.applied_rule', record.ownership.applied_rule, derived.appliedRule);
    if (!sameSet(stored.rating.flags, derived.flags)) {
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
    conclude(label, mismatches, version, sealed);
  }
  return report;
}
