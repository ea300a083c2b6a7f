import { CATALOG } from '@semiforge/algorithms';
import { FW_KERNEL_OPS, generateKernel, parseKernelName, VECTOR_KERNEL_OPS, type KernelOp } from '@semiforge/codegen';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

describe('semiforge codegen', () => {
  it('prints WGSL that contains the kernel name --name prints', async () => {
    const flags = ['--op', 'fw_update', '--tile', '32', '--semiring', 'max-min'];
    const named = await runCli(['codegen', ...flags, '--name']);
    expect(named.code).toBe(0);
    const name = named.stdout.trim();
    expect(name).toMatch(/^fw_update__max_min_f32__row_major__t32u2k4c8w16x16__wgsl__[0-9a-f]{12}$/);
    const source = await runCli(['codegen', ...flags]);
    expect(source.code).toBe(0);
    expect(source.stdout).toContain(name);
    expect(source.stdout).toContain('@compute @workgroup_size(16, 16, 1)');
    expect(source.stdout).toContain('fn fw_update(');
  });

  it('prints CUDA with --target cuda', async () => {
    const run = await runCli(['codegen', '--op', 'fw_pivot', '--target', 'cuda', '--type', 'i32']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^\/\/ fw_pivot__min_plus_i32__row_major__t64u1k1c1w32x32__cuda__/);
    expect(run.stdout).toContain('__global__');
  });

  it('uses the shapes apsp uses, so the default kernels are in the catalog', async () => {
    for (const op of ['fw_pivot', 'fw_panel_row', 'fw_panel_col', 'fw_update']) {
      const run = await runCli(['codegen', '--op', op, '--json']);
      expect(run.code).toBe(0);
      const kernel = JSON.parse(run.stdout);
      expect(kernel.inCatalog, kernel.name).toBe(true);
      expect(kernel.source).toContain(kernel.name);
    }
  });

  it('--list prints every catalog kernel', async () => {
    const run = await runCli(['codegen', '--list']);
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split('\n').sort()).toEqual(Object.values(CATALOG).map((k) => k.name).sort());
  });

  it('prints SpMV kernels from their flags, as codegen generates them', async () => {
    const run = await runCli(['codegen', '--op', 'spmv_csr_vector', '--lanes', '32', '--reduction', 'subgroup', '--accumulate', '--masked', '--json']);
    expect(run.code).toBe(0);
    const kernel = JSON.parse(run.stdout);
    expect(kernel.name).toMatch(/^spmv_csr_vector__plus_times_f32__acc_mask__r8l32sg__wgsl__[0-9a-f]{12}$/);
    expect(parseKernelName(kernel.name)).toMatchObject({ lanesPerRow: 32, rowsPerWorkgroup: 8, reduction: 'subgroup', accumulate: true, masked: true });
    expect(kernel.source).toBe(generateKernel(kernel.spec).source);
    expect(kernel.source).toContain('subgroupShuffleXor');
    const ell = await runCli(['codegen', '--op', 'spmv_ell', '--semiring', 'or-and', '--rows', '64', '--target', 'cuda', '--name']);
    expect(ell.stdout).toMatch(/^spmv_ell__or_and_u32__set__r64l1__cuda__/);
  });

  it('prints vector kernels, the semiring and type defaulting per family', async () => {
    const run = await runCli(['codegen', '--op', 'vec_reduce', '--semiring', 'min-plus', '--type', 'i32', '--workgroup-size', '128', '--target', 'cuda']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(generateKernel({ op: 'vec_reduce', semiring: 'min-plus', type: 'i32', target: 'cuda', workgroupSize: 128 }).source);
    const update = await runCli(['codegen', '--op', 'vec_pagerank_update', '--json']);
    expect(JSON.parse(update.stdout)).toMatchObject({ spec: { semiring: 'plus-times', type: 'f32', workgroupSize: 256 }, inCatalog: true });
  });

  it.each<KernelOp>([...FW_KERNEL_OPS, 'spmv_csr_scalar', 'spmv_csr_vector', 'spmv_ell', ...VECTOR_KERNEL_OPS])('--op %s alone prints a kernel that names itself', async (op) => {
    const run = await runCli(['codegen', '--op', op]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.startsWith(`// ${op}__`)).toBe(true);
  });

  it('--set sets any spec field, and refuses one the op does not have', async () => {
    const set = await runCli(['codegen', '--op', 'vec_reduce', '--set', 'workgroupSize=64', '--name']);
    expect(set.stdout).toMatch(/^vec_reduce__plus_times_f32__dense__w64__wgsl__/);
    const typo = await runCli(['codegen', '--op', 'spmv_ell', '--set', 'rowsPerWorkgrup=64']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/^semiforge: --set rowsPerWorkgrup: spmv_ell has no field 'rowsPerWorkgrup' \(its fields: .*rowsPerWorkgroup/);
  });

  it.each([
    [['--op', 'fw_update', '--lanes', '4'], /--lanes does not apply to fw_update \(it takes --tile, --unroll, --layout, --workgroup, --successors\)/],
    [['--op', 'vec_reduce', '--tile', '32'], /--tile does not apply to vec_reduce \(it takes --workgroup-size\)/],
    [['--op', 'spmv_ell', '--set', 'semiring=min-plus'], /--set semiring=min-plus: give semiring with --semiring/],
    [['--op', 'spmv_ell', '--set', 'rows'], /--set rows: must be FIELD=VALUE/],
  ])('refuses %j in one line', async (flags, message) => {
    const run = await runCli(['codegen', ...flags]);
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[0]).toMatch(message);
  });
});
