/**
 * `@espectro/clustering/testing` — the embedder contract (framework-free checks every `Embedder`
 * runs), a tiny MiniLM-shaped ONNX model folder for loader tests and benchmarks, and an embedder
 * whose titles carry their vectors (exact geometries: chains, ties, windows). No vitest import, no
 * network.
 *
 * @packageDocumentation
 */
export { embedderContract, type ContractCheck } from './embedder-contract.js';
export { writeTinyMiniLMFixture, type TinyMiniLMFixture } from './tiny-minilm.js';
export { createRawOnnxEmbedder, type RawOnnxEmbedder } from './raw-onnx.js';
export { angleTitle, vectorEmbedder } from '../__fixtures__/vector-embedder.js';
