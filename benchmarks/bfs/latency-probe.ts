// Diagnostic: where a BFS search's wall time goes when it far exceeds its GPU time (session 5 on the H100:
// ~50 ms a search at scales 21 and 22 against ~1–2 ms of GPU work). Times a bare submit's round trip, then
// the same searches with 1…32 levels a submit: time growing with levels a submit points at encoding or
// Dawn's per-indirect-dispatch validation; a flat time points at a fixed cost per search.
//   tsx --conditions=source benchmarks/bfs/latency-probe.ts --scale 20 [--sources 8]
import { parseArgs } from 'node:util';
import { BfsRunner } from '@semiforge/algorithms';
import { csrFromEdges, generateKronecker } from '@semiforge/graph-io';
import { openDevice } from '@semiforge/runtime';

const { values: args } = parseArgs({ options: { scale: { type: 'string', default: '20' }, sources: { type: 'string', default: '8' } } });
const device = await openDevice();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

const scratch = await device.createBuffer('probe.scratch', 4096, 'storage');
const roundTrips: number[] = [];
for (let i = 0; i < 20; i++) {
  const started = performance.now();
  await device.batch({ label: 'probe', timing: false }).clear(scratch).submit();
  await device.read(scratch, Uint32Array, 0, 4);
  roundTrips.push(performance.now() - started);
}
console.log(`bare submit + 16-byte read: median ${median(roundTrips).toFixed(2)} ms`);

const csr = csrFromEdges(generateKronecker({ scale: Number(args.scale), edgeFactor: 16, seed: 1 }), { symmetrize: true, sortRows: true });
const sources = Array.from({ length: Number(args.sources) }, (_, i) => (i * 7919) % csr.n).filter((s) => csr.indptr[s + 1] > csr.indptr[s]);
for (const levelsPerSubmit of [1, 2, 4, 8, 16, 32]) {
  const runner = await BfsRunner.create(device, csr, { levelsPerSubmit });
  await runner.run(sources[0]);
  const search: number[] = [];
  const read: number[] = [];
  let levels = 0;
  for (const s of sources) {
    const r = await runner.run(s);
    search.push(r.searchMs);
    read.push(r.readMs);
    levels = r.levels.length;
  }
  const profiled = await runner.run(sources[0], { profile: true });
  const gpu = profiled.levels.reduce((sum, l) => sum + (l.gpuMs ?? 0), 0);
  console.log(`levels a submit ${levelsPerSubmit}: search median ${median(search).toFixed(2)} ms, parent read ${median(read).toFixed(2)} ms, ${levels} levels, GPU time (profiled) ${gpu.toFixed(2)} ms`);
  runner.destroy();
}
device.destroy();
