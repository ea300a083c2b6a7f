// One APSP case on either backend behind one interface: create a runner for a graph, time runs, read the result.
import { ApspRunner, CudaApspRunner, type ApspKernelOptions, type ApspResult } from '@semiforge/algorithms';
import type { EdgeList } from '@semiforge/graph-io';
import type { Device } from '@semiforge/runtime';
import type { CudaDevice } from '@semiforge/runtime-cuda';

export type BackendName = 'cuda' | 'webgpu';

/** A prepared APSP run: the input uploaded, kernels ready. */
export interface PreparedApsp {
  /** One run, GPU time in ms (CUDA events; WebGPU timestamp queries, else wall time). */
  time(): Promise<number>;
  run(): Promise<ApspResult>;
  destroy(): void;
  /** How CUDA's blocked rounds overlap the next pivot with the update (`ApspKernelOptions.lookahead`; always false on WebGPU). */
  readonly lookahead: NonNullable<ApspKernelOptions['lookahead']>;
}

export interface Backends {
  cuda?: CudaDevice;
  webgpu?: Device;
}

/** Prepares `graph` on a backend; one submit per run on WebGPU (an idle H100 between submits drops its clocks). */
export async function prepareApsp(backends: Backends, backend: BackendName, graph: EdgeList, options: ApspKernelOptions): Promise<PreparedApsp> {
  if (backend === 'cuda') {
    const runner = await CudaApspRunner.create(backends.cuda!, graph, options);
    return {
      time: async () => {
        const t = runner.time();
        return t.gpuTimeMs ?? t.wallTimeMs;
      },
      run: async () => runner.run(),
      destroy: () => runner.destroy(),
      lookahead: runner.lookahead,
    };
  }
  const runner = await ApspRunner.create(backends.webgpu!, graph, options);
  const stepsPerSubmit = 1e9;
  return {
    time: async () => {
      const t = await runner.time({ stepsPerSubmit });
      return t.gpuTimeMs ?? t.wallTimeMs;
    },
    run: () => runner.run({ stepsPerSubmit }),
    destroy: () => runner.destroy(),
    lookahead: false,
  };
}

/** Entries where two results differ (both row-major n×n), and the first one. */
export function compareMatrices(a: ArrayLike<number>, b: ArrayLike<number>, n: number): { mismatches: number; first?: { i: number; j: number; a: number; b: number } } {
  let mismatches = 0;
  let first: { i: number; j: number; a: number; b: number } | undefined;
  for (let k = 0; k < a.length; k++) {
    if (a[k] === b[k]) continue;
    mismatches++;
    first ??= { i: Math.floor(k / n), j: k % n, a: a[k], b: b[k] };
  }
  return { mismatches, first };
}
