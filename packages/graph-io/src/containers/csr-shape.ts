import type { Csr } from '../csr.js';
import { describeValue } from '../describe-value.js';

/**
 * Refuses a value that is not shaped like a {@link Csr} before any of its arrays is read: JavaScript callers
 * (and `as` casts) can hand in `null`, an edge list or plain arrays, which TypeScript rules out, and would get
 * a TypeError from deep inside, or a plain array uploaded as no bytes. Checks the fields' types only; the
 * structure (offsets, indices) is {@link validateCsr}'s. `who` starts the message.
 *
 * @example
 * ```ts
 * checkCsrShape({ n: 2, indptr: [0, 1, 2], indices: [1, 0], weight: null, directed: false, sorted: true }, 'sssp');
 * // TypeError: sssp: the graph's indptr is an Array, not a Uint32Array (convert it: Uint32Array.from(indptr))
 * ```
 */
export function checkCsrShape(value: unknown, who: string): asserts value is Csr {
  const fail = (what: string) => new TypeError(`${who}: ${what}`);
  if (value === null || typeof value !== 'object') throw fail(`the graph is ${describeValue(value)}, not a CSR ({ n, indptr, indices, weight, directed, sorted })`);
  const csr = value as Record<string, unknown>;
  if (!('indptr' in csr) && 'src' in csr) throw fail('the graph is an edge list (src, dst), not a CSR: build one with csrFromEdges');
  if (typeof csr.n !== 'number' || !Number.isInteger(csr.n) || csr.n < 0) throw fail(`the graph's n is ${describeValue(csr.n)}, not a vertex count (a non-negative integer)`);
  for (const field of ['indptr', 'indices', 'ids'] as const) {
    if (field === 'ids' && csr.ids === undefined) continue;
    if (!(csr[field] instanceof Uint32Array)) throw fail(`the graph's ${field} is ${describeValue(csr[field])}, not a Uint32Array (convert it: Uint32Array.from(${field}))`);
  }
  if (csr.weight !== null && !(csr.weight instanceof Float32Array || csr.weight instanceof Float64Array)) {
    throw fail(`the graph's weight is ${describeValue(csr.weight)}, not null (no weights) or a Float32Array or Float64Array`);
  }
  for (const field of ['directed', 'sorted'] as const) {
    if (typeof csr[field] !== 'boolean') throw fail(`the graph's ${field} is ${describeValue(csr[field])}, not true or false`);
  }
}
