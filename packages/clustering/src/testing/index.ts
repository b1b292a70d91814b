/**
 * `@espectro/clustering/testing` — the embedder contract (framework-free checks every `Embedder`
 * runs) and a tiny MiniLM-shaped ONNX model folder for loader tests and benchmarks. No vitest
 * import, no network.
 *
 * @packageDocumentation
 */
export { embedderContract, type ContractCheck } from './embedder-contract.js';
export { writeTinyMiniLMFixture, type TinyMiniLMFixture } from './tiny-minilm.js';
export { createRawOnnxEmbedder, type RawOnnxEmbedder } from './raw-onnx.js';
