// Matrices graph-io has no generator for, built as edge lists (COO) row by row: the 7-point 3-D stencil of a
// finite-difference Laplacian and a fully stored band, the FEM-like regular classes of the SpMV suite.
import type { EdgeList } from '@semiforge/graph-io';

/** An edge list of n rows whose columns `columns(row, emit)` lists, at most `perRow` per row, in row order. */
function edgesByRow(n: number, perRow: number, columns: (row: number, emit: (col: number) => void) => void): EdgeList {
  const src = new Uint32Array(n * perRow);
  const dst = new Uint32Array(n * perRow);
  let k = 0;
  for (let row = 0; row < n; row++) {
    columns(row, (col) => {
      src[k] = row;
      dst[k++] = col;
    });
  }
  return { n, src: src.subarray(0, k), dst: dst.subarray(0, k), weight: null, directed: false };
}

/** side³ grid points, each row holding itself and its (up to) six axis neighbours: at most 7 nonzeros a row. */
export function stencil3d(side: number): EdgeList {
  const plane = side * side;
  return edgesByRow(side * plane, 7, (row, emit) => {
    const x = row % side;
    const y = Math.floor(row / side) % side;
    const z = Math.floor(row / plane);
    if (z > 0) emit(row - plane);
    if (y > 0) emit(row - side);
    if (x > 0) emit(row - 1);
    emit(row);
    if (x < side - 1) emit(row + 1);
    if (y < side - 1) emit(row + side);
    if (z < side - 1) emit(row + plane);
  });
}

/** n rows, row i storing every column of i − halfWidth .. i + halfWidth inside the matrix. */
export function banded(n: number, halfWidth: number): EdgeList {
  return edgesByRow(n, 2 * halfWidth + 1, (row, emit) => {
    for (let col = Math.max(0, row - halfWidth); col <= Math.min(n - 1, row + halfWidth); col++) emit(col);
  });
}
