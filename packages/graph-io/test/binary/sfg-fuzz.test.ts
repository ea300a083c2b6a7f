import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeGraphBinary, encodeGraphBinary, GraphParseError, type Csr } from '../../src/index.js';
import { csrFault } from '../../src/containers/csr-structure.js';
import { csrShape } from './sfg-fixtures.js';

/** Small CSRs of every shape the format has: weight types, ids, sorted or not, isolated vertices, n = 0. */
const csrArbitrary: fc.Arbitrary<Csr> = fc.integer({ min: 0, max: 12 }).chain((n) =>
  fc
    .record({
      arcs: n === 0 ? fc.constant([]) : fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1), fc.double()), { maxLength: 40 }),
      weight: fc.constantFrom('none', 'f32', 'f64'),
      ids: fc.boolean(),
      directed: fc.boolean(),
      sorted: fc.boolean(),
    })
    .map(({ arcs, weight, ids, directed, sorted }) => {
      const list = sorted ? [...arcs].sort((a, b) => a[0] - b[0] || a[1] - b[1]) : [...arcs].sort((a, b) => a[0] - b[0]);
      const indptr = new Uint32Array(n + 1);
      for (const [u] of list) indptr[u + 1]++;
      for (let v = 0; v < n; v++) indptr[v + 1] += indptr[v];
      const w = list.map((a) => a[2]);
      return {
        n,
        indptr,
        indices: Uint32Array.from(list, (a) => a[1]),
        weight: weight === 'none' ? null : weight === 'f32' ? Float32Array.from(w) : Float64Array.from(w),
        directed,
        sorted,
        ...(ids ? { ids: Uint32Array.from({ length: n }, (_, v) => v * 7 + 1) } : {}),
      };
    }),
);

type Mutation = (bytes: Uint8Array) => Uint8Array;

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 4 }).map((flips) => (b: Uint8Array) => {
    const out = b.slice();
    for (const [at, mask] of flips) out[at % out.length] ^= mask;
    return out;
  }),
  fc.nat().map((cut) => (b: Uint8Array) => b.subarray(0, cut % b.length)),
  fc.uint8Array({ minLength: 1, maxLength: 70 }).map((tail) => (b: Uint8Array) => Uint8Array.of(...b, ...tail)),
  fc.tuple(fc.nat(), fc.uint8Array({ minLength: 1, maxLength: 64 })).map(([at, junk]) => (b: Uint8Array) => {
    const out = b.slice();
    out.set(junk.subarray(0, Math.max(0, out.length - (at % out.length))), at % out.length);
    return out;
  }),
);

/** Decodes, turning a GraphParseError into `undefined` and letting any other exception fail the test. */
async function decodeOrParseError(bytes: Uint8Array, verify: boolean): Promise<Csr | undefined> {
  try {
    return await decodeGraphBinary(bytes, { verify });
  } catch (error) {
    if (error instanceof GraphParseError) return undefined;
    throw error;
  }
}

describe('.sfg fuzzing', () => {
  it('a mutated file decodes to the original graph or throws GraphParseError (checksums on)', async () => {
    await fc.assert(
      fc.asyncProperty(csrArbitrary, mutation, async (g, mutate) => {
        const back = await decodeOrParseError(mutate(await encodeGraphBinary(g)), true);
        if (back !== undefined) expect(csrShape(back)).toEqual(csrShape(g));
      }),
      { numRuns: 400 },
    );
  });

  it('without checksums a mutated file still yields a structurally valid graph or GraphParseError', async () => {
    await fc.assert(
      fc.asyncProperty(csrArbitrary, mutation, async (g, mutate) => {
        const back = await decodeOrParseError(mutate(await encodeGraphBinary(g)), false);
        if (back === undefined) return;
        expect(csrFault(back.n, back.indptr, back.indices, back.sorted)).toBeUndefined();
        expect(back.weight === null ? back.indices.length : back.weight.length).toBe(back.indices.length);
        if (back.ids !== undefined) expect(back.ids.length).toBe(back.n);
      }),
      { numRuns: 400 },
    );
  });

  it('arbitrary bytes never throw anything but GraphParseError', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), async (bytes) => {
        await decodeOrParseError(bytes, true);
      }),
      { numRuns: 300 },
    );
  });

  it('every generated graph round-trips', async () => {
    await fc.assert(
      fc.asyncProperty(csrArbitrary, async (g) => {
        expect(csrShape(await decodeGraphBinary(await encodeGraphBinary(g)))).toEqual(csrShape(g));
      }),
      { numRuns: 200 },
    );
  });
});
