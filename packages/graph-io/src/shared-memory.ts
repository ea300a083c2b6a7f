// Typed arrays in shared memory and the split of rows among workers, for graph-io's parallel transforms.
import { checkIntegerOption } from './generators/check-option.js';
import { hasNodeBuiltins, nodeBuiltin } from './node-builtin.js';

/** Most worker threads a parallel transform or generator may start. */
export const MAX_THREADS = 256;

type TypedArrayOf<T> = { new (buffer: SharedArrayBuffer): T; readonly BYTES_PER_ELEMENT: number };

/** A zeroed `Type` of `length` elements in shared memory. */
export function sharedArray<T>(Type: TypedArrayOf<T>, length: number): T {
  return new Type(new SharedArrayBuffer(length * Type.BYTES_PER_ELEMENT));
}

/**
 * Whether `a` lies in shared memory. A page that is not cross-origin isolated has no `SharedArrayBuffer` at all
 * (naming it throws), and then nothing is shared.
 */
export function isShared(a: ArrayBufferView): boolean {
  return typeof SharedArrayBuffer !== 'undefined' && a.buffer instanceof SharedArrayBuffer;
}

/**
 * The array itself when it is in shared memory, else a copy there. A Node `Buffer` (whose constructor does not take
 * a SharedArrayBuffer) is copied into a `Uint8Array`.
 */
export function inShared<T extends Uint8Array | Uint32Array | Float32Array | Float64Array>(a: T): T {
  return isShared(a) ? a : sharedCopy(a);
}

/** A copy of `a` in shared memory, whether or not `a` lies there (a `Buffer` comes back as a `Uint8Array`). */
export function sharedCopy<T extends Uint8Array | Uint32Array | Float32Array | Float64Array>(a: T): T {
  const Type = (a instanceof Uint8Array ? Uint8Array : a.constructor) as new (buffer: SharedArrayBuffer) => T;
  const copy = new Type(new SharedArrayBuffer(a.byteLength));
  copy.set(a as never);
  return copy;
}

/** Worker threads to use: `threads` checked, else the machine's parallelism (1 outside Node, e.g. in a browser). */
export function workerThreads(threads: number | undefined, caller: string): number {
  const count = threads ?? (hasNodeBuiltins() ? nodeBuiltin('node:os', caller).availableParallelism() : 1);
  checkIntegerOption('threads', count, 1, MAX_THREADS);
  return count;
}

/** Up to `parts` ranges of rows [first, end) with about the same number of arcs each (a row is never split). */
export function arcBalancedRanges(indptr: Uint32Array, n: number, parts: number): [number, number][] {
  const ranges: [number, number][] = [];
  const total = indptr[n];
  let first = 0;
  for (let k = 1; k <= parts && first < n; k++) {
    const target = (total * k) / parts;
    // The first row whose start reaches the target (binary search over the non-decreasing starts).
    let lo = first + 1;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (indptr[mid] < target) lo = mid + 1;
      else hi = mid;
    }
    const end = k === parts ? n : lo;
    if (end > first) ranges.push([first, end]);
    first = end;
  }
  return ranges;
}
