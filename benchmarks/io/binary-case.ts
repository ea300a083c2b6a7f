// The binary format's reader, timed on the same graph as the Matrix Market text.
import { statSync } from 'node:fs';
import { csrFromEdges, readGraphBinary, writeGraphBinary, type Csr, type EdgeList } from '@semiforge/graph-io';

/** A binary file of a graph, the CSR it must read back as, and its size. */
export interface BinaryCase {
  readonly path: string;
  readonly bytes: number;
  readonly expected: Csr;
}

/** Writes `edges` as a `.sfg` file at `path`. */
export async function binaryCase(edges: EdgeList, path: string): Promise<BinaryCase> {
  const expected = csrFromEdges(edges);
  await writeGraphBinary(path, expected);
  return { path, bytes: statSync(path).size, expected };
}

/** Whether two CSR graphs hold the same arrays, bit for bit. */
export function sameCsr(a: Csr, b: Csr): boolean {
  const bytes = (x: ArrayBufferView) => Buffer.from(x.buffer, x.byteOffset, x.byteLength);
  const same = (x: ArrayBufferView | null, y: ArrayBufferView | null): boolean =>
    x === y || (x !== null && y !== null && x.constructor === y.constructor && bytes(x).equals(bytes(y)));
  return a.n === b.n && same(a.indptr, b.indptr) && same(a.indices, b.indices) && same(a.weight, b.weight);
}
