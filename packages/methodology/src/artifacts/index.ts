import type { z } from 'zod';
import {
  ArtifactKindSchema,
  ArtifactVerificationSchema,
  FreezeArtifactInputSchema,
  FrozenArtifactSchema,
  VerifyArtifactInputSchema,
} from './freeze.js';
import { Sha256HexSchema } from './sha256.js';

export { artifactRules } from './rules.js';
export { canonicalJson } from './canonical-json.js';
export { Sha256HexSchema, Sha256InputSchema, sha256Hex } from './sha256.js';
export {
  ArtifactKindSchema,
  ArtifactVerificationSchema,
  FreezeArtifactInputSchema,
  FrozenArtifactSchema,
  VerifyArtifactInputSchema,
  freezeArtifact,
  verifyArtifact,
  verifyFrozenArtifact,
  type ArtifactKind,
  type ArtifactVerification,
  type FrozenArtifact,
} from './freeze.js';

/**
 * Every public input/output schema of this module, by name (used for the published JSON Schemas).
 *
 * @example
 * Object.keys(artifactSchemas); // ['ArtifactKind', …]
 */
export const artifactSchemas: Record<string, z.ZodType> = {
  ArtifactKind: ArtifactKindSchema,
  Sha256Hex: Sha256HexSchema,
  FreezeArtifactInput: FreezeArtifactInputSchema,
  FrozenArtifact: FrozenArtifactSchema,
  VerifyArtifactInput: VerifyArtifactInputSchema,
  ArtifactVerification: ArtifactVerificationSchema,
};
