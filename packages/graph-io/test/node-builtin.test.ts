import { afterEach, describe, expect, it } from 'vitest';
import { hasNodeBuiltins, nodeBuiltin } from '../src/node-builtin.js';
import { csrFromEdges, generateKronecker, readGraphFile, relabelByDegree, relabelByDegreeParallel } from '../src/index.js';

describe('nodeBuiltin', () => {
  const get = process.getBuiltinModule;
  afterEach(() => {
    process.getBuiltinModule = get;
  });

  it("gives Node's own module", async () => {
    expect(nodeBuiltin('node:zlib', 'test').crc32).toBe((await import('node:zlib')).crc32);
  });

  it('names the function and what to use instead where there is no Node (a browser)', async () => {
    // A browser has no process.getBuiltinModule: graph-io's file functions must say so, not fail deep inside.
    process.getBuiltinModule = undefined as unknown as typeof get;
    expect(() => nodeBuiltin('node:fs/promises', 'readGraphFile')).toThrow(/readGraphFile needs Node\.js ≥ 20\.16 \(node:fs\/promises\); in a browser, fetch the file and pass its text or bytes to parseGraph/);
    await expect(readGraphFile('g.mtx')).rejects.toThrow(/readGraphFile needs Node\.js/);
  });

  it('lets a function take its portable path where there is no Node: relabelByDegreeParallel on the calling thread', async () => {
    expect(hasNodeBuiltins()).toBe(true);
    const csr = csrFromEdges(generateKronecker({ scale: 9, edgeFactor: 8, seed: 3 }), { symmetrize: true });
    process.getBuiltinModule = undefined as unknown as typeof get;
    expect(hasNodeBuiltins()).toBe(false);
    // No worker count asked and no node:os to ask: the same graph as the serial relabelling, not an error.
    expect(await relabelByDegreeParallel(csr, { minParallelArcs: 0 })).toEqual(relabelByDegree(csr));
  });
});
