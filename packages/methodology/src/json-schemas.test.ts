import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderJsonSchemas } from './json-schemas.js';

const schemasDirectory = join(dirname(fileURLToPath(import.meta.url)), '..', 'schemas');

describe('published JSON Schemas', () => {
  it('match the zod schemas in the code (run `pnpm --filter @espectro/methodology schemas` after a change)', () => {
    const rendered = renderJsonSchemas();
    const committed = readdirSync(schemasDirectory)
      .filter((file) => file.endsWith('.json'))
      .sort();
    expect(committed).toEqual(
      Object.keys(rendered)
        .map((name) => `${name}.json`)
        .sort(),
    );
    for (const [name, text] of Object.entries(rendered)) {
      expect(readFileSync(join(schemasDirectory, `${name}.json`), 'utf8'), `schemas/${name}.json is stale`).toBe(text);
    }
  });
});
