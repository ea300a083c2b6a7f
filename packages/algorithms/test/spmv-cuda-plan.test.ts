import { describe, expect, it } from 'vitest';
import { SpecError, type SpmvKernelSpec } from '@semiforge/codegen';
import { checkLaunchConfig, DEFAULT_LAUNCH_LIMITS, kernelArgs } from '@semiforge/runtime-cuda';
import { backendOf, CUDA_SPMV_TARGET, pagerank, planSpmvLaunches, spmv, type SpmvKernelOptions, type SpmvTarget } from '../src/index.js';
import { asPattern, csrFromRows, FORMAT_CASES, MATRIX_CASES, SEMIRING_CASES } from './spmv-cases.js';

/** What a WebGPU device with 32-wide subgroups and the H100's bindings offers the planner. */
const WGSL_TARGET: SpmvTarget = { target: 'wgsl', subgroups: { available: true, minSize: 32 }, limits: { maxStorageBufferBindingSize: 2 ** 31 - 4 } };

const EMPTY_ROWS = csrFromRows([[], [[0, 2], [3, 1]], [], [[1, 0.5]], [], [[0, 1], [1, 1], [2, 1], [3, 1], [4, 1]]]);
const MATRICES = [...MATRIX_CASES, { name: 'empty rows among full ones', csr: EMPTY_ROWS }];

/** The CUDA plan of every format case with and without accumulate and mask. */
const VARIANTS = FORMAT_CASES.flatMap(({ name, options }) =>
  [{}, { accumulate: true }, { accumulate: true, masked: true }].map((mode) => ({ name: `${name} ${JSON.stringify(mode)}`, options: { ...options, ...mode } as SpmvKernelOptions })),
);

describe('the CUDA SpMV launches, planned without a device', () => {
  describe.each(VARIANTS)('$name', ({ options }) => {
    it.each(MATRICES)('$name: every parameter bound, grids within the limits and covering the rows', ({ csr }) => {
      for (const sc of SEMIRING_CASES) {
        const matrix = sc.pattern ? asPattern(csr) : csr;
        const { plan, layout, launches } = planSpmvLaunches(matrix, { ...options, semiring: sc.semiring }, CUDA_SPMV_TARGET);
        const pool = new Set([...Object.keys(layout.arrays), ...Object.keys(layout.scratch), 'x', 'y', ...(plan.spec.masked ? ['mask'] : [])]);
        expect(launches.length).toBe(layout.steps.length);
        launches.forEach((launch, i) => {
          expect(launch.kernel.target).toBe('cuda');
          expect(launch.kernel.source).toContain('__ldg(');
          for (const [, buffer] of launch.sources) expect(pool.has(buffer)).toBe(true);
          // The launch's argument list, with a distinct address per buffer: every parameter gets one.
          const addresses = Object.fromEntries(launch.sources.map(([binding], k) => [binding, 0x7f00_0000_0000n + BigInt(k) * 256n]));
          const args = kernelArgs(launch.kernel.name, launch.kernel.bindings, addresses, launch.params);
          expect(args.map((a) => a.kind)).toEqual(launch.kernel.bindings.map((b) => (b.kind === 'uniform' ? 'bytes' : 'ptr')));
          const block = launch.kernel.workgroupSize;
          checkLaunchConfig(launch.kernel.name, { grid: launch.grid, block, staticSharedBytes: launch.kernel.workgroupStorageBytes }, DEFAULT_LAUNCH_LIMITS);
          const spec = layout.steps[i].spec as typeof plan.spec;
          const perBlock = spec.rowsPerWorkgroup * (spec.op === 'spmv_csr_merge' ? (spec.itemsPerThread ?? 7) : 1);
          expect(launch.grid[0] * launch.grid[1] * perBlock).toBeGreaterThanOrEqual(layout.steps[i].rows);
        });
      }
    });
  });

  it.each(FORMAT_CASES)('$name: the same format, layout and steps as the WebGPU plan', ({ options }) => {
    const csr = MATRIX_CASES[1].csr;
    const cuda = planSpmvLaunches(csr, options, CUDA_SPMV_TARGET);
    const wgsl = planSpmvLaunches(csr, options, WGSL_TARGET);
    expect(cuda.plan.format).toBe(wgsl.plan.format);
    expect(Object.keys(cuda.layout.arrays)).toEqual(Object.keys(wgsl.layout.arrays));
    expect(cuda.layout.scratch).toEqual(wgsl.layout.scratch);
    const steps = (p: typeof cuda) => p.launches.map((l) => ({ op: l.kernel.spec.op, params: Array.from(l.params), sources: l.sources }));
    expect(steps(cuda)).toEqual(steps(wgsl));
  });

  it('fold on power-law rows takes 1,024-thread blocks, each adding its rows\' pieces itself, 8 slots a step', () => {
    // One row of 64 entries among 63 of one: the longest over 16 × the mean (about 2).
    const hub = csrFromRows([Array.from({ length: 64 }, (_, c) => [c, 1] as [number, number]), ...Array.from({ length: 63 }, (_, r) => [[r, 1] as [number, number]])]);
    const { plan, launches } = planSpmvLaunches(hub, { format: 'fold' }, CUDA_SPMV_TARGET);
    expect(plan.spec).toMatchObject({ op: 'spmv_sell', localFold: true, rowsPerWorkgroup: 1024, unroll: 8, streamLoads: true });
    expect(launches.map((l) => l.kernel.workgroupSize[0])).toEqual([1024]);
  });

  it('reads through the read-only cache unless ldg: false, which WGSL refuses', () => {
    const csr = MATRIX_CASES[0].csr;
    const plain = planSpmvLaunches(csr, { format: 'csr-scalar', ldg: false }, CUDA_SPMV_TARGET);
    expect(plain.plan.spec.ldg).toBeUndefined();
    expect(plain.launches[0].kernel.source).not.toContain('__ldg(');
    expect(() => planSpmvLaunches(csr, { format: 'csr-scalar', ldg: true }, WGSL_TARGET)).toThrow(SpecError);
  });

  it('streams the matrix with evict-first loads when asked (every format, its second step left plain) and by default for fold, which WGSL refuses', () => {
    const csr = MATRIX_CASES[1].csr;
    for (const { name, options } of FORMAT_CASES) {
      const { plan, launches } = planSpmvLaunches(csr, { ...options, streamLoads: true }, CUDA_SPMV_TARGET);
      expect(plan.spec.streamLoads, name).toBe(true);
      const first = launches[0].kernel.source;
      expect(first, name).toContain('#define STREAM(p) __ldcs(&(p))');
      expect(first, name).toMatch(/STREAM\(indices4?\[/);
      // x still through the read-only cache; a second step (fold's combine, merge's fixup) reads no matrix.
      expect(first, name).toContain('LOAD(x[');
      for (const later of launches.slice(1)) expect((later.kernel.spec as SpmvKernelSpec).streamLoads, name).toBeUndefined();
    }
    const plain = planSpmvLaunches(csr, { format: 'fold', streamLoads: false }, CUDA_SPMV_TARGET);
    expect(plain.plan.spec.streamLoads).toBeUndefined();
    expect(plain.launches[0].kernel.source).toContain('#define STREAM(p) LOAD(p)');
    // Unasked, fold streams on CUDA (where it was measured faster); the other formats do not, nor does WGSL.
    expect(planSpmvLaunches(csr, { format: 'fold' }, CUDA_SPMV_TARGET).plan.spec.streamLoads).toBe(true);
    expect(planSpmvLaunches(csr, { format: 'csr-scalar' }, CUDA_SPMV_TARGET).plan.spec.streamLoads).toBeUndefined();
    expect(planSpmvLaunches(csr, { format: 'fold' }, WGSL_TARGET).plan.spec.streamLoads).toBeUndefined();
    expect(() => planSpmvLaunches(csr, { format: 'fold', streamLoads: true }, WGSL_TARGET)).toThrow(/streaming loads \(__ldcs\) are CUDA's; target 'wgsl' takes no streamLoads/);
  });

  it('refuses a target other than the device runs', () => {
    expect(() => planSpmvLaunches(MATRIX_CASES[0].csr, { target: 'wgsl' }, CUDA_SPMV_TARGET)).toThrow("spmv: target 'wgsl' was asked of a CUDA device, which runs 'cuda'; leave target out");
  });
});

describe('choosing the backend of spmv and pagerank', () => {
  it('takes the device given, else the option, else SEMIFORGE_BACKEND', () => {
    expect(backendOf(undefined, 'cuda', {})).toBe('cuda');
    expect(backendOf(undefined, undefined, { SEMIFORGE_BACKEND: 'cuda' })).toBe('cuda');
    expect(backendOf(undefined, undefined, {})).toBe('webgpu');
  });

  it('refuses a backend option that contradicts the device given', () => {
    // Told apart by shape: a WebGPU Device has `gpu` and no `launch`; a CudaDevice has `info` and `launch`.
    const webgpu = { gpu: {}, destroy() {} } as never;
    const cuda = { info: {}, launch() {}, destroy() {} } as never;
    expect(backendOf(webgpu, undefined, { SEMIFORGE_BACKEND: 'cuda' })).toBe('webgpu');
    expect(backendOf(cuda, undefined, {})).toBe('cuda');
    expect(() => backendOf(webgpu, 'cuda', {})).toThrow("backend 'cuda' was asked for with a WebGPU device; pass a CUDA device, or no device and backend 'cuda'");
    expect(() => backendOf(cuda, 'webgpu', {})).toThrow("backend 'webgpu' was asked for with a CUDA device");
  });

  it('loads the CUDA runtime only when CUDA is asked for, and says what is missing', async () => {
    const csr = MATRIX_CASES[2].csr;
    await expect(spmv(undefined, csr, new Float32Array(csr.n), { backend: 'cuda' })).rejects.toThrow(/CUDA backend: libcuda.so.1 is not available .*install the NVIDIA driver/s);
    await expect(pagerank(undefined, csr, { backend: 'cuda' })).rejects.toThrow(/CUDA backend: libcuda.so.1 is not available/);
  });
});
