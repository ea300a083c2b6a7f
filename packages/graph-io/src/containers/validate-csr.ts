import type { Csr } from '../csr.js';
import { checkCsrShape } from './csr-shape.js';
import { csrFault, type CsrFault } from './csr-structure.js';

/**
 * Checks the invariants a GPU kernel relies on (offsets from 0, never decreasing, ending at the arc
 * count; indices below `n`; rows ascending when `sorted`; weights and ids of the right lengths) and
 * throws a `RangeError` naming the first broken one (a `TypeError` where a field has the wrong type: {@link checkCsrShape}).
 *
 * @example
 * ```ts
 * validateCsr({ n: 2, indptr: Uint32Array.of(0, 1, 1), indices: Uint32Array.of(5), weight: null, directed: true, sorted: false });
 * // RangeError: CSR indices[0]: vertex 5 is not below n = 2
 * ```
 */
export function validateCsr(csr: Csr): void {
  checkCsrShape(csr, 'CSR');
  throwFault(csrFault(csr.n, csr.indptr, csr.indices, csr.sorted));
  checkArrayLengths(csr);
}

/** Throws a structural fault as `validateCsr` words it. */
export function throwFault(fault: CsrFault | undefined): void {
  if (fault !== undefined) throw new RangeError(`CSR ${fault.field}[${fault.index}]: ${fault.rule}`);
}

/** The weights and ids, where present, one an arc and one a vertex. */
export function checkArrayLengths(csr: Csr): void {
  if (csr.weight !== null && csr.weight.length !== csr.indices.length) {
    throw new RangeError(`CSR has ${csr.indices.length} arcs but ${csr.weight.length} weights`);
  }
  if (csr.ids !== undefined && csr.ids.length !== csr.n) throw new RangeError(`CSR has n = ${csr.n} but ${csr.ids.length} ids`);
}
