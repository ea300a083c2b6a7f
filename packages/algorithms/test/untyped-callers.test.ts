import { afterAll, describe, expect, it } from 'vitest';
import { csrFromEdges, generateErdosRenyi } from '@semiforge/graph-io';
import { apsp, bfs, CoreBfs, matrixFactors, pagerank, spmv, sssp } from '../src/index.js';
import { testDevice } from './gpu-device.js';

// What TypeScript rules out and JavaScript callers (or `as` casts) still hand in: each refused by name and type,
// before any work, where it failed deep inside ("list is not iterable", "Cannot read properties of null"), read
// as a wrong number ("source 5 is not a vertex" for the string "5") or answered (PageRank of {} gave no ranks).
const device = await testDevice();
afterAll(() => device?.destroy());
const graph = csrFromEdges(generateErdosRenyi({ n: 50, m: 200, seed: 1, directed: false, weights: 'f32-unit' }));
const plainArrays = { ...graph, indptr: Array.from(graph.indptr) } as never;

describe.skipIf(!device)('algorithms called with values of the wrong type', () => {
  it.each([
    ['sssp', () => sssp(device!, null as never, 0), 'sssp: the graph is null, not a CSR'],
    ['bfs', () => bfs(device!, {} as never, 0), "bfs: the graph's n is undefined, not a vertex count"],
    ['CoreBfs', () => CoreBfs.create(device!, null as never), 'bfs: the graph is null, not a CSR'],
    ['spmv', () => spmv(device!, plainArrays, [1]), "spmv: the graph's indptr is an Array, not a Uint32Array (convert it: Uint32Array.from(indptr))"],
    ['pagerank', () => pagerank(device!, {} as never), "pagerank: the graph's n is undefined"],
    ['matrixFactors', async () => matrixFactors(null as never), 'spmv: the graph is null, not a CSR'],
    ['apsp, given a CSR', () => apsp(graph as never, { device: device! }), "apsp: the graph is a CSR (indptr, indices); APSP takes an edge list ({ n, src, dst, weight, directed }) or a dense matrix ({ n, data }): graph-io's edgesFromCsr(csr) gives the edge list"],
    ['apsp, given null', () => apsp(null as never, { device: device! }), 'apsp: the graph is null; APSP takes an edge list'],
  ])('%s: a graph that is not one', async (_, call, message) => {
    await expect(call()).rejects.toThrow(TypeError);
    await expect(call()).rejects.toThrow(message);
  });

  it.each([
    ['sssp source "5"', () => sssp(device!, graph, '5' as never), 'sssp: source is a string ("5"), not a vertex id (an integer, 0..49)'],
    ['bfs source "5"', () => bfs(device!, graph, '5' as never), 'bfs: sources is a string ("5"), not a vertex id or an array of them'],
    ['bfs sources [0, null]', () => bfs(device!, graph, [0, null] as never), 'bfs: a source is null, not a vertex id (an integer)'],
    ['spmv x null', () => spmv(device!, graph, null as never), 'spmv: x is null, not an array or typed array of 50 numbers'],
    ['sssp maxDistance "5"', () => sssp(device!, graph, 0, { maxDistance: '5' as never }), 'sssp: maxDistance is a string ("5"), not a number'],
    ['pagerank damping "0.85"', () => pagerank(device!, graph, { damping: '0.85' as never }), 'pagerank: damping is a string ("0.85"), not a number'],
  ])('%s', async (_, call, message) => {
    await expect(call()).rejects.toThrow(TypeError);
    await expect(call()).rejects.toThrow(message);
  });
});
