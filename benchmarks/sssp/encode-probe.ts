// Host time to record one SSSP pass (the JS between device.batch() and submit(): bindings, parameters and the
// runtime's per-dispatch checks), per method and dispatch mode, on whatever adapter is here. Encoding is host
// work that the GPU waits for between batches, so it is worth knowing per pass; it does not need a GPU to measure.
//   tsx --conditions=source benchmarks/sssp/encode-probe.ts [--side 64] [--repeats 3]
import { suiteArgs } from '../lib/suite-args.js';
import { SsspRunner, type SsspKernelOptions } from '@semiforge/algorithms';
import { csrFromEdges, generateGrid } from '@semiforge/graph-io';
import { Device, openDevice } from '@semiforge/runtime';

const args = suiteArgs({ options: { side: { type: 'string', default: '64' }, repeats: { type: 'string', default: '3' } } });
const side = Number(args.side);
const graph = csrFromEdges(generateGrid({ rows: side, cols: side, weights: { min: 1, max: 1000 }, seed: 1, roadLike: true }).graph, { sortRows: true, duplicates: 'min' });
const device = await openDevice();

// Recording time: from each batch's creation to its submit() call, per dispatch, for batches of 32 dispatches or
// more (the machine's other load makes single batches noisy: the median and the least are printed). The runner
// submits a long batch in parts of 64 passes, so a part's time includes the event-loop turn that sends the last.
let perDispatchUs: number[] = [];
let dispatches = 0;
const batch = Device.prototype.batch;
Device.prototype.batch = function (this: Device, ...a: Parameters<Device['batch']>) {
  const made = batch.apply(this, a);
  const opened = performance.now();
  const submit = made.submit.bind(made);
  made.submit = () => {
    if (made.size >= 32) perDispatchUs.push(((performance.now() - opened) * 1000) / made.size);
    dispatches += made.size;
    return submit();
  };
  return made;
};

const configs: [string, SsspKernelOptions][] = [
  ['near-far indirect', { method: 'near-far', weights: 'u32', dispatch: 'indirect' }],
  ['near-far fixed', { method: 'near-far', weights: 'u32', dispatch: 'fixed' }],
  ['frontier fixed', { method: 'frontier', weights: 'u32', dispatch: 'fixed' }],
  ['bellman-ford', { method: 'bellman-ford', weights: 'u32' }],
];
console.log(`road-like grid ${side}x${side} (n ${graph.n}, arcs ${graph.indices.length}) on ${device.describe().description}`);
for (const [label, options] of configs) {
  const runner = await SsspRunner.create(device, graph, options);
  await runner.run(0, { parents: false });
  perDispatchUs = [];
  dispatches = 0;
  let passes = 0;
  for (let r = 0; r < Number(args.repeats); r++) passes += (await runner.run(r * 7, { parents: false })).passes;
  runner.destroy();
  const sorted = perDispatchUs.sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(`${label.padEnd(18)} ${median.toFixed(1).padStart(6)} µs a dispatch recorded (median of ${sorted.length} batches, least ${sorted[0].toFixed(1)}), ${dispatches} dispatches for ${passes} passes`);
}
device.destroy();
