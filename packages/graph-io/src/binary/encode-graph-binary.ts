import type { Csr } from '../csr.js';
import { emitSfg, planSfg } from './encode-sfg.js';

/**
 * The `.sfg` file of a CSR, in memory (tests, small graphs, sending over a socket). Same bytes as
 * {@link writeGraphBinary} writes; throws a RangeError for a CSR a reader would refuse.
 *
 * @example
 * ```ts
 * const bytes = await encodeGraphBinary({ n: 2, indptr: Uint32Array.of(0, 1, 1), indices: Uint32Array.of(1),
 *   weight: null, directed: true, sorted: true });
 * ```
 */
export async function encodeGraphBinary(csr: Csr): Promise<Uint8Array> {
  const plan = planSfg(csr);
  const out = new Uint8Array(plan.fileBytes);
  await emitSfg(plan, { write: async (bytes, position) => out.set(bytes, position) });
  return out;
}
