/**
 * The sampler's seeded PRNG and string hash now live in `@espectro/methodology` (one home for the
 * project's generator); these re-exports keep `@espectro/rating`'s public API.
 */
import { fnv1a32 as methodologyFnv1a32, mulberry32 as methodologyMulberry32 } from '@espectro/methodology';

/** @deprecated Import `mulberry32` from `@espectro/methodology`. */
export const mulberry32 = methodologyMulberry32;

/** @deprecated Import `fnv1a32` from `@espectro/methodology`. */
export const fnv1a32 = methodologyFnv1a32;
