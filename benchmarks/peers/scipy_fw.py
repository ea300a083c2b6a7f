"""Same-run peer for the APSP suite: SciPy's Floyd-Warshall on the host CPU.

usage: python3 scipy_fw.py EDGES.bin OUT_DIST.bin
EDGES.bin: uint32 n, uint32 m, then m uint32 src, m uint32 dst, m float64 weight (directed arcs).
Prints one JSON line {"seconds": ..., "scipy": version}; writes the n*n float64 distances to OUT_DIST.bin.
"""
import json
import sys
import time

import numpy as np
import scipy
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import floyd_warshall

raw = open(sys.argv[1], "rb").read()
n, m = np.frombuffer(raw, dtype=np.uint32, count=2)
off = 8
src = np.frombuffer(raw, dtype=np.uint32, count=m, offset=off)
off += 4 * m
dst = np.frombuffer(raw, dtype=np.uint32, count=m, offset=off)
off += 4 * m
w = np.frombuffer(raw, dtype=np.float64, count=m, offset=off)

# Parallel arcs keep their minimum; explicit zero weights stay edges (a sparse matrix keeps them).
dense = np.full((n, n), np.inf)
np.minimum.at(dense, (src, dst), w)
rows, cols = np.nonzero(np.isfinite(dense))
graph = csr_matrix((dense[rows, cols], (rows, cols)), shape=(n, n))

t0 = time.perf_counter()
dist = floyd_warshall(graph, directed=True)
seconds = time.perf_counter() - t0
dist.astype(np.float64).tofile(sys.argv[2])
print(json.dumps({"seconds": seconds, "scipy": scipy.__version__}))
