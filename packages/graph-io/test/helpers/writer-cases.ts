import fc from 'fast-check';
import {
  dimacsCoChunks, dimacsGrChunks, edgeListChunks, matrixMarketChunks, writeDimacsCo, writeDimacsGr, writeEdgeList, writeMatrixMarket,
  type EdgeList, type GraphFormat, type TextChunkOptions, type WriteGraphFileOptions,
} from '../../src/index.js';
import { doubleEdgeList, integerEdgeList, undirectedEdgeList } from './arbitraries.js';

/** One way of writing a graph: its string writer, its chunk producer and the same for `writeGraphFile`, all with the same options. */
export interface WriterCase {
  readonly name: string;
  readonly text: () => string;
  readonly chunks: (options: TextChunkOptions) => Iterable<Uint8Array>;
  /** For the graph formats: what `writeGraphFile` takes to write the same file. */
  readonly file?: { readonly extension: string; readonly options: WriteGraphFileOptions & { format: GraphFormat } };
}

/** Random graphs of every kind the writers take: pattern, f64 and f32 weights, integer weights, undirected, with ids. */
export const anyEdgeList: fc.Arbitrary<EdgeList> = fc
  .tuple(fc.oneof(doubleEdgeList(), integerEdgeList(20, 60), undirectedEdgeList()), fc.boolean(), fc.boolean())
  .map(([g, f32, ids]) => {
    const weight = f32 && g.weight !== null ? Float32Array.from(g.weight) : g.weight;
    // f32 rounding may overflow a huge double to Infinity, which writers refuse; keep those as f64.
    const h = { ...g, weight: weight !== null && weight.every(Number.isFinite) ? weight : g.weight };
    return ids ? { ...h, ids: Uint32Array.from({ length: g.n }, (_, v) => v * 7919 + 3) } : h;
  });

/** Comment lines, non-ASCII and newlines included (their bytes split across chunks too). */
export const anyComments: fc.Arbitrary<string[]> = fc.array(fc.string({ unit: 'grapheme', maxLength: 12 }), { maxLength: 3 });

/** Every writer call that applies to `g` (formats, styles, fields), each as a string and as chunks. */
export function writerCases(g: EdgeList, comments: string[]): WriterCase[] {
  const cases: WriterCase[] = [
    {
      name: 'matrix-market',
      text: () => writeMatrixMarket(g, { comments }),
      chunks: (o) => matrixMarketChunks(g, { comments, ...o }),
      file: { extension: '.mtx', options: { format: 'matrix-market', comments } },
    },
    {
      name: 'matrix-market pattern general',
      text: () => writeMatrixMarket(g, { field: 'pattern', symmetry: 'general' }),
      chunks: (o) => matrixMarketChunks(g, { field: 'pattern', symmetry: 'general', ...o }),
    },
    {
      name: 'edge-list snap',
      text: () => writeEdgeList(g, { comments }),
      chunks: (o) => edgeListChunks(g, { comments, ...o }),
      file: { extension: '.txt', options: { format: 'edge-list', comments } },
    },
    {
      name: 'edge-list el/wel',
      text: () => writeEdgeList(g, { style: g.weight === null ? 'el' : 'wel' }),
      chunks: (o) => edgeListChunks(g, { style: g.weight === null ? 'el' : 'wel', ...o }),
      file: { extension: g.weight === null ? '.el' : '.wel', options: { format: 'edge-list', style: g.weight === null ? 'el' : 'wel' } },
    },
  ];
  if (g.weight === null || g.weight.every(Number.isSafeInteger)) {
    cases.push({
      name: 'dimacs-gr',
      text: () => writeDimacsGr(g, { comments, patternWeight: 3 }),
      chunks: (o) => dimacsGrChunks(g, { comments, patternWeight: 3, ...o }),
      file: { extension: '.gr', options: { format: 'dimacs-gr', comments, patternWeight: 3 } },
    });
  }
  const co = { n: g.src.length, x: Float64Array.from(g.weight ?? g.src), y: Float64Array.from(g.dst, (v) => -v / 3) };
  cases.push({ name: 'dimacs-co', text: () => writeDimacsCo(co, { comments }), chunks: (o) => dimacsCoChunks(co, { comments, ...o }) });
  return cases;
}
