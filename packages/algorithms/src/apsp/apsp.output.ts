import { getSemiring, type ElementArray } from '@semiforge/codegen';
import { fromBdl } from '@semiforge/graph-io';
import { NegativeCycleError } from './apsp.errors.js';
import { NO_SUCCESSOR } from './apsp.input.js';
import type { ApspPlan } from './apsp.plan.js';
import type { ApspResult } from './apsp.runner.js';
import { decodeF32 } from '../kernels/f32-encoding.js';

/**
 * The result of a run from the device's padded matrices, whichever backend ran it: unpadded, negative cycles
 * refused, f32 infinities restored, `path()` attached.
 */
export function apspResult(
  raw: { dist: ElementArray; succ?: Uint32Array },
  sizes: { n: number; N: number },
  plan: ApspPlan,
  timing: { gpuTimeMs: number | undefined; started: number },
): ApspResult {
  const { n, N } = sizes;
  const dist = unpad(raw.dist, n, N, plan);
  const successors = raw.succ && unpad(raw.succ, n, N, plan);
  const wallTimeMs = performance.now() - timing.started;
  checkNegativeCycles(dist, n, plan);
  decodeF32(dist, plan.type);
  return {
    n,
    dist,
    successors,
    plan,
    paddedN: N,
    gpuTimeMs: timing.gpuTimeMs,
    wallTimeMs,
    path(u, v) {
      if (!successors) throw new Error('path(u, v) needs apsp(..., { successors: true })');
      return followSuccessors(successors, n, u, v);
    },
  };
}

/** Row-major n×n from the padded device matrix, in whatever layout the plan used. */
export function unpad<A extends ElementArray>(data: A, n: number, N: number, plan: ApspPlan): A {
  const rowMajor = plan.layout === 'bdl' ? fromBdl(data, N, plan.tile) : data;
  if (N === n) return rowMajor;
  const out = new (rowMajor.constructor as { new (len: number): A })(n * n);
  for (let i = 0; i < n; i++) out.set(rowMajor.subarray(i * N, i * N + n), i * n);
  return out;
}

/** Throws {@link NegativeCycleError} when a diagonal entry improved past the semiring's one. */
export function checkNegativeCycles(dist: ElementArray, n: number, plan: ApspPlan): void {
  const s = getSemiring(plan.semiring);
  const one = s.oneOf(plan.type);
  for (let i = 0; i < n; i++) {
    const d = dist[i * n + i];
    if (s.host.add(d, one, plan.type) !== one) throw new NegativeCycleError(i);
  }
}

/**
 * The vertices of a best path from u to v (u first, v last), following successors; null when v is
 * unreachable from u. Throws if the successors loop: that happens only on cycles of total weight zero with
 * the blocked methods, whose tiles pick among equally short paths independently ('plain' never loops).
 */
export function followSuccessors(succ: Uint32Array, n: number, u: number, v: number): number[] | null {
  if (!Number.isInteger(u) || !Number.isInteger(v) || u < 0 || v < 0 || u >= n || v >= n) {
    throw new RangeError(`path(${u}, ${v}): vertices must be integers in 0..${n - 1}`);
  }
  const path = [u];
  let x = u;
  while (x !== v) {
    x = succ[x * n + v];
    if (x === NO_SUCCESSOR) return null;
    path.push(x);
    if (path.length > n) throw new Error(
        `path(${u}, ${v}): the successors loop (a cycle of total weight zero, with equally short paths picked ` +
          `independently by the blocked method); run apsp with method 'plain' for paths through zero-weight cycles`,
      );
  }
  return path;
}
