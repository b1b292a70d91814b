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
    id: 'CLU-2-OFFLINE',
    title: 'Offline embedder: its own thresholds, and number and name agreement',
    section: '6. Clustering',
    seed: '003 §3.2',
    choice: true,
    implementedBy: ['agreementFactorUnchecked'],
    parameters: [
      { name: 'merge', default: 0.22, description: 'offline cosine strictly above → same event' },
      { name: 'judgeLow', default: 0.11, description: 'offline grey zone from this to merge → the LLM judge decides' },
      {
        name: 'chainingGuard',
        default: 0.2,
        description: 'an automatic merge needs this mean cosine between the two partial stories',
      },
      {
        name: 'numberConflict',
        default: 0.6,
        description: 'cosine factor when both headlines quote numbers and share none',
      },
      {
        name: 'nameConflict',
        default: 0.7,
        description: 'cosine factor when both headlines name people, places or organisations and share none',
      },
    ],
    statement:
      'Without MiniLM weights, the offline character n-gram TF-IDF embedder (IDF from a fixed reference corpus of real headlines) uses its own calibrated thresholds on its own cosine scale; a pair whose headlines both quote numbers but share none, or both name people or places but share none, has its cosine scaled down by the factors before CLU-2 decides. Calibrated on the clustering development set; measured on a held-out set (clustering README).',
  },
  {
    id: 'CLU-3',
    title: 'Stories are connected components within a window',
    section: '6. Clustering',
    seed: '003 §3.2',
    choice: true,
    implementedBy: ['withinPublicationWindow', 'orderBucket'],
    parameters: [
      { name: 'windowHours', default: 72, description: 'articles further apart in publication time are never linked' },
      {
        name: 'orderBucketHours',
        default: 24,
        description:
          "the chaining guard's merge order: edges by the time bucket of their later article, then most similar first",
      },
    ],
    statement:
      'Stories are the connected components of merged pairs among articles published within the window (default 72 h); the result does not depend on input order.',
  },
];
