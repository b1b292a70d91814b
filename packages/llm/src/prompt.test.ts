import { fc, test } from '@fast-check/vitest';
import { describe, expect, expectTypeOf } from 'vitest';
import { LlmError } from './errors.js';
import { definePrompt, type TemplateVariableNames } from './prompt.js';

describe('definePrompt', () => {
  test('renders string templates with id and version', () => {
    const prompt = definePrompt({
      id: 'synthesis.story',
      version: '3',
      system: 'Escribe en {{language}} neutral.',
      template: 'Artículos:\n{{ articles }}\nMáximo {{max}} frases.',
    });
    const rendered = prompt.render({ language: 'español', articles: [{ id: 'a1', title: 'X' }], max: 14 });
    expect(rendered).toEqual({
      promptId: 'synthesis.story',
      promptVersion: '3',
      system: 'Escribe en español neutral.',
      user: `Artículos:\n${JSON.stringify([{ id: 'a1', title: 'X' }], null, 2)}\nMáximo 14 frases.`,
    });
    expect(Object.isFrozen(prompt)).toBe(true);
  });

  test('variable names are inferred from literal templates', () => {
    expectTypeOf<TemplateVariableNames<'A {{a}} B {{ b }} {{a}}'>>().toEqualTypeOf<'a' | 'b'>();
    const prompt = definePrompt({ id: 'x', version: '1', template: 'Hello {{name}}' });
    expectTypeOf(prompt.render).parameter(0).toEqualTypeOf<Record<'name', unknown>>();
  });

  test('function templates get typed variables', () => {
    const prompt = definePrompt({
      id: 'factcheck.claims',
      version: '1',
      template: (variables: { transcript: string; speakers: string[] }) =>
        `${variables.speakers.join(', ')}: ${variables.transcript}`,
    });
    expect(prompt.render({ transcript: 'hola', speakers: ['A', 'B'] }).user).toBe('A, B: hola');
  });

  test('missing variables fail with invalid_prompt naming them', () => {
    const prompt = definePrompt({ id: 'x', version: '2', template: '{{a}} {{b}} {{a}}' });
    expect(() => prompt.render({ a: 1 } as unknown as { a: unknown; b: unknown })).toThrowError(
      /invalid_prompt — prompt x@2: template needs variable\(s\) "b"/,
    );
    try {
      prompt.render({} as { a: unknown; b: unknown });
    } catch (error) {
      expect(error).toBeInstanceOf(LlmError);
      expect((error as LlmError).code).toBe('invalid_prompt');
      expect((error as LlmError).message).toContain('"a", "b"');
    }
  });

  test('id and version are required', () => {
    expect(() => definePrompt({ id: '', version: '1', template: 'x' })).toThrow(LlmError);
    expect(() => definePrompt({ id: 'x', version: ' ', template: 'x' })).toThrow(LlmError);
  });

  test.prop([fc.string(), fc.string({ minLength: 1, maxLength: 10 }).filter((version) => version.trim() !== '')])(
    'string values are inserted verbatim',
    (value, version) => {
      const prompt = definePrompt({ id: 'p', version, template: '<{{value}}>' });
      const rendered = prompt.render({ value });
      expect(rendered.user).toBe(`<${value}>`);
      expect(rendered.promptVersion).toBe(version);
    },
  );
});
