/**
 * `pnpm build:fast` — the build `pnpm start` needs and nothing more: every package under
 * `packages/` as ESM JavaScript, without type declarations and without the CommonJS copy, in one
 * process (one esbuild service instead of one tsup start-up per package), with one progress line
 * per package.
 *
 * Declarations (`.d.ts`, the slow part: each package's type program is built from scratch) and the
 * CommonJS build are made by `pnpm build`, which CI and publishing use. Each package's own
 * `tsup.config.ts` is the source of truth: this script takes its entries and options and only
 * switches off what running Espectro does not use.
 *
 * Nothing is deleted first (`clean: false`): the ESM files are overwritten in place, so the
 * declarations of an earlier full build stay where editors and `pnpm check:packages` find them.
 */
import { readdirSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Options } from 'tsup';

const root = new URL('..', import.meta.url).pathname;
const packagesDirectory = join(root, 'packages');

/** A workspace package with a tsup build. */
interface BuildablePackage {
  readonly name: string;
  readonly directory: string;
  readonly configPath: string;
}

function buildablePackages(): BuildablePackage[] {
  return readdirSync(packagesDirectory)
    .sort()
    .map((folder) => join(packagesDirectory, folder))
    .filter((directory) => existsSync(join(directory, 'tsup.config.ts')))
    .map((directory) => ({
      name: (JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as { name: string }).name,
      directory,
      configPath: join(directory, 'tsup.config.ts'),
    }));
}

async function packageOptions(configPath: string): Promise<Options> {
  const loaded = (await import(pathToFileURL(configPath).href)) as { default: Options | Options[] };
  const options = loaded.default;
  if (Array.isArray(options)) throw new Error(`${configPath}: one build configuration expected, got a list`);
  return options;
}

/** The options of a package's own build with the parts `pnpm start` does not need switched off. */
function fastOptions(options: Options, directory: string): Options {
  const ownEsbuildOptions = options.esbuildOptions;
  return {
    ...options,
    dts: false,
    format: ['esm'],
    clean: false,
    silent: true,
    config: false,
    // esbuild's service keeps the working directory the process had when it started; point each
    // package's build at the package's folder explicitly.
    esbuildOptions(esbuildOptions, context) {
      ownEsbuildOptions?.(esbuildOptions, context);
      esbuildOptions.absWorkingDir = directory;
    },
  };
}

async function main(): Promise<void> {
  const packages = buildablePackages();
  const started = performance.now();
  console.log(`Building ${packages.length} packages as JavaScript (no type declarations; \`pnpm build\` makes those)`);
  for (const [index, workspacePackage] of packages.entries()) {
    const packageStarted = performance.now();
    // tsup resolves entries, the output folder and `onSuccess` copies against the working directory.
    process.chdir(workspacePackage.directory);
    await build(fastOptions(await packageOptions(workspacePackage.configPath), workspacePackage.directory));
    const seconds = ((performance.now() - packageStarted) / 1000).toFixed(1);
    console.log(`  [${index + 1}/${packages.length}] ${workspacePackage.name} ${seconds} s`);
  }
  process.chdir(root);
  console.log(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

await main();
