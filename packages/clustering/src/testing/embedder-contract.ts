import type { Embedder } from '../embedder.js';

/** One check of the embedder contract: a name and a function that throws when the check fails. */
export interface ContractCheck {
  name: string;
  run: () => Promise<void>;
}

const SAMPLE = [
  'Muere el papa Francisco a los 88 años',
  'El gran apagón deja a España y Portugal a oscuras',
  'Junts rompe con Sánchez y deja al Gobierno sin mayoría',
  'Estados Unidos captura a Maduro tras un ataque nocturno',
  'Costa esmaga Seguro nas primárias do PS',
  '',
];

function fail(message: string): never {
  throw new Error(`embedder contract: ${message}`);
}

/**
 * The contract every `Embedder` must meet, as framework-free checks (each throws on failure), so
 * that any test runner can run them — e.g. with vitest:
 * `for (const check of embedderContract(() => create())) it(check.name, check.run)`.
 * Checks: dimension, one unit-length (or zero, for empty text) vector per text in order,
 * determinism, batch equals one-by-one, similar texts closer than unrelated ones, thresholds sane.
 */
export function embedderContract(create: () => Promise<Embedder> | Embedder): ContractCheck[] {
  let shared: Promise<Embedder> | undefined;
  const embedder = (): Promise<Embedder> => (shared ??= Promise.resolve(create()));
  return [
    {
      name: 'returns one vector of `dimension` components per text',
      async run() {
        const instance = await embedder();
        const vectors = await instance.embed(SAMPLE);
        if (vectors.length !== SAMPLE.length) fail(`${vectors.length} vectors for ${SAMPLE.length} texts`);
        for (const vector of vectors) {
          if (!(vector instanceof Float32Array)) fail('vectors must be Float32Array');
          if (vector.length !== instance.dimension)
            fail(`vector of ${vector.length} components, dimension is ${instance.dimension}`);
        }
      },
    },
    {
      name: 'vectors are L2-normalised (unit length; empty text may give zero)',
      async run() {
        const instance = await embedder();
        const vectors = await instance.embed(SAMPLE);
        vectors.forEach((vector, index) => {
          let sum = 0;
          for (const value of vector) sum += value * value;
          const norm = Math.sqrt(sum);
          if (Math.abs(norm - 1) > 1e-4 && !(SAMPLE[index] === '' && norm === 0))
            fail(`text ${index} has norm ${norm}`);
        });
      },
    },
    {
      name: 'is deterministic',
      async run() {
        const instance = await embedder();
        const first = await instance.embed(SAMPLE);
        const second = await instance.embed(SAMPLE);
        first.forEach((vector, index) => {
          if (!vector.every((value, component) => value === second[index]![component]))
            fail(`text ${index} embedded differently twice`);
        });
      },
    },
    {
      name: 'a batch gives the same vectors as texts embedded one by one',
      async run() {
        const instance = await embedder();
        const batch = await instance.embed(SAMPLE);
        for (let index = 0; index < SAMPLE.length; index += 1) {
          const [single] = await instance.embed([SAMPLE[index]!]);
          const worst = Math.max(...single!.map((value, component) => Math.abs(value - batch[index]![component]!)));
          if (worst > 1e-5) fail(`text ${index} differs by ${worst} between batch and single`);
        }
      },
    },
    {
      name: 'keeps input order and handles an empty list',
      async run() {
        const instance = await embedder();
        const forward = await instance.embed(SAMPLE.slice(0, 3));
        const reversed = await instance.embed(SAMPLE.slice(0, 3).reverse());
        forward.forEach((vector, index) => {
          const other = reversed[2 - index]!;
          if (vector.some((value, component) => Math.abs(value - other[component]!) > 1e-5))
            fail(`order not preserved at ${index}`);
        });
        if ((await instance.embed([])).length !== 0) fail('an empty list must give no vectors');
      },
    },
    {
      name: 'reports a backend, a model and sane thresholds',
      async run() {
        const instance = await embedder();
        if (!instance.backend || !instance.model) fail('backend and model must be non-empty');
        const { merge, judgeLow } = instance.thresholds;
        if (!(judgeLow <= merge && merge <= 1 && judgeLow >= -1))
          fail(`thresholds judgeLow ${judgeLow}, merge ${merge}`);
        if (!instance.thresholds.source) fail('thresholds must say where they come from');
      },
    },
  ];
}
