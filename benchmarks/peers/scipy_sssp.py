"""Same-run peer for the SSSP suite: SciPy's Dijkstra (scipy.sparse.csgraph.dijkstra) on the host CPU.

usage: python3 scipy_sssp.py CSR.bin SOURCE[,SOURCE...] [BUDGET_SECONDS]
CSR.bin: uint32 n, uint32 m, then n+1 uint32 indptr, m uint32 indices, m float32 weights (rows sorted,
parallel arcs already merged, so SciPy's summing of repeated entries changes nothing; explicit zero weights
stay edges, as a sparse matrix keeps them).
Prints one JSON line {"scipy": version, "runs": [{"source", "seconds", "reached", "sum"}]}: the time of each
single-source call with predecessors (as the GPU computes parents), and what the caller checks it against.
With BUDGET_SECONDS, no source starts once the calls so far took that long (the first always runs).
"""
import json
import sys
import time

import numpy as np
import scipy
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra

raw = open(sys.argv[1], "rb").read()
n, m = (int(x) for x in np.frombuffer(raw, dtype=np.uint32, count=2))
off = 8
indptr = np.frombuffer(raw, dtype=np.uint32, count=n + 1, offset=off).astype(np.int64 if m >= 2**31 else np.int32)
off += 4 * (n + 1)
indices = np.frombuffer(raw, dtype=np.uint32, count=m, offset=off).astype(np.int32)
off += 4 * m
weights = np.frombuffer(raw, dtype=np.float32, count=m, offset=off).astype(np.float64)
# float64 with int32 indices: csgraph takes the matrix as it is, so the timed call does no conversion.
graph = csr_matrix((weights, indices, indptr), shape=(n, n))

budget = float(sys.argv[3]) if len(sys.argv) > 3 else float("inf")
runs = []
for source in (int(s) for s in sys.argv[2].split(",")):
    if runs and sum(r["seconds"] for r in runs) >= budget:
        break
    t0 = time.perf_counter()
    dist, _pred = dijkstra(graph, directed=True, indices=source, return_predecessors=True)
    seconds = time.perf_counter() - t0
    finite = np.isfinite(dist)
    runs.append({"source": source, "seconds": seconds, "reached": int(finite.sum()), "sum": float(dist[finite].sum())})
print(json.dumps({"scipy": scipy.__version__, "runs": runs}))
