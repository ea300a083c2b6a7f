// The devices a suite run measures: WebGPU devices of this process, one worker process per GPU, or CUDA devices
// of this process (by index, each with its own streams).
import { openCudaBackend, openProcessBackend, openWebGpuBackend, type Backend, type ExecutorDevice } from '@semiforge/scheduler';
import { cudaContext } from '../cuda/cuda-context.js';
import { webgpuContext } from '../lib/gpu-context.js';
import { nvidiaInfo } from '../lib/gpu-peak.js';
import { baseContext, deviceSlug, type BenchContext } from '../lib/results.js';
import { selectionEnv, type Selection } from './gpus.js';

/** What the command line asked for. */
export interface BackendChoice {
  /** 'webgpu' (default) or 'cuda'. */
  backend?: 'webgpu' | 'cuda';
  /** WebGPU: worker processes, one GPU each (undefined: devices of this process). CUDA: devices 0..gpus − 1 of this process. */
  gpus?: number;
  select: Selection;
  devices: number;
  adapters?: string[];
  buses?: number[];
}

/** The opened devices and the results' context. */
export interface OpenedBackend {
  backend: Backend<ExecutorDevice>;
  context: BenchContext;
  /** 'process', 'webgpu' or 'cuda'. */
  kind: string;
}

export async function openBackend(choice: BackendChoice, suite: string): Promise<OpenedBackend> {
  if (choice.backend === 'cuda') {
    const backend = await openCudaBackend({ gpus: choice.gpus ?? 1, ...(choice.buses ? { buses: choice.buses } : {}) });
    const first = backend.devices[0].runtime;
    const context = cudaContext(suite, first, ['cuda (one process, CUDA streams per device)']);
    const c = backend.devices.length;
    return { backend, context: c > 1 ? { ...context, device: `${c}x${deviceSlug(first.info.name)}` } : context, kind: 'cuda' };
  }
  if (choice.gpus === undefined) {
    const backend = await openWebGpuBackend({
      ...(choice.adapters ? { adapters: choice.adapters } : { devices: choice.devices }),
      ...(choice.buses ? { buses: choice.buses } : {}),
    });
    return { backend, context: webgpuContext(suite, backend.devices[0].runtime), kind: 'webgpu' };
  }
  const env = selectionEnv(choice.gpus, choice.select);
  const backend = await openProcessBackend({ gpus: choice.gpus, ...(env ? { env } : {}), ...(choice.buses ? { buses: choice.buses } : {}) });
  const info = nvidiaInfo();
  const adapter = backend.devices[0].ready.adapter;
  const context: BenchContext = {
    ...baseContext(suite),
    // `2xh200`: its own results file, apart from the one-GPU runs' `h200`.
    device: `${choice.gpus}x${deviceSlug(info?.name ?? adapter)}`,
    backend: 'webgpu (one worker process per GPU)',
    adapter: { vendor: '', architecture: '', driver: info?.driver ?? '', description: `${info?.name ?? adapter}: ${backend.devices.map((d) => d.label).join('; ')}` },
  };
  return { backend, context, kind: 'process' };
}
