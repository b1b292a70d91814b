/**
 * The unique-domain tally shared by coverage and the Prisma blindspot (rules COV-1, COV-2), with
 * the structural check of each outlet fused into the same pass.
 */
import { conflictingDuplicate, domainRegistry, isStoryOutlet } from './internal.js';
import type { StoryOutlet } from './schemas.js';

/** Unique-domain counts of a story's outlets. */
export interface OutletTally {
  total: number;
  political: number;
  nonPolitical: number;
  unrostered: number;
  left: number;
  center: number;
  right: number;
}

/**
 * Counts unique domains (rule COV-1) by scope and, for political outlets with a bias, by bucket
 * (rule COV-2). With `validate`, every outlet is first checked structurally (see `internal.ts`)
 * and `null` is returned at the first one that fails, so that the caller can let the zod schema
 * report it. A domain repeated with a different scope or bias throws an input error naming the
 * domain — after the whole list has passed the structural check, so schema errors come first.
 */
export function tallyOutlets(
  outlets: readonly unknown[],
  validate: boolean,
  functionName: string,
  path: readonly (string | number)[],
): OutletTally | null {
  const count = outlets.length;
  domainRegistry.reset(count);
  let total = 0;
  let political = 0;
  let nonPolitical = 0;
  let unrostered = 0;
  let left = 0;
  let center = 0;
  let right = 0;
  let conflictIndex = -1;
  let conflictFirst = -1;
  let conflictField = '';
  for (let index = 0; index < count; index += 1) {
    const candidate = outlets[index];
    if (validate && !isStoryOutlet(candidate)) return null;
    const outlet = candidate as StoryOutlet;
    const first = domainRegistry.firstIndex(index, outlet.domain);
    if (first !== index) {
      // rule COV-1: one domain = one voice; its repeated entries must agree.
      if (conflictIndex < 0) {
        const earlier = outlets[first] as StoryOutlet;
        const field = earlier.scope !== outlet.scope ? 'scope' : earlier.bias !== outlet.bias ? 'bias' : '';
        if (field !== '') {
          conflictIndex = index;
          conflictFirst = first;
          conflictField = field;
        }
      }
      continue;
    }
    total += 1;
    const scope = outlet.scope;
    if (scope === 'political') {
      political += 1;
      // rule COV-2: only political outlets with a bias enter the bucket counts.
      const bias = outlet.bias;
      if (bias === 'left') left += 1;
      else if (bias === 'center') center += 1;
      else if (bias === 'right') right += 1;
    } else if (scope === 'non_political') {
      nonPolitical += 1;
    } else {
      unrostered += 1;
    }
  }
  if (conflictIndex >= 0) {
    const outlet = outlets[conflictIndex] as StoryOutlet;
    conflictingDuplicate(functionName, [...path, conflictIndex], outlet.domain, conflictField, conflictFirst);
  }
  return { total, political, nonPolitical, unrostered, left, center, right };
}
