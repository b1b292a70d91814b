/**
 * The incremental API a pipeline persists: export what a clustering state knows about its
 * articles (vectors, judge verdicts, linked components), store it, and later seed a fresh state
 * with the part of the archive a new batch can touch — with the stored vectors, so the archive is
 * never re-embedded. Seeding the articles chosen by {@link seedWindow} and their linked components,
 * then adding the batch, gives the same stories as clustering the whole archive and the batch at
 * once (rule CLU-3; property-tested in `archive.test.ts`).
 */
import { CLU_3_WINDOW_HOURS } from '@espectro/methodology';
import type { Article } from './articles.js';
import {
  addArticles,
  createClusteringState,
  pairKey,
  type ClusteringOptions,
  type ClusteringState,
  type ClusteringUpdate,
  type Vector,
} from './cluster.js';
import { ClusteringError } from './errors.js';

/** A judge verdict on one pair, as stored. */
export interface StoredVerdict {
  leftId: string;
  rightId: string;
  verdict: 'same' | 'different';
}

/** The part of an archive a new state is seeded with. */
export interface ClusteringSeed {
  /** The `model` of the embedder that computed `vectors`; must equal the new state's embedder's. */
  model: string;
  /** Archive articles (id, title, date, outlet…). */
  articles: readonly Article[];
  /** One stored vector per article, same order. */
  vectors: readonly Vector[];
  /** Stored judge verdicts; pairs among seeded articles are not asked again. */
  verdicts?: readonly StoredVerdict[];
}

/** A seeded state and what seeding computed (its stories equal the archive's for those articles). */
export interface SeededState {
  state: ClusteringState;
  update: ClusteringUpdate;
}

/**
 * The publication-time range whose archive articles a batch can link to directly (rule CLU-3):
 * from the earliest new article minus the window to the latest plus the window. Seed a state with
 * the archive articles published in this range **and every article sharing a linked component
 * with one of them** (`ClusteringUpdate.linkedComponents`, stored per article).
 *
 * @example
 * seedWindow(['2026-05-02T10:00:00Z', '2026-05-03T08:00:00Z']);
 * // { from: '2026-04-29T10:00:00.000Z', to: '2026-05-06T08:00:00.000Z' }
 */
export function seedWindow(
  batchDates: readonly string[],
  windowHours: number = CLU_3_WINDOW_HOURS,
): { from: string; to: string } | undefined {
  if (batchDates.length === 0) return undefined;
  let earliest = Number.POSITIVE_INFINITY;
  let latest = Number.NEGATIVE_INFINITY;
  batchDates.forEach((date, position) => {
    const time = Date.parse(date);
    if (Number.isNaN(time)) {
      throw new ClusteringError({
        code: 'invalid_input',
        stage: 'validate',
        field: `batchDates[${position}]`,
        message: `batchDates[${position}] must be an ISO 8601 date, got "${date}"`,
      });
    }
    earliest = Math.min(earliest, time);
    latest = Math.max(latest, time);
  });
  const window = windowHours * 3_600_000;
  return { from: new Date(earliest - window).toISOString(), to: new Date(latest + window).toISOString() };
}

/**
 * Creates a state holding archive articles with their stored vectors (no embedding) and stored
 * verdicts (no judge calls for known pairs), and clusters them. Then `addArticles(state, batch)`
 * clusters a batch against them.
 *
 * @example
 * const { state } = await seedClusteringState({ embedder }, { model: embedder.model, articles, vectors, verdicts });
 * const update = await addArticles(state, newArticles);
 */
export async function seedClusteringState(options: ClusteringOptions, seed: ClusteringSeed): Promise<SeededState> {
  const state = createClusteringState(options);
  for (const { leftId, rightId, verdict } of seed.verdicts ?? []) state.verdicts.set(pairKey(leftId, rightId), verdict);
  const update = await addArticles(state, seed.articles, {
    precomputed: { model: seed.model, vectors: seed.vectors },
  });
  return { state, update };
}

/** Every judge verdict a state holds, sorted by the pair's ids (to store with the archive). */
export function exportVerdicts(state: ClusteringState): StoredVerdict[] {
  const verdicts: StoredVerdict[] = [];
  for (const [key, verdict] of state.verdicts) {
    const [leftId, rightId] = key.split('\u0000') as [string, string];
    verdicts.push({ leftId, rightId, verdict });
  }
  return verdicts.sort((left, right) =>
    left.leftId < right.leftId ? -1 : left.leftId > right.leftId ? 1 : left.rightId < right.rightId ? -1 : 1,
  );
}

/** The stored vectors of the given articles (all of them by default), to persist with the archive. */
export function exportVectors(state: ClusteringState, ids?: Iterable<string>): Map<string, Vector> {
  const vectors = new Map<string, Vector>();
  const wanted = ids ?? state.records.map((record) => record.id);
  for (const id of wanted) {
    const item = state.indexById.get(id);
    if (item === undefined) {
      throw new ClusteringError({
        code: 'invalid_input',
        stage: 'validate',
        field: 'ids',
        message: `article "${id}" is not in this clustering state`,
      });
    }
    vectors.set(id, state.vectors[item]!);
  }
  return vectors;
}

const SPARSE_TAG = 0x53; // 'S'
const DENSE_TAG = 0x44; // 'D'

/**
 * A vector as bytes for storage (e.g. a `bytea` column): a tag byte (`S` sparse, `D` dense), a
 * little-endian uint32 count, then the ids (uint32) and values (float32) — exact, no rounding.
 *
 * @example
 * decodeVector(encodeVector(vector)); // equal to vector
 */
export function encodeVector(vector: Vector): Uint8Array {
  const sparse = !(vector instanceof Float32Array);
  const count = sparse ? vector.indices.length : vector.length;
  const bytes = new Uint8Array(5 + count * (sparse ? 8 : 4));
  const view = new DataView(bytes.buffer);
  view.setUint8(0, sparse ? SPARSE_TAG : DENSE_TAG);
  view.setUint32(1, count, true);
  let offset = 5;
  if (sparse) {
    for (const id of vector.indices) {
      view.setUint32(offset, id, true);
      offset += 4;
    }
  }
  for (const value of sparse ? vector.values : vector) {
    view.setFloat32(offset, value, true);
    offset += 4;
  }
  return bytes;
}

/** The vector {@link encodeVector} wrote; a clear error for bytes it did not write. */
export function decodeVector(bytes: Uint8Array): Vector {
  const fail = (reason: string): ClusteringError =>
    new ClusteringError({
      code: 'invalid_input',
      stage: 'validate',
      field: 'vector',
      message: `stored vector ${reason}`,
    });
  if (bytes.length < 5) throw fail(`is ${bytes.length} bytes long, shorter than its 5-byte header`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = view.getUint8(0);
  const count = view.getUint32(1, true);
  const sparse = tag === SPARSE_TAG;
  if (!sparse && tag !== DENSE_TAG) throw fail(`starts with byte ${tag}, expected 'S' (sparse) or 'D' (dense)`);
  const expected = 5 + count * (sparse ? 8 : 4);
  if (bytes.length !== expected) throw fail(`is ${bytes.length} bytes long, expected ${expected} for ${count} entries`);
  let offset = 5;
  const values = new Float32Array(count);
  if (!sparse) {
    for (let position = 0; position < count; position += 1, offset += 4)
      values[position] = view.getFloat32(offset, true);
    return values;
  }
  const indices = new Uint32Array(count);
  for (let position = 0; position < count; position += 1, offset += 4) {
    indices[position] = view.getUint32(offset, true);
    if (position > 0 && indices[position]! <= indices[position - 1]!) throw fail('has feature ids out of order');
  }
  for (let position = 0; position < count; position += 1, offset += 4) values[position] = view.getFloat32(offset, true);
  return { indices, values };
}
