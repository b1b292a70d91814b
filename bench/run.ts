/**
 * `pnpm bench`: runs every `bench/*.bench.ts` suite (or those named on the command line, e.g.
 * `pnpm bench methodology`) and writes JSON results to `bench/results/`.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runSuite, type BenchSuite } from './harness.js';

const benchDirectory = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(benchDirectory)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
  .sort();
for (const file of files) {
  const module = (await import(pathToFileURL(join(benchDirectory, file)).href)) as {
    default: BenchSuite | BenchSuite[] | (() => Promise<BenchSuite | BenchSuite[]>);
  };
  const exported = typeof module.default === 'function' ? await module.default() : module.default;
  for (const suite of Array.isArray(exported) ? exported : [exported]) await runSuite(suite);
}
