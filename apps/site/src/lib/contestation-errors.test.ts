/**
 * What a reader (or an API client) is told when a contestation or a report is refused: every
 * field's problem in the request's language, naming the field by its label on the form, with a
 * stable code and the field's path beside it; a text over its limit is refused with the limit.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONTESTATION_TEXT_MAX_LENGTH } from '@espectro/methodology';
import { describe, expect, test } from 'vitest';
import { t, type Locale } from '../i18n.js';
import { createFileContestationBackend } from './contestations.js';
import { localeOfAcceptLanguage, localeOfLanguageTag } from './locales.js';
import { requestedLocale, submitContestation, submitReport, type RequestProblem } from './requests.js';

const LOCALES = ['es', 'pt-BR'] as const;
const now = new Date('2026-04-27T10:00:00Z');
const valid = { dimension: 'factuality', outlet: 'cordillera.example', text: 'Corrige esto.' };

/** English that zod or a schema would print, and internal names the reader never sees. */
const NOT_FOR_READERS = /\b(Invalid|expected|Too (big|small)|must not|not found|unknown field|string|undefined)\b|<=/;

async function refusal(locale: Locale, fields: Record<string, unknown>): Promise<RequestProblem> {
  const outcome = await submitContestation({
    fields,
    contesterId: 'lector-1',
    backend: createFileContestationBackend(join(mkdtempSync(join(tmpdir(), 'espectro-errors-')), 'c.json')),
    outletExists: async (domain) => domain === 'cordillera.example',
    now,
    locale,
  });
  if (outcome.ok) throw new Error(`expected a refusal for ${JSON.stringify(fields).slice(0, 80)}`);
  return outcome.problem;
}

describe.each(LOCALES)('a refused contestation in %s', (locale) => {
  const other: Locale = locale === 'es' ? 'pt-BR' : 'es';
  const cases = [
    { field: 'dimension', label: 'contestDimension', fields: { ...valid, dimension: 'tone' }, code: 'invalid_option' },
    { field: 'dimension', label: 'contestDimension', fields: { ...valid, dimension: undefined }, code: 'required' },
    { field: 'outlet', label: 'outlet', fields: { ...valid, outlet: 'HTTPS://X' }, code: 'invalid_domain' },
    { field: 'outlet', label: 'outlet', fields: { ...valid, outlet: 7 }, code: 'not_text' },
    { field: 'text', label: 'contestText', fields: { ...valid, text: '   ' }, code: 'blank' },
    { field: 'text', label: 'contestText', fields: { ...valid, text: undefined }, code: 'required' },
    { field: 'text', label: 'contestText', fields: { ...valid, text: 'a\u0000b' }, code: 'invalid_characters' },
    { field: 'contesterId', label: undefined, fields: { ...valid, contesterId: 'x' }, code: 'unknown_field' },
    { field: 'outlet', label: 'outlet', fields: { ...valid, outlet: 'otro.example' }, code: 'unknown_outlet' },
  ] as const;

  test.each(cases)('$field ($code): named by its label, a stable code, no English', async (item) => {
    const fields = Object.fromEntries(Object.entries(item.fields).filter(([, value]) => value !== undefined));
    const problem = await refusal(locale, fields);
    expect(problem.issues).toHaveLength(1);
    const [issue] = problem.issues!;
    const label = item.label === undefined ? item.field : t(locale, item.label);
    expect(issue).toMatchObject({ path: item.field, code: item.code, field: label });
    // Each message starts with the field as the form names it; an unknown outlet names the outlet.
    if (item.code === 'unknown_outlet') expect(issue!.message).toContain('otro.example');
    else expect(issue!.message.startsWith(`«${label}»`)).toBe(true);
    expect(problem.message).toContain(issue!.message);
    expect(problem.message).not.toMatch(NOT_FOR_READERS);
    // The same refusal in the other language is another text (nothing left untranslated).
    const translated = await refusal(other, fields);
    expect(translated.issues![0]!.code).toBe(item.code);
    expect(translated.message).not.toBe(problem.message);
  });

  test('an invalid dimension lists the options as the form labels them, each with its value', async () => {
    const problem = await refusal(locale, { ...valid, dimension: 'tone' });
    expect(problem.message).toContain(locale === 'es' ? '«Sesgo» (bias)' : '«Viés» (bias)');
    expect(problem.message).toContain('(ownership)');
  });

  test('a paste over the limit is refused with the limit and its length, never cut', async () => {
    const text = 'á'.repeat(CONTESTATION_TEXT_MAX_LENGTH + 17);
    const problem = await refusal(locale, { ...valid, text });
    expect(problem).toMatchObject({ status: 400, code: 'invalid_fields' });
    expect(problem.issues).toEqual([
      expect.objectContaining({
        path: 'text',
        code: 'too_long',
        field: t(locale, 'contestText'),
        maximum: CONTESTATION_TEXT_MAX_LENGTH,
        received: CONTESTATION_TEXT_MAX_LENGTH + 17,
      }),
    ]);
    expect(problem.message).toContain(String(CONTESTATION_TEXT_MAX_LENGTH));
    expect(problem.message).toContain(String(CONTESTATION_TEXT_MAX_LENGTH + 17));
    expect(problem.message).toMatch(locale === 'es' ? /No se recortó nada/ : /Nada foi cortado/);
    // At the limit it is accepted whole.
    const accepted = await submitContestation({
      fields: { ...valid, text: 'á'.repeat(CONTESTATION_TEXT_MAX_LENGTH) },
      contesterId: 'lector-2',
      backend: createFileContestationBackend(join(mkdtempSync(join(tmpdir(), 'espectro-errors-')), 'c.json')),
      outletExists: async () => true,
      now,
      locale,
    });
    expect(accepted.ok && accepted.record.contestation.text.length).toBe(CONTESTATION_TEXT_MAX_LENGTH);
  });

  test('several bad fields are each named, in the form order of the schema', async () => {
    const problem = await refusal(locale, { dimension: 'x', outlet: 'Y', text: '' });
    expect(problem.issues!.map((issue) => issue.path)).toEqual(['dimension', 'outlet', 'text']);
    expect(problem.message.split('; ')).toHaveLength(3);
  });
});

describe('reader reports on a check', () => {
  const report = (locale: Locale, fields: Record<string, unknown>) =>
    submitReport({
      fields,
      backend: createFileContestationBackend(join(mkdtempSync(join(tmpdir(), 'espectro-errors-')), 'c.json')),
      checkExists: async (checkId) => checkId === 'aurora#0.0',
      now,
      locale,
    });

  test.each(LOCALES)('an unknown check and a blank message are told in %s', async (locale) => {
    const missing = await report(locale, { checkId: 'no-existe', message: 'Dato errado.' });
    expect(missing).toMatchObject({
      ok: false,
      problem: { status: 404, code: 'not_found', message: t(locale, 'checkNotFound', { id: 'no-existe' }) },
    });
    const blank = await report(locale, { checkId: 'aurora#0.0', message: '  ' });
    if (blank.ok) throw new Error('a blank report must be refused');
    expect(blank.problem.issues).toEqual([
      expect.objectContaining({ path: 'message', code: 'blank', field: t(locale, 'reportMessage') }),
    ]);
    for (const outcome of [missing, blank]) {
      if (!outcome.ok) expect(outcome.problem.message).not.toMatch(NOT_FOR_READERS);
    }
  });
});

describe('the language of a JSON request', () => {
  test('Accept-Language: the preferred of the two site languages, by q, Spanish when neither', () => {
    expect(localeOfAcceptLanguage('en-US,en;q=0.9,pt-BR;q=0.8,es;q=0.5')).toBe('pt-BR');
    expect(localeOfAcceptLanguage('pt;q=0.4, es-CL')).toBe('es');
    expect(localeOfAcceptLanguage('PT-pt')).toBe('pt-BR');
    expect(localeOfAcceptLanguage('pt;q=0, en')).toBe('es');
    expect(localeOfAcceptLanguage('*', 'pt-BR')).toBe('pt-BR');
    expect(localeOfAcceptLanguage(null)).toBe('es');
    expect(localeOfLanguageTag('espectro')).toBeUndefined();
  });

  test('Accept-Language: ties go to the first range, whatever its specificity; unusable ranges name nothing', () => {
    expect(localeOfAcceptLanguage('es-CL, pt')).toBe('es');
    expect(localeOfAcceptLanguage('pt-BR;q=0.7, es;q=0.7')).toBe('pt-BR');
    expect(localeOfAcceptLanguage('en, *;q=0.5', 'pt-BR')).toBe('pt-BR');
    expect(localeOfAcceptLanguage('pt;q=abc, es;q=0.2')).toBe('es');
    expect(localeOfAcceptLanguage('  pt-br ;q=0.9 , en')).toBe('pt-BR');
    expect(localeOfAcceptLanguage('', 'pt-BR')).toBe('pt-BR');
  });

  test("the body's lang wins over the header; another value is refused naming the field", () => {
    expect(requestedLocale('pt', 'es')).toEqual({ ok: true, locale: 'pt-BR' });
    expect(requestedLocale('es', 'pt-BR')).toEqual({ ok: true, locale: 'es' });
    expect(requestedLocale(undefined, 'pt-BR')).toEqual({ ok: true, locale: 'pt-BR' });
    const refused = requestedLocale('en', 'pt-BR');
    expect(refused).toMatchObject({
      ok: false,
      problem: { status: 400, issues: [{ path: 'lang', code: 'invalid_option', field: 'Idioma da resposta' }] },
    });
  });
});
