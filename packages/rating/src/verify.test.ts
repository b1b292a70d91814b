import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type RateOutletInput } from '@espectro/methodology';
import { beforeAll, describe, expect, test } from 'vitest';
import { DEMO_DIRECTORY } from './__fixtures__/fixtures.js';
import { rateOutletInputToEvidence, type ContentAnalysed, type RatingEvidenceRecord } from '@espectro/methodology';
import { createMemoryRatingStore, recordRating, type StoredRating } from './records.js';
import { parseStoredRatingsFile } from './ratings-file.js';
import { verifyRatings } from './verify.js';
import { evidenceDigest } from './digest.js';

/** `target` with other evidence, sealed as if rated from it: isolates the re-derivation checks from the seal. */
function resealed(target: StoredRating, evidence: StoredRating['rating_evidence']): StoredRating {
  return {
    ...target,
    rating_evidence: evidence,
    rating: { ...target.rating, evidence_sha256: evidenceDigest(evidence) },
  };
}

const demo = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../cli/demo/outlets.json', import.meta.url)), 'utf8'),
) as {
  outlets: { domain: string; name: string; country: string; evidence: RateOutletInput }[];
};

let stored: StoredRating[];
beforeAll(async () => {
  const store = createMemoryRatingStore();
  for (const outlet of demo.outlets) {
    const evidence = rateOutletInputToEvidence(outlet.evidence, {
      domain: outlet.domain,
      country: outlet.country,
      name: outlet.name,
    });
    await recordRating(store, { evidence, asOf: outlet.evidence.asOf, changedAt: '2026-04-27T12:00:00Z' });
  }
  stored = await store.list();
});

describe('verifyRatings', () => {
  test('every rating stored from its evidence verifies', () => {
    const report = verifyRatings(stored);
    expect(report.mismatches).toEqual([]);
    expect(report.verified).toBe(demo.outlets.length);
    expect(report.warnings.length).toBeGreaterThan(0); // the demo's academic placeholders have no quotes
  });

  test('the synthetic demo roster of this package verifies', () => {
    const roster = parseStoredRatingsFile(JSON.parse(readFileSync(`${DEMO_DIRECTORY}roster.json`, 'utf8')));
    const report = verifyRatings(roster.outlets);
    expect(report.mismatches).toEqual([]);
    expect(report.verified).toBe(roster.outlets.length);
  });

  test('a tampered stored rating is caught', () => {
    const tampered = stored.map((rating) =>
      rating.domain === 'elpais.com' ? { ...rating, rating: { ...rating.rating, bias: 'center' as const } } : rating,
    );
    const report = verifyRatings(tampered);
    expect(report.mismatches).toEqual([
      expect.objectContaining({ domain: 'elpais.com', field: 'bias', stored: 'center', derived: 'left' }),
    ]);
    expect(report.verified).toBe(demo.outlets.length - 1);
  });

  test('tampered evidence (a changed content bucket) and a tampered confidence are caught', () => {
    const target = stored.find((rating) => rating.domain === 'eleconomista.com.mx')!;
    const evidence = structuredClone(target.rating_evidence) as RatingEvidenceRecord;
    (evidence.content as ContentAnalysed).content_only_sesgo = 'left';
    const report = verifyRatings([
      resealed(target, evidence),
      { ...target, rating: { ...target.rating, confidence: 'high' } },
    ]);
    expect(report.mismatches.map((mismatch) => [mismatch.domain, mismatch.field])).toEqual([
      ['eleconomista.com.mx', 'bias'],
      ['eleconomista.com.mx', 'confidence'],
      ['eleconomista.com.mx', 'dissent'],
      ['eleconomista.com.mx', 'confidence'],
    ]);
    expect(report.outlets.map((outlet) => outlet.result)).toEqual(['mismatch', 'mismatch']);
    // the same edit without resealing: the seal says the evidence is not the one rated
    expect(verifyRatings([{ ...target, rating_evidence: evidence }]).mismatches[0]).toMatchObject({
      field: 'rating_evidence',
      stored: target.rating.evidence_sha256,
      derived: evidenceDigest(evidence),
    });
  });

  test('a content bucket the stored metrics do not support is caught (CB-*)', () => {
    const target = stored.find((rating) => rating.domain === 'clarin.com')!;
    const evidence = structuredClone(target.rating_evidence) as RatingEvidenceRecord;
    Object.assign(evidence.content!, {
      incumbent: 'right',
      gov_opp_ratio: 0.3,
      quote_distribution: { izq: 0.6, centro: 0.2, der: 0.2 },
    });
    const report = verifyRatings([resealed(target, evidence)]);
    expect(report.mismatches).toEqual([
      expect.objectContaining({ field: 'content.content_only_sesgo', stored: 'center', derived: 'left' }),
    ]);
  });

  test('content factuality the stored signals do not support is caught (CF-1); impossible signals are a mismatch, not an exception', () => {
    const target = stored.find((rating) => rating.domain === 'clarin.com')!;
    const withSignals = (signals: object, level: string) => {
      const evidence = structuredClone(target.rating_evidence) as RatingEvidenceRecord;
      Object.assign(evidence.content!, { factuality_signals: signals, content_only_factualidad: level });
      return verifyRatings([resealed(target, evidence)]).mismatches.filter((mismatch) =>
        mismatch.field.startsWith('content.'),
      );
    };
    const signals = {
      articles: 40,
      bylined: 38,
      with_primary_sources: 25,
      with_corrections: 2,
      with_unattributed: 1,
      with_viral: 0,
    };
    expect(withSignals(signals, 'very-high')).toEqual([]);
    expect(withSignals(signals, 'high')).toEqual([
      expect.objectContaining({ field: 'content.content_only_factualidad', stored: 'high', derived: 'very-high' }),
    ]);
    expect(withSignals({ ...signals, bylined: 41 }, 'very-high')).toEqual([
      expect.objectContaining({ field: 'content.factuality_signals', derived: null }),
    ]);
  });

  test('an academic assessment relying on a quote not in the evidence is caught', () => {
    const target = stored.find((rating) => rating.domain === 'abc.es')!;
    const evidence = structuredClone(target.rating_evidence) as RatingEvidenceRecord;
    evidence.academic_assessment = {
      ...evidence.academic_assessment,
      relied_on: [{ source: 'nobody', quote: 'ABC es de derechas' }],
    };
    expect(verifyRatings([resealed(target, evidence)]).mismatches).toEqual([
      expect.objectContaining({ field: 'academic_assessment.relied_on' }),
    ]);
  });

  test('preliminary ratings need pending evidence and no bias (PRELIM); other methodology versions keep their stamp', () => {
    const evidence = { status: 'pending' as const, reason: 'huérfano', added_at: '2026-04-24' };
    const pending: StoredRating = {
      domain: 'nuevo.example',
      name: 'Nuevo',
      country: null,
      added_at: '2026-04-24',
      rating: {
        bias: null,
        factuality: null,
        confidence: 'preliminary' as const,
        applied_rule: null,
        flags: [],
        dissent: [],
        trace: ['PRELIM'],
        methodology_version: 'v1.3-2026-12',
        as_of: '2026-04-24',
        evidence_sha256: evidenceDigest(evidence),
      },
      rating_evidence: evidence,
      rating_reviewed_at: null,
    };
    expect(verifyRatings([pending]).verified).toBe(1);
    expect(
      verifyRatings([{ ...pending, rating: { ...pending.rating, bias: 'left' as const } }]).mismatches[0],
    ).toMatchObject({ field: 'bias' });
    expect(
      verifyRatings([{ ...pending, rating: { ...pending.rating, confidence: 'low' as const } }]).mismatches[0],
    ).toMatchObject({ field: 'confidence' });
    const v11 = { ...stored[0]!, rating: { ...stored[0]!.rating, methodology_version: 'v1.1-2026-04' } };
    expect(verifyRatings([v11])).toMatchObject({
      verified: 0,
      mismatches: [],
      otherMethodology: [{ methodologyVersion: 'v1.1-2026-04' }],
    });
    // a rating written before ratings were sealed is re-derived but not counted as verified
    const unsealed = { ...stored[0]!, rating: { ...stored[0]!.rating, evidence_sha256: null } };
    expect(verifyRatings([unsealed])).toMatchObject({ verified: 0, mismatches: [], unsealed: [stored[0]!.domain] });
  });

  test('unusable input is a mismatch, never an exception', () => {
    const report = verifyRatings([{ domain: 'broken.example' }, null]);
    expect(report.mismatches.map((mismatch) => [mismatch.domain, mismatch.field])).toEqual([
      ['broken.example', 'record'],
      ['#1', 'record'],
    ]);
  });
});

/** Every leaf of a JSON value with its path. */
function leaves(value: unknown, path: (string | number)[] = []): { path: (string | number)[]; value: unknown }[] {
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, entry]) =>
      leaves(entry, [...path, Array.isArray(value) ? Number(key) : key]),
    );
  }
  return [{ path, value }];
}

/** A different value of the same kind (the edit a tamperer would make). */
function tamperedLeaf(value: unknown): unknown {
  if (typeof value === 'string') return `${value}·`;
  if (typeof value === 'number') return value + 1;
  if (typeof value === 'boolean') return !value;
  return 'x';
}

describe('verifyRatings finds every single-field tampering of stored evidence', () => {
  test('each leaf of each stored evidence record, changed alone, is a mismatch of that outlet', () => {
    let edits = 0;
    for (const target of stored) {
      for (const leaf of leaves(target.rating_evidence)) {
        const evidence = structuredClone(target.rating_evidence) as Record<string | number, unknown>;
        let parent: Record<string | number, unknown> = evidence;
        for (const key of leaf.path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
        parent[leaf.path.at(-1)!] = tamperedLeaf(leaf.value);
        const report = verifyRatings([{ ...target, rating_evidence: evidence }]);
        expect(report.verified, `${target.domain} ${leaf.path.join('.')}`).toBe(0);
        expect(report.outlets[0]!.result).toBe('mismatch');
        edits += 1;
      }
    }
    expect(edits).toBeGreaterThan(stored.length * 10);
  });
});
