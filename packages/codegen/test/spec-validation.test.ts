import { describe, expect, it } from 'vitest';
import { kernelIdentity, normalizeSpec, parseKernelName, type KernelSpec } from '../src/index.js';
import { expectSpecError } from './helpers/expect-spec-error.js';

const base: KernelSpec = {
  op: 'fw_update',
  semiring: 'min-plus',
  type: 'f32',
  tile: 64,
  unroll: 4,
  layout: 'row-major',
  workgroup: [16, 16],
  target: 'wgsl',
  successors: false,
};

describe('KernelSpec validation', () => {
  it.each([
    [{ tile: 32 }, 'tile', /32 is not a multiple of the 64 rows a workgroup computes \(workgroup.y 16 × unroll 4\)/],
    [{ tile: 0 }, 'tile', /positive integer/],
    [{ unroll: 9 }, 'unroll', /9×9 results per thread exceeds 64 registers/],
    [{ workgroup: [64, 32] as const }, 'workgroup', /2048 invocations exceeds 1024/],
    [{ type: 'f32' as const, semiring: 'or-and' }, 'type', /'or-and' is not defined for f32 \(it supports u32\)/],
    [{ layout: 'diagonal' as never }, 'layout', /'row-major' or 'bdl'/],
    [{ op: 'fw_magic' as never }, 'op', /unknown op 'fw_magic'/],
    [{ tile: 80, unroll: 1, stage: 32, workgroup: [16, 16] as const }, 'tile', /80 must be a multiple of the staging depth 32/],
    [{ op: 'fw_pivot' as const, tile: 48, workgroup: [32, 32] as const }, 'tile', /48 must be a multiple of the workgroup's 32×32/],
    [{ op: 'fw_pivot' as const, tile: 128, workgroup: [8, 8] as const }, 'workgroup', /256 elements .* at most 64/],
    [{ kUnroll: 3 }, 'kUnroll', /3 must be a positive integer dividing the staging depth 8/],
    [{ stage: 48 }, 'tile', /64 must be a multiple of the staging depth 48/],
    [{ stage: 0 }, 'stage', /must be a positive integer, got 0/],
    // Values of the wrong shape (e.g. from the CLI's --set, which parses JSON) are quoted as JSON, not [object Object].
    [{ stage: { x: 2 } as never }, 'stage', /must be a positive integer, got \{"x":2\}/],
    [{ tile: [64] as never }, 'tile', /must be a positive integer, got \[64\]/],
  ])('%j is rejected naming %s', (patch, parameter, message) => {
    expectSpecError({ ...base, ...patch } as KernelSpec, parameter, message);
  });

  it('unknown semirings are named with the known ones', () => {
    expect(() => normalizeSpec({ ...base, semiring: 'max-times' })).toThrow(/unknown semiring 'max-times' \(known: min-plus, plus-times, max-min, or-and/);
  });
});

describe('kernel identity', () => {
  it('is stable, ignores fields an op does not use, and parses back', () => {
    const a = kernelIdentity(base);
    expect(kernelIdentity({ ...base }).id).toBe(a.id);
    expect(a.name).toBe(`fw_update__min_plus_f32__row_major__t64u4k4c8w16x16__wgsl__${a.id}`);
    const parsed = parseKernelName(a.name);
    expect(parsed).toMatchObject({ op: 'fw_update', semiringId: 'min_plus', type: 'f32', tile: 64, unroll: 4, kUnroll: 4, stage: 8, workgroup: [16, 16], target: 'wgsl', id: a.id });
    const pivot = { ...base, op: 'fw_pivot' as const, workgroup: [32, 32] as const };
    expect(kernelIdentity({ ...pivot, unroll: 2 }).id).toBe(kernelIdentity({ ...pivot, unroll: 1 }).id);
  });

  it('differs for every field that changes the text', () => {
    const ids = new Set(
      [
        base,
        { ...base, type: 'i32' as const },
        { ...base, layout: 'bdl' as const },
        { ...base, tile: 128 },
        { ...base, unroll: 2 },
        { ...base, target: 'cuda' as const },
        { ...base, successors: true },
        { ...base, semiring: 'max-min' },
        { ...base, kUnroll: 8 },
        { ...base, stage: 64 },
      ].map((s) => kernelIdentity(s).id),
    );
    expect(ids.size).toBe(10);
    expect(kernelIdentity({ ...base, stage: 8 }).id).toBe(kernelIdentity(base).id);
    expect(kernelIdentity({ ...base, kUnroll: 4 }).id).toBe(kernelIdentity(base).id);
  });
});
