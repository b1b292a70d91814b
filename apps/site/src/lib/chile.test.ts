import { FigureSchema, billPageUrl } from '@espectro/methodology';
import { describe, expect, test } from 'vitest';
import {
  CHILE_CLASSES,
  CHILE_CLASS_SLUGS,
  boletinLinks,
  chileClassOfSlug,
  chileDataOfSnapshot,
  chileValidation,
  createChileData,
  figureText,
  goldenExampleHeadlines,
  intervalAgainst,
  publishedText,
  type SiteChileHeadline,
} from './chile.js';

const headline = (id: string, publishedAt: string | null, cls: SiteChileHeadline['class']): SiteChileHeadline => ({
  id,
  outlet: 'latercera',
  outletName: 'La Tercera',
  url: `https://www.latercera.com/${id}`,
  publishedAt,
  title: `Titular ${id}`,
  description: null,
  class: cls,
  backend: 'rules-baseline (offline)',
  evidence: null,
  evidenceField: null,
  boletines: [],
  classifiedAt: '2026-04-27T10:00:00Z',
});

describe('chile data', () => {
  test('every class has one slug and an unknown slug names none (served pages answer 404)', () => {
    expect(new Set(Object.values(CHILE_CLASS_SLUGS)).size).toBe(CHILE_CLASSES.length);
    for (const label of CHILE_CLASSES) expect(chileClassOfSlug(CHILE_CLASS_SLUGS[label])).toBe(label);
    expect(chileClassOfSlug('legislative_process')).toBeUndefined();
  });

  test('lists newest first (undated last), filters by class and counts every class', async () => {
    const chile = createChileData(
      [
        headline('a', '2026-04-01T10:00:00Z', 'non_legislative'),
        headline('b', null, 'legislative_process'),
        headline('c', '2026-04-02T10:00:00Z', 'legislative_process'),
      ],
      'monitor',
    );
    expect((await chile.listHeadlines()).map((row) => row.id)).toEqual(['c', 'a', 'b']);
    expect((await chile.listHeadlines({ class: 'legislative_process' })).map((row) => row.id)).toEqual(['c', 'b']);
    const counts = await chile.counts();
    expect(counts.total).toBe(3);
    expect(counts.byClass).toMatchObject({ legislative_process: 2, non_legislative: 1, ambiguous: 0 });
    expect(publishedText(headline('x', null, null))).toBe('sin fecha');
  });

  test('links a bill only through a boletín written in the text (LINK-1)', () => {
    expect(boletinLinks({ boletines: ['12345-07'] })).toEqual([{ boletin: '12345-07', url: billPageUrl('12345-07') }]);
    expect(boletinLinks({ boletines: [] })).toEqual([]);
  });

  test('a fixture snapshot shows golden-set examples from the monitored outlets, a real one only what it holds', async () => {
    expect(chileDataOfSnapshot({ source: { fixture: false } }).origin).toBe('monitor');
    expect(await chileDataOfSnapshot({ source: { fixture: false } }).listHeadlines()).toEqual([]);
    const examples = await goldenExampleHeadlines();
    expect(examples.length).toBeGreaterThan(10);
    for (const example of examples) {
      expect(example.outlet).toMatch(/La Tercera|La Cuarta|Ex-Ante|BioBioChile|Cooperativa/i);
      expect(Object.keys(example)).not.toContain('body');
    }
    expect(chileDataOfSnapshot({ source: { fixture: true } }).origin).toBe('golden-examples');
  });
});

describe('chileValidation (AGR-5)', () => {
  test('gives the out-of-sample figure with its n and interval, and prints both', async () => {
    const summary = await chileValidation();
    const macro = summary.outOfSample.evaluation.macroAccuracy!;
    expect(FigureSchema.safeParse(macro).success).toBe(true);
    const text = figureText(macro).replace(/\u00a0/g, ' ');
    expect(text).toMatch(/^\d+,\d % \(IC 95 %: \d+,\d %–\d+,\d %; n = \d+\)$/);
    expect(text).toContain(`n = ${macro.n}`);
    expect(figureText(summary.outOfSample.agreement.kappa!, 'coefficient').replace(/\u00a0/g, ' ')).toMatch(
      /^\d,\d\d \(IC 95 %: .+; n = \d+\)$/,
    );
    expect(summary.inSample.cases).toBeGreaterThan(macro.n);
  });
});

describe('intervalAgainst', () => {
  test('says whether the interval lies above, below or across the pre-registered minimum', () => {
    expect(intervalAgainst({ interval: [0.798, 0.986] }, 0.8)).toBe('across');
    expect(intervalAgainst({ interval: [0.8, 0.9] }, 0.8)).toBe('above');
    expect(intervalAgainst({ interval: [0.6, 0.799] }, 0.8)).toBe('below');
  });
});
