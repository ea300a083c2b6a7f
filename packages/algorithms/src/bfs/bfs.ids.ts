import { invertIds, toUserOrder } from '@semiforge/graph-io';
import { NO_NEIGHBOUR } from './bfs.layout.js';
import { CHECK_RULES } from './bfs.steps.js';
import type { BfsGpuCheck } from './bfs.runner.js';

/**
 * Between the caller's vertex ids and the kernels' (the degree order), on any backend: `toUser` maps a
 * kernel id to the caller's, `toInner` back; both absent when the graph is searched as given.
 *
 * @example
 * const ids = new BfsIds(inner.ids);
 * const parent = ids.parentsToCaller(storedParents);
 */
export class BfsIds {
  readonly toUser?: Uint32Array;
  readonly toInner?: Uint32Array;

  constructor(toUser: Uint32Array | undefined) {
    this.toUser = toUser;
    this.toInner = toUser && invertIds(toUser);
  }

  /** A caller's vertex in the kernels' ids. */
  inner(v: number): number {
    return this.toInner ? this.toInner[v] : v;
  }

  /** A kernels' vertex in the caller's ids. */
  user(v: number): number {
    return this.toUser ? this.toUser[v] : v;
  }

  /**
   * Parents as stored (plus one, 0 = unvisited, the kernels' ids) → the caller's ids and order, −1 for unvisited.
   * Searched as given, `stored`'s memory is reused; relabelled, one pass writes a new array (a multi-source pass
   * converts 32 × n of them on the host thread that feeds every device, so no intermediate arrays). Refuses a
   * parent that is no vertex.
   */
  parentsToCaller(stored: Uint32Array): Int32Array {
    const n = stored.length;
    const toUser = this.toUser;
    if (!toUser) {
      const parent = new Int32Array(stored.buffer, stored.byteOffset, n);
      for (let v = 0; v < n; v++) {
        if (stored[v] > n) throw badParent(v, stored[v] - 1, n);
        parent[v] -= 1;
      }
      return parent;
    }
    const parent = new Int32Array(n);
    for (let v = 0; v < n; v++) {
      const p = stored[v];
      if (p > n) throw badParent(v, p - 1, n);
      parent[toUser[v]] = p === 0 ? -1 : toUser[p - 1];
    }
    return parent;
  }

  /** A multi-source pass's parents as stored (`count` searches of n each, back to back) → each search's, as {@link parentsToCaller}. */
  multiParentsToCaller(stored: Uint32Array, count: number): Int32Array[] {
    const n = stored.length / count;
    return Array.from({ length: count }, (_, i) => this.parentsToCaller(stored.subarray(i * n, (i + 1) * n)));
  }

  /** Depths (the kernels' vertex order) → the caller's order, −1 where `parent` (the caller's) says unreached. */
  depthsToCaller(stored: Uint32Array, parent: Int32Array): Int32Array {
    const raw = new Int32Array(stored.buffer, stored.byteOffset, stored.length);
    const depth = this.toUser ? toUserOrder(raw, this.toUser) : raw;
    // Depths are written only where a vertex is reached: the others read as −1.
    for (let v = 0; v < depth.length; v++) if (parent[v] === -1) depth[v] = -1;
    return depth;
  }

  /**
   * A caller's parents and depths as `bfs_check` reads them (parents plus one, kernels' ids); refuses a parent
   * that is no vertex, naming the first. Searched as given (no ids), the depths come back as a view of `depth`
   * (−1 and u32 0xffffffff are the same bits), not a copy.
   */
  storedForCheck(parent: Int32Array, depth: Int32Array): { parent: Uint32Array; depth: Uint32Array } {
    const n = parent.length;
    const stored = new Uint32Array(n);
    const { toUser, toInner } = this;
    if (!toUser || !toInner) {
      // One pass, the range test unsigned: p + 1 in 0..n (−1 → 0, unreached).
      for (let v = 0; v < n; v++) {
        const p = parent[v] + 1;
        if (p >>> 0 !== p || p > n) throw badParent(v, p - 1, n);
        stored[v] = p;
      }
      return { parent: stored, depth: new Uint32Array(depth.buffer, depth.byteOffset, n) };
    }
    const depths = new Uint32Array(n);
    for (let v = 0; v < n; v++) {
      const user = toUser[v];
      const p = parent[user];
      if (!Number.isInteger(p) || p < -1 || p >= n) throw badParent(user, p, n);
      stored[v] = p === -1 ? 0 : toInner[p] + 1;
      depths[v] = depth[user];
    }
    return { parent: stored, depth: depths };
  }

  /** `bfs_check`'s error words → its verdict, the vertex in the caller's ids. */
  checkOutcome(errors: Uint32Array): BfsGpuCheck {
    const broken = CHECK_RULES.findIndex((_, i) => errors[i] !== NO_NEIGHBOUR);
    if (broken === -1) return { ok: true };
    return { ok: false, rule: CHECK_RULES[broken], vertex: this.user(errors[broken]) };
  }
}

function badParent(v: number, p: number, n: number): RangeError {
  return new RangeError(`bfs: parent[${v}] = ${p} is neither −1 nor a vertex below ${n}`);
}

