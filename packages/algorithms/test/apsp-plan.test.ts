import { describe, expect, it } from 'vitest';
import { apspReference, defaultTile, pivotSideFor, planApsp, planSpecs } from '../src/index.js';

describe('planApsp', () => {
  it('picks the tile from n when none is given', () => {
    expect(defaultTile(undefined)).toBe(64);
    expect(defaultTile(4095)).toBe(64);
    expect(defaultTile(4096)).toBe(128);
    expect(planApsp({}, 8192).tile).toBe(128);
    expect(planApsp({ tile: 32 }, 8192).tile).toBe(32);
  });

  it('maps methods to layouts and kernels', () => {
    expect(planApsp({ method: 'a' }).layout).toBe('row-major');
    expect(planApsp({ method: 'b' }).layout).toBe('bdl');
    expect(planSpecs(planApsp({ method: 'plain' })).map((s) => s.op)).toEqual(['fw_plain']);
    expect(planSpecs(planApsp({ tile: 128 })).map((s) => `${s.op}:${s.workgroup.join('x')}:${s.unroll}`)).toEqual([
      'fw_pivot:16x16:1',
      'fw_panel_row:16x16:4',
      'fw_panel_col:16x16:4',
      'fw_update:8x16:4',
    ]);
    expect(planApsp({ tile: 256 }).blocked!.pivot.workgroup).toEqual([32, 32]);
    expect(planApsp({ tile: 64 }).blocked!.update.workgroup).toEqual([16, 16]);
  });

  it('fits small tiles: unroll and workgroup shrink so that the tile stays a multiple of the block', () => {
    expect(planApsp({ tile: 16 }).blocked!.update).toMatchObject({ unroll: 1, workgroup: [16, 16] });
    expect(planApsp({ tile: 32 }).blocked!.update).toMatchObject({ unroll: 2, workgroup: [16, 16] });
  });

  it("shrinks the pivot's default workgroup to the device's invocations (browsers offer 256), not a side given", () => {
    expect(pivotSideFor(32, 1024)).toBe(32);
    expect(pivotSideFor(32, 256)).toBe(16);
    expect(pivotSideFor(32, 255)).toBe(8);
    expect(planApsp({ tile: 64 }, 300).blocked!.pivot.workgroup).toEqual([32, 32]);
    expect(planApsp({ tile: 64 }, 300, 256).blocked!.pivot.workgroup).toEqual([16, 16]);
    expect(planApsp({ tile: 256 }, 300, 256).blocked!.pivot.workgroup).toEqual([16, 16]);
    expect(planApsp({ tile: 64, pivotThreads: 32 }, 300, 256).blocked!.pivot.workgroup).toEqual([32, 32]);
  });

  it('refuses semirings without an idempotent ⊕', () => {
    expect(() => planApsp({ semiring: 'plus-times' })).toThrow(/non-idempotent ⊕/);
  });

  it('refuses an unknown method (it ran as a blocked one) or element type, listing the valid ones', () => {
    expect(() => planApsp({ method: 'A' as 'a' })).toThrow("apsp: method = A (expected one of 'a', 'b', 'plain')");
    expect(() => planApsp({ type: 'f64' as 'f32' })).toThrow('apsp: type = f64 (expected one of f32, i32, u32)');
  });
});

describe('APSP input checks (no GPU; apsp() runs the same)', () => {
  const I = Infinity;
  it('a dense matrix must hold n × n entries (a short one was padded with free arcs, a long one failed deep)', () => {
    expect(() => apspReference({ n: 3, data: Float32Array.of(0, 1, I, 0) })).toThrow('apsp: the dense matrix has 4 elements but n = 3 needs n × n = 9');
    expect(() => apspReference({ n: 1, data: Float32Array.of(0, 1) })).toThrow('apsp: the dense matrix has 2 elements but n = 1 needs n × n = 1');
    expect(() => apspReference({ n: -1, data: new Float32Array(0) })).toThrow('apsp: the dense matrix has n = -1');
  });
  it('integer types refuse values they cannot hold, naming the entry and the "no arc" value (Infinity and NaN became 0)', () => {
    const dense = (data: number[]) => ({ n: 2, data: Float32Array.from(data) });
    expect(() => apspReference(dense([0, 1, I, 0]), { type: 'i32' })).toThrow(
      'apsp: the dense matrix\'s entry (1, 0) = Infinity is not an i32 (an integer in -2147483648..2147483647); "no arc" is the semiring\'s zero, 2147483647',
    );
    expect(() => apspReference(dense([0, 1.5, 7, 0]), { type: 'i32' })).toThrow("entry (0, 1) = 1.5 is not an i32");
    expect(() => apspReference(dense([0, -1, 7, 0]), { type: 'u32' })).toThrow("entry (0, 1) = -1 is not a u32");
    expect(Array.from(apspReference({ n: 2, data: Int32Array.of(0, 1, 2 ** 31 - 1, 0) }, { type: 'i32' }).dist)).toEqual([0, 1, 2 ** 31 - 1, 0]);
  });
  it('f32 NaN or a value beyond ±2^100 is named by row and column', () => {
    expect(() => apspReference({ n: 2, data: Float32Array.of(0, 1, NaN, 0) })).toThrow('apsp input: NaN at (row 1, column 0)');
    expect(() => apspReference({ n: 2, data: Float32Array.of(0, 2 ** 101, 1, 0) })).toThrow('apsp input: value 2.535301200456459e+30 at (row 0, column 1) is beyond ±2^100');
  });
  it('an edge list marked undirected must hold every mirror (min-plus would read the arcs one way only)', () => {
    const oneWay = { n: 3, src: Uint32Array.of(0, 1), dst: Uint32Array.of(1, 2), weight: Float32Array.of(1, 1), directed: false };
    expect(() => apspReference(oneWay)).toThrow('apsp: the graph is marked undirected (directed: false), but its arc 0 → 1 of weight 1 has no mirror 1 → 0 of weight 1');
    const both = { ...oneWay, src: Uint32Array.of(0, 1, 1, 2), dst: Uint32Array.of(1, 0, 2, 1), weight: Float32Array.of(1, 1, 1, 1) };
    expect(Array.from(apspReference(both).dist)).toEqual([0, 1, 2, 1, 0, 1, 2, 1, 0]);
  });
  it('an edge list whose arrays differ in length is refused (an arc lost, or a missing weight read as NaN)', () => {
    const arcs = { n: 3, src: Uint32Array.of(0, 1), dst: Uint32Array.of(1, 2), weight: Float32Array.of(1, 1), directed: true };
    expect(() => apspReference({ ...arcs, dst: Uint32Array.of(1) })).toThrow('apsp: the edge list has 2 sources (src) but 1 targets (dst)');
    expect(() => apspReference({ ...arcs, weight: Float32Array.of(1) })).toThrow('apsp: the edge list has 2 arcs but 1 weights');
  });
});
