import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { rateOutlet, type RateOutletInput } from '@espectro/methodology';
import { describe, expect, test } from 'vitest';
import {
  ContentEvidenceSchema,
  evidenceToRateOutletInput,
  OwnershipEvidenceSchema,
  parseRatingEvidenceRecord,
  rateOutletInputToEvidence,
  RatingEvidenceRecordSchema,
  RatingEvidenceSchema,
  type RatingEvidenceRecord,
} from './evidence.js';

const demo = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../cli/demo/outlets.json', import.meta.url)), 'utf8'),
) as {
  outlets: { domain: string; name: string; country: string; evidence: RateOutletInput }[];
};

describe('evidenceToRateOutletInput round-trips the CLI demo evidence', () => {
  test.each(demo.outlets.map((outlet) => [outlet.domain, outlet] as const))('%s', (_domain, outlet) => {
    const record = rateOutletInputToEvidence(outlet.evidence, {
      domain: outlet.domain,
      country: outlet.country,
      name: outlet.name,
    });
    // the record is valid JSON of the seed's shape and survives serialisation
    const stored = RatingEvidenceRecordSchema.parse(JSON.parse(JSON.stringify(record)));
    const input = evidenceToRateOutletInput(stored, outlet.evidence.asOf);
    expect(input).toEqual(outlet.evidence);
    expect(rateOutlet(input)).toEqual(rateOutlet(outlet.evidence));
  });
});

describe('the seed 002 JSON shapes', () => {
  test('ownership (§2), academic and not_found (§3), content (§4) parse', () => {
    expect(
      OwnershipEvidenceSchema.parse({
        owner_entity: 'Grupo Clarín S.A.',
        owner_type: 'corporate-conglomerate',
        funding_model: 'advertising',
        ownership_history: [{ date: '1999', event: 'IPO' }],
        country_regime: 'democracy',
        country_regime_year: 2024,
        sources: ['https://www.grupoclarin.com/inversores/...', 'https://www.bcra.gob.ar/...'],
        applied_rule: 'R4',
      }).applied_rule,
    ).toBe('R4');
    const record = parseRatingEvidenceRecord({
      domain: 'eltiempo.com',
      country: 'CO',
      editorial_scope: 'political',
      academic: [
        {
          source: 'FLIP',
          url: 'https://flip.org.co/...',
          date: '2024-03-12',
          quote: 'El Tiempo mantiene una línea editorial cercana al establecimiento empresarial bogotano...',
          weight: 'primary',
          domestic: true,
        },
        {
          source: 'RSF Colombia 2024',
          url: 'https://rsf.org/en/country/colombia',
          date: '2024-05-03',
          quote: '...',
          weight: 'secondary',
          domestic: false,
        },
      ],
      not_found: [
        'Observatorio de Medios UDP — sin cobertura sobre Colombia',
        { status: 'not-found', searched: ['FLIP', 'informe RSF Colombia 2024'] },
      ],
      content: {
        sample_size: 47,
        window_days: 90,
        gov_opp_ratio: 0.42,
        figures: [{ name: 'Gustavo Petro', side: 'left', favourable: 0.18, critical: 0.61 }],
        topics: { economy: 'conservative', security: 'conservative', abortion: 'n/a' },
        quote_distribution: { izq: 0.21, centro: 0.34, der: 0.45 },
        content_only_sesgo: 'right',
        content_only_factualidad: 'high',
        notes: 'Editoriales firmados; corrige al pie de página.',
      },
    });
    expect(evidenceToRateOutletInput(record, '2026-04-27').content).toEqual({
      sampleSize: 47,
      bucket: 'right',
      factuality: 'high',
    });
    expect(ContentEvidenceSchema.parse({ status: 'insufficient', sample_size: 12 })).toEqual({
      status: 'insufficient',
      sample_size: 12,
    });
    expect(
      RatingEvidenceSchema.parse({
        status: 'pending',
        reason: 'Medio añadido desde la auditoría de dominios huérfanos',
        added_at: '2026-04-24',
      }),
    ).toMatchObject({
      status: 'pending',
    });
  });

  test('the shapes are strict: no coercion, no unknown values', () => {
    expect(ContentEvidenceSchema.safeParse({ sample_size: 12, content_only_sesgo: 'left' }).success).toBe(false); // < 20 must be insufficient
    expect(ContentEvidenceSchema.safeParse({ status: 'insufficient', sample_size: 25 }).success).toBe(false);
    expect(ContentEvidenceSchema.safeParse({ sample_size: 30, content_only_sesgo: 'derecha' }).success).toBe(false);
    expect(
      ContentEvidenceSchema.safeParse({
        sample_size: 30,
        content_only_sesgo: 'left',
        quote_distribution: { izq: 0.6, centro: 0.3, der: 0.2 },
      }).success,
    ).toBe(false);
    expect(
      OwnershipEvidenceSchema.safeParse({
        owner_type: 'family-controlled',
        country_regime: 'democracy',
        ownership_history: [{ date: '2025', event: 'sold', control_change: true }],
      }).success,
    ).toBe(false);
    expect(() =>
      parseRatingEvidenceRecord({ domain: 'x.example', country: 'es', editorial_scope: 'political' }),
    ).toThrow(/country/);
  });
});

describe('evidenceToRateOutletInput', () => {
  const record: RatingEvidenceRecord = {
    domain: 'lanacion.com.ar',
    country: 'AR',
    editorial_scope: 'political',
    ownership: {
      owner_type: 'family-controlled',
      country_regime: 'democracy',
      ownership_history: [
        { date: '2019', event: 'reorganización' },
        { date: '2025-09-01', event: 'cambio de control', control_change: true },
        { date: '2026-06-01', event: 'otro cambio (después del asOf)', control_change: true },
      ],
    },
    academic: [
      {
        source: 'FOPEA',
        date: '2024-10-01',
        quote: 'línea editorial liberal-conservadora',
        weight: 'primary',
        domestic: true,
      },
      { source: 'Later report', date: '2026-06-01', quote: 'x', weight: 'secondary', domestic: false },
    ],
    academic_assessment: {
      bucket: 'right',
      factuality: 'high',
      relied_on: [{ source: 'FOPEA', quote: 'liberal-conservadora' }],
      mapped_by: 'editor:test',
    },
    content: { status: 'insufficient', sample_size: 14, window_start: '2025-09-01' },
  };

  test('maps the latest control change on or before asOf, sources dated on or before asOf, insufficient content', () => {
    const input = evidenceToRateOutletInput(record, '2026-04-27');
    expect(input).toEqual({
      asOf: '2026-04-27',
      scope: 'political',
      ownership: { ownerType: 'family-controlled', countryRegime: 'democracy', lastControlChange: '2025-09-01' },
      academic: {
        bucket: 'right',
        factuality: 'high',
        sources: [
          {
            date: '2024-10-01',
            weight: 'primary',
            domestic: true,
            name: 'FOPEA',
            quote: 'línea editorial liberal-conservadora',
          },
        ],
      },
      content: { sampleSize: 14, windowStart: '2025-09-01' },
    });
    // CONF-CHANGE: post-change window with < 20 articles forces low
    expect(rateOutlet(input)).toMatchObject({
      bias: 'right',
      confidence: 'low',
      flags: ['post_change_sample_insufficient'],
    });
  });

  test('is pure: the record is not modified and the same input gives the same output', () => {
    const copy = structuredClone(record);
    expect(evidenceToRateOutletInput(record, '2026-04-27')).toEqual(evidenceToRateOutletInput(copy, '2026-04-27'));
    expect(record).toEqual(copy);
  });

  test('what a record cannot express is an error naming the field', () => {
    expect(() =>
      rateOutletInputToEvidence(
        { asOf: '2026-04-27', scope: 'political', content: { sampleSize: 12, bucket: 'left' } },
        { domain: 'x.example', country: 'ES' },
      ),
    ).toThrow(/content\.bucket/);
    expect(() =>
      rateOutletInputToEvidence(
        {
          asOf: '2026-04-27',
          scope: 'political',
          academic: { bucket: 'left', sources: [{ date: '2025-01-01', weight: 'primary', domestic: true }] },
        },
        { domain: 'x.example', country: 'ES' },
      ),
    ).toThrow(/academic\.sources\.0\.name/);
  });
});
