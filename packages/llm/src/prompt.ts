import { LlmError } from './errors.js';

/** Values a prompt is rendered with. */
export type PromptVariables = Record<string, unknown>;

type Trim<Text extends string> = Text extends ` ${infer Rest}`
  ? Trim<Rest>
  : Text extends `${infer Rest} `
    ? Trim<Rest>
    : Text;

/** The `{{name}}` placeholders of a literal template string, as a union of names. */
export type TemplateVariableNames<Template extends string> = string extends Template
  ? never
  : Template extends `${string}{{${infer Name}}}${infer Rest}`
    ? Trim<Name> | TemplateVariableNames<Rest>
    : never;

/** A prompt rendered for one call. */
export interface RenderedPrompt {
  promptId: string;
  promptVersion: string;
  system: string | undefined;
  user: string;
}

/**
 * A versioned prompt template. The id and version travel with every result and every ledger entry
 * (rule AUDIT: every classification stores the prompt version); change `version` whenever the
 * wording changes, so that results made with different wordings stay distinguishable.
 */
export interface Prompt<Variables extends PromptVariables = PromptVariables> {
  readonly id: string;
  readonly version: string;
  readonly description: string | undefined;
  /** Renders system and user text; throws `LlmError` `invalid_prompt` naming any missing variable. */
  render(variables: Variables): RenderedPrompt;
}

/** A template: a string with `{{name}}` placeholders, or a function of the variables. */
export type PromptTemplate<Variables extends PromptVariables> = string | ((variables: Variables) => string);

/** Definition with `{{name}}` string templates (variable names are inferred from literal strings). */
export interface StringPromptDefinition<Template extends string, System extends string> {
  /** Stable identifier, e.g. `synthesis.story`. */
  id: string;
  /** Version of this wording, e.g. `2026-03-01` or `3`. */
  version: string;
  description?: string;
  system?: System;
  template: Template;
}

/** Definition with function templates (variables typed by the function parameter). */
export interface FunctionPromptDefinition<Variables extends PromptVariables> {
  id: string;
  version: string;
  description?: string;
  system?: PromptTemplate<Variables>;
  template: (variables: Variables) => string;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g;

function formatValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value, null, 2);
}

function renderTemplate(
  template: PromptTemplate<PromptVariables>,
  variables: PromptVariables,
  where: string,
  id: string,
  version: string,
): string {
  if (typeof template === 'function') return template(variables);
  const missing: string[] = [];
  const text = template.replace(PLACEHOLDER, (_match, name: string) => {
    const value = variables[name];
    if (value === undefined || value === null) {
      missing.push(name);
      return '';
    }
    return formatValue(value);
  });
  if (missing.length > 0) {
    throw new LlmError({
      code: 'invalid_prompt',
      stage: 'render_prompt',
      message: `prompt ${id}@${version}: ${where} needs variable(s) ${[...new Set(missing)].map((name) => `"${name}"`).join(', ')}`,
    });
  }
  return text;
}

/**
 * Defines a versioned prompt. String templates use `{{name}}` placeholders (strings are inserted as
 * they are, numbers and booleans as text, anything else as indented JSON); function templates get
 * the typed variables.
 *
 * @example
 * const judge = definePrompt({
 *   id: 'clustering.judge', version: '2',
 *   system: 'You decide whether two headlines report the same event.',
 *   template: 'A: {{a}}\nB: {{b}}',
 * });
 * judge.render({ a: 'Sube el dólar', b: 'El dólar sube otra vez' });
 */
export function definePrompt<const Template extends string, const System extends string = never>(
  definition: StringPromptDefinition<Template, System>,
): Prompt<Record<TemplateVariableNames<Template> | TemplateVariableNames<System>, unknown>>;
export function definePrompt<Variables extends PromptVariables>(
  definition: FunctionPromptDefinition<Variables>,
): Prompt<Variables>;
export function definePrompt(definition: {
  id: string;
  version: string;
  description?: string;
  system?: PromptTemplate<PromptVariables>;
  template: PromptTemplate<PromptVariables>;
}): Prompt {
  const { id, version, system, template, description } = definition;
  if (typeof id !== 'string' || id.trim() === '' || typeof version !== 'string' || version.trim() === '') {
    throw new LlmError({
      code: 'invalid_prompt',
      stage: 'render_prompt',
      message: 'definePrompt needs a non-empty string `id` and `version`',
    });
  }
  return Object.freeze({
    id,
    version,
    description,
    render(variables: PromptVariables = {}): RenderedPrompt {
      return {
        promptId: id,
        promptVersion: version,
        system: system === undefined ? undefined : renderTemplate(system, variables, 'system', id, version),
        user: renderTemplate(template, variables, 'template', id, version),
      };
    },
  });
}
