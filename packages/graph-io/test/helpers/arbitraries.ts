import fc from 'fast-check';
import { edgeListFromArrays, type EdgeList } from '../../src/index.js';

/** Random directed edge lists with safe-integer weights. */
export const integerEdgeList = (maxN = 50, maxM = 200): fc.Arbitrary<EdgeList> =>
  fc.integer({ min: 1, max: maxN }).chain((n) =>
    fc
      .array(
        fc.tuple(
          fc.integer({ min: 0, max: n - 1 }),
          fc.integer({ min: 0, max: n - 1 }),
          fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.maxSafeInteger(), fc.constant(-Number.MAX_SAFE_INTEGER)),
        ),
        { maxLength: maxM },
      )
      .map((list) => edgeListFromArrays(n, list.map((a) => a[0]), list.map((a) => a[1]), list.map((a) => a[2]))),
  );

/** Random directed edge lists with any finite double weights (`-0`, subnormals, huge), or none. */
export const doubleEdgeList = (maxN = 30, maxM = 60): fc.Arbitrary<EdgeList> =>
  fc.integer({ min: 1, max: maxN }).chain((n) =>
    fc
      .tuple(
        fc.array(fc.tuple(fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: 0, max: n - 1 }), fc.double({ noNaN: true, noDefaultInfinity: true })), { maxLength: maxM }),
        fc.boolean(),
      )
      .map(([list, weighted]) => edgeListFromArrays(n, list.map((a) => a[0]), list.map((a) => a[1]), weighted ? list.map((a) => a[2]) : null)),
  );

/** Random undirected edge lists: every edge with its mirror arc (a self-loop once), as readers produce them. */
export const undirectedEdgeList = (maxN = 30, maxM = 40): fc.Arbitrary<EdgeList> =>
  doubleEdgeList(maxN, maxM).map((g) => {
    const src: number[] = [];
    const dst: number[] = [];
    const weight: number[] = [];
    for (let k = 0; k < g.src.length; k++) {
      const w = g.weight?.[k] ?? 0;
      src.push(g.src[k]);
      dst.push(g.dst[k]);
      weight.push(w);
      if (g.src[k] !== g.dst[k]) {
        src.push(g.dst[k]);
        dst.push(g.src[k]);
        weight.push(w);
      }
    }
    return edgeListFromArrays(g.n, src, dst, g.weight === null ? null : weight, false);
  });
