import { checkCsrShape, validateCsr, validateCsrParallel, type Csr } from '@semiforge/graph-io';

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
    throw named(algorithm, error);
  }
}

/** A structural fault of graph-io's, its message led by the algorithm that refuses the graph. */
const named = (algorithm: string, error: unknown) => new RangeError(`${algorithm}: ${(error as Error).message}`);

/**
 * {@link validateGraph} with the pass over the arcs split among worker threads where the graph lies in shared
 * memory (graph-io's `validateCsrParallel`): what the runners' `create` does, before the mirror check.
 *
 * @example
 * await validateGraphParallel('bfs', await csrFromEdgesParallel(edges, { symmetrize: true }));
 */
export async function validateGraphParallel(algorithm: string, csr: Csr): Promise<void> {
  checkCsrShape(csr, algorithm);
  await validateCsrParallel(csr).catch((error: unknown) => {
    throw named(algorithm, error);
  });
}
