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
