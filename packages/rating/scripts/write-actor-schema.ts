/**
 * Writes `data/political-actors/schema.json` (repository root) from `PoliticalActorMapSchema`.
 * `pnpm --filter @espectro/rating actor-schema`; a test checks that the committed file matches.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { politicalActorMapJsonSchema } from '../src/actor-schema.js';

const target = fileURLToPath(new URL('../../../data/political-actors/schema.json', import.meta.url));
writeFileSync(target, `${JSON.stringify(politicalActorMapJsonSchema(), null, 2)}\n`);
console.log(`wrote ${target}`);
