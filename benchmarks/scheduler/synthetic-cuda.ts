// Paper 004's dummy programs on CUDA (see synthetic.ts for the WebGPU ones, which compute the same): the task's
// array is page-locked once and sent by DMA, the kernel spins on FMAs or streams a scratch buffer, and the array
// comes back by DMA into a page-locked array of the task's own — as the paper's tasks, whose data live in
// cudaMallocHost memory. So T_D and T_R are copy-engine time, and overlap is the copy engines' beside the SMs.
import type { CudaBuffer, CudaKernelSource } from '@semiforge/runtime-cuda';
import { registerExecutor, type CudaStreamDevice, type Executor, type PinnedHost } from '@semiforge/scheduler';
import type { KernelLoad, SyntheticInput } from './synthetic.js';

const BLOCK = 256;

const kernel: CudaKernelSource = {
  name: 'bench_scheduler_synthetic',
  entryPoint: 'bench_scheduler_synthetic',
  source: `struct Params { unsigned n, iters, scratch_len, passes; };
extern "C" __global__ void __launch_bounds__(${BLOCK}) bench_scheduler_synthetic(const Params params, unsigned* data, unsigned* scratch) {
  const unsigned g = blockIdx.x * ${BLOCK}u + threadIdx.x;
  const unsigned threads = gridDim.x * ${BLOCK}u;
  float x = (float)g;
  for (unsigned k = 0; k < params.iters; k++) x = fmaf(x, 0.999999f, 1.0f);
  for (unsigned r = 0; r < params.passes; r++) {
    for (unsigned j = g; j < params.scratch_len; j += threads) scratch[j] = scratch[j] * 3u + 1u;
  }
  for (unsigned i = g; i < params.n; i += threads) data[i] = data[i] + 1u;
  // x stays positive: never taken, but the compiler cannot drop the loop.
  if (x == -1.0f) data[0] = 0u;
}
`,
  bindings: [
    { name: 'params', kind: 'uniform' },
    { name: 'data', kind: 'storage' },
    { name: 'scratch', kind: 'storage' },
  ],
  workgroupSize: [BLOCK, 1, 1],
  workgroupStorageBytes: 0,
};

const scratches = new WeakMap<CudaStreamDevice, CudaBuffer>();

function scratchOf(device: CudaStreamDevice, bytes: number): CudaBuffer {
  let s = scratches.get(device);
  if (s === undefined || s.byteLength < bytes) {
    if (s !== undefined) device.free(s);
    s = device.alloc('synthetic scratch', bytes);
    scratches.set(device, s);
  }
  return s;
}

/**
 * The page-locked array task `slot` reads its result into, exactly `bytes` long. It is portable memory (usable
 * from every device's context) and outlives the pass, so the suite checks the results after the pass without
 * a host copy inside the readback.
 */
const outputs = new Map<number, { owner: CudaStreamDevice; host: PinnedHost }>();

function outputOf(device: CudaStreamDevice, slot: number, bytes: number): PinnedHost {
  const held = outputs.get(slot);
  if (held !== undefined && held.host.bytes.byteLength === bytes && !held.owner.isLost) return held.host;
  if (held !== undefined) held.owner.freePinned(held.host);
  const host = device.pinnedArray(bytes);
  outputs.set(slot, { owner: device, host });
  return host;
}

interface State {
  readonly data: CudaBuffer;
  readonly params: Uint32Array;
  readonly load: KernelLoad;
  readonly slot: number;
}

const cudaSynthetic: Executor<SyntheticInput, State, Uint32Array, CudaStreamDevice> = {
  async download(device, { input, load, slot }, j) {
    const { data } = await device.upload(j, { data: device.pin(input) }, 'synthetic');
    const params = new Uint32Array([input.length, load.kind === 'compute' ? load.iters : 0, load.scratchBytes / 4, load.kind === 'memory' ? load.passes : 0]);
    return { data, params, load, slot };
  },
  async kernel(device, s, j) {
    const k = await device.kernel(kernel);
    device.launch(j, k, { buffers: { data: s.data, scratch: scratchOf(device, s.load.scratchBytes) }, params: s.params, grid: [s.load.workgroups, 1, 1] });
    await device.done(j);
  },
  readback: (device, s, j) => device.read(j, s.data, Uint32Array, { into: outputOf(device, s.slot, s.data.byteLength) }),
  release: (device, s) => device.free(s.data),
};

registerExecutor('bench-synthetic', cudaSynthetic, 'cuda');
