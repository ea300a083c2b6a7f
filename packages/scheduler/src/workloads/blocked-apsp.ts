import { buildApspMatrix, checkNegativeCycles, decodeF32, defaultTile, planApsp, type ApspKernelOptions, type ApspPlan } from '@semiforge/algorithms';
import type { ElementArray } from '@semiforge/codegen';
import { paddedSize, type EdgeList } from '@semiforge/graph-io';
import { portableTask, type ExecutorDevice } from '../executor.js';
import type { Scheduler } from '../scheduler.js';
import { fromBlocks, toBlocks, transposeBlock, type BlockMatrix } from './fw-blocks.js';
import type { BlockClosureInput, BlockOperand, BlockProductInput } from './fw-block-executors.js';
import './fw-block-executors.js';
import './fw-block-executors.cuda.js';

/** Options of {@link blockedApsp}: the FW kernels' options, and how the matrix is cut and held. */
export interface BlockedApspOptions extends Omit<ApspKernelOptions, 'method' | 'layout' | 'successors'> {
  /** Side of the square blocks streamed to the devices (a multiple of the tile). Default: from `deviceMemoryBytes`, else 4096. */
  block?: number;
  /**
   * Device memory this matrix may use on each device (bytes). The block side is chosen so that every stream's
   * task fits, and pivot blocks are kept on a device only within what is left; a small value forces the tiles
   * to stream (and tests that they do). Default: no limit beyond the block side.
   */
  deviceMemoryBytes?: number;
  /** Called after each pivot round with (done, total). */
  onRound?: (done: number, total: number) => void;
}

/** What {@link blockedApsp} returns. */
export interface BlockedApspResult {
  readonly n: number;
  /** Padded order (a multiple of the block side). */
  readonly N: number;
  readonly block: number;
  /** Blocks per side, B: B rounds of 1 closure, 2(B − 1) panel products and (B − 1)² update products. */
  readonly blocks: number;
  readonly plan: ApspPlan;
  /** Row-major n×n distances (±Infinity for no path in f32). */
  readonly dist: ElementArray;
  /** Tasks the scheduler ran. */
  readonly tasks: number;
  /** Host → device bytes sent (blocks and operands), device → host bytes read back. */
  readonly bytesDown: number;
  readonly bytesUp: number;
  /** Operand uses served by a block already on the device (the round's broadcast), and uses that sent it. */
  readonly residentHits: number;
  readonly operandsSent: number;
}

/**
 * Host-side mirror of the operands each device keeps, within its budget. Every operand key is used by a known
 * number of tasks; once all of them have downloaded, the key is dead and the next task sent to a device holding
 * it tells that device to free it.
 */
class ResidentMirror {
  readonly #devices = new Map<number, { keys: Map<string, number>; bytes: number }>();
  readonly #uses = new Map<string, number>();
  readonly #budget: number;
  hits = 0;
  sent = 0;
  bytesDown = 0;

  constructor(budget: number) {
    this.#budget = budget;
  }

  /** `key` will be used by `uses` tasks. */
  expect(key: string, uses: number): void {
    this.#uses.set(key, uses);
  }

  /** Keys `device` should free before this task: dead ones it holds. */
  evictions(device: number): string[] {
    const held = this.#held(device);
    const dead = [...held.keys.keys()].filter((k) => (this.#uses.get(k) ?? 0) === 0);
    for (const k of dead) {
      held.bytes -= held.keys.get(k)!;
      held.keys.delete(k);
    }
    return dead;
  }

  operand(device: number, key: string, data: ElementArray): BlockOperand {
    const left = (this.#uses.get(key) ?? 1) - 1;
    this.#uses.set(key, left);
    const held = this.#held(device);
    if (held.keys.has(key)) {
      this.hits += 1;
      return { key };
    }
    this.sent += 1;
    this.bytesDown += data.byteLength;
    if (left === 0 || held.bytes + data.byteLength > this.#budget) return { key, data };
    held.keys.set(key, data.byteLength);
    held.bytes += data.byteLength;
    return { key, data, keep: true };
  }

  #held(device: number): { keys: Map<string, number>; bytes: number } {
    let held = this.#devices.get(device);
    if (held === undefined) this.#devices.set(device, (held = { keys: new Map(), bytes: 0 }));
    return held;
  }
}

const BYTES = 4;
let runs = 0;
const DEFAULT_BLOCK = 4096;

/** Bytes one task of each stream may hold at once: C, Aᵀ and B blocks, and two t × side panels. */
function taskBytes(side: number, tile: number): number {
  return (3 * side * side + 2 * tile * side) * BYTES;
}

/** The block side: given, or the largest multiple of the tile whose tasks (one per stream) and two cached blocks fit. */
function chooseBlock(n: number, tile: number, streams: number, block: number | undefined, memory: number | undefined): number {
  const fitsN = paddedSize(n, tile);
  if (block !== undefined) {
    if (!Number.isInteger(block) || block < tile || block % tile !== 0) {
      throw new RangeError(`block = ${block}: the block side must be a positive multiple of the tile ${tile}.`);
    }
    const side = Math.min(block, fitsN);
    if (memory !== undefined && streams * taskBytes(side, tile) > memory) {
      throw new RangeError(
        `deviceMemoryBytes = ${memory}: ${streams} streams' tasks on blocks of ${side} need ${streams * taskBytes(side, tile)} bytes; give more memory, fewer streams or a smaller block (or no block: the largest that fits is chosen).`,
      );
    }
    return side;
  }
  if (memory === undefined) return Math.min(DEFAULT_BLOCK, fitsN);
  let side = 0;
  for (let s = tile; s <= fitsN; s += tile) if (streams * taskBytes(s, tile) + 2 * s * s * BYTES <= memory) side = s;
  if (side === 0) {
    const need = streams * taskBytes(tile, tile) + 2 * tile * tile * BYTES;
    throw new RangeError(
      `deviceMemoryBytes = ${memory}: too small for one block of the tile's side ${tile} per stream (${need} bytes with ${streams} streams); give more memory, fewer streams or a smaller tile.`,
    );
  }
  return side;
}

/** A diagonal improved past the semiring's one as a negative cycle, then f32 stand-ins back to ±Infinity, as `apsp` does. */
function finish(dist: ElementArray, n: number, plan: ApspPlan): ElementArray {
  checkNegativeCycles(dist, n, plan);
  decodeF32(dist, plan.type);
  return dist;
}

/** The FW kernel options {@link blockedApsp} runs with, for a graph of n vertices. */
function blockKernelOptions(n: number, options: BlockedApspOptions): ApspKernelOptions {
  const { block: _block, deviceMemoryBytes: _memory, onRound: _onRound, ...fw } = options;
  return { ...fw, tile: fw.tile ?? defaultTile(n), method: 'a', layout: 'row-major', successors: false };
}

/**
 * Runs the closure and the product once on every device of the scheduler, on one tile-sized block, outside
 * its report: pipelines compile before {@link blockedApsp} is timed.
 *
 * @example
 * ```ts
 * await warmUpBlockedApsp(scheduler, graph.n, { tile: 64 });
 * ```
 */
export async function warmUpBlockedApsp(scheduler: Scheduler<ExecutorDevice>, n: number, options: BlockedApspOptions = {}): Promise<void> {
  const kernel = blockKernelOptions(n, options);
  const side = kernel.tile!;
  const block = new Float32Array(side * side);
  await scheduler.warmUp(portableTask('fw-closure', { side, kernel, data: block } satisfies BlockClosureInput));
  await scheduler.warmUp(portableTask('fw-product', { run: 'warm-up', side, kernel, c: block, at: { key: 'warm-up', data: block } } satisfies BlockProductInput));
}

/**
 * APSP of a matrix cut into blocks that stream through the scheduler's devices (paper 000's future work):
 * blocked Floyd-Warshall over B×B blocks, one round per pivot block K — the closure of D_KK on one device,
 * then the pivot row D_KJ ⊕= D_KK* ⊗ D_KJ and column D_IK ⊕= D_IK ⊗ D_KK* as independent tasks, then every
 * other block D_IJ ⊕= D_IK ⊗ D_KJ. The host holds the matrix; each task downloads its block, runs the FW
 * kernels and reads it back. The round's pivot blocks are broadcast: each device keeps those it got, within
 * its memory budget, so later tasks on it send only their own block, and frees them once no task needs them.
 * Tasks start as soon as the blocks they read are final (no barrier between phases or rounds). One blocked
 * APSP at a time per device: a new run frees what the last left there.
 * The ⊗ of the semiring must commute (min-plus, max-min, or-and do): the pivot column is computed transposed.
 *
 * @example
 * ```ts
 * const scheduler = new Scheduler(await openWebGpuBackend({ devices: 2 }));
 * const { dist } = await blockedApsp(scheduler, generateRandom4n(512, 1), { block: 128, tile: 32 });
 * ```
 */
export async function blockedApsp(scheduler: Scheduler<ExecutorDevice>, graph: EdgeList, options: BlockedApspOptions = {}): Promise<BlockedApspResult> {
  const { block, deviceMemoryBytes, onRound } = options;
  const kernel = blockKernelOptions(graph.n, options);
  const tile = kernel.tile!;
  const plan = planApsp(kernel, graph.n);
  const side = chooseBlock(graph.n, tile, scheduler.streams, block, deviceMemoryBytes);
  const budget = deviceMemoryBytes === undefined ? Number.POSITIVE_INFINITY : deviceMemoryBytes - scheduler.streams * taskBytes(side, tile);
  // buildApspMatrix pads to a multiple of the plan's tile: here, of the block side.
  const padded = buildApspMatrix(graph, { ...plan, tile: side });
  const m: BlockMatrix = toBlocks(padded.data, padded.N, side);
  const B = m.count;
  const at = (I: number, J: number) => I * B + J;
  const mirror = new ResidentMirror(budget);
  const runId = `${process.pid}.${++runs}`;
  let tasks = 0;
  let bytesUp = 0;
  const run = (kind: string, input: unknown) => {
    tasks += 1;
    return scheduler.submit(portableTask<ElementArray>(kind, input)).result.then((out) => {
      bytesUp += out.byteLength;
      return out;
    });
  };
  const sent = (data: ElementArray) => {
    mirror.bytesDown += data.byteLength;
    return data;
  };
  const product = (c: ElementArray, at: { key: string; data: ElementArray }, b?: { key: string; data: ElementArray }) =>
    run('fw-product', (device: ExecutorDevice): BlockProductInput => ({
      run: runId,
      evict: mirror.evictions(device.index),
      side,
      kernel,
      c: sent(c),
      at: mirror.operand(device.index, at.key, at.data),
      ...(b === undefined ? {} : { b: mirror.operand(device.index, b.key, b.data) }),
    }));
  // Dataflow rather than barriers: every task is submitted as soon as the blocks it reads are final for its
  // round, so the next round's closure and panels overlap this round's last updates.
  const current: Promise<ElementArray>[] = m.blocks.map((b) => Promise.resolve(b));
  const others = (K: number) => Array.from({ length: B }, (_, i) => i).filter((i) => i !== K);
  for (let K = 0; K < B; K++) {
    const rest = others(K);
    for (const key of ['pivot', 'pivotT', ...rest.flatMap((i) => [`col${i}`, `row${i}`])]) mirror.expect(`r${K}:${key}`, rest.length);
    const pivot = current[at(K, K)].then((data) => run('fw-closure', { side, kernel, data: sent(data) } satisfies BlockClosureInput));
    current[at(K, K)] = pivot;
    const pivotT = pivot.then((p) => ({ key: `r${K}:pivotT`, data: transposeBlock(p, side) }));
    const pivotOp = pivot.then((p) => ({ key: `r${K}:pivot`, data: p }));
    // Pivot row: D_KJ ⊕= D_KK* ⊗ D_KJ. Pivot column, transposed: D_IKᵀ ⊕= D_KK*ᵀ ⊗ D_IKᵀ.
    for (const J of rest) current[at(K, J)] = Promise.all([current[at(K, J)], pivotT]).then(([c, a]) => product(c, a));
    const colT = new Map<number, Promise<ElementArray>>();
    for (const I of rest) {
      colT.set(I, Promise.all([current[at(I, K)], pivotOp]).then(([c, a]) => product(transposeBlock(c, side), a)));
      current[at(I, K)] = colT.get(I)!.then((t) => transposeBlock(t, side));
    }
    // Every other block: D_IJ ⊕= D_IK ⊗ D_KJ, with the pivot column and row broadcast.
    for (const I of rest) {
      for (const J of rest) {
        current[at(I, J)] = Promise.all([current[at(I, J)], colT.get(I)!, current[at(K, J)]]).then(([c, a, b]) =>
          product(c, { key: `r${K}:col${I}`, data: a }, { key: `r${K}:row${J}`, data: b }),
        );
      }
    }
    if (onRound !== undefined) void Promise.all(current).then(() => onRound(K + 1, B), () => undefined);
  }
  m.blocks.splice(0, m.blocks.length, ...(await Promise.all(current)));
  return {
    n: graph.n,
    N: m.N,
    block: side,
    blocks: B,
    plan,
    dist: finish(fromBlocks(m, graph.n), graph.n, plan),
    tasks,
    bytesDown: mirror.bytesDown,
    bytesUp,
    residentHits: mirror.hits,
    operandsSent: mirror.sent,
  };
}
