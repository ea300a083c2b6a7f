import { CATALOG } from '@semiforge/algorithms';
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
});
