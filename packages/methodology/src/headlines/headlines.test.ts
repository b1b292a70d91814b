import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { perClassMeasurability } from '../agreement/precision.js';
import { MethodologyInputError } from '../errors.js';
import { HeadlineClassSchema } from '../shared/schemas.js';
import { linkHeadline, mayAutoLink } from './link.js';
import { headlineRules } from './rules.js';
import { parseStoredHeadline, StoredHeadlineSchema } from './stored.js';
import { applyHeadlinePrecedence, HEADLINE_TAXONOMY } from './taxonomy.js';

describe('HEADLINE_TAXONOMY (rule HC-1)', () => {
  it('has the six class ids in order, with Spanish labels and definitions', () => {
    expect(HEADLINE_TAXONOMY.map((entry) => entry.id)).toEqual(HeadlineClassSchema.options);
    expect(HEADLINE_TAXONOMY.map((entry) => entry.label.es)).toEqual([
      'Tramitación legislativa',
      'Actividad parlamentaria',
      'Ley vigente',
      'Política no legislativa',
      'No legislativa',
      'Ambiguo',
    ]);
    for (const entry of HEADLINE_TAXONOMY) expect(entry.definition.es.length).toBeGreaterThan(40);
  });
});

describe('applyHeadlinePrecedence (rule HC-1)', () => {
  const none = {
    legislativeAct: false,
    namedSittingParliamentarian: false,
    lawInForce: false,
    politicalContent: false,
    undecidable: false,
  };
  it('moves a law in force that mentions a legislative act to legislative_process', () => {
    expect(applyHeadlinePrecedence({ ...none, lawInForce: true })).toBe('law_in_force');
    expect(applyHeadlinePrecedence({ ...none, lawInForce: true, legislativeAct: true })).toBe('legislative_process');
  });
  it('needs a named sitting parliamentarian for parliamentary_activity', () => {
    expect(applyHeadlinePrecedence({ ...none, namedSittingParliamentarian: true, politicalContent: true })).toBe(
      'parliamentary_activity',
    );
    expect(applyHeadlinePrecedence({ ...none, politicalContent: true })).toBe('non_legislative_politics');
    expect(applyHeadlinePrecedence(none)).toBe('non_legislative');
    expect(applyHeadlinePrecedence({ ...none, legislativeAct: true, undecidable: true })).toBe('ambiguous');
  });
  test.prop([
    fc.record({
      legislativeAct: fc.boolean(),
      namedSittingParliamentarian: fc.boolean(),
      lawInForce: fc.boolean(),
      politicalContent: fc.boolean(),
      undecidable: fc.boolean(),
    }),
  ])(
    'never gives law_in_force with a legislative act, nor parliamentary_activity without a named parliamentarian',
    (signals) => {
      const result = applyHeadlinePrecedence(signals);
      if (signals.legislativeAct && !signals.undecidable) expect(result).toBe('legislative_process');
      if (result === 'parliamentary_activity') expect(signals.namedSittingParliamentarian).toBe(true);
    },
  );
  it('rejects missing signals', () => {
    expect(() => applyHeadlinePrecedence({ legislativeAct: true } as never)).toThrow(/HC-1.*lawInForce/);
  });
});

describe('StoredHeadlineSchema (rule HC-2)', () => {
  const headline = {
    id: 'lt-1',
    outlet: 'latercera.com',
    url: 'https://www.latercera.com/politica/noticia/x',
    publishedAt: '2026-04-27T10:00:00Z',
    title: 'Senado despacha boletín 12.345-07',
    description: 'La iniciativa pasa a la Cámara.',
  };
  it('accepts only title and description besides id, outlet, url and time', () => {
    expect(parseStoredHeadline(headline)).toEqual(headline);
    expect(parseStoredHeadline({ ...headline, description: null }).description).toBeNull();
  });
  it('rejects the body or any other field, naming it', () => {
    for (const key of ['body', 'content', 'text']) {
      try {
        parseStoredHeadline({ ...headline, [key]: 'Texto completo…' });
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(MethodologyInputError);
        expect((error as MethodologyInputError).rule).toBe('HC-2');
        expect((error as MethodologyInputError).issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: [key] });
      }
    }
    expect(StoredHeadlineSchema.safeParse({ ...headline, url: 'ftp://x.cl/a' }).success).toBe(false);
    expect(StoredHeadlineSchema.safeParse({ ...headline, description: 'x'.repeat(2001) }).success).toBe(false);
  });
});

describe('linkHeadline (rules LINK-1, AGR-3)', () => {
  it('links only through boletín numbers, title first', () => {
    const result = linkHeadline(
      { title: 'Cámara despacha boletín 12.345-07', description: 'Se suma a los boletines 12345-07 y 999-06' },
      { classPrecisionMeasured: false },
    );
    expect(result).toEqual({
      links: [
        { boletin: '12345-07', field: 'title', via: 'boletin_number' },
        { boletin: '999-06', field: 'description', via: 'boletin_number' },
      ],
      classLink: { allowed: false, reason: 'class_precision_not_measured' },
      trace: ['LINK-1', 'AGR-3'],
    });
  });
  it('never links through the class, even with measured precision', () => {
    const result = linkHeadline(
      { title: 'Senado aprueba reforma de pensiones', description: null },
      { classPrecisionMeasured: true },
    );
    expect(result.links).toEqual([]);
    expect(result.classLink).toEqual({ allowed: false, reason: 'links_only_by_boletin' });
  });
  it('rejects a class passed as a linking hint', () => {
    expect(() =>
      linkHeadline({ title: 'x', description: null, class: 'legislative_process' } as never, {
        classPrecisionMeasured: true,
      }),
    ).toThrow(MethodologyInputError);
  });
});

describe('mayAutoLink (rule AGR-3)', () => {
  const measurability = perClassMeasurability({
    legislative_process: 14,
    parliamentary_activity: 9,
    non_legislative: 70,
  });
  it('allows automatic linking only from classes with measurable precision', () => {
    expect(mayAutoLink('legislative_process', measurability)).toBe(false);
    expect(mayAutoLink('parliamentary_activity', measurability)).toBe(false);
    expect(mayAutoLink('non_legislative', measurability)).toBe(true);
    expect(mayAutoLink('law_in_force', measurability)).toBe(false);
  });
  it('rejects unknown classes', () => {
    expect(() => mayAutoLink('bill' as never, measurability)).toThrow(/AGR-3.*headlineClass/);
  });
});

describe('headlineRules', () => {
  it('lists HC-1, HC-2 and LINK-1', () => {
    expect(headlineRules.map((rule) => rule.id)).toEqual(['HC-1', 'HC-2', 'LINK-1']);
  });
});
