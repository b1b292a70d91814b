import { defineConfig, type Options } from 'tsup';

/**
 * The one build configuration every `@espectro/*` package uses: ESM + CJS + `.d.ts`,
 * one entry per subpath export, source maps, no bundling of dependencies.
 */
export function packageBuild(entry: Record<string, string> | string[], extra: Partial<Options> = {}) {
  return defineConfig({
    entry,
    format: ['esm', 'cjs'],
    // tsup's declaration build runs its own program; project-reference settings do not apply there.
    dts: { compilerOptions: { composite: false, declarationMap: false, emitDeclarationOnly: false } },
    sourcemap: true,
    clean: true,
    target: 'node20',
    splitting: false,
    treeshake: true,
    ...extra,
  });
}
