// Host cost of one SSSP query on WebGPU, per method: what the host does between the GPU's passes. Counts the
// operations a query makes (queue submits, dispatches, bind groups, buffers created, writeBuffer calls and bytes,
// mapAsync read-backs and bytes, error-scope pops) by wrapping the device's WebGPU objects, and times the host:
// wall per query, the time spent recording (inside the batches' dispatch, copy and clear calls), the host gaps
// before submits (from a wait's end to the next submit: the GPU has nothing queued then), the host time before
// the first submit and after the last read-back, and the GPU time the timestamps give. (Node's event-loop
// utilisation says nothing here: Dawn's event polling keeps the loop busy while it waits.) Counts are exact on
// any adapter; times are the host's (noisy on a loaded machine: medians printed).
// `--sparse S` adds 2^S vertices with only 2,000 edges: the GPU has almost nothing to do, so the wall is the
// query's n-sized host work (start state, read-backs, decoding the distances, copying the parents).
//   tsx --conditions=source benchmarks/sssp/host-cost-probe.ts [--kron 13] [--road 64] [--sparse 0] [--weights u32]
//       [--methods bellman-ford,near-far,frontier] [--queries 3] [--dispatch fixed|indirect] [--batch K]
//       [--threads T] [--cache DIR] [--dawn-flag enable-dawn-features=...] [--out DIR]
// On the GPU host (bundled with scripts/device-bundle.sh sssp/host-cost-probe):
//   node .device/host-cost-probe.mjs --kron 22 --road 0 --queries 4 --out $OUT
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { suiteArgs } from '../lib/suite-args.js';
import { SsspRunner, type DispatchMode, type SsspKernelOptions, type SsspWeightType } from '@semiforge/algorithms';
import { csrFromEdges, edgeListFromArrays, type Csr } from '@semiforge/graph-io';
import { DispatchBatch, openDevice, type Device } from '@semiforge/runtime';
import { kroneckerGraph, roadGraph, type GraphOptions, type SsspGraph } from './graphs.js';
import { METHODS } from './methods.js';
import { graph500Sources } from '../lib/graph500-sources.js';

const args = suiteArgs({
  options: {
    kron: { type: 'string', default: '13' },
    road: { type: 'string', default: '64' },
    sparse: { type: 'string', default: '0' },
    weights: { type: 'string', default: 'u32' },
    methods: { type: 'string', default: 'bellman-ford,near-far,frontier' },
    queries: { type: 'string', default: '3' },
    dispatch: { type: 'string' },
    batch: { type: 'string' },
    threads: { type: 'string' },
    cache: { type: 'string' },
    'dawn-flag': { type: 'string', multiple: true, default: [] },
    out: { type: 'string', default: process.env.OUT },
  },
});

/** What one query did on the host. */
interface QueryCost {
  wallMs: number;
  gpuMs: number;
  passes: number;
  /** Time inside the batches' dispatch, dispatchIndirect, copy and clear calls (recording, the runtime's checks). */
  recordMs: number;
  /** Sum over submits of the time from the last wait's end to that submit (the GPU has nothing to run then). */
  gapsBeforeSubmitMs: number;
  beforeFirstSubmitMs: number;
  afterLastReadMs: number;
  queueSubmits: number;
  batchSubmits: number;
  dispatches: number;
  bindGroups: number;
  buffersCreated: number;
  bufferBytesCreated: number;
  writeBuffers: number;
  writeBytes: number;
  mapAsyncs: number;
  mapBytes: number;
  errorScopePops: number;
}

const ZERO: QueryCost = {
  wallMs: 0,
  gpuMs: 0,
  passes: 0,
  recordMs: 0,
  gapsBeforeSubmitMs: 0,
  beforeFirstSubmitMs: 0,
  afterLastReadMs: 0,
  queueSubmits: 0,
  batchSubmits: 0,
  dispatches: 0,
  bindGroups: 0,
  buffersCreated: 0,
  bufferBytesCreated: 0,
  writeBuffers: 0,
  writeBytes: 0,
  mapAsyncs: 0,
  mapBytes: 0,
  errorScopePops: 0,
};

/** The counters the wrapped objects add to, and the times of the last wait's end and of the submits. */
class Recorder {
  cost: QueryCost = { ...ZERO };
  started = 0;
  lastWaitEnd = 0;
  firstSubmit = 0;
  lastReadEnd = 0;

  begin(): void {
    this.cost = { ...ZERO };
    this.started = this.lastWaitEnd = performance.now();
    this.firstSubmit = this.lastReadEnd = 0;
  }

  submitted(): void {
    const now = performance.now();
    this.cost.queueSubmits += 1;
    if (this.firstSubmit === 0) this.firstSubmit = now;
    // Only the first submit after a wait counts: the GPU may be busy with an earlier one for the others.
    if (this.lastWaitEnd > 0) this.cost.gapsBeforeSubmitMs += now - this.lastWaitEnd;
    this.lastWaitEnd = 0;
  }

  waited<T>(promise: Promise<T>, read: boolean): Promise<T> {
    return promise.then((value) => {
      this.lastWaitEnd = performance.now();
      if (read) this.lastReadEnd = this.lastWaitEnd;
      return value;
    });
  }
}

/** Wraps the device's GPUDevice, its queue and the buffers it makes so that every call is counted. */
function instrument(device: Device, rec: Recorder): void {
  const gpu = device.gpu as GPUDevice & Record<string, unknown>;
  const queue = gpu.queue as GPUQueue & Record<string, unknown>;
  const createBuffer = gpu.createBuffer.bind(gpu);
  gpu.createBuffer = (descriptor: GPUBufferDescriptor) => {
    rec.cost.buffersCreated += 1;
    rec.cost.bufferBytesCreated += descriptor.size;
    const buffer = createBuffer(descriptor);
    const mapAsync = buffer.mapAsync.bind(buffer);
    (buffer as { mapAsync: GPUBuffer['mapAsync'] }).mapAsync = (mode, offset, size) => {
      rec.cost.mapAsyncs += 1;
      rec.cost.mapBytes += size ?? buffer.size - (offset ?? 0);
      return rec.waited(mapAsync(mode, offset, size), true);
    };
    return buffer;
  };
  const createBindGroup = gpu.createBindGroup.bind(gpu);
  gpu.createBindGroup = (descriptor: GPUBindGroupDescriptor) => {
    rec.cost.bindGroups += 1;
    return createBindGroup(descriptor);
  };
  const popErrorScope = gpu.popErrorScope.bind(gpu);
  gpu.popErrorScope = () => {
    rec.cost.errorScopePops += 1;
    return rec.waited(popErrorScope(), false);
  };
  const submit = queue.submit.bind(queue);
  queue.submit = (buffers: Iterable<GPUCommandBuffer>) => {
    rec.submitted();
    return submit(buffers);
  };
  const writeBuffer = queue.writeBuffer.bind(queue) as (...a: unknown[]) => undefined;
  (queue as { writeBuffer: unknown }).writeBuffer = (buffer: GPUBuffer, offset: number, data: ArrayBufferView | ArrayBuffer, ...rest: unknown[]) => {
    rec.cost.writeBuffers += 1;
    rec.cost.writeBytes += data.byteLength;
    return writeBuffer(buffer, offset, data, ...rest);
  };
  const done = queue.onSubmittedWorkDone.bind(queue);
  queue.onSubmittedWorkDone = () => rec.waited(done(), false);
  for (const name of ['dispatch', 'dispatchIndirect', 'copy', 'clear'] as const) {
    const original = DispatchBatch.prototype[name] as (this: DispatchBatch, ...a: unknown[]) => DispatchBatch;
    const dispatch = name.startsWith('dispatch');
    (DispatchBatch.prototype as unknown as Record<string, unknown>)[name] = function (this: DispatchBatch, ...a: unknown[]) {
      const t = performance.now();
      if (dispatch) rec.cost.dispatches += 1;
      const out = original.apply(this, a);
      rec.cost.recordMs += performance.now() - t;
      return out;
    };
  }
  const batchSubmit = DispatchBatch.prototype.submit;
  DispatchBatch.prototype.submit = function (this: DispatchBatch) {
    rec.cost.batchSubmits += 1;
    return batchSubmit.call(this);
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The median of each field over the queries (counts are usually the same in every query). */
function medianCost(costs: QueryCost[]): QueryCost {
  const out = { ...ZERO };
  for (const key of Object.keys(ZERO) as (keyof QueryCost)[]) out[key] = median(costs.map((c) => c[key]));
  return out;
}

const device = await openDevice({ dawnFlags: args['dawn-flag'] });
const rec = new Recorder();
instrument(device, rec);
const type = args.weights as SsspWeightType;
/** What the probe needs of a graph: the suite's graphs, and the sparse one made here. */
type ProbeGraph = Pick<SsspGraph, 'name' | 'make' | 'weightings'>;

const graphs: ProbeGraph[] = [
  ...(Number(args.kron) > 0 ? [kroneckerGraph(Number(args.kron))] : []),
  ...(Number(args.road) > 0 ? [roadGraph(Number(args.road))] : []),
  ...(Number(args.sparse) > 0 ? [sparseGraph(Number(args.sparse))] : []),
];
const tuning: SsspKernelOptions = {
  weights: type,
  ...(args.dispatch === undefined ? {} : { dispatch: args.dispatch as DispatchMode }),
  ...(args.batch === undefined ? {} : { batch: Number(args.batch) }),
};
const graphOptions: GraphOptions = { ...(args.threads === undefined ? {} : { threads: Number(args.threads) }), ...(args.cache === undefined ? {} : { cacheDir: args.cache }) };
const rows: Record<string, unknown>[] = [];
const adapter = device.describe().description;
console.log(`SSSP host cost per query on ${adapter} (${type} weights; medians of ${args.queries} queries after a warm-up)`);
for (const graph of graphs) {
  const base = await graph.make(graphOptions);
  const weighting = graph.weightings.find((w) => w.type === type) ?? graph.weightings[0];
  const csr: Csr = weighting.apply(base);
  const sources = graph500Sources(csr, Number(args.queries) + 1);
  console.log(`\n${graph.name} ${weighting.label}: n ${csr.n}, arcs ${csr.indices.length}`);
  for (const method of args.methods.split(',')) {
    const runner = await SsspRunner.create(device, csr, { ...METHODS[method], ...tuning, weights: weighting.type });
    try {
      await runner.run(sources[0]);
      const costs: QueryCost[] = [];
      for (const s of sources.slice(1)) {
        rec.begin();
        const r = await runner.run(s);
        const end = performance.now();
        const cost = rec.cost;
        cost.wallMs = end - rec.started;
        cost.gpuMs = (r.gpuTimeMs ?? 0) + (r.parentGpuTimeMs ?? 0);
        cost.passes = r.passes;
        cost.beforeFirstSubmitMs = rec.firstSubmit - rec.started;
        cost.afterLastReadMs = end - rec.lastReadEnd;
        costs.push(cost);
      }
      const m = medianCost(costs);
      rows.push({ graph: graph.name, n: csr.n, arcs: csr.indices.length, method, dispatch: runner.plan.dispatch, ...m });
      console.log(
        `${method.padEnd(13)} passes ${m.passes}: ${m.queueSubmits} submits (${m.batchSubmits} batches), ${m.dispatches} dispatches, ${m.bindGroups} bind groups, ` +
          `${m.buffersCreated} buffers (${kib(m.bufferBytesCreated)}), ${m.writeBuffers} writeBuffer (${kib(m.writeBytes)}), ${m.mapAsyncs} mapAsync (${kib(m.mapBytes)}), ${m.errorScopePops} scope pops`,
      );
      console.log(
        `${''.padEnd(13)} wall ${m.wallMs.toFixed(2)} ms, GPU ${m.gpuMs.toFixed(2)} ms, recording ${m.recordMs.toFixed(2)} ms, gaps before submits ${m.gapsBeforeSubmitMs.toFixed(2)} ms, ` +
          `before the first submit ${m.beforeFirstSubmitMs.toFixed(2)} ms, after the last read ${m.afterLastReadMs.toFixed(2)} ms`,
      );
    } finally {
      runner.destroy();
    }
  }
}
device.destroy();
if (args.out) {
  mkdirSync(args.out, { recursive: true });
  const file = join(args.out, 'sssp-host-cost.json');
  writeFileSync(file, JSON.stringify({ device: adapter, weights: type, rows }, null, 2));
  console.log(`\nwrote ${file}`);
}

/** 2^scale vertices, 2,000 undirected edges among the first 2,000 and the rest: almost all vertices unreached. */
function sparseGraph(scale: number): ProbeGraph {
  const n = 2 ** scale;
  const src = Array.from({ length: 2000 }, (_, i) => i);
  const dst = src.map((i) => (i * 7919 + 1) % n);
  const weight = src.map((i) => 1 + (i % 255));
  const csr = csrFromEdges(edgeListFromArrays(n, src, dst, weight), { symmetrize: true, sortRows: true, dropSelfLoops: true, duplicates: 'min' });
  return { name: `sparse n=2^${scale} (2000 edges)`, make: async () => csr, weightings: [{ type: 'u32', label: 'integers 1..255', apply: (g) => g }] };
}

function kib(bytes: number): string {
  return bytes >= 1 << 20 ? `${(bytes / (1 << 20)).toFixed(1)} MiB` : `${(bytes / 1024).toFixed(1)} KiB`;
}
