import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ApspRunner, verifyApsp, type ApspKernelOptions, type ApspResult, type Verification } from '@semiforge/algorithms';
import { generateRandom4n, graphFileKind, readGraphFile, type EdgeList } from '@semiforge/graph-io';
import type { Task } from '../backend.js';
import { portableTask, registerExecutor, taskExecutor, type ExecutorDevice } from '../executor.js';
import type { OutcomeOrder, Scheduler, TaskOutcome } from '../scheduler.js';
import type { WebGpuDevice } from '../webgpu-backend.js';
// Registers the same task kind for CUDA devices.
import './batch-apsp.cuda.js';

/** One graph of a batch and how to name it. */
export interface BatchGraph {
  readonly name: string;
  readonly graph: EdgeList;
}

/** A solved graph of a batch. */
export interface BatchApspResult {
  readonly name: string;
  readonly n: number;
  /** Row-major n×n distances (closure of the chosen semiring). */
  readonly dist: ApspResult['dist'];
  readonly plan: ApspResult['plan'];
  /** Against the CPU reference (or Dijkstra rows above 256 vertices), when verification was asked for. */
  readonly verification?: Verification;
}

/**
 * One graph's APSP as a scheduled task, on `@semiforge/algorithms`' blocked Floyd-Warshall: download = plan,
 * encode and upload the matrix ({@link ApspRunner.create}) until it is on the device; kernel = every pivot
 * step (`time()`); readback = the distances (`read()`). {@link batchApsp} checks each result on the host after
 * its readback, outside the scheduler's phases.
 *
 * @example
 * ```ts
 * const handle = scheduler.submit(apspTask({ name: 'g0', graph: generateRandom4n(64, 1) }, { tile: 32 }));
 * const { dist } = await handle.result;
 * ```
 */
export function apspTask(item: BatchGraph, kernelOptions: ApspKernelOptions = {}): Task<WebGpuDevice, ApspRunner, BatchApspResult> {
  return {
    download: async (device) => {
      const runner = await ApspRunner.create(device.runtime, item.graph, kernelOptions);
      await device.flush();
      return runner;
    },
    kernel: async (_device, runner) => {
      await runner.time();
    },
    readback: async (_device, runner) => {
      const { n, dist, plan } = await runner.read();
      return { name: item.name, n, dist, plan };
    },
    release: (_device, runner) => runner.destroy(),
  };
}

registerExecutor(
  'batch-apsp',
  taskExecutor(({ item, options }: { item: BatchGraph; options: ApspKernelOptions }) => apspTask(item, options)),
);

/**
 * {@link apspTask} as a portable task: the same phases on any {@link ExecutorDevice}, a worker process's GPU
 * included (the graph and the distances cross the process boundary).
 */
export function portableApspTask(item: BatchGraph, kernelOptions: ApspKernelOptions = {}): Task<ExecutorDevice, number, BatchApspResult> {
  return portableTask<BatchApspResult>('batch-apsp', { item, options: kernelOptions });
}

/**
 * Solves every graph on the scheduler's devices and yields each outcome (in task order, or as completed);
 * with `verify`, each result carries its check against the CPU reference. The first graph runs once on every
 * device beforehand, untimed, so that pipeline compilation stays out of the schedule.
 *
 * @example
 * ```ts
 * for await (const o of batchApsp(scheduler, generateApspBatch(100, 64), { verify: true })) {
 *   if (o.ok && !o.value.verification?.ok) throw new Error(`${o.value.name}: wrong distances`);
 * }
 * ```
 */
export async function* batchApsp(
  scheduler: Scheduler<ExecutorDevice>,
  graphs: readonly BatchGraph[],
  options: ApspKernelOptions & { verify?: boolean; order?: OutcomeOrder } = {},
): AsyncGenerator<TaskOutcome<BatchApspResult>> {
  const { order, verify, ...kernelOptions } = options;
  if (graphs.length > 0) await scheduler.warmUp(portableApspTask(graphs[0], kernelOptions));
  const tasks = graphs.map((g) => portableApspTask(g, kernelOptions));
  for await (const outcome of scheduler.run(tasks, { order })) {
    if (!outcome.ok || !verify) {
      yield outcome;
      continue;
    }
    const { graph } = graphs[outcome.id];
    yield { ...outcome, value: { ...outcome.value, verification: verifyApsp(graph, outcome.value.dist, outcome.value.plan) } };
  }
}

/**
 * `count` DIMACS Random4-n graphs of `size` vertices (4·size arcs, weights 0..size), seeds `seed`, `seed + 1`, …
 *
 * @example
 * ```ts
 * const graphs = generateApspBatch(1000, 64); // a thousand 64-vertex graphs
 * ```
 */
export function generateApspBatch(count: number, size: number, seed = 1): BatchGraph[] {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`count = ${count}: a batch needs an integer number of graphs ≥ 1.`);
  if (!Number.isInteger(size) || size < 2) throw new RangeError(`size = ${size}: Random4-n graphs need at least 2 vertices.`);
  return Array.from({ length: count }, (_, i) => ({ name: `random4n(n=${size}, seed=${seed + i})`, graph: generateRandom4n(size, seed + i) }));
}

/**
 * Every graph file of a directory (`.gr`, `.mtx`, `.el`, `.wel`, `.txt`, optionally `.gz`, and `.sfg`), sorted by
 * name; other files are skipped. Throws when there is none.
 */
export async function readApspBatch(dir: string): Promise<BatchGraph[]> {
  const names = (await readdir(dir, { withFileTypes: true }))
    .filter((e) => e.isFile() && (graphFileKind(e.name).format !== undefined || /\.sfg$/i.test(e.name)))
    .map((e) => e.name)
    .sort();
  if (names.length === 0) throw new RangeError(`${dir}: no graph files (.gr, .mtx, .el, .wel, .txt, optionally .gz, or .sfg) found.`);
  const graphs: BatchGraph[] = [];
  for (const name of names) graphs.push({ name, graph: await readGraphFile(join(dir, name)) });
  return graphs;
}
