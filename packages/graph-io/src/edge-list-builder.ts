import type { EdgeList } from './edge-list.js';
import { grownArray } from './grow-array.js';

const MIN_CAPACITY = 16;

/**
 * Growable typed-array storage for arcs while a reader or generator produces them.
 *
 * @example
 * ```ts
 * const b = new EdgeListBuilder(true, 4);
 * b.push(0, 1, 2.5);
 * const g = b.finish(2, true); // { n: 2, src: [0], dst: [1], weight: [2.5], directed: true }
 * ```
 */
export class EdgeListBuilder {
  readonly weighted: boolean;
  length = 0;
  private src: Uint32Array;
  private dst: Uint32Array;
  private weight: Float64Array | null;

  /** `capacityHint` is a first guess at the arc count; storage doubles as needed. */
  constructor(weighted: boolean, capacityHint = MIN_CAPACITY) {
    const capacity = Math.max(MIN_CAPACITY, Math.floor(capacityHint));
    this.weighted = weighted;
    this.src = new Uint32Array(capacity);
    this.dst = new Uint32Array(capacity);
    this.weight = weighted ? new Float64Array(capacity) : null;
  }

  /** Appends arc `u → v`; `w` is ignored when the builder is unweighted. */
  push(u: number, v: number, w: number): void {
    if (this.length === this.src.length) this.grow();
    const k = this.length++;
    this.src[k] = u;
    this.dst[k] = v;
    if (this.weight !== null) this.weight[k] = w;
  }

  /** The arcs so far as an {@link EdgeList}, trimmed to size. The builder must not be used afterwards. */
  finish(n: number, directed: boolean): EdgeList {
    const len = this.length;
    const trim = <A extends Uint32Array | Float64Array>(a: A): A => (a.length === len ? a : (a.slice(0, len) as A));
    return {
      n,
      src: trim(this.src),
      dst: trim(this.dst),
      weight: this.weight === null ? null : trim(this.weight),
      directed,
    };
  }

  private grow(): void {
    const capacity = this.src.length * 2;
    this.src = grownArray(this.src, capacity);
    this.dst = grownArray(this.dst, capacity);
    if (this.weight !== null) this.weight = grownArray(this.weight, capacity);
  }
}
