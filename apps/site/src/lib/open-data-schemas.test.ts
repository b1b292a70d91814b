/**
 * The JSON API is what its documentation says: every endpoint's records pass through their schema
 * without losing a field, and every field of every record is documented in both locales.
 */
import { describe, expect, test } from 'vitest';
import { buildFixtureSnapshot } from '../fixtures/fixture.js';
import { checkRecords, outletRecord, storyRecord } from './open-data.js';
import {
  documentedFields,
  endpointJsonSchema,
  OPEN_DATA_ENDPOINTS,
  openDataDocument,
  StoryRecordSchema,
} from './open-data-schemas.js';
import { createSnapshotSiteData } from './snapshot.js';

const SITE = 'https://espectro.example';
const data = createSnapshotSiteData(buildFixtureSnapshot({ stories: 40, hostile: true }));

/** Every dotted path of the fields present in `value` (arrays as `[]`), down to `depth` levels. */
function presentPaths(value: unknown, prefix = '', depth = 2, level = 1): string[] {
  const paths: string[] = [];
  const objectOf = (item: unknown): { object: Record<string, unknown>; suffix: string } | undefined => {
    if (Array.isArray(item)) {
      const first = item.find((entry) => entry !== null && typeof entry === 'object');
      const inner = first === undefined ? undefined : objectOf(first);
      return inner === undefined ? undefined : { object: inner.object, suffix: `[]${inner.suffix}` };
    }
    return item !== null && typeof item === 'object'
      ? { object: item as Record<string, unknown>, suffix: '' }
      : undefined;
  };
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    paths.push(`${prefix}${key}`);
    const inner = objectOf(child);
    if (inner !== undefined && level < depth)
      paths.push(...presentPaths(inner.object, `${prefix}${key}${inner.suffix}.`, depth, level + 1));
  }
  return paths;
}

describe('open-data API', () => {
  test('each endpoint serialises every record through its schema without dropping or changing a field', async () => {
    const raw = {
      historias: (await data.listStories()).map((story) => storyRecord(story, SITE)),
      fuentes: (await data.listOutlets()).map(outletRecord),
      checagens: checkRecords(await data.listDebates()),
    };
    for (const endpoint of OPEN_DATA_ENDPOINTS) {
      const document = await openDataDocument(data, endpoint.name, SITE);
      const records = document[endpoint.list] as unknown[];
      expect(records.length).toBeGreaterThan(0);
      // JSON round trip: what the endpoint writes equals the site's own record, field for field.
      expect(JSON.parse(JSON.stringify(records))).toEqual(JSON.parse(JSON.stringify(raw[endpoint.name])));
      expect(document.source).toEqual(data.source);
    }
  });

  test("an outlet record carries its ownership history in the evidence's format, and refuses a malformed entry", async () => {
    const fixtures = await data.listOutlets();
    expect(fixtures.every((outlet) => outlet.ownershipHistory === undefined)).toBe(true);
    const fuentes = OPEN_DATA_ENDPOINTS.find((endpoint) => endpoint.name === 'fuentes')!;
    const sale = { date: '2026-03-02', event: 'vendido a Grupo Ficticio', control_change: true };
    const record = outletRecord({ ...fixtures[0]!, ownershipHistory: [sale] });
    expect(fuentes.schema.parse(record)).toMatchObject({ ownershipHistory: [sale] });
    expect(outletRecord(fixtures[0]!).ownershipHistory).toEqual([]);
    // a change of control needs a full date (CONF-CHANGE): the methodology's own entry schema
    expect(() => fuentes.schema.parse({ ...record, ownershipHistory: [{ ...sale, date: '2026' }] })).toThrow(/date/);
    expect(documentedFields(fuentes, 'pt-BR').find((field) => field.path === 'ownershipHistory')?.description).toMatch(
      /^Histórico da propriedade/,
    );
  });

  test('an undocumented field is an error, not a silent extra', () => {
    const story = storyRecord(buildFixtureSnapshot({ stories: 5 }).stories[0]!, SITE);
    expect(() => StoryRecordSchema.parse({ ...story, secret: 1 })).toThrow(/secret/);
  });

  test('every field present in the data is documented, with a meaning in es and pt-BR', async () => {
    for (const endpoint of OPEN_DATA_ENDPOINTS) {
      const es = documentedFields(endpoint, 'es');
      const pt = documentedFields(endpoint, 'pt-BR');
      const documented = new Set(es.map((field) => field.path));
      const records = (await openDataDocument(data, endpoint.name, SITE))[endpoint.list] as unknown[];
      const present = new Set(records.flatMap((record) => presentPaths(record)));
      expect([...present].filter((path) => !documented.has(path))).toEqual([]);
      // Top-level fields are the API's own: each has its meaning in both languages.
      for (const field of es.filter((entry) => !entry.path.includes('.')))
        expect(field.description, field.path).toBeTruthy();
      for (const field of pt.filter((entry) => !entry.path.includes('.')))
        expect(field.description, field.path).toBeTruthy();
      expect(es.map((field) => field.path)).toEqual(pt.map((field) => field.path));
      expect(es.find((field) => field.path === endpoint.id.split(' ')[0])).toBeDefined();
    }
    const stories = documentedFields(OPEN_DATA_ENDPOINTS[0]!, 'es');
    expect(stories.find((field) => field.path === 'coverage.percent')?.type).toBe('object');
    expect(stories.find((field) => field.path === 'tier')?.type).toBe('"main" | "limited"');
    expect(stories.find((field) => field.path === 'country')?.type).toBe('string | null');
  });

  test('each JSON Schema is a draft 2020-12 object schema that closes its records', () => {
    for (const endpoint of OPEN_DATA_ENDPOINTS) {
      const schema = endpointJsonSchema(endpoint);
      expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(schema.type).toBe('object');
      expect(schema.additionalProperties).toBe(false);
    }
  });
});
