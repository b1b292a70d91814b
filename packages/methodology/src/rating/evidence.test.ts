import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MethodologyInputError } from '../errors.js';
import { fromDayNumber, toDayNumber } from '../shared/dates.js';
import { CountryRegimeSchema, FACTUALITY_SCALE, OwnerTypeSchema, type Bucket } from '../shared/schemas.js';
import {
  ContentEvidenceSchema,
  OwnershipEvidenceSchema,
  RatingEvidenceRecordSchema,
  RatingEvidenceSchema,
  type RatingEvidenceRecord,
} from './evidence-record.js';
import {
  evidenceToRateOutletInput,
  isPendingEvidence,
  lastControlChange,
  ownershipOf,
  rateOutletInputToEvidence,
  ratingChangeCause,
  withOwnershipEvents,
} from './evidence.js';
import { rateOutlet } from './rate-outlet.js';
import type { RateOutletInput } from './schemas.js';

const bucket = fc.constantFrom<Bucket>('left', 'center', 'right');
const factuality = fc.constantFrom(...FACTUALITY_SCALE);

/** Inputs a record can express: named academic sources; no bucket/factuality on fewer than 20 articles; no empty academic signal. */
const expressibleInput: fc.Arbitrary<RateOutletInput> = fc
  .integer({ min: toDayNumber('2019-01-01'), max: toDayNumber('2031-12-31') })
  .chain((asOfDay) => {
    const past = fc.integer({ min: 0, max: 2400 }).map((days) => fromDayNumber(asOfDay - days));
    const ownership = fc.record(
      {
        ownerType: fc.constantFrom(...OwnerTypeSchema.options),
        countryRegime: fc.constantFrom(...CountryRegimeSchema.options),
        fundingModel: fc.constantFrom('subscription' as const, 'advertising' as const, 'mixed' as const),
        regimeYear: fc.integer({ min: 2000, max: 2030 }),
        regimeBucket: bucket,
        partyBucket: bucket,
        lastControlChange: past,
      },
      { requiredKeys: ['ownerType', 'countryRegime'] },
    );
    const source = fc.record(
      {
        date: past,
        weight: fc.constantFrom('primary' as const, 'secondary' as const),
        domestic: fc.boolean(),
        name: fc.string({ minLength: 1, maxLength: 12 }),
        url: fc.constant('https://example.org/report'),
        quote: fc.string({ minLength: 1, maxLength: 30 }),
      },
      { requiredKeys: ['date', 'weight', 'domestic', 'name'] },
    );
    const academic = fc.record(
      { bucket, factuality, sources: fc.array(source, { maxLength: 3 }) },
      { requiredKeys: ['sources'] },
    );
    // `{ sources: [] }` alone is the same signal as no academic entry, and is stored as none.
    const academicWithContent = academic.filter(
      (signal) => signal.sources.length > 0 || signal.bucket !== undefined || signal.factuality !== undefined,
    );
    const insufficient = fc.record(
      { sampleSize: fc.integer({ min: 0, max: 19 }), windowStart: past },
      { requiredKeys: ['sampleSize'] },
    );
    const analysed = fc.record(
      {
        sampleSize: fc.integer({ min: 20, max: 80 }),
        windowStart: past,
        bucket: fc.constantFrom<Bucket | 'inconclusive'>('left', 'center', 'right', 'inconclusive'),
        factuality,
        newsBucket: bucket,
        opinionBucket: bucket,
      },
      { requiredKeys: ['sampleSize', 'bucket'] },
    );
    return fc.record(
      {
        asOf: fc.constant(fromDayNumber(asOfDay)),
        scope: fc.constantFrom('political' as const, 'non_political' as const),
        ownership,
        academic: academicWithContent,
        content: fc.oneof(insufficient, analysed),
      },
      { requiredKeys: ['asOf', 'scope'] },
    );
  });

describe('evidenceToRateOutletInput ∘ rateOutletInputToEvidence (rule EVID-1)', () => {
  test.prop([expressibleInput], { numRuns: 300 })(
    'every expressible input survives the stored JSON record unchanged, and so does its rating',
    (input) => {
      const record = rateOutletInputToEvidence(input, { domain: 'diario.example', country: 'ES', name: 'Diario' });
      const stored = RatingEvidenceRecordSchema.parse(JSON.parse(JSON.stringify(record)));
      const mapped = evidenceToRateOutletInput(stored, input.asOf);
      expect(mapped).toEqual(input);
      let expected: unknown;
      let actual: unknown;
      try {
        expected = rateOutlet(input);
      } catch (error) {
        expected = (error as Error).message;
      }
      try {
        actual = rateOutlet(mapped);
      } catch (error) {
        actual = (error as Error).message;
      }
      expect(actual).toEqual(expected);
    },
  );
});

describe('the seed 002 JSON shapes', () => {
  it('ownership (§2), academic and not_found (§3), content (§4) and pending (§10) parse as written in the seed', () => {
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
    const record = RatingEvidenceRecordSchema.parse({
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
    const pending = RatingEvidenceSchema.parse({
      status: 'pending',
      reason: 'Medio añadido desde la auditoría de dominios huérfanos; en cola para análisis de contenido',
      added_at: '2026-04-24',
    });
    expect(isPendingEvidence(pending)).toBe(true);
    expect(isPendingEvidence(record)).toBe(false);
  });

  it('is strict: the old store spellings, Spanish values and inconsistent samples are refused', () => {
    // the store's former copy: content_only_bias, quote_distribution {left, center, right}
    expect(
      ContentEvidenceSchema.safeParse({ sample_size: 30, content_only_bias: 'left', content_only_sesgo: 'left' })
        .success,
    ).toBe(false);
    expect(
      ContentEvidenceSchema.safeParse({
        sample_size: 30,
        content_only_sesgo: 'left',
        quote_distribution: { left: 0.5, center: 0.2, right: 0.3 },
      }).success,
    ).toBe(false);
    expect(ContentEvidenceSchema.safeParse({ sample_size: 30, content_only_sesgo: 'derecha' }).success).toBe(false);
    expect(ContentEvidenceSchema.safeParse({ sample_size: 12, content_only_sesgo: 'left' }).success).toBe(false);
    expect(ContentEvidenceSchema.safeParse({ status: 'insufficient', sample_size: 25 }).success).toBe(false);
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
      evidenceToRateOutletInput(
        { domain: 'x.example', country: 'es', editorial_scope: 'political' } as RatingEvidenceRecord,
        '2026-04-27',
      ),
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
      owner_entity: 'Familia Saguier',
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
    academic_assessment: { bucket: 'right', factuality: 'high' },
    content: { status: 'insufficient', sample_size: 14, window_start: '2025-09-01' },
  };

  it('maps the latest control change and the sources dated on or before asOf; insufficient content keeps only its size', () => {
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
    // CONF-CHANGE: a post-change window with < 20 articles forces low
    expect(rateOutlet(input)).toMatchObject({ bias: 'right', confidence: 'low' });
    expect(lastControlChange(record.ownership!.ownership_history, '2026-07-01')).toBe('2026-06-01');
    expect(lastControlChange(record.ownership!.ownership_history, '2025-08-31')).toBeUndefined();
  });

  it('is pure: the record is not modified and the same input gives the same output', () => {
    const copy = structuredClone(record);
    expect(evidenceToRateOutletInput(record, '2026-04-27')).toEqual(evidenceToRateOutletInput(copy, '2026-04-27'));
    expect(record).toEqual(copy);
  });

  it('what a record cannot express is a MethodologyInputError naming the field', () => {
    const attempt = (input: RateOutletInput) => () =>
      rateOutletInputToEvidence(input, { domain: 'x.example', country: 'ES' });
    expect(attempt({ asOf: '2026-04-27', scope: 'political', content: { sampleSize: 12, bucket: 'left' } })).toThrow(
      MethodologyInputError,
    );
    expect(attempt({ asOf: '2026-04-27', scope: 'political', content: { sampleSize: 12, bucket: 'left' } })).toThrow(
      /content\.bucket/,
    );
    expect(
      attempt({
        asOf: '2026-04-27',
        scope: 'political',
        academic: { bucket: 'left', sources: [{ date: '2025-01-01', weight: 'primary', domestic: true }] },
      }),
    ).toThrow(/academic\.sources\.0\.name/);
  });

  it('ownershipOf names the owner type and entity that CON-4 compares', () => {
    expect(ownershipOf(record)).toBe('family-controlled: Familia Saguier');
    expect(ownershipOf({ ...record, ownership: { owner_type: 'cooperative', country_regime: 'democracy' } })).toBe(
      'cooperative',
    );
    expect(ownershipOf({ status: 'pending', reason: 'x', added_at: '2026-04-24' })).toBeNull();
  });
});

describe('ratingChangeCause (rule CON-4 [choice])', () => {
  const base: RatingEvidenceRecord = {
    domain: 'diario.example',
    country: 'ES',
    editorial_scope: 'political',
    ownership: { owner_type: 'family-controlled', owner_entity: 'Familia X', country_regime: 'democracy' },
    content: {
      sample_size: 40,
      content_only_sesgo: 'right',
      backend: 'lexicon-baseline (offline)',
      prompt_id: 'lexicon.es',
      prompt_version: '1',
    },
  };
  const current = 'v1.3-2026-12';
  const cause = (next: RatingEvidenceRecord, previousVersion = current) =>
    ratingChangeCause(
      { evidence: base, methodologyVersion: previousVersion },
      { evidence: next, methodologyVersion: current },
    );

  it('names the first cause the two records show: ownership, methodology, prompt/model, editorial', () => {
    const sold = { ...base, ownership: { ...base.ownership!, owner_entity: 'Grupo Y' } };
    expect(cause(sold, 'v1.1-2026-04')).toBe('ownership_change');
    expect(cause(base, 'v1.1-2026-04')).toBe('methodology_update');
    const reprompted = { ...base, content: { ...base.content!, prompt_version: '2' } } as RatingEvidenceRecord;
    expect(cause(reprompted)).toBe('new_prompt_or_model_version');
    const drifted = { ...base, content: { ...base.content!, content_only_sesgo: 'center' } } as RatingEvidenceRecord;
    expect(cause(drifted)).toBe('editorial_change');
  });
});

describe('withOwnershipEvents (seed 002 §8: record the change of control in ownership_history)', () => {
  const owned: RatingEvidenceRecord = {
    domain: 'propiedad.example',
    country: 'MX',
    editorial_scope: 'political',
    ownership: {
      owner_type: 'family-controlled',
      country_regime: 'democracy',
      ownership_history: [{ date: '2017', event: 'adquirido por Grupo Salinas' }],
    },
  };

  it('adds the events on or before asOf, oldest first, once, and feeds CONF-CHANGE', () => {
    const events = [
      { date: '2026-06-05', event: 'vendido a Grupo X', controlChange: true },
      { date: '2026-07-01', event: 'fusión', controlChange: true },
    ];
    const merged = withOwnershipEvents(owned, events, '2026-06-20');
    expect(merged.ownership!.ownership_history).toEqual([
      { date: '2017', event: 'adquirido por Grupo Salinas' },
      { date: '2026-06-05', event: 'vendido a Grupo X', control_change: true },
    ]);
    expect(withOwnershipEvents(merged, events, '2026-06-20')).toEqual(merged);
    expect(evidenceToRateOutletInput(merged, '2026-06-20').ownership).toMatchObject({
      lastControlChange: '2026-06-05',
    });
    expect(owned.ownership!.ownership_history).toHaveLength(1);
  });

  it('leaves a record without an ownership block as it is, and refuses a bad date', () => {
    const bare: RatingEvidenceRecord = { domain: 'sin.example', country: 'MX', editorial_scope: 'political' };
    expect(withOwnershipEvents(bare, [{ date: '2026-01-01', event: 'x', controlChange: true }], '2026-02-01')).toBe(
      bare,
    );
    expect(() => withOwnershipEvents(owned, [], '20 de junio')).toThrow(MethodologyInputError);
    expect(() => withOwnershipEvents(owned, [{ date: '2026', event: 'x', controlChange: true }], '2026-06-20')).toThrow(
      MethodologyInputError,
    );
  });

  it('takes a retracted event out of the history again, so it no longer moves the content window', () => {
    const sale = { date: '2026-06-05', event: 'vendido a Grupo X', controlChange: true };
    const merged = withOwnershipEvents(owned, [sale], '2026-06-20');
    const corrected = withOwnershipEvents(merged, [], '2026-06-25', [sale]);
    expect(corrected.ownership!.ownership_history).toEqual(owned.ownership!.ownership_history);
    expect(evidenceToRateOutletInput(corrected, '2026-06-25').ownership?.lastControlChange).toBeUndefined();
    // A retracted event still reported (a stale list) is not added back.
    expect(withOwnershipEvents(corrected, [sale], '2026-06-25', [sale])).toBe(corrected);
  });

  test.prop([
    fc.uniqueArray(
      fc.record({
        date: fc.integer({ min: toDayNumber('2016-01-01'), max: toDayNumber('2027-12-31') }).map(fromDayNumber),
        event: fc.constantFrom('venta', 'fusión', 'cambio de directorio'),
        controlChange: fc.boolean(),
      }),
      { maxLength: 12, selector: (event) => `${event.date} ${event.event}` },
    ),
    fc.integer({ min: toDayNumber('2016-01-01'), max: toDayNumber('2027-12-31') }).map(fromDayNumber),
  ])(
    'the merged history is a valid record, sorted, idempotent, with the events’ last change of control',
    (events, asOf) => {
      const merged = withOwnershipEvents(owned, events, asOf);
      expect(RatingEvidenceRecordSchema.safeParse(merged).success).toBe(true);
      const history = merged.ownership!.ownership_history!;
      expect(history.map((entry) => entry.date)).toEqual(history.map((entry) => entry.date).sort());
      expect(history).toHaveLength(1 + events.filter((event) => event.date <= asOf).length);
      expect(withOwnershipEvents(merged, events, asOf)).toEqual(merged);
      const expected = events
        .filter((event) => event.controlChange && event.date <= asOf)
        .map((event) => event.date)
        .sort()
        .at(-1);
      expect(lastControlChange(history, asOf)).toBe(expected);
    },
  );

  test.prop([
    fc.uniqueArray(
      fc.record({
        date: fc.integer({ min: toDayNumber('2016-01-01'), max: toDayNumber('2027-12-31') }).map(fromDayNumber),
        event: fc.constantFrom('venta', 'fusión', 'cambio de directorio'),
        controlChange: fc.boolean(),
        retracted: fc.boolean(),
      }),
      { maxLength: 12, selector: (event) => `${event.date} ${event.event}` },
    ),
    fc.integer({ min: toDayNumber('2016-01-01'), max: toDayNumber('2027-12-31') }).map(fromDayNumber),
  ])('after retractions the history is the one merged from the events never retracted', (events, asOf) => {
    const reported = events.map(({ date, event, controlChange }) => ({ date, event, controlChange }));
    const retracted = events.filter((event) => event.retracted);
    const live = reported.filter((_, index) => !events[index]!.retracted);
    // Recorded first, retracted later: the same record as if the retracted events had never been reported.
    const corrected = withOwnershipEvents(withOwnershipEvents(owned, reported, asOf), live, asOf, retracted);
    expect(corrected.ownership!.ownership_history).toEqual(
      withOwnershipEvents(owned, live, asOf).ownership!.ownership_history,
    );
    expect(RatingEvidenceRecordSchema.safeParse(corrected).success).toBe(true);
  });
});
