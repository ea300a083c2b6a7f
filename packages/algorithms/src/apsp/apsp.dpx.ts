import { CONSTANTS } from '@semiforge/codegen';
import type { ApspMatrix } from './apsp.input.js';

/** DPX kernels are exact while every finite path length stays within ±DPX_MAX_PATH (codegen's semiring-ops). */
export const DPX_MAX_PATH = 2 ** 28 - 1;

/**
 * Whether an i32 min-plus input is safe for the DPX kernels: a shortest path has at most n − 1 arcs, so
 * (n − 1) · max |arc| bounds every finite distance FW meets (without negative cycles, which are refused
 * afterwards anyway). Returns the bound, to name it when DPX is refused.
 *
 * @example
 * dpxFits(buildApspMatrix(graph, plan)); // { fits: true, bound: 4095 * 100 }
 */
export function dpxFits(input: ApspMatrix): { fits: boolean; bound: number } {
  const { INF, NEG_INF } = CONSTANTS.i32;
  let max = 0;
  for (const v of input.data) {
    if (v !== INF && v !== NEG_INF) max = Math.max(max, Math.abs(v));
  }
  const bound = Math.max(input.n - 1, 1) * max;
  return { fits: bound <= DPX_MAX_PATH, bound };
}
