export { edgeCount, edgeListFromArrays, validateEdgeList, type EdgeList, type WeightArray } from './edge-list.js';
export type { Csr } from './csr.js';
export { checkArcCount, checkVertexCount, GraphLimitError, MAX_ARCS, MAX_VERTICES } from './graph-limits.js';
export { EdgeListBuilder } from './edge-list-builder.js';
export { GraphParseError, type GraphParseErrorDetails } from './text/graph-parse-error.js';
export { inputBytes, type GraphInput } from './text/input-bytes.js';
export type { ReadOptions } from './formats/read-options.js';
export { readDimacsGr } from './formats/dimacs/read-dimacs-gr.js';
export { readMatrixMarket, type MatrixMarketDuplicates, type MatrixMarketReadOptions } from './formats/matrix-market/read-matrix-market.js';
export type { MatrixMarketField, MatrixMarketFormat, MatrixMarketSymmetry } from './formats/matrix-market/matrix-market-header.js';
export { readEdgeList, type EdgeListReadOptions } from './formats/edge-list/read-edge-list.js';
export type { EdgeListIds } from './formats/edge-list/map-edge-list-ids.js';
export { readDimacsCo, type DimacsCoordinates } from './formats/dimacs/read-dimacs-co.js';
export { graphFileKind, GRAPH_FILE_EXTENSIONS, type GraphFileKind, type GraphFormat, type TextFormat } from './formats/graph-format.js';
export { beginParseGraph, parseGraph, type ParseGraphOptions } from './formats/parse-graph.js';
export type { PendingBody } from './text/pending-body.js';
export { readGraphFile, type ReadGraphFileOptions } from './formats/read-graph-file.js';
export { dimacsGrChunks, writeDimacsGr, type WriteDimacsGrOptions } from './formats/dimacs/write-dimacs-gr.js';
export { dimacsCoChunks, writeDimacsCo, type WriteDimacsCoOptions } from './formats/dimacs/write-dimacs-co.js';
export { matrixMarketChunks, writeMatrixMarket, type WriteMatrixMarketOptions } from './formats/matrix-market/write-matrix-market.js';
export { edgeListChunks, writeEdgeList, type EdgeListStyle, type WriteEdgeListOptions } from './formats/edge-list/write-edge-list.js';
export { DEFAULT_CHUNK_BYTES, textOfChunks, type TextChunkOptions } from './formats/text-chunks.js';
export { writeTextFile, type WriteTextFileOptions } from './formats/write-text-file.js';
export { writeGraphFile, type WriteGraphFileOptions } from './formats/write-graph-file.js';
export { splitMix32 } from './random/splitmix32.js';
export { sortRowsInPlace } from './containers/sort-rows.js';
export { Xoshiro128ss } from './random/xoshiro128ss.js';
export { generateRandom4n, generateSprand, type SprandOptions } from './generators/generate-sprand.js';
export {
  generateKronecker,
  generateKroneckerParallel,
  type KroneckerOptions,
  type KroneckerParallelOptions,
} from './generators/generate-kronecker.js';
export { generateRmat, generateRmatParallel, type RmatOptions, type RmatParallelOptions } from './generators/generate-rmat.js';
export type { WeightRange, WeightSpec } from './generators/weight-spec.js';
export { generateErdosRenyi, type ErdosRenyiOptions } from './generators/generate-erdos-renyi.js';
export { generateGrid, type GridGraph, type GridOptions } from './generators/generate-grid.js';
export {
  allocateDense,
  DEFAULT_MAX_DENSE_ELEMENTS,
  denseElementType,
  denseValueProblem,
  type DenseArray,
  type DenseArrayTypes,
  type DenseElementType,
  type DenseMatrix,
} from './dense/dense-matrix.js';
export { denseFromEdges, type DenseFromEdgesOptions } from './dense/dense-from-edges.js';
export { padDense } from './dense/pad-dense.js';
export { bdlIndex, fromBdl, paddedSize, toBdl, type BlockedArray } from './dense/blocked-layout.js';
export { csrFromEdges, type CsrFromEdgesOptions } from './containers/csr-from-edges.js';
export { csrFromEdgesParallel, type CsrFromEdgesParallelOptions } from './containers/csr-from-edges-parallel.js';
export { validateCsr } from './containers/validate-csr.js';
export { validateCsrParallel, type ValidateCsrOptions } from './containers/validate-csr-parallel.js';
export { csrFault, type CsrFault } from './containers/csr-structure.js';
export { checkCsrShape } from './containers/csr-shape.js';
export { checkNumberType, describeValue } from './describe-value.js';
export { findUnmirroredArc, type UnmirroredArc } from './containers/mirrored-arcs.js';
export { findUnmirroredArcParallel, type MirrorCheckOptions } from './containers/mirrored-arcs-parallel.js';
export type { ArcCombine } from './containers/combine-sorted-rows.js';
export { edgesFromCsr } from './containers/edges-from-csr.js';
export { cscFromEdges, transposeCsr } from './containers/transpose-csr.js';
export { combineDuplicates, type DuplicatePolicy } from './transforms/combine-duplicates.js';
export { DuplicateArcError } from './transforms/duplicate-arc-error.js';
export { NO_VERTEX } from './containers/no-vertex.js';
export { ellFromCsr, ellPaddingRatio, type Ell } from './containers/ell.js';
export { foldCsr, type FoldedCsr } from './containers/folded-csr.js';
export { MAX_SIGMA, slicedEllFromCsr, slicedEllShape, type SlicedEll, type SlicedEllOptions, type SlicedEllShape } from './containers/sliced-ell.js';
export { MAX_WINDOW_ROWS, windowFoldedEllFromCsr, windowFoldedEllShape, type WindowFoldedEll, type WindowFoldedEllOptions, type WindowFoldedEllShape } from './containers/window-folded-ell.js';
export { symmetrize } from './transforms/symmetrize.js';
export { dropSelfLoops } from './transforms/drop-self-loops.js';
export { sortAdjacency } from './transforms/sort-adjacency.js';
export { relabelByDegree, type DegreeOrder, type RelabelOptions } from './transforms/relabel-by-degree.js';
export { relabelByDegreeParallel, type RelabelParallelOptions } from './transforms/relabel-by-degree-parallel.js';
export { invertIds, mapVertexIds, toUserOrder, type PerVertexArray } from './transforms/user-order.js';
export { inducedSubgraph } from './transforms/induced-subgraph.js';
export { connectedComponents, type Components } from './transforms/connected-components.js';
export { giantComponent } from './transforms/giant-component.js';
export { coreNumbers } from './transforms/core-numbers.js';
export { kCore } from './transforms/k-core.js';
export { degreeStats, outDegrees, type DegreeStats } from './transforms/degree-stats.js';
export { writeGraphBinary } from './binary/write-graph-binary.js';
export { readGraphBinary } from './binary/read-graph-binary.js';
export { encodeGraphBinary } from './binary/encode-graph-binary.js';
export { decodeGraphBinary } from './binary/decode-graph-binary.js';
export type { ReadGraphBinaryOptions } from './binary/decode-sfg.js';
export type { WriteGraphBinaryOptions } from './binary/encode-sfg.js';
export { SFG_MAJOR, SFG_MINOR } from './binary/sfg-format.js';
export { fastEntries, type FastEntries, type FastEntriesRequest } from './text/fast-entries.js';
export { parallelFastEntries, stopEntriesWorkers, type ParallelEntriesOptions } from './text/parallel-entries.js';
export { readFileShared } from './text/read-file-shared.js';
export { readStreamFile } from './text/read-stream-file.js';
export { lineChunks } from './text/line-chunks.js';
export { runWorkers, startWorker, workerDone, workerEntry, workerInput } from './worker-start.js';
export { arcBalancedRanges, inShared, isShared, MAX_THREADS, sharedArray, workerThreads } from './shared-memory.js';
