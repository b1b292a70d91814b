import { z } from 'zod';
import { PoliticalActorMapSchema } from './actors.js';

/**
 * The JSON Schema (draft 2020-12) of a political-actor map, generated from
 * {@link PoliticalActorMapSchema}; committed as `data/political-actors/schema.json` for editors
 * outside TypeScript.
 *
 * @example
 * writeFileSync('schema.json', JSON.stringify(politicalActorMapJsonSchema(), null, 2));
 */
export function politicalActorMapJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(PoliticalActorMapSchema, { io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return {
    ...schema,
    $id: 'https://github.com/espectro/espectro/blob/main/data/political-actors/schema.json',
    title: 'Espectro political-actor map',
    description:
      'A country’s governments, parties, named figures and think tanks with their usual left/center/right placement (reference data for seed 002 §4 metrics 1, 2 and 4). See data/political-actors/README.md.',
  };
}
