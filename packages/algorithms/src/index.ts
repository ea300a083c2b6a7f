/**
 * @semiforge/algorithms: graph algorithms on generated GPU kernels, each beside its CPU reference.
 */
export { apsp, type ApspOptions } from './apsp/apsp.js';
export { BACKENDS, chooseBackend, loadCudaRuntime, backendOf, withDevice, openBackendDevice, isCudaDevice, type Backend, type AnyDevice } from './kernels/backend.js';
export { CudaApspRunner } from './apsp/apsp.cuda.js';
export { dpxFits, DPX_MAX_PATH } from './apsp/apsp.dpx.js';
export { ApspRunner, type ApspResult, type ApspRunOptions, type ApspTiming } from './apsp/apsp.runner.js';
export { apspReference } from './apsp/apsp.reference.js';
export { planApsp, planSpecs, pivotSideFor, defaultTile, defaultWorkgroups, APSP_DEFAULTS, type ApspMethod, type ApspPlan, type ApspKernelOptions } from './apsp/apsp.plan.js';
export { buildApspMatrix, NO_SUCCESSOR, type ApspGraph, type ApspMatrix } from './apsp/apsp.input.js';
export { followSuccessors, checkNegativeCycles } from './apsp/apsp.output.js';
export { decodeF32 } from './kernels/f32-encoding.js';
export { cudaView } from './kernels/cuda-view.js';
export { NegativeCycleError } from './apsp/apsp.errors.js';
export { dijkstra } from './apsp/apsp.dijkstra.js';
export { verifyApsp, verifyMethod, sampleSources, FULL_REFERENCE_MAX_N, DIJKSTRA_ROWS, type Verification } from './apsp/apsp.verify.js';
export { APSP_CATALOG_SPECS } from './apsp/apsp.catalog.js';
export { spmv, type SpmvOptions } from './spmv/spmv.js';
export { SpmvRunner, rowStats, subgroupSupport, type SpmvResult, type SpmvBuffers } from './spmv/spmv.runner.js';
export { CudaSpmvRunner, type CudaSpmvBuffers } from './spmv/spmv.cuda.js';
export { planSpmvLaunches, bindLaunch, CUDA_SPMV_TARGET, type SpmvLaunch, type PlannedSpmv, type SpmvTarget } from './spmv/spmv.steps.js';
export { spmvReference } from './spmv/spmv.reference.js';
export { verifySpmv, spmvChecker, type SpmvVerification, type SpmvChecker } from './spmv/spmv.verify.js';
export { checkSpmvFits } from './spmv/spmv.limits.js';
export type { SpmvOperands } from './spmv/spmv.input.js';
export {
  planSpmv,
  chooseFormat,
  ellUnroll,
  chooseReorder,
  defaultLanes,
  combineLanes,
  SPMV_DEFAULTS,
  SPMV_FORMATS,
  type SpmvFormat,
  type SpmvKernelOptions,
  type SpmvPlanInput,
  type SpmvPlan,
  type RowStats,
  type SubgroupSupport,
} from './spmv/spmv.plan.js';
export { SPMV_CATALOG_SPECS } from './spmv/spmv.catalog.js';
export { hotColumnsFirst, orderColumnsByDegree, type ColumnOrder, type SpmvReorder } from './spmv/spmv.reorder.js';
export { pagerank, PagerankRunner, type PagerankOptions, type PagerankResult, type PagerankSubmit } from './pagerank/pagerank.js';
export { pagerankReference, type PagerankReferenceResult } from './pagerank/pagerank.reference.js';
export { verifyPagerank, pagerankErrorBound, pagerankFixedPoint, type PagerankVerification } from './pagerank/pagerank.verify.js';
export { PAGERANK_DEFAULTS, type PagerankParameters, type SparsePersonalization } from './pagerank/pagerank.input.js';
export { PAGERANK_CATALOG_SPECS } from './pagerank/pagerank.catalog.js';
export { PAGERANK_RELABELS, type PagerankRelabel } from './pagerank/pagerank.relabel.js';
export { matrixFactors, type MatrixFactors, type MatrixFactorOptions } from './spmv-model/matrix-factors.js';
export { layoutTraffic, type LayoutTraffic } from './spmv-model/layout-traffic.js';
export { predictSpmv, predictFormats, SPMV_MODEL_FORMATS, type SpmvModelOptions, type SpmvPrediction } from './spmv-model/predict-spmv.js';
export { xLocality, type XLocality, type XLocalityOptions } from './spmv-model/x-locality.js';
export { correlation, type Correlation } from './spmv-model/correlation.js';
export { H100_NOMINAL, SMALL_MATRIX_ROWS } from './spmv-model/platform.js';
export { bfs, type BfsCallOptions } from './bfs/bfs.js';
export { CudaBfsRunner } from './bfs/bfs.cuda.js';
export { planCudaBfs, cudaLevelGroup, CUDA_LEVELS_IN_FLIGHT, type CudaBfsPlan } from './bfs/bfs.cuda-plan.js';
export { createBfsEngine, type BfsEngine, type BfsDevice } from './bfs/bfs.engine.js';
export { bfsHostWork, prepareBfs, type BfsHostWork, type PreparedBfs } from './bfs/bfs.prepare.js';
export { fixedGrids, bfsParams, type FixedGrids } from './bfs/bfs.steps.js';
export { BfsRunner, MAX_MULTI_SOURCES, type BfsResult, type BfsLevel, type BfsRunnerPlan, type BfsGpuCheck, type BfsMultiResult, type BfsManyResult, type BfsManyOptions, type BfsEachResult, type BfsEachUse } from './bfs/bfs.runner.js';
export { bfsReference, type BfsTree } from './bfs/bfs.reference.js';
export { CoreBfs, type CoreBfsResult, type CoreBfsStats, type CoreBfsMode, type CoreBfsManyResult, type CoreBfsEachResult } from './bfs/bfs.core.js';
export { validateBfs, type BfsValidation, type BfsRule } from './bfs/bfs.validate.js';
export { treeDepths } from './bfs/bfs.output.js';
export { bfsGraph, checkBfsGraph, checkSource, splitAdjacency, type BfsGraphOptions, type AdjacencySplit } from './bfs/bfs.input.js';
export { blockedAdjacency, NO_NEIGHBOUR, type BlockedAdjacency } from './bfs/bfs.layout.js';
export { blockedAdjacencyParallel, type BlockedAdjacencyOptions } from './bfs/bfs.layout-parallel.js';
export { BFS_DEFAULTS, defaultBfsDispatch, defaultBfsLanes, nextDirection, bfsSpecs, type BfsOptions, type BfsDirection, type BfsDispatch, type FrontierCounts, type BfsKernelSpecs } from './bfs/bfs.plan.js';
export { sssp, createSsspRunner, type SsspOptions, type SsspDevice } from './sssp/sssp.js';
export { readSsspQueue, SsspRunner, type SsspResult, type SsspRunOptions, type SsspDispatchRecord, type SsspObserver } from './sssp/sssp.runner.js';
export { ssspBufferName, type SsspStep } from './sssp/sssp.loop.js';
export { CudaSsspRunner } from './sssp/sssp.cuda.js';
export { renumberedWeightsParallel, ssspWeightsParallel, type SsspWeightsParallelOptions } from './sssp/sssp.weights-parallel.js';
export { prepareSssp, leafStart, pullList, ssspHostWork, ssspSearchGraph, SSSP_HEAVY_ITEM, SSSP_STATE, type PullList, type SsspHostWork, type SsspSetup, type SsspGrids } from './sssp/sssp.setup.js';
export { defaultDispatch, type DispatchMode } from './kernels/dispatch-mode.js';
export { ssspReference, dijkstraTree, bellmanFordTree, NO_PARENT, type SsspTree } from './sssp/sssp.reference.js';
export { validateSssp, type SsspResultToCheck, type SsspValidation, type SsspViolation, type SsspRule, type SsspValidateOptions } from './sssp/sssp.validate.js';
export { validateSsspParallel, type SsspValidateParallelOptions } from './sssp/sssp.validate-parallel.js';
export { ssspGraphStats } from './sssp/sssp.stats.js';
export { planSssp, defaultDelta, defaultLanes as defaultSsspLanes, isSkewed, SSSP_DEFAULTS, type SsspMethod, type SsspPlan, type SsspKernelOptions, type SsspRelabel, type SsspGraphStats, type SsspTargetInfo } from './sssp/sssp.plan.js';
export { ssspWeights, checkSsspFits, toIntegerWeights, type SsspWeights, type SsspWeightType } from './sssp/sssp.input.js';
export { edgePairs, type EdgePairs } from './sssp/sssp.layout.js';
export { edgePairsParallel, type EdgePairsParallelOptions } from './sssp/sssp.layout-parallel.js';
export { SSSP_CATALOG_SPECS } from './sssp/sssp.catalog.js';
export { kernelFor, inCatalog } from './kernels/kernel-source.js';
export { VectorReduction, reductionPasses, type ReductionPass } from './kernels/vector-reduction.js';
export { CATALOG } from './generated/kernels/index.js';
