import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { politicalActorMapJsonSchema } from './actor-schema.js';
import {
  actorContext,
  governmentAt,
  loadPoliticalActorMap,
  parsePoliticalActorMap,
  type PoliticalActorMap,
} from './actors.js';
import { RatingError } from './errors.js';

const directory = fileURLToPath(new URL('../../../data/political-actors/', import.meta.url));
const countries = readdirSync(directory)
  .filter((file) => /^[a-z]{2}\.json$/.test(file))
  .map((file) => file.slice(0, 2).toUpperCase());

describe('bundled political-actor maps (data/political-actors)', () => {
  test('cover at least Argentina, Brazil, Chile, Colombia, Mexico and Spain', () => {
    expect(countries).toEqual(expect.arrayContaining(['AR', 'BR', 'CL', 'CO', 'MX', 'ES']));
  });

  test.each(countries)('%s loads, is consistent, and names a government on its as_of date', async (country) => {
    const map = await loadPoliticalActorMap(country, directory);
    expect(map.country).toBe(country);
    const context = actorContext(map, map.as_of);
    expect(context.figures.length).toBeGreaterThan(0);
    expect(context.headOfGovernment.kind).toBe('person');
    expect(context.headOfGovernment.lean).toBe(context.incumbent);
    for (const actor of map.actors) expect(actor.source.length).toBeGreaterThan(3);
    expect(context.actors.some((actor) => actor.side === 'opposition')).toBe(true);
  });

  test('schema.json is generated from PoliticalActorMapSchema (run `pnpm --filter @espectro/rating actor-schema`)', () => {
    const committed = JSON.parse(readFileSync(`${directory}schema.json`, 'utf8')) as unknown;
    expect(committed).toEqual(politicalActorMapJsonSchema());
  });

  test('Chile: the government changes on 2026-03-11 and sides follow it', async () => {
    const map = await loadPoliticalActorMap('CL', directory);
    expect(governmentAt(map, '2026-03-10').head_of_government).toBe('gabriel-boric');
    expect(governmentAt(map, '2026-03-11').head_of_government).toBe('jose-antonio-kast');
    const before = actorContext(map, '2026-01-15');
    const after = actorContext(map, '2026-04-27');
    expect(before.incumbent).toBe('left');
    expect(after.incumbent).toBe('right');
    expect(before.actors.find((actor) => actor.id === 'gabriel-boric')!.side).toBe('government');
    expect(after.actors.find((actor) => actor.id === 'gabriel-boric')!.side).toBe('opposition');
  });

  test('Colombia: no government on record after 2026-08-07 — the incumbent is never guessed', async () => {
    const map = await loadPoliticalActorMap('CO', directory);
    expect(() => governmentAt(map, '2026-08-07')).toThrow(expect.objectContaining({ code: 'no_government' }));
    expect(actorContext(map, '2026-04-27').stale).toBe(false);
  });
});

describe('parsePoliticalActorMap', () => {
  const base: PoliticalActorMap = {
    country: 'XX',
    name: 'Test',
    language: 'es',
    as_of: '2026-01-01',
    compiled: 'test',
    executive_aliases: [],
    governments: [
      {
        head_of_government: 'ana',
        incumbent_bucket: 'left',
        from: '2024-01-01',
        governing_parties: ['p1'],
        main_opposition: ['p2'],
        source: 'x',
      },
    ],
    actors: [
      { id: 'ana', kind: 'person', name: 'Ana', party: 'p1', lean: 'left', source: 'x' },
      { id: 'p1', kind: 'party', name: 'P1', lean: 'left', source: 'x' },
      { id: 'p2', kind: 'party', name: 'P2', lean: 'right', source: 'x' },
    ],
  };

  test('accepts a consistent map', () => {
    expect(parsePoliticalActorMap(base).actors).toHaveLength(3);
  });

  test.each([
    ['a duplicate id', { ...base, actors: [...base.actors, base.actors[1]!] }, /duplicate actor id/],
    [
      'an unknown party',
      { ...base, actors: [{ ...base.actors[0]!, party: 'p9' }, ...base.actors.slice(1)] },
      /party "p9"/,
    ],
    [
      'a head of government that is not a person',
      { ...base, governments: [{ ...base.governments[0]!, head_of_government: 'p1' }] },
      /not a person/,
    ],
    [
      'a party both governing and opposition',
      { ...base, governments: [{ ...base.governments[0]!, main_opposition: ['p1'] }] },
      /both governing and main opposition/,
    ],
    [
      'overlapping periods',
      {
        ...base,
        governments: [
          { ...base.governments[0]!, to: '2025-01-01' },
          { ...base.governments[0]!, from: '2024-06-01' },
        ],
      },
      /overlap/,
    ],
    [
      'an open-ended period before another',
      { ...base, governments: [base.governments[0]!, { ...base.governments[0]!, from: '2025-06-01' }] },
      /only the last/,
    ],
    ['an unknown field', { ...base, extra: 1 }, /extra/],
    ['a bad lean', { ...base, actors: [{ ...base.actors[0]!, lean: 'centre' }, ...base.actors.slice(1)] }, /lean/],
  ])('rejects %s', (_label, input, message) => {
    expect(() => parsePoliticalActorMap(input)).toThrow(RatingError);
    expect(() => parsePoliticalActorMap(input)).toThrow(message);
  });
});
