/**
 * Freezes the taxonomy document into `data/taxonomy.json` (rule AGR-4). Run after changing a
 * definition, the precedence notes or an example (and bump TAXONOMY_VERSION):
 *   pnpm --filter @espectro/headline-classifier freeze-taxonomy
 */
import { writeFileSync } from 'node:fs';
import { freezeArtifact } from '@espectro/methodology';
import { taxonomyDocument } from '../src/taxonomy.js';

const frozen = freezeArtifact('taxonomy', taxonomyDocument(), new Date().toISOString().replace(/\.\d+Z$/, 'Z'));
writeFileSync(new URL('../data/taxonomy.json', import.meta.url), `${JSON.stringify(frozen, null, 2)}\n`);
console.log(`taxonomy frozen: sha256 ${frozen.sha256}`);
