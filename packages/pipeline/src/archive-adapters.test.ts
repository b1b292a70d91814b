import { createOfflineEmbedder } from '@espectro/clustering';
import { describe, expect, it } from 'vitest';
import { withStoredVectors } from './archive-adapters.js';

describe('withStoredVectors', () => {
  it('serves known vectors and embeds each missing text once', async () => {
    const inner = createOfflineEmbedder();
    const [known] = await inner.embedSparse(['El gran apagón']);
    const wrapped = withStoredVectors(inner, new Map([['El gran apagón', known!]]));
    const vectors = await wrapped.embedSparse!([
      'El gran apagón',
      'Junts rompe con Sánchez',
      'Junts rompe con Sánchez',
    ]);
    expect(vectors[0]).toBe(known);
    expect(vectors[1]).toEqual(vectors[2]);
    expect(wrapped.embeddedTexts).toBe(1);
    await wrapped.embedSparse!(['Junts rompe con Sánchez']);
    expect(wrapped.embeddedTexts).toBe(1);
    expect([...wrapped.computed.keys()]).toEqual(['Junts rompe con Sánchez']);
  });

  it("keeps the inner embedder's identity, thresholds and pair-agreement check (CLU-2-OFFLINE)", () => {
    const inner = createOfflineEmbedder();
    const wrapped = withStoredVectors(inner, new Map());
    expect(wrapped).toMatchObject({ backend: inner.backend, model: inner.model, thresholds: inner.thresholds });
    expect(inner.agreement).toBeDefined();
    expect(wrapped.agreement).toBe(inner.agreement);
  });
});
