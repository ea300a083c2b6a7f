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
