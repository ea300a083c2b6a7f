import type { EdgeList } from '../../src/index.js';

/** Arcs as `[u, v, w]` triples (w null for pattern graphs), for readable assertions. */
export function arcs(edges: EdgeList): Array<[number, number, number | null]> {
  const out: Array<[number, number, number | null]> = [];
  for (let k = 0; k < edges.src.length; k++) {
    out.push([edges.src[k], edges.dst[k], edges.weight === null ? null : edges.weight[k]]);
  }
  return out;
}

/** Arcs sorted by (u, v, w), for comparisons that ignore order (and the sign of zero weights). */
export function sortedArcs(edges: EdgeList): Array<[number, number, number | null]> {
  return arcs(edges)
    .map(([u, v, w]): [number, number, number | null] => [u, v, w === 0 ? 0 : w])
    .sort((a, b) => a[0] - b[0] || a[1] - b[1] || (a[2] ?? 0) - (b[2] ?? 0));
}

/** Whether two edge lists hold the same arcs in the same order, weights bit for bit (`-0` ≠ `0`); fast on big graphs. */
export function sameArcs(a: EdgeList, b: EdgeList): boolean {
  if (a.n !== b.n || a.directed !== b.directed || a.src.length !== b.src.length || (a.weight === null) !== (b.weight === null)) return false;
  for (let k = 0; k < a.src.length; k++) {
    if (a.src[k] !== b.src[k] || a.dst[k] !== b.dst[k]) return false;
    if (a.weight !== null && b.weight !== null && !Object.is(a.weight[k], b.weight[k])) return false;
  }
  return true;
}

/** Like {@link sameArcs} but ignoring arc order (writers and readers may list mirrors elsewhere). */
export function sameArcsInAnyOrder(a: EdgeList, b: EdgeList): boolean {
  const sorted = (g: EdgeList): EdgeList => {
    const w = g.weight;
    const order = Uint32Array.from(g.src.keys()).sort((x, y) => g.src[x] - g.src[y] || g.dst[x] - g.dst[y] || (w === null ? 0 : w[x] - w[y]));
    return { ...g, src: order.map((k) => g.src[k]), dst: order.map((k) => g.dst[k]), weight: w === null ? null : Float64Array.from(order, (k) => w[k]) };
  };
  return sameArcs(sorted(a), sorted(b));
}
