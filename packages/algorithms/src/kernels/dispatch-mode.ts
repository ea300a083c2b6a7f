/**
 * How a loop run on the GPU launches the steps whose size only the GPU knows (BFS levels, SSSP passes):
 * `indirect`: a control step writes each step's workgroup counts and the step is dispatched indirectly, sized to
 * its work (zero when idle); `fixed`: direct dispatches of a fixed grid whose kernels read their amount of work
 * from a state buffer and stride over it (returning at once when there is none). Results are identical.
 */
export type DispatchMode = 'indirect' | 'fixed';

/**
 * `fixed` on a hardware GPU, `indirect` on a software adapter. On the H100 Dawn validates every indirect
 * dispatch with an injected pass (32 indirect pairs a pass: 18.6 ms from submit to done against 0.25 ms
 * direct), which made a scale-20 BFS 32–190 ms against 3.3 ms with fixed grids
 * (benchmarks/bfs/latency-probe.ts); on lavapipe every idle workgroup of a fixed grid costs CPU time instead.
 *
 * @example
 * defaultDispatch(device.describe().isFallbackAdapter); // 'fixed' on an H100, 'indirect' on lavapipe
 */
export function defaultDispatch(softwareAdapter: boolean): DispatchMode {
  return softwareAdapter ? 'indirect' : 'fixed';
}

/** Refuses a dispatch mode or fixed grid size that is not one, naming the option. */
export function checkDispatchOptions(what: string, dispatch: unknown, fixedWorkgroups: unknown): void {
  if (dispatch !== undefined && dispatch !== 'indirect' && dispatch !== 'fixed') {
    throw new RangeError(`${what}: dispatch = ${String(dispatch)} (expected indirect or fixed)`);
  }
  const w = fixedWorkgroups as number;
  if (fixedWorkgroups !== undefined && !(Number.isInteger(w) && w >= 1 && w <= 65535)) {
    throw new RangeError(`${what}: fixedWorkgroups = ${String(fixedWorkgroups)} (expected an integer from 1 to 65535)`);
  }
}
