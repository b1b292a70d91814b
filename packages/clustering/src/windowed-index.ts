import { withinPublicationWindow } from '@espectro/methodology';
import type { Neighbour, NeighbourIndex } from './neighbours.js';

interface Block<Vector> {
  index: NeighbourIndex<Vector>;
  /** Global item number of each local item. */
  items: number[];
  /** Publication time (epoch ms) of each local item. */
  times: number[];
}

/**
 * A neighbour index partitioned by publication time (rule CLU-3): items go into blocks of
 * `blockHours` by publication time, each block with its own inner index, and a query at time `t`
 * searches only the blocks that overlap `[t − window, t + window]`, then keeps the items inside
 * the window. The work of a query is bounded by the articles of about three windows, however large
 * the archive grows. Inner indexes number their items locally, so a block's memory follows its size.
 */
export class WindowedIndex<Vector> {
  private readonly blocks = new Map<number, Block<Vector>>();
  private readonly windowMilliseconds: number;
  private readonly blockMilliseconds: number;
  private itemsStored = 0;
  /** Items stored in the blocks that queries searched, summed over all queries (a work counter for tests and benchmarks). */
  searchedItems = 0;

  /**
   * @param createBlock makes the inner index of one block (e.g. a `SparsePrefixIndex`).
   * @param windowHours rule CLU-3's window; only items this close in publication time are returned.
   * @param blockHours width of one block (default: the window, so a query visits at most three blocks).
   */
  constructor(
    private readonly createBlock: () => NeighbourIndex<Vector>,
    private readonly windowHours: number,
    blockHours: number = windowHours,
  ) {
    this.windowMilliseconds = windowHours * 3_600_000;
    this.blockMilliseconds = blockHours * 3_600_000;
  }

  /** What the inner indexes do (`exact-sparse`, `exact-dense`, `hnsw`); the largest block's, when they differ. */
  get kind(): string {
    let largest: Block<Vector> | undefined;
    for (const block of this.blocks.values())
      if (!largest || block.items.length > largest.items.length) largest = block;
    return largest?.index.kind ?? this.createBlock().kind;
  }

  /** Number of stored items. */
  get size(): number {
    return this.itemsStored;
  }

  /** Number of time blocks holding at least one item. */
  get blockCount(): number {
    return this.blocks.size;
  }

  /** Stores `vector` as `item`, published at `time` (epoch ms). */
  add(item: number, vector: Vector, time: number): void {
    const key = Math.floor(time / this.blockMilliseconds);
    let block = this.blocks.get(key);
    if (!block) {
      block = { index: this.createBlock(), items: [], times: [] };
      this.blocks.set(key, block);
    }
    block.index.add(block.items.length, vector);
    block.items.push(item);
    block.times.push(time);
    this.itemsStored += 1;
  }

  /**
   * Every stored item published within the window of `time` with similarity ≥ `threshold` to
   * `vector` that `accept` lets through (global item numbers, in no particular order).
   */
  range(vector: Vector, time: number, threshold: number, accept: (item: number) => boolean): Neighbour[] {
    const first = Math.floor((time - this.windowMilliseconds) / this.blockMilliseconds);
    const last = Math.floor((time + this.windowMilliseconds) / this.blockMilliseconds);
    const found: Neighbour[] = [];
    for (let key = first; key <= last; key += 1) {
      const block = this.blocks.get(key);
      if (!block) continue;
      const { items, times } = block;
      this.searchedItems += items.length;
      for (const neighbour of block.index.range(
        vector,
        threshold,
        (local) => withinPublicationWindow(times[local]!, time, this.windowHours) && accept(items[local]!),
      )) {
        found.push({ item: items[neighbour.item]!, similarity: neighbour.similarity });
      }
    }
    return found;
  }
}
