/**
 * The validated story functions run an allocation-free structural check before falling back to
 * the zod schema. That check must be *sound*: whenever it accepts a value, the schema accepts it
 * and parses it to an equal value — otherwise validation would be weaker than the schema says.
 * These properties mutate valid inputs in every way we could think of and compare both.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import type { z } from 'zod';
import { MethodologyInputError } from '../errors.js';
import {
  fujaStoryArbitrary,
  publishGuardInputArbitrary,
  topicArbitrary,
  uniqueOutletsArbitrary,
} from './__fixtures__/stories.js';
import { blindspotFujaDaBolha, isFujaDaBolhaInput } from './blindspot-fuja.js';
import { blindspotPrisma, isBlindspotPrismaInput } from './blindspot-prisma.js';
import { coverage } from './coverage.js';
import { isStoryOutletArray } from './internal.js';
import { isPublishGuardInput, publishGuard } from './publish-guard.js';
import {
  BlindspotFujaDaBolhaInputSchema,
  BlindspotPrismaInputSchema,
  CoverageInputSchema,
  PublishGuardInputSchema,
} from './schemas.js';

type Mutation =
  | { kind: 'none' }
  | { kind: 'set'; depth: number; pick: number; key: string; value: unknown }
  | { kind: 'delete'; depth: number; pick: number; key: string }
  | { kind: 'replace'; pick: number; value: unknown }
  | { kind: 'null-prototype'; depth: number; pick: number }
  | { kind: 'class-instance'; depth: number; pick: number };

const KEYS = [
  'domain',
  'scope',
  'bias',
  'factuality',
  'contributedText',
  'factualityScore',
  'outlets',
  'topic',
  'rawOutlets',
  'sentences',
  'tier',
  'hasImage',
  'lowValue',
  'countryStoriesLast24h',
  'countryCap',
  'extra',
  '__proto__',
  'constructor',
];

const interestingValue = fc.oneof(
  fc.anything(),
  fc.constantFrom(
    null,
    undefined,
    '',
    'left',
    'center',
    'right',
    'political',
    'non_political',
    'low',
    'main',
    'sports',
    0,
    -0,
    -1,
    1.5,
    55,
    100,
    101,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    2 ** 53,
    true,
    false,
    [],
    {},
  ),
);

const mutationArbitrary: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('set' as const),
      depth: fc.nat({ max: 1 }),
      pick: fc.nat(),
      key: fc.constantFrom(...KEYS),
      value: interestingValue,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('delete' as const),
      depth: fc.nat({ max: 1 }),
      pick: fc.nat(),
      key: fc.constantFrom(...KEYS),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('replace' as const), pick: fc.nat(), value: interestingValue }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('null-prototype' as const), depth: fc.nat({ max: 1 }), pick: fc.nat() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('class-instance' as const), depth: fc.nat({ max: 1 }), pick: fc.nat() }),
  },
);

class Holder {
  constructor(source: object) {
    Object.assign(this, source);
  }
}

/** The array of elements inside an input (the input itself, or its `outlets`). */
function elementsOf(input: unknown): unknown[] | null {
  if (Array.isArray(input)) return input;
  if (typeof input === 'object' && input !== null && Array.isArray((input as { outlets?: unknown }).outlets)) {
    return (input as { outlets: unknown[] }).outlets;
  }
  return null;
}

function mutate(original: unknown, mutation: Mutation): unknown {
  const input: unknown = structuredClone(original);
  if (mutation.kind === 'none') return input;
  const elements = elementsOf(input);
  const targetAt = (depth: number, pick: number): { parent: unknown[] | null; index: number; target: unknown } => {
    if (depth === 1 && elements !== null && elements.length > 0) {
      const index = pick % elements.length;
      return { parent: elements, index, target: elements[index] };
    }
    return { parent: null, index: -1, target: input };
  };
  switch (mutation.kind) {
    case 'set': {
      const { target } = targetAt(mutation.depth, mutation.pick);
      if (typeof target === 'object' && target !== null) {
        Object.defineProperty(target, mutation.key, {
          value: mutation.value,
          enumerable: true,
          configurable: true,
          writable: true,
        });
      }
      return input;
    }
    case 'delete': {
      const { target } = targetAt(mutation.depth, mutation.pick);
      if (typeof target === 'object' && target !== null) delete (target as Record<string, unknown>)[mutation.key];
      return input;
    }
    case 'replace': {
      if (elements === null || elements.length === 0) return mutation.value;
      elements[mutation.pick % elements.length] = mutation.value;
      return input;
    }
    case 'null-prototype':
    case 'class-instance': {
      const { parent, index, target } = targetAt(mutation.depth, mutation.pick);
      if (typeof target !== 'object' || target === null || Array.isArray(target)) return input;
      const replacement =
        mutation.kind === 'null-prototype' ? Object.assign(Object.create(null) as object, target) : new Holder(target);
      if (parent === null) return replacement;
      parent[index] = replacement;
      return input;
    }
  }
}

function checkSoundness(
  schema: z.ZodType,
  fastCheck: (value: unknown) => boolean,
  run: (value: never) => unknown,
  family: string,
  value: unknown,
): void {
  const parsed = schema.safeParse(value);
  if (fastCheck(value)) {
    expect(parsed.success).toBe(true);
    // zod ignores non-index properties of an array, and so do the rules; compare the elements.
    expect(parsed.data).toEqual(Array.isArray(value) ? Array.from(value) : value);
  }
  let thrown: unknown = null;
  try {
    run(value as never);
  } catch (error) {
    thrown = error;
  }
  if (!parsed.success) {
    expect(thrown).toBeInstanceOf(MethodologyInputError);
    expect((thrown as MethodologyInputError).rule).toBe(family);
  } else if (thrown !== null) {
    // A schema-valid input may still repeat a domain with different ratings (rule COV-1).
    expect((thrown as MethodologyInputError).rule).toBe('COV-1');
  }
}

const prismaArbitrary = fc.record({ outlets: uniqueOutletsArbitrary(12), topic: topicArbitrary });

describe('fast structural checks are sound with respect to the zod schemas', () => {
  test.prop([publishGuardInputArbitrary], { numRuns: 300 })('accept every valid publish-guard input', (story) => {
    expect(isPublishGuardInput(story)).toBe(true);
  });
  test.prop([prismaArbitrary])('accept every valid Prisma input', (story) => {
    expect(isBlindspotPrismaInput(story)).toBe(true);
    expect(isStoryOutletArray(story.outlets)).toBe(true);
  });
  test.prop([fujaStoryArbitrary])('accept every valid Fuja da Bolha input', (story) => {
    expect(isFujaDaBolhaInput(story)).toBe(true);
  });

  test.prop([publishGuardInputArbitrary, mutationArbitrary], { numRuns: 1000 })('publishGuard', (story, mutation) => {
    checkSoundness(PublishGuardInputSchema, isPublishGuardInput, publishGuard, 'PG', mutate(story, mutation));
  });
  test.prop([prismaArbitrary, mutationArbitrary], { numRuns: 1000 })('blindspotPrisma', (story, mutation) => {
    checkSoundness(
      BlindspotPrismaInputSchema,
      isBlindspotPrismaInput,
      blindspotPrisma,
      'BS-PR',
      mutate(story, mutation),
    );
  });
  test.prop([fujaStoryArbitrary, mutationArbitrary], { numRuns: 1000 })('blindspotFujaDaBolha', (story, mutation) => {
    checkSoundness(
      BlindspotFujaDaBolhaInputSchema,
      isFujaDaBolhaInput,
      blindspotFujaDaBolha,
      'BS-BR',
      mutate(story, mutation),
    );
  });
  test.prop([uniqueOutletsArbitrary(12), mutationArbitrary], { numRuns: 1000 })('coverage', (outlets, mutation) => {
    checkSoundness(CoverageInputSchema, isStoryOutletArray, coverage, 'COV', mutate(outlets, mutation));
  });
});
