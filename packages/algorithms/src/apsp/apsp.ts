import type { ElementArray } from '@semiforge/codegen';
import { LimitError, openDevice, type Device, type TypedArrayConstructor } from '@semiforge/runtime';
import { paddedSize } from '@semiforge/graph-io';
import { dispatchGrid } from '@semiforge/codegen';
import { kernelFor } from '../kernels/kernel-source.js';
import { buildApspMatrix, type ApspGraph } from './apsp.input.js';
import { checkNegativeCycles, decodeF32, followSuccessors, unpad } from './apsp.output.js';
import { planApsp, type ApspKernelOptions, type ApspPlan } from './apsp.plan.js';

export interface ApspOptions extends ApspKernelOptions {
  /** Device to run on; default: one opened (and destroyed) for this call. */
  device?: Device;
  /** Called after each submitted group of pivot steps with (done, total) pivot steps. */
  onProgress?: (done: number, total: number) => void;
  /** Pivot steps per submit (default: about 16 submits in all, for progress). */
  stepsPerSubmit?: number;
}

export interface ApspResult {
  readonly n: number;
  /** Row-major n×n distances (or widest-path capacities, reachability, ...); f32 shows no path as ±Infinity. */
  readonly dist: ElementArray;
  /** Row-major n×n first hops, when asked for (`successors: true`); 0xffffffff where there is no path. */
  readonly successors?: Uint32Array;
  readonly plan: ApspPlan;
  /** Padded order the kernels ran on. */
  readonly paddedN: number;
  /** GPU time of all batches (timestamp queries), when the device has them. */
  readonly gpuTimeMs?: number;
  /** Host wall time from upload to read-back. */
  readonly wallTimeMs: number;
  /** A best path from u to v as its vertices, or null if none; needs `successors: true`. */
  path(u: number, v: number): number[] | null;
}

/**
 * All-pairs shortest paths (or any idempotent semiring's closure) by the blocked Floyd-Warshall of
 * paper 000 on the GPU: per pivot block, the pivot tile's closure, the pivot row and column panels,
 * then every tile. Throws {@link NegativeCycleError} when a cycle of negative weight exists.
 *
 * @example
 * const g = generateRandom4n(1000, 42);
 * const { dist } = await apsp(g, { method: 'a', tile: 64 });
 * dist[0 * 1000 + 7]; // shortest distance from 0 to 7
 */
export async function apsp(graph: ApspGraph, options: ApspOptions = {}): Promise<ApspResult> {
  const plan = planApsp(options, graph.n);
  const device = options.device ?? (await openDevice());
  try {
    checkMatrixFits(device, graph.n, plan);
    return await runApsp(device, buildApspMatrix(graph, plan), plan, options);
  } finally {
    if (!options.device) device.destroy();
  }
}

/** Refuses, before any host memory is spent, a matrix the device cannot bind, naming both sizes. */
function checkMatrixFits(device: Device, n: number, plan: ApspPlan): void {
  const N = plan.plain ? n : paddedSize(Math.max(n, 1), plan.tile);
  const bytes = N * N * 4;
  const allowed = device.limits.maxStorageBufferBindingSize;
  if (bytes > allowed) {
    throw new LimitError({
      limit: 'maxStorageBufferBindingSize',
      requested: bytes,
      allowed,
      subject: `the APSP distance matrix of n = ${n} (${N}×${N} padded, 4-byte elements)`,
      wayOut: `the largest n this device holds is ${Math.floor(Math.sqrt(allowed / 4))}; use a device with larger bindings, or split the graph.`,
    });
  }
}

async function runApsp(device: Device, input: ReturnType<typeof buildApspMatrix>, plan: ApspPlan, options: ApspOptions): Promise<ApspResult> {
  const { n, N } = input;
  const started = performance.now();
  const d = await device.createStorage('apsp.d', input.data);
  const succ = input.succ && (await device.createStorage('apsp.succ', input.succ));
  const buffers: GPUBuffer[] = [d];
  if (succ) buffers.push(succ);
  let gpuTimeMs: number | undefined = 0;
  try {
    const steps = plan.plain ? N : N / plan.tile;
    const perSubmit = options.stepsPerSubmit ?? Math.max(1, Math.ceil(steps / 16));
    let record: (batch: ReturnType<Device['batch']>, step: number) => void;
    if (plan.plain) {
      const kernel = kernelFor(plan.plain);
      const grid = dispatchGrid(plan.plain, N);
      const bound = succ ? { d, succ } : { d };
      record = (batch, k) => batch.dispatch(kernel, { buffers: bound, params: new Uint32Array([N, k, 0, 0]), workgroups: grid });
    } else {
      const specs = plan.blocked!;
      const [pivot, panelRow, panelCol, update] = [specs.pivot, specs.panelRow, specs.panelCol, specs.update].map(kernelFor);
      const panelBytes = plan.tile * N * input.data.BYTES_PER_ELEMENT;
      const rowPanel = await device.createBuffer('apsp.row_panel', panelBytes, 'storage');
      const colPanel = await device.createBuffer('apsp.col_panel', panelBytes, 'storage');
      buffers.push(rowPanel, colPanel);
      let rowSucc: GPUBuffer | undefined;
      let colSucc: GPUBuffer | undefined;
      if (succ) {
        rowSucc = await device.createBuffer('apsp.row_succ', plan.tile * N * 4, 'storage');
        colSucc = await device.createBuffer('apsp.col_succ', plan.tile * N * 4, 'storage');
        buffers.push(rowSucc, colSucc);
      }
      const grids = {
        pivot: dispatchGrid(specs.pivot, N),
        row: dispatchGrid(specs.panelRow, N),
        col: dispatchGrid(specs.panelCol, N),
        update: dispatchGrid(specs.update, N),
      };
      const withSucc = <T extends object>(b: T, s: object) => (succ ? { ...b, ...s } : b);
      const pivotBufs = withSucc({ d }, { succ });
      const rowBufs = withSucc({ d, out_panel: rowPanel }, { succ, out_succ: rowSucc });
      const colBufs = withSucc({ d, out_panel: colPanel }, { succ, out_succ: colSucc });
      const updateBufs = withSucc({ d, row_panel: rowPanel, col_panel: colPanel }, { succ, row_succ: rowSucc, col_succ: colSucc });
      record = (batch, step) => {
        const params = new Uint32Array([N, step * plan.tile, 0, 0]);
        batch.dispatch(pivot, { buffers: pivotBufs as Record<string, GPUBuffer>, params, workgroups: grids.pivot });
        batch.dispatch(panelRow, { buffers: rowBufs as Record<string, GPUBuffer>, params, workgroups: grids.row });
        batch.dispatch(panelCol, { buffers: colBufs as Record<string, GPUBuffer>, params, workgroups: grids.col });
        batch.dispatch(update, { buffers: updateBufs as Record<string, GPUBuffer>, params, workgroups: grids.update });
      };
    }
    for (let first = 0; first < steps; first += perSubmit) {
      const batch = device.batch({ label: `apsp steps ${first}..` });
      const last = Math.min(steps, first + perSubmit);
      for (let step = first; step < last; step++) record(batch, step);
      const { gpuTimeMs: t } = await batch.submit();
      gpuTimeMs = t === undefined || gpuTimeMs === undefined ? undefined : gpuTimeMs + t;
      options.onProgress?.(last, steps);
    }
    const raw = await device.read(d, input.data.constructor as TypedArrayConstructor<ElementArray>);
    const dist = unpad(raw, n, N, plan);
    const successors = succ ? unpad(await device.read(succ, Uint32Array), n, N, plan) : undefined;
    const wallTimeMs = performance.now() - started;
    checkNegativeCycles(dist, n, plan);
    decodeF32(dist, plan);
    return {
      n,
      dist,
      successors,
      plan,
      paddedN: N,
      gpuTimeMs,
      wallTimeMs,
      path(u, v) {
        if (!successors) throw new Error('path(u, v) needs apsp(..., { successors: true })');
        return followSuccessors(successors, n, u, v);
      },
    };
  } finally {
    for (const b of buffers) b.destroy();
  }
}
