"""Same-run peer for the SpMV suite: cuSPARSE's SpMV (through CuPy) on the GPU, checked against SciPy on the CPU.

usage: python3 cusparse_spmv.py MATRIX.sfg X.f32 --runs 5 --batch K --warmup-ms 1000
MATRIX.sfg: the CSR with f32 weights as graph-io's writeGraphBinary writes it (layout in
packages/graph-io/src/binary/FORMAT.md); X.f32: n little-endian float32.
Each timing is K products y = A x back to back between two CUDA events, divided by K (as the WebGPU side
encodes K products in one submit), after warmup-ms of the same work; prints one JSON line with the median.
"""
import argparse
import json
import sys
import time

import numpy as np
import scipy
import scipy.sparse

from sfg import read_sfg

try:
    import cupy as cp
    import cupyx.cusparse
    import cupyx.scipy.sparse
except ImportError as e:
    sys.exit(f"cupy unavailable: {e}")

ap = argparse.ArgumentParser()
ap.add_argument("matrix")
ap.add_argument("x")
ap.add_argument("--runs", type=int, default=5)
ap.add_argument("--batch", type=int, default=1)
ap.add_argument("--warmup-ms", type=float, default=1000)
args = ap.parse_args()

n, indptr, indices, weights = read_sfg(args.matrix)
indptr, indices = indptr.astype(np.int32), indices.astype(np.int32)
weights = weights.astype(np.float32) if weights is not None else np.ones(len(indices), np.float32)
x = np.fromfile(args.x, dtype="<f4")
A = scipy.sparse.csr_matrix((weights, indices, indptr), shape=(n, n))
# CuPy's cusparse wrapper takes canonical CSR only (sorted rows, no repeated column): parallel arcs (R-MAT,
# Kronecker) are summed first, which leaves the peer slightly less work than ours; `peer_nnz` says how much.
if not A.has_canonical_format:
    A.sum_duplicates()

if not cupyx.cusparse.check_availability("spmv"):
    sys.exit("cupy unavailable: cupyx.cusparse.spmv is not available with this CUDA")
dA = cupyx.scipy.sparse.csr_matrix(A)
dx = cp.asarray(x)
dy = cp.empty(n, dtype=cp.float32)


def batch():
    # cupyx.cusparse.spmv calls cusparseSpMV directly (A @ x may take CUB's SpMV instead, per CUPY_ACCELERATORS).
    for _ in range(args.batch):
        cupyx.cusparse.spmv(dA, dx, y=dy)


start, end = cp.cuda.Event(), cp.cuda.Event()
until = time.perf_counter() + args.warmup_ms / 1e3
while time.perf_counter() < until:
    batch()
    cp.cuda.runtime.deviceSynchronize()
times = []
for _ in range(args.runs):
    start.record()
    batch()
    end.record()
    end.synchronize()
    times.append(cp.cuda.get_elapsed_time(start, end) / args.batch)
times.sort()

# The check of verifySpmv: row i within twice the f32 summation bound γ_k·Σ|a_ij x_j| of the f64 product.
y = cp.asnumpy(dy).astype(np.float64)
A64 = A.astype(np.float64)
expected = A64 @ x.astype(np.float64)
magnitude = abs(A64) @ np.abs(x.astype(np.float64))
k = np.diff(A.indptr).astype(np.float64)
u = 2.0**-24
bound = 2 * (k * u / (1 - k * u)) * magnitude + k * 2.0**-126
bad = np.flatnonzero(~(np.abs(y - expected) <= bound))
print(json.dumps({
    "median_ms": float(np.median(times)),
    "min_ms": times[0],
    "max_ms": times[-1],
    "runs": len(times),
    "times_ms": times,
    "peer_nnz": int(A.nnz),
    "validated": bad.size == 0,
    "first_bad_row": int(bad[0]) if bad.size else None,
    "cupy": cp.__version__,
    "cuda_runtime": cp.cuda.runtime.runtimeGetVersion(),
    "scipy": scipy.__version__,
}))
