import type { RuleEntry } from '../shared/rule-entry.js';

/**
 * Catalogue entries for the rules implemented in this module (AGR-4).
 *
 * @example
 * artifactRules[0]?.id; // 'AGR-4'
 */
export const artifactRules: RuleEntry[] = [
  {
    id: 'AGR-4',
    title: 'Frozen artifacts: canonical JSON with sha256',
    section: '9. Headline classifier and its validation',
    seed: '004 Trazabilidad',
    choice: false,
    implementedBy: ['canonicalJson', 'sha256Hex', 'freezeArtifact', 'verifyArtifact', 'verifyFrozenArtifact'],
    parameters: [],
    statement:
      'Taxonomy, thresholds, golden set and verdict (and the rules of an offline classifier, kind classifier_rules) are frozen as canonical JSON (RFC 8785 style: keys sorted by UTF-16 code units, no whitespace, ECMAScript number form; non-JSON values rejected) with the sha256 of its UTF-8 bytes; an artifact whose hash differs from the registered one fails verification and must be refused.',
  },
];
