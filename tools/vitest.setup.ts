/**
 * Property tests explore fresh random inputs on every local run; on CI (`CI=true`) they use one
 * fixed seed (override with FAST_CHECK_SEED) so that a landing is reproducible and a counterexample
 * found by chance never blocks an unrelated change. A failure prints its seed either way.
 */
import { fc } from '@fast-check/vitest';

if (process.env.CI) fc.configureGlobal({ seed: Number(process.env.FAST_CHECK_SEED ?? 20261130) });
