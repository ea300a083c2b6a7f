// The CUDA twins of fw-block-executors.ts: the same task kinds ('fw-product', 'fw-closure') and inputs, run on a
// CudaStreamDevice's stream — the block and its operands sent by async copies, the FW kernels (target 'cuda')
// launched on the task's stream, the block read back by an async copy.
import type { ElementArray } from '@semiforge/codegen';
import type { CudaBuffer, CudaKernel } from '@semiforge/runtime-cuda';
import type { CudaStreamDevice, ElementArrayType } from '../cuda-backend.js';
import { registerExecutor, type Executor } from '../executor.js';
import { blockKernels, type BlockKernels } from './fw-block-plan.js';
import { enterRun, placeOperand, releaseHeld, type BlockClosureInput, type BlockOperand, type BlockProductInput, type HeldBuffers } from './fw-block-executors.js';

interface CudaBlockState extends HeldBuffers<CudaBuffer> {
  readonly side: number;
  readonly type: ElementArrayType<ElementArray>;
  /** Queues the task's copies and launches on stream j. */
  readonly enqueue: (j: number) => void;
  readonly out: CudaBuffer;
}

/** The plan's kernels, loaded on this device (runtime-cuda loads each once per device). */
async function loaded(device: CudaStreamDevice, k: BlockKernels): Promise<CudaKernel[]> {
  return Promise.all([k.pivot, k.panelRow, k.panelCol, k.update].map((g) => device.kernel(g)));
}

function free(device: CudaStreamDevice, held: HeldBuffers<CudaBuffer>): void {
  releaseHeld(device.resident, held, (b) => device.free(b));
}

function panels(device: CudaStreamDevice, tile: number, side: number, own: CudaBuffer[]): { row: CudaBuffer; col: CudaBuffer } {
  const row = device.alloc('fw row panel', tile * side * 4);
  own.push(row);
  const col = device.alloc('fw col panel', tile * side * 4);
  own.push(col);
  return { row, col };
}

const typeOf = (data: ElementArray) => data.constructor as ElementArrayType<ElementArray>;

const common = {
  kernel: async (device: CudaStreamDevice, state: CudaBlockState, j: number) => {
    state.enqueue(j);
    await device.done(j);
  },
  readback: (device: CudaStreamDevice, state: CudaBlockState, j: number) =>
    device.read(j, state.out, state.type, { byteLength: state.side * state.side * 4 }),
  release: (device: CudaStreamDevice, state: CudaBlockState) => free(device, state),
};

const productExecutor: Executor<BlockProductInput, CudaBlockState, ElementArray, CudaStreamDevice> = {
  async download(device, input, j) {
    enterRun(device.resident, input);
    const { side } = input;
    const k = blockKernels(input.kernel, side, 'cuda');
    const [, , , update] = await loaded(device, k);
    const held: HeldBuffers<CudaBuffer> = { own: [], pinned: [] };
    const { own } = held;
    try {
      // One upload (one fence) for the block and the operands it brings.
      const send: Record<string, ElementArray> = { c: input.c };
      if (input.at.data !== undefined) send.at = input.at.data;
      if (input.b?.data !== undefined) send.b = input.b.data;
      const sent = await device.upload(j, send, 'fw');
      own.push(sent.c);
      const operand = (op: BlockOperand, buffer: CudaBuffer | undefined) => placeOperand(device.resident, op, buffer, held, (b) => device.free(b));
      const at = operand(input.at, sent.at);
      const b = input.b === undefined ? sent.c : operand(input.b, sent.b);
      const { row, col } = panels(device, k.tile, side, own);
      const c = sent.c;
      const params = new Uint32Array([side, 0]);
      const bytes = k.tile * side * 4;
      const enqueue = (stream: number) => {
        for (let step = 0; step < side / k.tile; step++) {
          device.copy(stream, at, col, bytes, step * bytes, 0);
          device.copy(stream, b, row, bytes, step * bytes, 0);
          device.launch(stream, update, { buffers: { d: c, row_panel: row, col_panel: col }, params, grid: k.grids[3] });
        }
      };
      return { side, type: typeOf(input.c), enqueue, out: c, ...held };
    } catch (error) {
      free(device, held);
      throw error;
    }
  },
  ...common,
};

const closureExecutor: Executor<BlockClosureInput, CudaBlockState, ElementArray, CudaStreamDevice> = {
  async download(device, input, j) {
    const { side } = input;
    const k = blockKernels(input.kernel, side, 'cuda');
    const kernels = await loaded(device, k);
    const own: CudaBuffer[] = [];
    try {
      const { d } = await device.upload(j, { d: input.data }, 'fw pivot block');
      own.push(d);
      const { row, col } = panels(device, k.tile, side, own);
      const buffers = [{ d }, { d, out_panel: row }, { d, out_panel: col }, { d, row_panel: row, col_panel: col }];
      const enqueue = (stream: number) => {
        for (let step = 0; step < side / k.tile; step++) {
          const params = new Uint32Array([side, step * k.tile]);
          for (let i = 0; i < 4; i++) device.launch(stream, kernels[i], { buffers: buffers[i], params, grid: k.grids[i] });
        }
      };
      return { side, type: typeOf(input.data), enqueue, out: d, own, pinned: [] };
    } catch (error) {
      free(device, { own, pinned: [] });
      throw error;
    }
  },
  ...common,
};

registerExecutor('fw-product', productExecutor, 'cuda');
registerExecutor('fw-closure', closureExecutor, 'cuda');
