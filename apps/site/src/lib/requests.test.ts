/**
 * A rejected form names each field as the reader sees it, in the reader's language, with zod's
 * message in that language too (the editor's triage form and the reader forms share this).
 */
import { ContestationTransitionRequestSchema, TRIAGE_NOTES_MAX_LENGTH } from '@espectro/methodology';
import { describe, expect, test } from 'vitest';
import { t } from '../i18n.js';
import { describeFieldIssues, zodErrors } from './requests.js';

describe('describeFieldIssues', () => {
  const transition = {
    to: 'triage',
    by: '',
    at: '2026-04-27T11:00:00Z',
    notes: 'x'.repeat(TRIAGE_NOTES_MAX_LENGTH + 1),
  };

  test.each(['es', 'pt-BR'] as const)('the triage form in %s: «label»: message for each field', (locale) => {
    const parsed = ContestationTransitionRequestSchema.safeParse(transition, zodErrors(locale));
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    const text = describeFieldIssues(locale, parsed.error, transition);
    const [editor, notes] = text.split('; ');
    expect(editor?.startsWith(`«${t(locale, 'triageEditor')}»: `)).toBe(true);
    expect(notes?.startsWith(`«${t(locale, 'triageNotes')}»: `)).toBe(true);
    expect(text).not.toMatch(/«by»|«notes»/);
    // zod's own message in the reader's language, not the English default.
    expect(text).not.toMatch(/Too (small|big)/i);
  });

  test('the target status is named as the page names it; a field without a label keeps its name', () => {
    const parsed = ContestationTransitionRequestSchema.safeParse({ ...transition, by: 'editora', notes: '', to: 'x' });
    expect(parsed.success).toBe(false);
    if (!parsed.success)
      expect(describeFieldIssues('es', parsed.error, { ...transition, to: 'x' })).toMatch(/^«Estado»: /);
    // `at` is the server's clock, never a form field: it has no label.
    const unlabelled = ContestationTransitionRequestSchema.safeParse({
      ...transition,
      by: 'editora',
      notes: '',
      at: 'x',
    });
    expect(unlabelled.success).toBe(false);
    if (!unlabelled.success)
      expect(describeFieldIssues('es', unlabelled.error, { ...transition, at: 'x' })).toMatch(/^«at»: /);
  });
});
