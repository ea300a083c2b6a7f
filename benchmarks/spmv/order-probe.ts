// Diagnostic for the suite's order effect (session 4: the same kernel timed first on a matrix ran up to 1.6×
// faster than when timed after other variants). Times a sequence of formats on one matrix, keeps every runner,
// then times them all again in reverse order, optionally on a fresh device per step, printing the SM clock
// between steps. If a kept runner is slow again at the end, the device's state changed; if only new runners
// are slow, their buffers' placement did.
//   tsx --conditions=source benchmarks/spmv/order-probe.ts --matrix band --size large --sequence ell,csr-scalar,ell [--fresh-device]
import { suiteArgs } from '../lib/suite-args.js';
import { SpmvRunner, verifySpmv, type SpmvFormat } from '@semiforge/algorithms';
import { openDevice, type Device } from '@semiforge/runtime';
import { nvidiaSmi } from '../lib/nvidia-smi.js';
import { matrixSet, SIZES, type SizeName } from './matrices.js';
import { timeProducts } from './time-products.js';

const args = suiteArgs({
  options: {
    matrix: { type: 'string', default: 'band' },
    size: { type: 'string', default: 'large' },
    sequence: { type: 'string', default: 'ell,csr-scalar,ell' },
    'fresh-device': { type: 'boolean', default: false },
    'warmup-ms': { type: 'string', default: '1000' },
  },
});

const matrix = matrixSet(SIZES[args.size as SizeName]).find((m) => m.name.startsWith(args.matrix));
if (!matrix) throw new Error(`--matrix: no matrix starting with '${args.matrix}'`);
const csr = await matrix.make();
const x = Float32Array.from({ length: csr.n }, (_, k) => 1 + (k % 7) / 8);
const flops = 2 * csr.indices.length;
const clocks = (): string => {
  const v = nvidiaSmi(['clocks.sm', 'clocks.mem', 'power.draw', 'temperature.gpu']);
  return v ? `SM ${v[0]} MHz, memory ${v[1]} MHz, ${v[2]} W, ${v[3]} °C` : 'no nvidia-smi';
};

interface Step {
  readonly device: Device;
  readonly runner: SpmvRunner;
  readonly buffers: { x: GPUBuffer; y: GPUBuffer };
  readonly label: string;
}
const steps: Step[] = [];
let shared: Device | undefined;
const time = async (step: Step, when: string) => {
  const t = await timeProducts(step.device, step.runner, step.buffers, { runs: 5, warmupMs: Number(args['warmup-ms']), batchMs: 2 });
  const gflops = flops / (t.time_ms.median * 1e6);
  console.log(`${when} ${step.label}: ${gflops.toFixed(0)} GFLOP/s (median ${t.time_ms.median.toFixed(4)} ms, batch ${t.batch}) | ${clocks()}`);
};

console.log(`${matrix.name}: n ${csr.n}, nnz ${csr.indices.length}; fresh device per step: ${args['fresh-device']}`);
for (const [i, format] of args.sequence.split(',').entries()) {
  const device = args['fresh-device'] || !shared ? await openDevice() : shared;
  shared ??= device;
  const buffers = { x: await device.createStorage('probe.x', x), y: await device.createBuffer('probe.y', 4 * csr.n, 'storage') };
  const runner = await SpmvRunner.create(device, csr, { format: format as SpmvFormat });
  const step = { device, runner, buffers, label: `#${i} ${runner.plan.format}` };
  steps.push(step);
  await time(step, 'first');
  const check = verifySpmv(csr, x, (await runner.run(x)).y, { semiring: 'plus-times' });
  if (!check.ok) throw new Error(`${step.label}: wrong product at row ${check.row}`);
}
for (const step of [...steps].reverse()) await time(step, 'again');
