import { getSemiring, type ElementArray } from '@semiforge/codegen';
import { buildApspMatrix, type ApspGraph } from './apsp.input.js';
import { checkNegativeCycles } from './apsp.output.js';
import { decodeF32 } from '../kernels/f32-encoding.js';
import { planApsp, type ApspKernelOptions } from './apsp.plan.js';

/**
 * Plain Floyd-Warshall on the CPU with the semiring's host operations (which round like the GPU's):
 * the reference the GPU results are checked against. O(n³): meant for n up to a few hundred.
 * Same encoding, output and errors as `apsp()`.
 */
export function apspReference(graph: ApspGraph, options: ApspKernelOptions = {}): { dist: ElementArray; successors?: Uint32Array } {
  const plan = planApsp({ ...options, method: 'plain' });
  const { n, data: d, succ } = buildApspMatrix(graph, plan);
  const s = getSemiring(plan.semiring);
  const { type } = plan;
  for (let k = 0; k < n; k++) {
    for (let i = 0; i < n; i++) {
      const dik = d[i * n + k];
      for (let j = 0; j < n; j++) {
        const old = d[i * n + j];
        const nv = s.host.add(old, s.host.mul(dik, d[k * n + j], type), type);
        if (nv !== old) {
          d[i * n + j] = nv;
          if (succ) succ[i * n + j] = succ[i * n + k];
        }
      }
    }
  }
  checkNegativeCycles(d, n, plan);
  decodeF32(d, plan.type);
  return { dist: d, successors: succ };
}
