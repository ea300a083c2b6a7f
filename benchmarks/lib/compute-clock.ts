// Why a WebGPU suite may open a CUDA context it never uses: on the H100 the driver keeps Vulkan work (Dawn) at
// the idle SM clock, 345 MHz with the event reason "GPU idle", between and during short bursts, while any open
// CUDA context holds the GPU in its compute performance state at 1,980 MHz (benchmarks/results/probes/
// clocks-reasons-h100-20261122.csv). Nothing is changed on the GPU: the context is closed when the process ends.
import type { BenchResult } from './results.js';
import { smClock, type SmClock } from './sm-clock.js';

/** What `holdComputeClock` did: whether a context is open, and the SM clock read after opening it. */
export interface ComputeClockHold {
  readonly held: boolean;
  /** Why none is held (no CUDA driver, no device), when `held` is false. */
  readonly reason?: string;
  readonly clock?: SmClock;
}

/**
 * Holds a CUDA context on GPU `index` for the rest of the process (runtime-cuda's `holdComputeClock`, never
 * released), so that a WebGPU run on an NVIDIA GPU is timed at the compute clock rather than the idle one.
 * Results measured so should say so (the suites put `cuda_context_held: true` in their params).
 *
 * @example
 * const hold = await holdComputeClock(); // { held: true, clock: { mhz: 1980, … } } on an H100
 */
export async function holdComputeClock(index = 0): Promise<ComputeClockHold> {
  let cuda: typeof import('@semiforge/runtime-cuda');
  try {
    cuda = await import('@semiforge/runtime-cuda');
  } catch (e) {
    return { held: false, reason: (e as Error).message };
  }
  // The hold is kept for the process: it is never released.
  const hold = await cuda.holdComputeClock({ index });
  if (!hold.held) return { held: false, reason: hold.reason };
  const clock = smClock();
  return { held: true, ...(clock ? { clock } : {}) };
}

/**
 * A suite's `--cuda-clock`: when `asked`, holds the context (or ends the process with the reason, exit code 2)
 * and says so on stderr; returns `markHeld`, which marks a result measured so (its case and
 * `cuda_context_held`), or leaves results alone when not asked.
 *
 * @example
 * const { markHeld } = await cudaClockFlag(args['cuda-clock']);
 * results.push(markHeld(result));
 */
export async function cudaClockFlag(asked: boolean | undefined): Promise<{ held: boolean; markHeld: (r: BenchResult) => BenchResult }> {
  if (!asked) return { held: false, markHeld: (r) => r };
  const hold = await holdComputeClock();
  if (!hold.held) {
    console.error(`--cuda-clock: no CUDA context could be opened: ${hold.reason}`);
    process.exit(2);
  }
  console.error(`a CUDA context is held for the run; SM clock ${hold.clock?.mhz ?? '(unknown)'} MHz`);
  return { held: true, markHeld: (r) => ({ ...r, case: `${r.case}, CUDA context held`, params: { ...r.params, cuda_context_held: true } }) };
}
