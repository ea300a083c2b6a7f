import { edgeListFromArrays } from '@semiforge/graph-io';
import { describe, expect, it, vi } from 'vitest';
import { CliError } from '../src/errors.js';
import { shapeGraph } from '../src/graph/shape-graph.js';

// A file may declare up to 2^32 − 1 vertices with a handful of arcs; building its CSR then fails in V8 with
// "Array buffer allocation failed", naming nothing. Simulated here: the real allocation would take 16 GiB.
vi.mock('@semiforge/graph-io', async (original) => ({
  ...(await original<typeof import('@semiforge/graph-io')>()),
  csrFromEdgesParallel: async () => {
    throw new RangeError('Array buffer allocation failed');
  },
}));

describe('shapeGraph out of memory', () => {
  it('names the file, the vertex and arc counts and the bytes of the row offsets', async () => {
    const edges = { ...edgeListFromArrays(3, [0], [1]), n: 4294967295 };
    const error = await shapeGraph(edges, {}, 'huge.gr').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).message).toBe('huge.gr: out of memory building the graph of 4294967295 vertices and 1 arcs (its row offsets alone take 17179869184 bytes)');
    expect((error as CliError).hint).toMatch(/check the vertex count/);
  });
});
