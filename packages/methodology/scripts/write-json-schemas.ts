/**
 * Writes one JSON Schema file per exported zod schema into `schemas/`, so that users outside
 * TypeScript can validate their data. A test checks that the committed files match the code.
 * Run: `pnpm --filter @espectro/methodology schemas`.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderJsonSchemas } from '../src/json-schemas.js';

const schemasDirectory = join(dirname(fileURLToPath(import.meta.url)), '..', 'schemas');
mkdirSync(schemasDirectory, { recursive: true });
for (const file of readdirSync(schemasDirectory)) rmSync(join(schemasDirectory, file));
const rendered = renderJsonSchemas();
for (const [name, text] of Object.entries(rendered)) writeFileSync(join(schemasDirectory, `${name}.json`), text);
console.log(`wrote ${Object.keys(rendered).length} JSON Schemas to ${schemasDirectory}`);
