import { describe, expect, it } from 'vitest';
import { csrFromEdgesParallel, edgeListFromArrays, isShared, validateCsr, validateCsrParallel, type Csr } from '../../src/index.js';

/** A graph in shared memory (as the parallel builders leave it) with a few hundred arcs over 60 vertices. */
async function sharedGraph(sortRows: boolean): Promise<Csr> {
  const n = 60;
  const src = Array.from({ length: 400 }, (_, i) => (i * 7) % n);
  const dst = Array.from({ length: 400 }, (_, i) => (i * 13 + 5) % n);
  return csrFromEdgesParallel(edgeListFromArrays(n, src, dst, src.map((s) => s + 1), true), { sortRows, threads: 2, minParallelArcs: 0 });
}

/** `g` with one array copied into shared memory and changed there. */
function broken(g: Csr, field: 'indptr' | 'indices', index: number, value: number): Csr {
  const copy = new Uint32Array(new SharedArrayBuffer(g[field].byteLength));
  copy.set(g[field]);
  copy[index] = value;
  return { ...g, [field]: copy };
}

/** The error `validateCsr` throws, to compare the parallel check's with. */
function errorOf(g: Csr): string | undefined {
  try {
    validateCsr(g);
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

describe('validateCsrParallel: validateCsr with the arcs split among workers', () => {
  it.each([false, true])('passes a good graph (sorted rows: %s) and throws what validateCsr throws for each fault', async (sorted) => {
    const g = await sharedGraph(sorted);
    expect(isShared(g.indices)).toBe(true);
    const options = { threads: 3, minParallelArcs: 0 };
    await expect(validateCsrParallel(g, options)).resolves.toBeUndefined();
    const last = g.indices.length - 1;
    const faults: Csr[] = [
      broken(g, 'indices', last, 60), // an index past n, in the last worker's rows
      broken(g, 'indices', 3, 1000), // and in the first's
      broken(g, 'indptr', 30, g.indptr[29] - 1), // offsets that decrease: found on the calling thread
      { ...g, weight: g.weight!.subarray(1) },
    ];
    if (sorted) faults.push(broken(g, 'indices', g.indptr[10] + 1, 0)); // a row that does not ascend (row 10 holds ≥ 2 arcs)
    for (const f of faults) {
      const message = errorOf(f);
      expect(message).toBeDefined();
      await expect(validateCsrParallel(f, options)).rejects.toThrow(message);
    }
  });

  it('checks graphs not in shared memory, or small, on the calling thread, and refuses what is not a CSR', async () => {
    const g = await sharedGraph(false);
    const plain = { ...g, indices: Uint32Array.from(g.indices) };
    plain.indices[0] = 99;
    await expect(validateCsrParallel(plain, { threads: 3, minParallelArcs: 0 })).rejects.toThrow(errorOf(plain));
    await expect(validateCsrParallel(g, { threads: 3 })).resolves.toBeUndefined();
    await expect(validateCsrParallel(null as never)).rejects.toThrow(TypeError);
  });
});
