import { APSP_CHECKS } from './apsp-checks.js';
import { CUDA_REFUSED_CHECK } from './backend-checks.js';
import { BFS_CHECKS } from './bfs-checks.js';
import type { BrowserCheck } from './check.js';
import { PAGERANK_CHECKS } from './pagerank-checks.js';
import { SPMV_CHECKS } from './spmv-checks.js';
import { NEAR_FAR_CHECK, SSSP_CHECKS } from './sssp-checks.js';

/** Everything the page runs, in order. */
export const CHECKS: readonly BrowserCheck[] = [...APSP_CHECKS, ...SPMV_CHECKS, ...PAGERANK_CHECKS, ...BFS_CHECKS, ...SSSP_CHECKS, NEAR_FAR_CHECK, CUDA_REFUSED_CHECK];
