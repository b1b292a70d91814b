import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MethodologyInputError } from '../errors.js';
import { coverage } from './coverage.js';
import { domainRegistry } from './internal.js';

/** The reference: first index of each domain, by a plain scan. */
function naiveFirstIndexes(domains: readonly string[]): number[] {
  return domains.map((domain) => domains.indexOf(domain));
}

function registryFirstIndexes(domains: readonly string[]): number[] {
  domainRegistry.reset(domains.length);
  return domains.map((domain, index) => domainRegistry.firstIndex(index, domain));
}

describe('domainRegistry (COV-1 deduplication)', () => {
  it('tells apart domains with equal fingerprints (same length and inner characters)', () => {
    // Fingerprints read the length and the characters at length/4, length/2 and 3·length/4.
    const domains = ['abcdefgh', 'xbcdefgh', 'abcdefgy', 'abcdefgh', 'xbcdefgh', 'zbcdefgz'];
    expect(registryFirstIndexes(domains)).toEqual([0, 1, 2, 0, 1, 5]);
  });

  it('handles long probe chains and the Map mode above 64 outlets', () => {
    const colliding = Array.from({ length: 60 }, (_, index) =>
      `${String.fromCharCode(65 + (index % 26))}${index}aaaa`.padEnd(12, 'q'),
    );
    const domains = [...colliding, ...colliding.slice(0, 4)];
    expect(registryFirstIndexes(domains)).toEqual(naiveFirstIndexes(domains));
    const many = Array.from({ length: 200 }, (_, index) => `medio-${index % 130}.example`);
    expect(registryFirstIndexes(many)).toEqual(naiveFirstIndexes(many));
  });

  it('starts clean after a call that stopped early on invalid input', () => {
    expect(() =>
      coverage([
        { domain: 'a.com', scope: 'political', bias: 'left' },
        { domain: 'b.com', scope: 'x' },
      ] as never),
    ).toThrow(MethodologyInputError);
    expect(coverage([{ domain: 'b.com', scope: 'political', bias: 'left' }]).total).toBe(1);
    expect(registryFirstIndexes(['a.com', 'b.com', 'a.com'])).toEqual([0, 1, 0]);
  });

  test.prop([
    fc.array(
      fc.array(fc.constantFrom('a.com', 'b.com', 'ab.com', 'ba.com', 'a.co', 'www.a.com', 'A.com', 'a.com '), {
        maxLength: 80,
      }),
      {
        minLength: 1,
        maxLength: 5,
      },
    ),
  ])('agrees with a plain scan, call after call', (lists) => {
    for (const domains of lists) expect(registryFirstIndexes(domains)).toEqual(naiveFirstIndexes(domains));
  });
});
