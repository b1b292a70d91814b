import { z } from 'zod';
import { allSchemas } from './catalogue.js';
import { METHODOLOGY_VERSION } from './version.js';

/**
 * Renders every exported zod schema as a JSON Schema document (draft 2020-12), keyed by name.
 * Input schemas are rendered in their `input` shape (what a caller may send).
 */
export function renderJsonSchemas(): Record<string, string> {
  const rendered: Record<string, string> = {};
  for (const name of Object.keys(allSchemas).sort()) {
    const schema = allSchemas[name]!;
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    const document = {
      $id: `https://espectro.dev/schemas/${METHODOLOGY_VERSION}/${name}.json`,
      title: name,
      ...json,
    };
    rendered[name] = `${JSON.stringify(document, null, 2)}\n`;
  }
  return rendered;
}
