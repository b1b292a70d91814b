import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MethodologyInputError } from '../errors.js';
import { HeadlineClassSchema } from '../shared/schemas.js';
import { BILL_PAGE_URL_TEMPLATE, billPageUrl } from './bill-page.js';
import { extractBoletines } from './boletin.js';
import { ClassifiedHeadlineSchema } from './classified.js';
import { headlineRules } from './rules.js';

const row = {
  id: 'latercera:0a1b2c3d4e5f6a7b',
  outlet: 'latercera.com',
  url: 'https://www.latercera.com/politica/noticia/x/',
  publishedAt: '2026-11-30T10:00:00Z',
  title: 'Senado despacha el boletín 12.345-07',
  description: null,
  class: 'legislative_process',
  backend: 'rules-baseline (offline)',
  evidence: 'Senado despacha',
  evidenceField: 'title',
  rejection: null,
  boletines: ['12345-07'],
  trace: ['HC-1', 'LINK-1', 'AGR-3'],
  firstSeenAt: '2026-11-30T10:05:00Z',
  classifiedAt: '2026-11-30T10:05:00Z',
};

describe('ClassifiedHeadlineSchema (HC-2 record + HC-1 class + LINK-1 numbers)', () => {
  it('accepts a classified headline and a rejected LLM answer', () => {
    expect(ClassifiedHeadlineSchema.parse(row)).toEqual(row);
    expect(ClassifiedHeadlineSchema.safeParse({ ...row, class: null, rejection: 'evidence not found' }).success).toBe(
      true,
    );
  });
  test.prop([fc.constantFrom('body', 'content', 'text', 'fullText')])('never carries a body field (HC-2)', (key) => {
    expect(ClassifiedHeadlineSchema.safeParse({ ...row, [key]: 'El texto completo.' }).success).toBe(false);
  });
  test.prop([fc.string({ minLength: 1 }).filter((value) => !HeadlineClassSchema.options.includes(value as never))])(
    'refuses a class outside HC-1',
    (value) => {
      expect(ClassifiedHeadlineSchema.safeParse({ ...row, class: value }).success).toBe(false);
    },
  );
  it('refuses boletines that are not in normal form', () => {
    expect(ClassifiedHeadlineSchema.safeParse({ ...row, boletines: ['12.345-07'] }).success).toBe(false);
  });
});

describe('billPageUrl (LINK-1)', () => {
  it('points at the public record of the bill', () => {
    expect(billPageUrl('12345-07')).toBe(
      'https://www.camara.cl/legislacion/ProyectosDeLey/tramitacion.aspx?prmBOLETIN=12345-07',
    );
    expect(headlineRules.find((rule) => rule.id === 'LINK-1')!.parameters).toContainEqual(
      expect.objectContaining({ name: 'billPageUrl', default: BILL_PAGE_URL_TEMPLATE }),
    );
  });
  test.prop([fc.integer({ min: 1, max: 999_999 }), fc.integer({ min: 0, max: 99 })])(
    'links every number LINK-1 extracts, and only it',
    (body, suffix) => {
      const [boletin] = extractBoletines(`Boletín N° ${body}-${String(suffix).padStart(2, '0')}`);
      const url = billPageUrl(boletin!);
      expect(url.startsWith(BILL_PAGE_URL_TEMPLATE.replace('{boletin}', ''))).toBe(true);
      expect(new URL(url).searchParams.get('prmBOLETIN')).toBe(boletin);
    },
  );
  test.prop([fc.string().filter((value) => !/^[1-9]\d{0,5}-\d{2}$/.test(value))])(
    'refuses anything that is not a normalised boletín',
    (value) => {
      expect(() => billPageUrl(value)).toThrow(MethodologyInputError);
    },
  );
});
