// How fast do host arrays reach a GPU buffer through Dawn, by route? BFS's preprocessing at Kronecker 26 uploads
// 8.6 GB of blocked adjacency (H100 host: 8.8 s from a plain array, 12.8 s once the layout was written by workers
// into shared memory, which Dawn's writeBuffer cannot take and the runtime stages 16 MiB at a time). Each route
// moves --mib MiB into one storage buffer and waits for the queue; every route's buffer is read back at 64 places
// and compared with the source (a wrong copy fails the probe). Routes:
//   plain        queue.writeBuffer of a plain array in one call
//   shared       Device.upload of a SharedArrayBuffer view (the runtime's staged path)
//   stage:M      the same staging loop with M MiB slices
//   mapped       a buffer made mappedAtCreation, the shared array copied into its mapped range, unmapped
//   tsx --conditions=source benchmarks/bfs/upload-probe.ts [--mib 256] [--routes plain,shared,stage:64,stage:256,mapped] [--runs 3]
//   node .device/upload-probe.mjs --mib 2048 --out $OUT
import { suiteArgs } from '../lib/suite-args.js';
import { BufferUsage, openDevice } from '@semiforge/runtime';
import { webgpuContext } from '../lib/gpu-context.js';
import { summarize, writeResults, type BenchResult } from '../lib/results.js';

const args = suiteArgs({
  options: {
    mib: { type: 'string', default: '256' },
    routes: { type: 'string', default: 'plain,shared,stage:64,stage:256,mapped' },
    runs: { type: 'string', default: '3' },
    out: { type: 'string', multiple: true, default: ['benchmarks/results'] },
  },
});
const bytes = Number(args.mib) * 2 ** 20;
const runs = Number(args.runs);
const device = await openDevice();
const gpu = device.gpu;
const words = bytes / 4;
const shared = new Uint32Array(new SharedArrayBuffer(bytes));
for (let i = 0; i < words; i++) shared[i] = Math.imul(i, 2654435761) >>> 0;
const plain = shared.slice();
const USAGE = BufferUsage.STORAGE | BufferUsage.COPY_SRC | BufferUsage.COPY_DST;

async function route(name: string): Promise<GPUBuffer> {
  if (name === 'mapped') {
    const buffer = gpu.createBuffer({ label: 'probe', size: bytes, usage: USAGE, mappedAtCreation: true });
    new Uint32Array(buffer.getMappedRange()).set(shared);
    buffer.unmap();
    return buffer;
  }
  const buffer = gpu.createBuffer({ label: 'probe', size: bytes, usage: USAGE });
  if (name === 'plain') gpu.queue.writeBuffer(buffer, 0, plain);
  else if (name === 'shared') device.upload(buffer, shared);
  else {
    const stage = new Uint8Array(Number(/^stage:(\d+)$/.exec(name)![1]) * 2 ** 20);
    const source = new Uint8Array(shared.buffer);
    for (let at = 0; at < bytes; at += stage.byteLength) {
      const part = source.subarray(at, at + stage.byteLength);
      stage.set(part);
      gpu.queue.writeBuffer(buffer, at, stage, 0, part.byteLength);
    }
  }
  return buffer;
}

const results: BenchResult[] = [];
for (const name of args.routes.split(',')) {
  if (!/^(plain|shared|mapped|stage:\d+)$/.test(name)) throw new Error(`--routes: unknown route '${name}'`);
  const times: number[] = [];
  let valid = true;
  for (let r = 0; r < runs; r++) {
    const started = performance.now();
    const buffer = await route(name);
    await gpu.queue.onSubmittedWorkDone();
    times.push(performance.now() - started);
    for (let k = 0; k < 64 && valid; k++) {
      const at = Math.floor((k * (words - 1)) / 63);
      const [got] = await device.read(buffer, Uint32Array, at * 4, 1);
      valid = got === shared[at];
    }
    buffer.destroy();
  }
  const time_ms = summarize(times);
  console.error(`${name.padEnd(10)} ${time_ms.median.toFixed(0).padStart(6)} ms  ${(bytes / 1e6 / time_ms.median).toFixed(2)} GB/s  ${valid ? 'valid' : 'WRONG BYTES'}`);
  results.push({ case: `upload ${args.mib} MiB: ${name}`, params: { route: name, mib: Number(args.mib), backend: 'webgpu', metric: 'gb_per_s' }, metric: 'gb_per_s', value: bytes / 1e6 / time_ms.median, unit: 'GB/s', time_ms, validated: valid, validation: '64 words read back and compared with the source' });
  if (!valid) process.exitCode = 1;
}
// A probe, not a suite: its command is its own file (the suites' context names benchmarks/<suite>/run.ts).
const context = { ...webgpuContext('upload-probe', device), command: `node benchmarks/bfs/upload-probe.ts ${process.argv.slice(2).join(' ')}`.trim() };
console.error(`wrote ${writeResults('upload-probe', context, results, args.out).join(', ')}`);
device.destroy();
