import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BucketSchema, IsoDateSchema, type Bucket } from '@espectro/methodology';
import { z } from 'zod';
import { ArticleLanguageSchema, type ArticleLanguage } from './articles.js';
import { dayNumber } from './dates.js';
import { formatZodIssues, RatingError } from './errors.js';

const ActorIdSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'expected a lowercase kebab-case id such as partido-popular');

/**
 * What an actor is. Persons are the "named figures" of seed 002 §4 (metric 2); every kind can be a
 * quoted source (metric 4).
 *
 * @example
 * PoliticalActorKindSchema.parse('think_tank');
 */
export const PoliticalActorKindSchema = z.enum(['person', 'party', 'coalition', 'think_tank']);
/** What an actor is. */
export type PoliticalActorKind = z.infer<typeof PoliticalActorKindSchema>;

/**
 * One actor of a country's political-actor map. `lean` is the usual left/center/right placement of
 * the actor (centre-left families → `left`, centre-right → `right`, only genuinely centrist actors
 * `center`); it is reference data for the quote distribution, not an Espectro rating.
 *
 * @example
 * PoliticalActorSchema.parse({ id: 'psoe', kind: 'party', name: 'Partido Socialista Obrero Español',
 *   aliases: ['PSOE'], lean: 'left', source: 'psoe.es' });
 */
export const PoliticalActorSchema = z.strictObject({
  id: ActorIdSchema,
  kind: PoliticalActorKindSchema,
  /** Full name as usually written in the country's press. */
  name: z.string().min(1),
  /** Other names (acronyms, surnames) for the language model and the reader. */
  aliases: z.array(z.string().min(1)).optional(),
  /**
   * Exact strings the offline lexicon matches (default: `name` and `aliases`). Leave out words that
   * are also common nouns or verbs ("Podemos", "Sumar", "Morena").
   */
  match: z.array(z.string().min(1)).optional(),
  /** Match `match`/`name`/`aliases` case-sensitively (all-capital acronyms always are). */
  case_sensitive: z.boolean().optional(),
  lean: BucketSchema,
  /** For persons: the id of their party (gives their government/opposition side). */
  party: ActorIdSchema.optional(),
  /** Office or role, with dates, as of the map's `as_of`. */
  role: z.string().optional(),
  /** Where the entry can be verified. */
  source: z.string().min(1),
});
/** One actor of a political-actor map. */
export type PoliticalActor = z.infer<typeof PoliticalActorSchema>;

/**
 * One government: who heads it, from when (inclusive) to when (exclusive), the incumbent's bucket
 * (the `incumbent` of CB-1), the governing parties and the main opposition bloc (metric 1 of seed
 * 002 §4 compares framing of the executive against the main opposition bloc).
 *
 * @example
 * GovernmentPeriodSchema.parse({ head_of_government: 'pedro-sanchez', incumbent_bucket: 'left', from: '2018-06-02',
 *   governing_parties: ['psoe'], main_opposition: ['partido-popular'], source: 'lamoncloa.gob.es' });
 */
export const GovernmentPeriodSchema = z.strictObject({
  head_of_government: ActorIdSchema,
  incumbent_bucket: BucketSchema,
  from: IsoDateSchema,
  /** First day of the next government (exclusive); absent while in office. */
  to: IsoDateSchema.optional(),
  governing_parties: z.array(ActorIdSchema),
  main_opposition: z.array(ActorIdSchema),
  source: z.string().min(1),
  note: z.string().optional(),
});
/** One government period. */
export type GovernmentPeriod = z.infer<typeof GovernmentPeriodSchema>;

/**
 * A country's political-actor map (`data/political-actors/<country>.json`): governments, parties,
 * named figures and think tanks with their usual placement, each with a source note. See
 * `data/political-actors/README.md` for the format and how entries are chosen.
 *
 * @example
 * const map = PoliticalActorMapSchema.parse(JSON.parse(await readFile('data/political-actors/es.json', 'utf8')));
 */
export const PoliticalActorMapSchema = z.strictObject({
  $schema: z.string().optional(),
  /** ISO 3166-1 alpha-2 code, upper case. */
  country: z.string().regex(/^[A-Z]{2}$/, 'expected an ISO 3166-1 alpha-2 code such as AR'),
  name: z.string().min(1),
  language: ArticleLanguageSchema,
  /** The date the entries are believed current. */
  as_of: IsoDateSchema,
  /** After this date the map must be reviewed before use (results are flagged `actorMapStale`). */
  review_by: IsoDateSchema.optional(),
  /** How the map was compiled and how to verify it. */
  compiled: z.string().min(1),
  /** Country-specific names of the executive (seat of government), e.g. "Casa Rosada". */
  executive_aliases: z.array(z.string().min(1)),
  governments: z.array(GovernmentPeriodSchema).min(1),
  /** Actors; persons in order of prominence (the first ten are the "top figures" of metric 2). */
  actors: z.array(PoliticalActorSchema).min(1),
});
/** A country's political-actor map. */
export type PoliticalActorMap = z.infer<typeof PoliticalActorMapSchema>;

function mapError(where: string, message: string, field?: string): never {
  throw new RatingError({
    code: 'actor_map_invalid',
    stage: 'actors',
    message: `${where}: ${message}`,
    ...(field === undefined ? {} : { field }),
  });
}

/**
 * Validates a political-actor map: the schema, then consistency — unique ids, every referenced id
 * defined (parties of persons, heads of government, governing and opposition parties), government
 * periods in order and not overlapping, only the last one open-ended. Throws `RatingError`
 * `actor_map_invalid` naming the field.
 *
 * @example
 * const map = parsePoliticalActorMap(JSON.parse(text), 'data/political-actors/ar.json');
 */
export function parsePoliticalActorMap(input: unknown, where = 'political-actor map'): PoliticalActorMap {
  const result = PoliticalActorMapSchema.safeParse(input);
  if (!result.success) mapError(where, formatZodIssues(result.error.issues));
  const map = result.data;
  const ids = new Map<string, PoliticalActor>();
  map.actors.forEach((actor, index) => {
    if (ids.has(actor.id)) mapError(where, `duplicate actor id "${actor.id}"`, `actors.${index}.id`);
    ids.set(actor.id, actor);
  });
  map.actors.forEach((actor, index) => {
    if (actor.party !== undefined) {
      const party = ids.get(actor.party);
      if (party === undefined || (party.kind !== 'party' && party.kind !== 'coalition')) {
        mapError(where, `party "${actor.party}" is not a party or coalition of this map`, `actors.${index}.party`);
      }
    }
  });
  let previousEnd: number | null = null;
  map.governments.forEach((government, index) => {
    const field = `governments.${index}`;
    const head = ids.get(government.head_of_government);
    if (head === undefined || head.kind !== 'person')
      mapError(
        where,
        `head_of_government "${government.head_of_government}" is not a person of this map`,
        `${field}.head_of_government`,
      );
    for (const list of ['governing_parties', 'main_opposition'] as const) {
      government[list].forEach((id, position) => {
        const actor = ids.get(id);
        if (actor === undefined || (actor.kind !== 'party' && actor.kind !== 'coalition')) {
          mapError(where, `"${id}" is not a party or coalition of this map`, `${field}.${list}.${position}`);
        }
        if (list === 'main_opposition' && government.governing_parties.includes(id)) {
          mapError(where, `"${id}" is both governing and main opposition`, `${field}.${list}.${position}`);
        }
      });
    }
    const from = dayNumber(government.from);
    if (government.to !== undefined && dayNumber(government.to) <= from)
      mapError(where, '`to` must be after `from`', `${field}.to`);
    if (previousEnd !== null && from < previousEnd)
      mapError(where, 'government periods overlap or are out of order', `${field}.from`);
    if (government.to === undefined && index !== map.governments.length - 1)
      mapError(where, 'only the last government may be open-ended', `${field}.to`);
    previousEnd = government.to === undefined ? Number.POSITIVE_INFINITY : dayNumber(government.to);
  });
  return map;
}

/**
 * Reads `<directory>/<country in lower case>.json` and validates it with
 * {@link parsePoliticalActorMap}.
 *
 * @example
 * const map = await loadPoliticalActorMap('AR', 'data/political-actors');
 */
export async function loadPoliticalActorMap(country: string, directory: string): Promise<PoliticalActorMap> {
  const file = join(directory, `${country.toLowerCase()}.json`);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new RatingError({
      code: 'actor_map_invalid',
      stage: 'actors',
      message: `no political-actor map for ${country.toUpperCase()} at ${file} (${(error as NodeJS.ErrnoException).code ?? 'unreadable'})`,
      cause: error,
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return mapError(file, `not valid JSON: ${(error as Error).message}`);
  }
  const map = parsePoliticalActorMap(json, file);
  if (map.country !== country.toUpperCase())
    mapError(file, `the file is for ${map.country}, not ${country.toUpperCase()}`, 'country');
  return map;
}

/**
 * The government in office on `asOf` (`from` ≤ asOf < `to`). Throws `RatingError` `no_government`
 * when the map has none for that date — the incumbent is never guessed.
 *
 * @example
 * governmentAt(map, '2026-04-27').incumbent_bucket; // 'left'
 */
export function governmentAt(map: PoliticalActorMap, asOf: string): GovernmentPeriod {
  const day = dayNumber(asOf);
  for (const government of map.governments) {
    if (dayNumber(government.from) <= day && (government.to === undefined || day < dayNumber(government.to)))
      return government;
  }
  throw new RatingError({
    code: 'no_government',
    stage: 'actors',
    message: `the political-actor map of ${map.country} has no government on record for ${asOf}; add it to data/political-actors/${map.country.toLowerCase()}.json`,
  });
}

/** Where an actor stands relative to the government in office. */
export type ActorSide = 'government' | 'opposition' | 'other';

/** An actor with its side on the context's date. */
export interface ContextActor extends PoliticalActor {
  side: ActorSide;
}

/** What the analysers need from a country's map on one date. */
export interface ActorContext {
  country: string;
  language: ArticleLanguage;
  asOf: string;
  /** Bucket of the government in office (the `incumbent` of CB-1). */
  incumbent: Bucket;
  headOfGovernment: ContextActor;
  executiveAliases: string[];
  actors: ContextActor[];
  /** Top named figures (metric 2): the first {@link TOP_FIGURES} persons of the map, in map order. */
  figures: ContextActor[];
  /** The map's `as_of`. */
  mapAsOf: string;
  /** True when `asOf` is after the map's `review_by`: the map should be reviewed. */
  stale: boolean;
}

/** How many named figures metric 2 follows ("las 10 figuras políticas principales", seed 002 §4). */
export const TOP_FIGURES = 10;

/**
 * Resolves a map on a date: the government in office, every actor's side (head of government and
 * members of governing parties → `government`; main-opposition parties and their members →
 * `opposition`; everyone else `other`), and the top figures.
 *
 * @example
 * const context = actorContext(map, '2026-04-27');
 * context.incumbent; // 'left'
 * context.figures.map((figure) => figure.name);
 */
export function actorContext(map: PoliticalActorMap, asOf: string): ActorContext {
  const government = governmentAt(map, asOf);
  const governing = new Set(government.governing_parties);
  const opposition = new Set(government.main_opposition);
  const sideOf = (actor: PoliticalActor): ActorSide => {
    if (actor.id === government.head_of_government) return 'government';
    const party = actor.kind === 'party' || actor.kind === 'coalition' ? actor.id : actor.party;
    if (party !== undefined && governing.has(party)) return 'government';
    if (party !== undefined && opposition.has(party)) return 'opposition';
    return 'other';
  };
  const actors = map.actors.map((actor) => ({ ...actor, side: sideOf(actor) }));
  const head = actors.find((actor) => actor.id === government.head_of_government)!;
  return {
    country: map.country,
    language: map.language,
    asOf,
    incumbent: government.incumbent_bucket,
    headOfGovernment: head,
    executiveAliases: [...map.executive_aliases],
    actors,
    figures: actors.filter((actor) => actor.kind === 'person').slice(0, TOP_FIGURES),
    mapAsOf: map.as_of,
    stale: map.review_by !== undefined && dayNumber(asOf) > dayNumber(map.review_by),
  };
}
