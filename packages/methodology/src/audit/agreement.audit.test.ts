/** Independent audit of RULES.md §9 (HC-1/2, AGR-1..5, LINK-1) and §10 "AGR-1". */
import { describe, expect, it } from 'vitest';
import {
  cohenKappa,
  extractBoletines,
  figure,
  freezeArtifact,
  HEADLINE_TAXONOMY,
  linkHeadline,
  macroAccuracy,
  mayAutoLink,
  MethodologyInputError,
  parseStoredHeadline,
  perClassMeasurability,
  perClassPrecision,
  verifyArtifact,
  wilsonInterval,
} from '../index.js';

const Z95 = 1.959963984540054;

/** Cases from a contingency table given as [labelA, labelB, count]. */
function fromTable(cells: [string, string, number][]): { a: string[]; b: string[] } {
  const a: string[] = [];
  const b: string[] = [];
  for (const [labelA, labelB, count] of cells) {
    for (let index = 0; index < count; index += 1) {
      a.push(labelA);
      b.push(labelB);
    }
  }
  return { a, b };
}

describe('AGR-1 Cohen kappa', () => {
  it('reproduces the seed: n = 154, p_o = 137/154 = 0.8896, κ = 0.83 [0.75, 0.91]', () => {
    // marginals (66, 50, 38) for both raters: p_e = (66² + 50² + 38²)/154² = 8300/23716
    const { a, b } = fromTable([
      ['x', 'x', 60],
      ['x', 'y', 4],
      ['x', 'z', 2],
      ['y', 'x', 3],
      ['y', 'y', 44],
      ['y', 'z', 3],
      ['z', 'x', 3],
      ['z', 'y', 2],
      ['z', 'z', 33],
    ]);
    const result = cohenKappa(a, b);
    const po = 137 / 154;
    const pe = 8300 / 23716;
    expect(result.n).toBe(154);
    expect(result.observed).toBeCloseTo(po, 12);
    expect(result.expected).toBeCloseTo(pe, 12);
    expect(result.kappa!).toBeCloseTo((po - pe) / (1 - pe), 12);
    expect(result.se!).toBeCloseTo(Math.sqrt((po * (1 - po)) / (154 * (1 - pe) ** 2)), 12);
    expect(Number(result.observed.toFixed(4))).toBe(0.8896);
    expect(Number(result.kappa!.toFixed(2))).toBe(0.83);
    expect(result.ci!.map((bound) => Number(bound.toFixed(2)))).toEqual([0.75, 0.91]);
  });

  it('categories are the union of both raters’ labels', () => {
    const result = cohenKappa(['x', 'y'], ['x', 'z']);
    expect(result.expected).toBe(0.25);
    expect(result.kappa).toBeCloseTo(1 / 3, 12);
  });

  it('p_e = 1 → κ, SE and CI null', () => {
    expect(cohenKappa(['x', 'x', 'x'], ['x', 'x', 'x'])).toEqual({
      n: 3,
      observed: 1,
      expected: 1,
      kappa: null,
      se: null,
      ci: null,
    });
  });

  it('the CI is clipped to [−1, 1] on both sides', () => {
    // p_o 0.75, p_e 0.5 → κ 0.5, SE √0.1875 → upper 1.35 clipped
    const high = cohenKappa(['x', 'x', 'y', 'y'], ['x', 'y', 'y', 'y']);
    expect(high.kappa).toBe(0.5);
    expect(high.ci![0]).toBeCloseTo(0.5 - Z95 * Math.sqrt(0.1875), 9);
    expect(high.ci![1]).toBe(1);
    // p_o 0.2, p_e 0.52 → κ −2/3, SE ≈ 0.373 → lower clipped
    const low = cohenKappa(['x', 'x', 'y', 'y', 'x'], ['y', 'y', 'x', 'x', 'x']);
    expect(low.kappa).toBeCloseTo(-2 / 3, 12);
    expect(low.ci![0]).toBe(-1);
  });

  it('unequal lengths are an input error', () => {
    expect(() => cohenKappa(['x'], ['x', 'y'])).toThrow(MethodologyInputError);
  });
});

describe('AGR-1 Wilson intervals', () => {
  const wilson = (k: number, n: number) => {
    const p = k / n;
    const centre = (p + (Z95 * Z95) / (2 * n)) / (1 + (Z95 * Z95) / n);
    const half = (Z95 / (1 + (Z95 * Z95) / n)) * Math.sqrt((p * (1 - p)) / n + (Z95 * Z95) / (4 * n * n));
    return [centre - half, centre + half];
  };
  it('matches the textbook formula and is clipped to [0, 1]', () => {
    const [lower, upper] = wilsonInterval(7, 50);
    expect(lower).toBeCloseTo(wilson(7, 50)[0]!, 9);
    expect(upper).toBeCloseTo(wilson(7, 50)[1]!, 9);
    expect(wilsonInterval(0, 10)[0]).toBe(0);
    expect(wilsonInterval(10, 10)[1]).toBe(1);
  });
});

describe('AGR-2 macro accuracy, AGR-3 precision, AGR-5 figures', () => {
  it('only classes with ≥ 8 gold cases enter the mean', () => {
    // class a: 8 cases, 6 right (0.75); class b: 8 cases, 8 right (1); class c: 7 cases, 0 right (excluded)
    const { a: gold, b: predicted } = fromTable([
      ['a', 'a', 6],
      ['a', 'b', 2],
      ['b', 'b', 8],
      ['c', 'a', 7],
    ]);
    const result = macroAccuracy({ gold, predicted, bootstrap: { seed: 1, resamples: 200 } });
    expect(result.eligibleClasses).toEqual(['a', 'b']);
    expect(result.value).toBeCloseTo(0.875, 12);
    expect(result.n).toBe(23);
    expect(result.interval).not.toBeNull();
    // seeded: the same seed gives the same interval
    expect(macroAccuracy({ gold, predicted, bootstrap: { seed: 1, resamples: 200 } }).interval).toEqual(
      result.interval,
    );
  });

  it('a class with < 25 cases cannot have its precision measured: no automatic linking from it', () => {
    expect(perClassMeasurability({ legislative_process: 24, non_legislative: 25 })).toEqual({
      legislative_process: { goldCases: 24, measurable: false },
      non_legislative: { goldCases: 25, measurable: true },
    });
    const measurability = perClassMeasurability({ legislative_process: 24, law_in_force: 25 });
    expect(mayAutoLink('legislative_process', measurability)).toBe(false);
    expect(mayAutoLink('law_in_force', measurability)).toBe(true);
    expect(mayAutoLink('ambiguous', measurability)).toBe(false);
    const rows = perClassPrecision(
      [...Array(24).fill('p'), ...Array(25).fill('q')],
      [...Array(24).fill('p'), ...Array(25).fill('q')],
    );
    expect(rows.map((row) => [row.class, row.value])).toEqual([
      ['p', null],
      ['q', 1],
    ]);
  });

  it('a figure carries its n and its interval', () => {
    expect(figure(0.83, 154, [0.75, 0.91])).toEqual({ value: 0.83, n: 154, interval: [0.75, 0.91], level: 0.95 });
    expect(() => (figure as (...args: unknown[]) => unknown)(0.83)).toThrow(MethodologyInputError);
  });
});

describe('AGR-4 frozen artifacts', () => {
  it('canonical JSON + sha256; a changed threshold is refused', () => {
    const thresholds = { macroAccuracy: 0.8, kappa: 0.6 };
    const frozen = freezeArtifact('thresholds', thresholds, '2026-04-27T10:00:00Z');
    expect(frozen.canonical).toBe('{"kappa":0.6,"macroAccuracy":0.8}');
    expect(verifyArtifact({ kappa: 0.6, macroAccuracy: 0.8 }, frozen.sha256).ok).toBe(true);
    expect(verifyArtifact({ ...thresholds, macroAccuracy: 0.7 }, frozen.sha256).ok).toBe(false);
  });
});

describe('HC-1, HC-2, LINK-1', () => {
  it('six classes', () => {
    expect(HEADLINE_TAXONOMY.map((entry) => entry.id)).toEqual([
      'legislative_process',
      'parliamentary_activity',
      'law_in_force',
      'non_legislative_politics',
      'non_legislative',
      'ambiguous',
    ]);
  });

  it('only title and description are stored, never the body', () => {
    const headline = {
      id: 'h',
      outlet: 'latercera.com',
      url: 'https://www.latercera.com/x',
      publishedAt: '2026-04-27T10:00:00Z',
      title: 'T',
      description: null,
    };
    expect(parseStoredHeadline(headline)).toEqual(headline);
    expect(() => parseStoredHeadline({ ...headline, body: 'texto completo' })).toThrow(MethodologyInputError);
  });

  it('the three RULES formats', () => {
    expect(extractBoletines('Boletín N° 12.345-07')).toEqual(['12345-07']);
    expect(extractBoletines('boletín 12345-07')).toEqual(['12345-07']);
    expect(extractBoletines('boletines 1234-05 y 5678-06')).toEqual(['1234-05', '5678-06']);
    expect(extractBoletines('El proyecto 12345-07 avanza')).toEqual([]);
  });

  it('links only through a boletín in the title or description, never through the class', () => {
    const result = linkHeadline(
      { title: 'Senado despacha proyecto', description: 'Boletín N° 12.345-07 pasa a la Cámara' },
      { classPrecisionMeasured: true },
    );
    expect(result.links).toEqual([{ boletin: '12345-07', field: 'description', via: 'boletin_number' }]);
    expect(result.classLink.allowed).toBe(false);
    expect(
      linkHeadline(
        { title: 'Senado aprueba reforma de pensiones', description: null },
        { classPrecisionMeasured: true },
      ).links,
    ).toEqual([]);
  });
});
