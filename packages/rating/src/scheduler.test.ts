import { readFileSync } from 'node:fs';
import { fc, test as propertyTest } from '@fast-check/vitest';
import { RATING_PARAMETERS, reEvaluationDue } from '@espectro/methodology';
import { describe, expect, test } from 'vitest';
import { DEMO_DIRECTORY } from './__fixtures__/fixtures.js';
import { evidenceDigest } from './digest.js';
import type { OutletLifecycleFacts, StoredRating } from './records.js';
import { parseStoredRatingsFile } from './ratings-file.js';
import { consecutiveDriftDays, DUE_REASON_CAUSES, dueOutlets } from './scheduler.js';

const ratedEvidence = {
  domain: 'diario.example',
  country: 'ES',
  editorial_scope: 'political' as const,
  ownership: {
    owner_type: 'family-controlled' as const,
    country_regime: 'democracy' as const,
    ownership_history: [{ date: '2026-03-20', event: 'vendido', control_change: true }],
  },
  content: {
    status: 'insufficient' as const,
    sample_size: 12,
    backend: 'lexicon-baseline (offline)',
    prompt_id: 'lexicon-es',
    prompt_version: '2026-05-01',
  },
};
const rated: StoredRating = {
  domain: 'diario.example',
  name: 'Diario',
  country: 'ES',
  added_at: '2025-01-10',
  rating: {
    bias: 'right',
    factuality: 'high',
    confidence: 'medium',
    applied_rule: null,
    flags: [],
    dissent: [],
    trace: [],
    methodology_version: 'v1.3-2026-12',
    as_of: '2026-03-01',
    evidence_sha256: evidenceDigest(ratedEvidence),
  },
  rating_evidence: ratedEvidence,
  rating_reviewed_at: '2026-03-01',
};

/** The facts of one outlet as the options of `dueOutlets`. */
const withFacts = (outlet: StoredRating, facts: OutletLifecycleFacts) => new Map([[outlet.domain, facts]]);

function dayBefore(date: string, offset: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - offset * 86_400_000).toISOString().slice(0, 10);
}

function day(offset: number): string {
  return new Date(Date.parse('2026-04-27T00:00:00Z') - offset * 86_400_000).toISOString().slice(0, 10);
}

describe('dueOutlets', () => {
  test('a change of control in ownership_history after the last review → ownership_change (REV-1)', () => {
    const [due] = dueOutlets([rated], { asOf: '2026-04-27' });
    expect(due).toMatchObject({
      due: true,
      reasons: ['ownership_change'],
      causes: ['ownership_change'],
      cause: 'ownership_change',
    });
    expect(due!.details[0]).toMatch(/change of control/);
    expect(due!.reEvaluation).toEqual(
      reEvaluationDue({
        asOf: '2026-04-27',
        lastReviewedAt: '2026-03-01',
        ownershipChangedAt: '2026-03-20',
        consecutiveDriftDays: 0,
      }),
    );
    // the same change before the review is not a reason
    expect(dueOutlets([{ ...rated, rating_reviewed_at: '2026-03-25' }], { asOf: '2026-04-27' })[0]!.due).toBe(false);
  });

  test('cadence (180 days), drift on each of the last 14 days, new primary academic evaluation', () => {
    const quiet: StoredRating = {
      ...rated,
      rating_evidence: { ...rated.rating_evidence, ownership: undefined } as StoredRating['rating_evidence'],
    };
    expect(dueOutlets([{ ...quiet, rating_reviewed_at: '2025-10-29' }], { asOf: '2026-04-27' })[0]!.reasons).toEqual([
      'cadence',
    ]);
    expect(dueOutlets([{ ...quiet, rating_reviewed_at: '2025-10-30' }], { asOf: '2026-04-27' })[0]!.due).toBe(false);
    const drift = Array.from({ length: 14 }, (_, offset) => ({ date: day(offset), bucket: 'center' as const }));
    expect(dueOutlets([quiet], { asOf: '2026-04-27', facts: withFacts(quiet, { drift }) })[0]).toMatchObject({
      reasons: ['content_drift'],
      cause: 'editorial_change',
    });
    expect(
      dueOutlets([quiet], { asOf: '2026-04-27', facts: withFacts(quiet, { drift: drift.slice(0, 13) }) })[0]!.due,
    ).toBe(false);
    expect(
      dueOutlets([quiet], {
        asOf: '2026-04-27',
        facts: withFacts(quiet, { primary_academic_evaluation_at: '2026-04-01' }),
      })[0]!.reasons,
    ).toEqual(['new_primary_academic_evaluation']);
    // events after asOf have not happened yet
    expect(
      dueOutlets([quiet], { asOf: '2026-04-27', facts: withFacts(quiet, { regime_changed_at: '2026-05-01' }) })[0]!.due,
    ).toBe(false);
  });

  test('accepted contestations since the last review, new prompt/model/methodology versions — causes in priority order', () => {
    const llmEvidence = {
      ...ratedEvidence,
      content: {
        ...ratedEvidence.content,
        backend: 'llm:gemini/gemini-2.5-flash',
        prompt_id: 'rating.article-rubric',
        prompt_version: '2026-01-01.1',
      },
    };
    const outlet: StoredRating = {
      ...rated,
      rating: { ...rated.rating, methodology_version: 'v1.1-2026-04', evidence_sha256: evidenceDigest(llmEvidence) },
      rating_evidence: llmEvidence,
    };
    const contestations = [
      { id: 'c-old', status: 'accepted' as const, resolved_at: '2026-02-01' },
      { id: 'c-new', status: 'accepted' as const, resolved_at: '2026-04-02' },
      { id: 'c-open', status: 'triage' as const },
    ];
    const [due] = dueOutlets([outlet], {
      asOf: '2026-04-27',
      currentModel: 'gemini-3-flash',
      facts: withFacts(outlet, { contestations }),
    });
    expect(due!.reasons).toEqual([
      'ownership_change',
      'accepted_contestation',
      'new_prompt_version',
      'new_model',
      'methodology_update',
    ]);
    expect(due!.contestationIds).toEqual(['c-new']);
    expect(due!.causes).toEqual([
      'accepted_contestation',
      'ownership_change',
      'methodology_update',
      'new_prompt_or_model_version',
    ]);
    expect(due!.cause).toBe('accepted_contestation');
  });

  test('preliminary outlets follow REV-2', () => {
    const pending = { status: 'pending' as const, reason: 'huérfano', added_at: '2026-04-10' };
    const preliminary: StoredRating = {
      domain: 'nuevo.example',
      name: 'Nuevo',
      country: 'ES',
      rating: {
        bias: null,
        factuality: null,
        confidence: 'preliminary',
        applied_rule: null,
        flags: [],
        dissent: [],
        trace: ['PRELIM'],
        methodology_version: 'v1.3-2026-12',
        as_of: '2026-04-10',
        evidence_sha256: evidenceDigest(pending),
      },
      rating_evidence: pending,
      rating_reviewed_at: null,
      added_at: '2026-04-10',
    };
    expect(dueOutlets([preliminary], { asOf: '2026-04-27' })[0]).toMatchObject({
      due: false,
      preliminary: { action: 'wait' },
    });
    expect(
      dueOutlets([preliminary], { asOf: '2026-04-27', facts: withFacts(preliminary, { articles_in_window: 23 }) })[0],
    ).toMatchObject({
      reasons: ['preliminary_content_analysis_due'],
      cause: 'editorial_change',
    });
    expect(
      dueOutlets([preliminary], {
        asOf: '2026-04-27',
        facts: withFacts(preliminary, { articles_in_window: 23, last_content_result: 'left' }),
      })[0]!.reasons,
    ).toEqual(['preliminary_promote_low']);
    expect(dueOutlets([preliminary], { asOf: '2026-06-20' })[0]!.reasons).toEqual(['preliminary_needs_review']);
  });

  test('a roster file carries no lifecycle facts', () => {
    expect(() => parseStoredRatingsFile({ outlets: [], facts: {} })).toThrow(/facts/);
  });

  test('the synthetic demo roster: contestation and drift after the demo date', () => {
    const roster = parseStoredRatingsFile(JSON.parse(readFileSync(`${DEMO_DIRECTORY}roster.json`, 'utf8')));
    // What the store derives after the demo date (espectro outlets due --db reads them from stored data).
    const facts = new Map<string, OutletLifecycleFacts>([
      [
        'periodico-a.example',
        { contestations: [{ id: 'c-demo-1', dimension: 'bias', status: 'accepted', resolved_at: '2026-05-02' }] },
      ],
      [
        'periodico-b.example',
        {
          drift: Array.from({ length: 14 }, (_, offset) => ({
            date: dayBefore('2026-05-10', offset),
            bucket: 'center' as const,
          })),
        },
      ],
      ['nuevo-medio.example', { articles_in_window: 23 }],
    ]);
    const due = dueOutlets(roster.outlets, { asOf: '2026-05-10', facts });
    // without the facts only the calendar speaks
    expect(dueOutlets(roster.outlets, { asOf: '2026-05-10' }).map((outlet) => outlet.reasons)).toEqual([
      [],
      [],
      [],
      [],
    ]);
    expect(due.map((outlet) => [outlet.domain, outlet.reasons])).toEqual([
      ['periodico-a.example', ['accepted_contestation']],
      ['periodico-b.example', ['content_drift']],
      ['jornal-c.example', []],
      ['nuevo-medio.example', ['preliminary_content_analysis_due']],
    ]);
  });

  test('every reason maps to a CON-4 cause', () => {
    for (const cause of Object.values(DUE_REASON_CAUSES)) {
      expect([
        'editorial_change',
        'ownership_change',
        'accepted_contestation',
        'new_prompt_or_model_version',
        'methodology_update',
      ]).toContain(cause);
    }
  });
});

describe('consecutiveDriftDays', () => {
  test('counts back from asOf; a gap, the stored bucket or an inconclusive day ends the streak', () => {
    const observations = [
      { date: '2026-04-27', bucket: 'center' },
      { date: '2026-04-26', bucket: 'left' },
      { date: '2026-04-25', bucket: 'inconclusive' },
      { date: '2026-04-24', bucket: 'center' },
    ];
    expect(consecutiveDriftDays(observations, 'right', '2026-04-27')).toBe(2);
    expect(consecutiveDriftDays(observations, 'center', '2026-04-27')).toBe(0);
    expect(consecutiveDriftDays(observations, 'right', '2026-04-28')).toBe(0);
    expect(consecutiveDriftDays(observations, null, '2026-04-27')).toBe(0);
  });
});

describe('REV-1 drift from a daily series (property)', () => {
  const quiet: StoredRating = {
    ...rated,
    rating_evidence: { ...rated.rating_evidence, ownership: undefined } as StoredRating['rating_evidence'],
  };
  propertyTest.prop([
    fc.integer({ min: 0, max: 40 }),
    fc.constantFrom('center' as const, 'left' as const),
    fc.constantFrom('right' as const, 'inconclusive' as const, 'insufficient' as const),
    fc.integer({ min: 0, max: 20 }),
  ])(
    'due for drift exactly when the last contentDriftDays or more days all differ from the stored bucket',
    (streak, drifted, breaker, before) => {
      // `before` older days of any kind, then a day that breaks the streak, then `streak` drifted days up to asOf.
      const drift = [
        ...Array.from({ length: before }, (_, offset) => ({
          date: day(streak + 1 + offset),
          bucket: offset % 2 === 0 ? drifted : ('right' as const),
        })),
        { date: day(streak), bucket: breaker },
        ...Array.from({ length: streak }, (_, offset) => ({ date: day(offset), bucket: drifted })),
      ];
      const [due] = dueOutlets([quiet], { asOf: '2026-04-27', facts: withFacts(quiet, { drift }) });
      expect(due!.reasons.includes('content_drift')).toBe(streak >= RATING_PARAMETERS.contentDriftDays);
      expect(consecutiveDriftDays(drift, 'right', '2026-04-27')).toBe(streak);
    },
  );
});
