import { readFileSync } from 'node:fs';
import { HEADLINE_TAXONOMY, canonicalJson, sha256Hex, verifyFrozenArtifact } from '@espectro/methodology';
import { describe, expect, it } from 'vitest';
import { loadGoldenSet, BUNDLED_GOLDEN_DIRECTORY } from './golden.js';
import { TAXONOMY_SHA256, taxonomyDocument, verifyTaxonomyArtifact, type TAXONOMY_ARTIFACT } from './taxonomy.js';

describe('frozen taxonomy (AGR-4)', () => {
  const file = JSON.parse(
    readFileSync(new URL('../data/taxonomy.json', import.meta.url), 'utf8'),
  ) as typeof TAXONOMY_ARTIFACT;

  it('the committed file hashes to its recorded sha256', () => {
    expect(sha256Hex(file.canonical)).toBe(file.sha256);
    expect(file.sha256).toBe(TAXONOMY_SHA256);
    expect(verifyTaxonomyArtifact()).toEqual({ ok: true, reason: null });
  });

  it('is the canonical JSON of the current taxonomy document (re-freeze after any change)', () => {
    expect(file.canonical).toBe(canonicalJson(taxonomyDocument()));
  });

  it('covers the six HC-1 classes with the methodology’s definitions, in precedence order', () => {
    const document = taxonomyDocument();
    expect(document.classes.map((entry) => entry.id)).toEqual(HEADLINE_TAXONOMY.map((entry) => entry.id));
    document.classes.forEach((entry, position) =>
      expect(entry.definition.es).toBe(HEADLINE_TAXONOMY[position]!.definition.es),
    );
  });

  it('quotes its examples verbatim from the golden set, with the golden class', async () => {
    const golden = await loadGoldenSet(BUNDLED_GOLDEN_DIRECTORY);
    const { goldLabels } = await import('./golden.js');
    const gold = goldLabels(golden);
    for (const entry of taxonomyDocument().classes) {
      for (const example of entry.examples) {
        expect(golden.cases.find((goldenCase) => goldenCase.id === example.id)?.title).toBe(example.title);
        expect(gold.get(example.id)).toBe(entry.id);
      }
    }
  });

  it('detects tampering', () => {
    const tampered = {
      ...file,
      canonical: file.canonical.replace('Tramitación legislativa', 'Tramitacion legislativa'),
    };
    expect(verifyFrozenArtifact(tampered).ok).toBe(false);
    expect(verifyTaxonomyArtifact(tampered).ok).toBe(false);
    expect(verifyTaxonomyArtifact({ ...file, sha256: '0'.repeat(64) }).reason).toMatch(/sha256 mismatch/);
  });
});
