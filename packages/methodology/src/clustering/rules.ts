import type { RuleEntry } from '../shared/rule-entry.js';

/** Catalogue entries for the clustering rules (RULES.md §6). Values mirror the exported constants. */
export const clusteringRules: RuleEntry[] = [
  {
    id: 'CLU-1',
    title: 'Headline embeddings',
    section: '6. Clustering',
    seed: '003 §3.2',
    choice: false,
    implementedBy: [],
    parameters: [
      {
        name: 'model',
        default: 'paraphrase-multilingual-MiniLM-L12-v2',
        description: 'local multilingual sentence model, L2-normalised vectors',
      },
    ],
    statement:
      'Headlines are embedded with a local multilingual MiniLM-L12 sentence model and L2-normalised (implemented in @espectro/clustering; an offline character n-gram embedder with its own calibrated thresholds stands in when the weights are absent, and says so).',
  },
  {
    id: 'CLU-2',
    title: 'Merge, judge or separate a pair',
    section: '6. Clustering',
    seed: '003 §3.2',
    choice: false,
    implementedBy: ['pairDecision', 'pairDecisionUnchecked'],
    parameters: [
      { name: 'merge', default: 0.74, description: 'cosine strictly above → same event' },
      {
        name: 'judgeLow',
        default: 0.6,
        description: 'cosine from this to merge (inclusive) → the LLM judge decides; below → different',
      },
    ],
    statement:
      'Cosine > 0.74 → same event; 0.60 ≤ cosine ≤ 0.74 → an LLM judge decides (Gemini, Groq fallback); < 0.60 → different. A judge that cannot answer means no merge and the pair is queued. Values within 1e-9 of a threshold count as equal to it.',
  },
  {
    id: 'CLU-3',
    title: 'Stories are connected components within a window',
    section: '6. Clustering',
    seed: '003 §3.2',
    choice: true,
    implementedBy: ['withinPublicationWindow'],
    parameters: [
      { name: 'windowHours', default: 72, description: 'articles further apart in publication time are never linked' },
    ],
    statement:
      'Stories are the connected components of merged pairs among articles published within the window (default 72 h); the result does not depend on input order.',
  },
];
