const EMPTY = 0xffffffff;

/**
 * A set of vertex pairs (u, v) in two typed arrays with open addressing and linear probing, so that
 * millions of pairs cost 8 bytes a slot rather than a JS object or a string each. Ids must be below
 * 2^32 − 1 (the graph limit; 2^32 − 1 marks an empty slot). Fixed capacity: a power of two at least
 * twice `maxSize`, so probes stay short.
 *
 * @example
 * ```ts
 * const set = new PairHashSet(100);
 * set.add(3, 4); // true: new
 * set.add(3, 4); // false: already there
 * ```
 */
export class PairHashSet {
  private readonly us: Uint32Array;
  private readonly vs: Uint32Array;
  private readonly mask: number;
  size = 0;

  constructor(readonly maxSize: number) {
    let capacity = 16;
    while (capacity < 2 * maxSize) capacity *= 2;
    this.us = new Uint32Array(capacity).fill(EMPTY);
    this.vs = new Uint32Array(capacity);
    this.mask = capacity - 1;
  }

  /** Adds (u, v); returns false when it was already present. Throws once `maxSize` pairs are held. */
  add(u: number, v: number): boolean {
    let slot = this.hash(u, v);
    for (;;) {
      const su = this.us[slot];
      if (su === EMPTY) break;
      if (su === u && this.vs[slot] === v) return false;
      slot = (slot + 1) & this.mask;
    }
    if (this.size === this.maxSize) throw new RangeError(`PairHashSet is full (${this.maxSize} pairs)`);
    this.us[slot] = u;
    this.vs[slot] = v;
    this.size++;
    return true;
  }

  /** Whether (u, v) is in the set. */
  has(u: number, v: number): boolean {
    let slot = this.hash(u, v);
    for (;;) {
      const su = this.us[slot];
      if (su === EMPTY) return false;
      if (su === u && this.vs[slot] === v) return true;
      slot = (slot + 1) & this.mask;
    }
  }

  private hash(u: number, v: number): number {
    // MurmurHash3's fmix32 over both ids, so grid-like or sequential pairs spread over the table.
    let h = Math.imul(u, 0x9e3779b1) ^ v;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    return (h ^ (h >>> 16)) & this.mask;
  }
}
