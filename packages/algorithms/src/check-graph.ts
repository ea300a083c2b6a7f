import { checkCsrShape, validateCsr, type Csr } from '@semiforge/graph-io';

/**
 * Refuses a graph the kernels cannot trust, naming the algorithm: a value not shaped like a CSR (a `TypeError`,
 * graph-io's `checkCsrShape`), then broken structure (a `RangeError`, `validateCsr`: offsets from 0, never
 * decreasing, ending at the arc count; indices below n; weights and ids of the right lengths). Broken offsets or
 * indices would send the kernels past their arrays, where WebGPU clamps the reads into silent wrong answers.
 *
 * @example
 * validateGraph('sssp', { ...csr, indices: Uint32Array.of(7) }); // RangeError: sssp: CSR indices[0]: vertex 7 is not below n = 3
 */
export function validateGraph(algorithm: string, csr: Csr): void {
  checkCsrShape(csr, algorithm);
  try {
    validateCsr(csr);
  } catch (error) {
    throw new RangeError(`${algorithm}: ${(error as Error).message}`);
  }
}
