import type { EdgeList } from '@semiforge/graph-io';
import { CliError } from '../errors.js';

/** The largest finite f32, 3.4028234663852886e38. */
const F32_MAX = (2 - 2 ** -23) * 2 ** 127;

/**
 * Refuses arc weights beyond the f32 range, naming the arc: they would round to ±Infinity, which min-plus reads
 * as no arc at all, a silently wrong distance matrix. (The readers refuse non-finite weights already.) The APSP
 * commands (`apsp`, `blocked-apsp`, `batch-apsp`) check their f32 inputs with it before a device opens.
 *
 * @example
 * ```ts
 * checkF32Weights(graph, 'g.mtx'); // CliError: g.mtx: arc 3 (0 → 2) weighs 1e+39, beyond f32's ±3.4028234663852886e+38
 * ```
 */
export function checkF32Weights(graph: EdgeList, name: string): void {
  const { weight, src, dst } = graph;
  if (weight === null) return;
  for (let k = 0; k < weight.length; k++) {
    const w = weight[k];
    if (Number.isFinite(w) && !Number.isFinite(Math.fround(w))) {
      throw new CliError(`${name}: arc ${k} (${src[k]} → ${dst[k]}) weighs ${w}, beyond f32's ±${F32_MAX}`, 'scale the weights into the f32 range');
    }
  }
}
