import { ContestationStatusSchema } from '@espectro/methodology';
import { describe, expect, test } from 'vitest';
import { LABELS } from '../i18n.js';
import { localeOfLangParameter } from './locales.js';
import { parseTransitionFields, transitionRefusalText } from './requests.js';

describe('the editor form in the reader language', () => {
  const at = new Date('2026-04-27T12:00:00Z');

  test('a bad transition form names each field by its label, with zod in that language', () => {
    const pt = parseTransitionFields({ action: 'transition', id: 'imp-1', to: 'closed', by: '' }, at, 'pt-BR');
    const es = parseTransitionFields({ action: 'transition', id: 'imp-1', to: 'closed', by: '' }, at, 'es');
    if (pt.ok || es.ok) throw new Error('an empty editor and an unknown status must be refused');
    expect(pt.problem.message.startsWith('A transição não é válida: ')).toBe(true);
    expect(pt.problem.message).toContain(`«${LABELS.status['pt-BR']}»: `);
    expect(pt.problem.message).toContain(`«${LABELS.triageEditor['pt-BR']}»: `);
    expect(es.problem.message.startsWith('La transición no es válida: ')).toBe(true);
    // zod speaks each language, never English, and never the internal field names.
    for (const message of [pt.problem.message, es.problem.message]) {
      expect(message).not.toMatch(/Invalid|expected|Too small|\bby:|\bto:/);
    }
    expect(pt.problem.message).not.toBe(es.problem.message);
  });

  test('an unknown field is refused before validation; a valid form passes with the server time', () => {
    const unknown = parseTransitionFields(
      { action: 'transition', id: 'x', to: 'triage', by: 'a', extra: '1' },
      at,
      'pt-BR',
    );
    expect(unknown.ok ? null : unknown.problem.code).toBe('unknown_fields');
    const valid = parseTransitionFields({ action: 'transition', id: 'x', to: 'triage', by: 'editora' }, at, 'pt-BR');
    expect(valid).toEqual({ ok: true, request: { to: 'triage', by: 'editora', notes: '', at: at.toISOString() } });
  });

  test('every refusal reason has its text in both languages, with the statuses as the page names them', () => {
    const [from, to] = ContestationStatusSchema.options;
    for (const reason of ['terminal_state', 'invalid_transition', 'not_chronological', 'notes_required'] as const) {
      const pt = transitionRefusalText('pt-BR', { reason, from: from!, to: to! });
      const es = transitionRefusalText('es', { reason, from: from!, to: to! });
      expect(pt).not.toBe(es);
      expect(pt).not.toMatch(/\{\w+\}/);
    }
    expect(transitionRefusalText('pt-BR', { reason: 'invalid_transition', from: 'open', to: 'accepted' })).toBe(
      'não é possível passar de «Aberta» para «Aceita»',
    );
  });

  test('the form pages answer at their two addresses only', () => {
    expect([undefined, 'pt', 'en', 'pt-BR'].map(localeOfLangParameter)).toEqual(['es', 'pt-BR', undefined, undefined]);
  });
});
