import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MethodologyInputError } from './errors.js';
import { storyTier } from './stories/coverage.js';
import type * as StoriesModule from './stories/index.js';
import type * as RootModule from './index.js';

// The built bundles (`pnpm build:fast` or `pnpm build` makes them before tests run): each subpath is its
// own file with its own copy of the error class, which is what a user importing the package meets.
const distribution = (file: string) => fileURLToPath(new URL(`../dist/${file}`, import.meta.url));

function thrownBy(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw');
}

describe('MethodologyInputError across copies of the module', () => {
  it('an error thrown from the built /stories bundle is instanceof the root and the source class', async () => {
    const stories = (await import(distribution('stories.js'))) as typeof StoriesModule;
    const root = (await import(distribution('index.js'))) as typeof RootModule;
    expect('MethodologyInputError' in stories).toBe(false); // /stories does not re-export the class
    const error = thrownBy(() => stories.storyTier(-1));
    // The classes are distinct objects: the prototype chain alone would say "not an instance".
    expect(root.MethodologyInputError).not.toBe(MethodologyInputError);
    expect(Object.getPrototypeOf(error)).not.toBe(MethodologyInputError.prototype);
    expect(error).toBeInstanceOf(root.MethodologyInputError);
    expect(error).toBeInstanceOf(MethodologyInputError);
    expect(error).toMatchObject({ code: 'METHODOLOGY_INPUT', rule: 'TIER', functionName: 'storyTier' });
  });

  it('an error from the source is instanceof the class of the built root bundle', async () => {
    const root = (await import(distribution('index.js'))) as typeof RootModule;
    expect(thrownBy(() => storyTier(-1))).toBeInstanceOf(root.MethodologyInputError);
  });

  it('is not fooled: other errors and look-alikes without the brand are not instances', () => {
    expect(new Error('x')).not.toBeInstanceOf(MethodologyInputError);
    expect({ code: 'METHODOLOGY_INPUT', name: 'MethodologyInputError' }).not.toBeInstanceOf(MethodologyInputError);
    expect(null).not.toBeInstanceOf(MethodologyInputError);
    class Narrower extends MethodologyInputError {}
    const plain = new MethodologyInputError({ rule: 'TIER', functionName: 'f', issues: [] });
    expect(plain).toBeInstanceOf(MethodologyInputError);
    expect(plain).not.toBeInstanceOf(Narrower);
    expect(new Narrower({ rule: 'TIER', functionName: 'f', issues: [] })).toBeInstanceOf(Narrower);
  });
});
