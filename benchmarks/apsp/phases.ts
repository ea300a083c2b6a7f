// Times each phase of one blocked-FW pivot step on its own (many dispatches per submit), to see where a
// step's time goes:   tsx --conditions=source benchmarks/apsp/phases.ts --n 4096 --tiles 64,128
import { suiteArgs } from '../lib/suite-args.js';
import { dispatchGrid } from '@semiforge/codegen';

import { buildApspMatrix, kernelFor, planApsp, type ApspMethod } from '@semiforge/algorithms';
import { generateRandom4n } from '@semiforge/graph-io';
import { openDevice } from '@semiforge/runtime';

const args = suiteArgs({
  allowPositionals: false,
  options: { n: { type: 'string', default: '4096' }, tiles: { type: 'string', default: '64,128' }, unroll: { type: 'string', default: '4' }, kunroll: { type: 'string', default: '4' }, stage: { type: 'string', default: '8' }, wg: { type: 'string', default: '16x16' }, pivot: { type: 'string', default: '32' }, semiring: { type: 'string', default: 'min-plus' }, reps: { type: 'string', default: '20' }, method: { type: 'string', default: 'a' }, graph: { type: 'boolean', default: false } },
});
const device = await openDevice();
const N = Number(args.n);
const reps = Number(args.reps);
for (const tile of args.tiles.split(',').map(Number)) {
  const plan = planApsp({ method: args.method as ApspMethod, tile, unroll: Number(args.unroll), kUnroll: Number(args.kunroll), stage: Number(args.stage), semiring: args.semiring, workgroup: args.wg.split('x').map(Number) as [number, number], pivotThreads: Number(args.pivot) });
  const b = plan.blocked!;
  // --graph: paper 000's random graph as apsp() encodes it (mostly "no arc" = 2^126); else dense small values.
  const data = args.graph ? buildApspMatrix(generateRandom4n(N, 1), plan).data : new Float32Array(N * N).map((_, i) => (i * 2654435761) % 1000);
  const d = await device.createStorage('d', data);
  const row = await device.createBuffer('row', tile * N * 4, 'storage');
  const col = await device.createBuffer('col', tile * N * 4, 'storage');
  const phases = [
    ['pivot', b.pivot, { d }],
    ['panel_row', b.panelRow, { d, out_panel: row }],
    ['panel_col', b.panelCol, { d, out_panel: col }],
    ['update', b.update, { d, row_panel: row, col_panel: col }],
  ] as const;
  const line: string[] = [];
  for (const [name, spec, buffers] of phases) {
    const kernel = kernelFor(spec);
    const grid = dispatchGrid(spec, N);
    const run = async () => {
      const batch = device.batch();
      for (let r = 0; r < reps; r++) batch.dispatch(kernel, { buffers, params: new Uint32Array([N, (r % (N / tile)) * tile, 0, 0]), workgroups: grid });
      return (await batch.submit()).gpuTimeMs!;
    };
    const warmUntil = performance.now() + 500; // pipelines compiled, clocks ramped up
    while (performance.now() < warmUntil) await run();
    const ms = Math.min(await run(), await run()) / reps;
    const relax = name === 'update' ? N * N * tile : name === 'pivot' ? tile ** 3 : tile * tile * N;
    line.push(`${name} ${(ms * 1000).toFixed(1)} us (${(relax / ms / 1e9).toFixed(2)} T/s, grid ${grid.join('x')})`);
  }
  console.log(`N=${N} t=${tile}: ${line.join(' | ')}`);
  for (const x of [d, row, col]) x.destroy();
}
device.destroy();

