// Device halves of blocked Floyd-Warshall over streamed blocks: the closure of a pivot block, and the block
// product C ⊕= A ⊗ B, both on the FW kernels of @semiforge/algorithms called as `ApspRunner` calls them.
import type { ElementArray } from '@semiforge/codegen';
import type { ApspKernelOptions } from '@semiforge/algorithms';
import type { TypedArrayConstructor } from '@semiforge/runtime';
import { registerExecutor, type Executor } from '../executor.js';
import type { ResidentStore } from '../resident-store.js';
import type { WebGpuDevice } from '../webgpu-backend.js';
import { blockKernels } from './fw-block-plan.js';

/** A block operand: sent with the task (kept on the device under `key` when `keep`), or already there. */
export interface BlockOperand {
  readonly key: string;
  readonly data?: ElementArray;
  readonly keep?: boolean;
}

/** Input of the `fw-product` executor: C ⊕= A ⊗ B over blocks of side `side`, with A given transposed. */
export interface BlockProductInput {
  /** Names the blocked-APSP run: a task of another run first frees what earlier runs left on the device. */
  readonly run: string;
  /** Resident operands no task needs any more: freed first (once the tasks still using them are done). */
  readonly evict?: readonly string[];
  readonly side: number;
  readonly kernel: ApspKernelOptions;
  readonly c: ElementArray;
  /** Aᵀ, row-major: the fw_update kernel reads its column panel as rows of Aᵀ. */
  readonly at: BlockOperand;
  /** B; absent: C itself (a panel step, C ⊕= A ⊗ C). */
  readonly b?: BlockOperand;
}

/** Input of the `fw-closure` executor: the pivot block to close in place. */
export interface BlockClosureInput {
  readonly side: number;
  readonly kernel: ApspKernelOptions;
  readonly data: ElementArray;
}

/**
 * Before a product task: frees what another blocked-APSP run left on the device, then the operands the host
 * says no task needs any more. Resident operands live under `fw:<key>`.
 */
export function enterRun(resident: ResidentStore, input: BlockProductInput): void {
  if (resident.get<string>('fw.run') !== input.run) {
    resident.deletePrefix('fw:');
    resident.put('fw.run', input.run, 0, () => undefined);
  }
  for (const key of input.evict ?? []) resident.delete(`fw:${key}`);
}

/** The buffers a task holds: those it allocated, and the resident operands it pinned (with their keys). */
export interface HeldBuffers<B> {
  readonly own: B[];
  readonly pinned: [string, B][];
}

/**
 * A task's operand on the device: the resident one under `fw:<key>` pinned when the host sent no data, else
 * `sent` (the buffer the data went into), owned by the task, or kept resident and pinned when `keep`.
 * `dispose` frees a kept buffer once it leaves the resident store.
 */
export function placeOperand<B>(resident: ResidentStore, op: BlockOperand, sent: B | undefined, held: HeldBuffers<B>, dispose: (buffer: B) => void): B {
  const key = `fw:${op.key}`;
  if (sent === undefined || op.data === undefined) {
    const buffer = resident.pin<B>(key);
    held.pinned.push([key, buffer]);
    return buffer;
  }
  if (!op.keep) {
    held.own.push(sent);
    return sent;
  }
  resident.put(key, sent, op.data.byteLength, dispose);
  resident.pin(key);
  held.pinned.push([key, sent]);
  return sent;
}

/** Frees what a task allocated (`free`) and lets go of the resident operands it pinned. */
export function releaseHeld<B>(resident: ResidentStore, held: HeldBuffers<B>, free: (buffer: B) => void): void {
  for (const b of held.own) free(b);
  for (const [key, b] of held.pinned) resident.unpin(key, b);
}

interface BlockState extends HeldBuffers<GPUBuffer> {
  readonly side: number;
  readonly type: TypedArrayConstructor<ElementArray>;
  readonly record: (batch: ReturnType<WebGpuDevice['runtime']['batch']>) => void;
  /** The block that comes back. */
  readonly out: GPUBuffer;
}

async function operand(device: WebGpuDevice, op: BlockOperand, held: HeldBuffers<GPUBuffer>): Promise<GPUBuffer> {
  const sent = op.data === undefined ? undefined : await device.upload(`fw operand ${op.key}`, op.data);
  return placeOperand(device.resident, op, sent, held, (b) => b.destroy());
}

function free(device: WebGpuDevice, held: HeldBuffers<GPUBuffer>): void {
  releaseHeld(device.resident, held, (b) => b.destroy());
}

const release = (device: WebGpuDevice, state: BlockState) => free(device, state);

const readOut = (device: WebGpuDevice, state: BlockState) => device.readback(state.out, state.type, 0, state.side * state.side);

/** Panels of one t-deep product step: t rows of Aᵀ and of B, as the fw kernels' panel buffers (t × side). */
async function panels(device: WebGpuDevice, tile: number, side: number, own: GPUBuffer[]) {
  const make = async (label: string) => {
    const b = await device.runtime.createBuffer(label, tile * side * 4, 'storage');
    own.push(b);
    return b;
  };
  return { row: await make('fw row panel'), col: await make('fw col panel') };
}

/**
 * `fw-product`: C ⊕= A ⊗ B in side/t steps of the fw_update kernel, each on t rows of Aᵀ and of B copied into
 * its panel buffers. With B = C (a panel step) the copies see C partly updated, which only brings in paths
 * through the same pivot block: the result is the same.
 */
const productExecutor: Executor<BlockProductInput, BlockState, ElementArray> = {
  async download(device, input) {
    enterRun(device.resident, input);
    const { side } = input;
    const k = blockKernels(input.kernel, side, 'wgsl');
    const held: HeldBuffers<GPUBuffer> = { own: [], pinned: [] };
    const { own } = held;
    try {
      const c = await device.upload('fw block', input.c);
      own.push(c);
      const at = await operand(device, input.at, held);
      const b = input.b === undefined ? c : await operand(device, input.b, held);
      const { row, col } = await panels(device, k.tile, side, own);
      await device.flush();
      const params = new Uint32Array([side, 0, 0, 0]);
      const bytes = k.tile * side * 4;
      const record: BlockState['record'] = (batch) => {
        for (let step = 0; step < side / k.tile; step++) {
          batch.copy(at, col, bytes, step * bytes, 0);
          batch.copy(b, row, bytes, step * bytes, 0);
          batch.dispatch(k.update, { buffers: { d: c, row_panel: row, col_panel: col }, params, workgroups: k.grids[3] });
        }
      };
      return { side, type: input.c.constructor as TypedArrayConstructor<ElementArray>, record, out: c, ...held };
    } catch (error) {
      free(device, held);
      throw error;
    }
  },
  kernel: async (device, state) => {
    await device.run(state.record, 'fw block product');
  },
  readback: readOut,
  release,
};

/** `fw-closure`: in-core blocked FW of one block (pivot, panels, update per t-step), as `ApspRunner` runs it. */
const closureExecutor: Executor<BlockClosureInput, BlockState, ElementArray> = {
  async download(device, input) {
    const { side } = input;
    const k = blockKernels(input.kernel, side, 'wgsl');
    const own: GPUBuffer[] = [];
    try {
      const d = await device.upload('fw pivot block', input.data);
      own.push(d);
      const { row, col } = await panels(device, k.tile, side, own);
      await device.flush();
      const kernels = [k.pivot, k.panelRow, k.panelCol, k.update];
      const buffers = [{ d }, { d, out_panel: row }, { d, out_panel: col }, { d, row_panel: row, col_panel: col }];
      const record: BlockState['record'] = (batch) => {
        for (let step = 0; step < side / k.tile; step++) {
          const params = new Uint32Array([side, step * k.tile, 0, 0]);
          for (let i = 0; i < 4; i++) batch.dispatch(kernels[i], { buffers: buffers[i], params, workgroups: k.grids[i] });
        }
      };
      return { side, type: input.data.constructor as TypedArrayConstructor<ElementArray>, record, out: d, own, pinned: [] };
    } catch (error) {
      free(device, { own, pinned: [] });
      throw error;
    }
  },
  kernel: async (device, state) => {
    await device.run(state.record, 'fw pivot closure');
  },
  readback: readOut,
  release,
};

registerExecutor('fw-product', productExecutor);
registerExecutor('fw-closure', closureExecutor);
