/**
 * The linked components of a clustering state — connected parts of the graph of merge edges and
 * `same` verdicts, each named by its smallest article id — kept between calls. Links are only ever
 * added (edges between existing articles never change, verdicts are not withdrawn), so a plain
 * union–find with path halving holds them; each component also keeps a circular list of its
 * members, so that a call can report exactly the articles whose component's name changed without
 * walking the components it merely touched.
 */
export class LinkedComponents {
  private parent = new Int32Array(1024);
  private size = new Int32Array(1024);
  /** Next member in the component's circular member list. */
  private next = new Int32Array(1024);
  /** Smallest-id member of each root's component. */
  private smallest = new Int32Array(1024);
  private count = 0;
  /** Items whose component's name changed (or that were added) since {@link takeRenamed}; may repeat. */
  private renamed: number[] = [];

  /** @param compareItems orders two item numbers by their article ids, as `compareIds` does. */
  constructor(private readonly compareItems: (left: number, right: number) => number) {}

  /** Adds items up to `count` (exclusive), each a component of its own. */
  addItems(count: number): void {
    if (count > this.parent.length) {
      let capacity = this.parent.length;
      while (capacity < count) capacity *= 2;
      for (const key of ['parent', 'size', 'next', 'smallest'] as const) {
        const grown = new Int32Array(capacity);
        grown.set(this[key]);
        this[key] = grown;
      }
    }
    for (let item = this.count; item < count; item += 1) {
      this.parent[item] = item;
      this.size[item] = 1;
      this.next[item] = item;
      this.smallest[item] = item;
      this.renamed.push(item);
    }
    this.count = Math.max(this.count, count);
  }

  private find(item: number): number {
    const parent = this.parent;
    while (parent[item]! !== item) {
      parent[item] = parent[parent[item]!]!;
      item = parent[item]!;
    }
    return item;
  }

  /** The smallest-id item of the item's component (its name). */
  nameOf(item: number): number {
    return this.smallest[this.find(item)]!;
  }

  /** Links two items' components; the members of the one whose name changes are recorded. */
  link(left: number, right: number): void {
    const leftRoot = this.find(left);
    const rightRoot = this.find(right);
    if (leftRoot === rightRoot) return;
    const leftFirst = this.compareItems(this.smallest[leftRoot]!, this.smallest[rightRoot]!) < 0;
    const name = leftFirst ? this.smallest[leftRoot]! : this.smallest[rightRoot]!;
    const renamedRoot = leftFirst ? rightRoot : leftRoot;
    let member = renamedRoot;
    do {
      this.renamed.push(member);
      member = this.next[member]!;
    } while (member !== renamedRoot);
    const [big, small] = this.size[leftRoot]! >= this.size[rightRoot]! ? [leftRoot, rightRoot] : [rightRoot, leftRoot];
    // Splice the two circular lists into one.
    const after = this.next[big]!;
    this.next[big] = this.next[small]!;
    this.next[small] = after;
    this.parent[small] = big;
    this.size[big] = this.size[big]! + this.size[small]!;
    this.smallest[big] = name;
  }

  /** The items recorded since the last call (added, or in a component that was renamed), once each. */
  takeRenamed(): Set<number> {
    const renamed = new Set(this.renamed);
    this.renamed = [];
    return renamed;
  }
}
