"""Same-run peer for the PageRank suite: power iteration in CuPy, each product by cuSPARSE's SpMV.

usage: python3 cupy_pagerank.py GRAPH.sfg RANKS_OUT.f32 --damping 0.85 --tolerance 1e-6 --max-iterations 100
       --check-every 4 --runs 5 --warmup-ms 1000
GRAPH.sfg: the graph as graph-io's writeGraphBinary writes it (weights ignored). The conventions are those of
Semiforge's pagerank(): P[u][v] = 1/outdeg(u) per arc u -> v (parallel arcs count), r0 uniform, teleport p
uniform, r' = d P^T r + (1 - d sum(P^T r)) p (so dangling vertices' rank is spread by p), stop when
||r' - r||_1 < tolerance, checked every check-every iterations as Semiforge reads its residual back.
Each run times the whole loop between two CUDA events, then 20 iterations back to back without read-backs
(the time of one iteration on the device), after warmup-ms of the same work; prints one JSON line with the
medians and writes the last run's f32 ranks to RANKS_OUT.f32 (Semiforge checks them against its f64 reference).
"""
import argparse
import json
import sys
import time

import numpy as np
import scipy.sparse

from sfg import read_sfg

try:
    import cupy as cp
    import cupyx.cusparse
    import cupyx.scipy.sparse
except ImportError as e:
    sys.exit(f"cupy unavailable: {e}")

ap = argparse.ArgumentParser()
ap.add_argument("graph")
ap.add_argument("ranks_out")
ap.add_argument("--damping", type=float, default=0.85)
ap.add_argument("--tolerance", type=float, default=1e-6)
ap.add_argument("--max-iterations", type=int, default=100)
ap.add_argument("--check-every", type=int, default=4)
ap.add_argument("--runs", type=int, default=5)
ap.add_argument("--warmup-ms", type=float, default=1000)
args = ap.parse_args()

if not cupyx.cusparse.check_availability("spmv"):
    sys.exit("cupy unavailable: cupyx.cusparse.spmv is not available with this CUDA")

n, indptr, indices, _ = read_sfg(args.graph)
out_degree = np.diff(indptr.astype(np.int64))
share = np.repeat(np.where(out_degree > 0, 1.0 / np.maximum(out_degree, 1), 0.0), out_degree).astype(np.float32)
P = scipy.sparse.csr_matrix((share, indices.astype(np.int32), indptr.astype(np.int64)), shape=(n, n))
# P^T as CSR; cuSPARSE takes canonical CSR only, so parallel arcs are summed (k arcs: k/outdeg, the same product).
PT = P.T.tocsr()
PT.sum_duplicates()
dPT = cupyx.scipy.sparse.csr_matrix(PT)
d = np.float32(args.damping)
teleport = cp.full(n, 1.0 / n, dtype=cp.float32)


def step(r, y):
    """One iteration: returns r' and ||r' - r||_1 (on the GPU, not read back)."""
    cupyx.cusparse.spmv(dPT, r, y=y)
    nxt = d * y + (1 - d * y.sum()) * teleport
    return nxt, cp.abs(nxt - r).sum()


def run():
    """The whole power iteration; returns (ranks, iterations, residual)."""
    r = cp.full(n, 1.0 / n, dtype=cp.float32)
    y = cp.empty(n, dtype=cp.float32)
    iterations, residual = 0, float("inf")
    while iterations < args.max_iterations and not residual < args.tolerance:
        for _ in range(min(args.check_every, args.max_iterations - iterations)):
            r, delta = step(r, y)
            iterations += 1
        residual = float(delta)  # one read-back per check, as Semiforge does
    return r, iterations, residual


def timed(work):
    """Milliseconds of work() between two CUDA events."""
    start, end = cp.cuda.Event(), cp.cuda.Event()
    start.record()
    result = work()
    end.record()
    end.synchronize()
    return cp.cuda.get_elapsed_time(start, end), result


def steps(r, y):
    """ITERATION_BATCH iterations back to back with no read-back: the time of one iteration on the device."""
    for _ in range(ITERATION_BATCH):
        r, _ = step(r, y)


ITERATION_BATCH = 20
until = time.perf_counter() + args.warmup_ms / 1e3
while True:
    run()
    cp.cuda.runtime.deviceSynchronize()
    if time.perf_counter() >= until:
        break
times, per_iteration = [], []
for _ in range(args.runs):
    ms, (ranks, iterations, residual) = timed(run)
    times.append(ms)
    r0, y0 = cp.full(n, 1.0 / n, dtype=cp.float32), cp.empty(n, dtype=cp.float32)
    per_iteration.append(timed(lambda: steps(r0, y0))[0] / ITERATION_BATCH)
times.sort()
per_iteration.sort()
cp.asnumpy(ranks).astype("<f4").tofile(args.ranks_out)
print(json.dumps({
    "median_ms": float(np.median(times)),
    "min_ms": times[0],
    "max_ms": times[-1],
    "runs": len(times),
    "per_iteration_median_ms": float(np.median(per_iteration)),
    "per_iteration_min_ms": per_iteration[0],
    "per_iteration_max_ms": per_iteration[-1],
    "iterations": iterations,
    "residual": residual,
    "peer_nnz": int(PT.nnz),
    "cupy": cp.__version__,
    "cuda_runtime": cp.cuda.runtime.runtimeGetVersion(),
}))
