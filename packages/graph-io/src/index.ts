export { edgeCount, edgeListFromArrays, validateEdgeList, type EdgeList, type WeightArray } from './edge-list.js';
export type { Csr } from './csr.js';
export { checkArcCount, checkVertexCount, GraphLimitError, MAX_ARCS, MAX_VERTICES } from './graph-limits.js';
export { EdgeListBuilder } from './edge-list-builder.js';
export { GraphParseError, type GraphParseErrorDetails } from './graph-parse-error.js';
export { inputBytes, type GraphInput } from './input-bytes.js';
export type { ReadOptions } from './read-options.js';
export { readDimacsGr } from './read-dimacs-gr.js';
export {
  readMatrixMarket,
  type MatrixMarketField,
  type MatrixMarketSymmetry,
} from './read-matrix-market.js';
export { readEdgeList, type EdgeListReadOptions } from './read-edge-list.js';
export { graphFileKind, GRAPH_FILE_EXTENSIONS, type GraphFileKind, type GraphFormat } from './graph-format.js';
export { parseGraph, type ParseGraphOptions } from './parse-graph.js';
export { readGraphFile, type ReadGraphFileOptions } from './read-graph-file.js';
export { writeDimacsGr, type WriteDimacsGrOptions } from './write-dimacs-gr.js';
export { splitMix32 } from './splitmix32.js';
export { Xoshiro128ss } from './xoshiro128ss.js';
export { generateRandom4n, generateSprand, type SprandOptions } from './generate-sprand.js';
export {
  allocateDense,
  DEFAULT_MAX_DENSE_ELEMENTS,
  denseElementType,
  denseValueProblem,
  type DenseArray,
  type DenseArrayTypes,
  type DenseElementType,
  type DenseMatrix,
} from './dense-matrix.js';
export { denseFromEdges, type DenseFromEdgesOptions } from './dense-from-edges.js';
export { padDense } from './pad-dense.js';
export { bdlIndex, fromBdl, paddedSize, toBdl, type BlockedArray } from './blocked-layout.js';
