"""Same-run peer for the BFS suite: SciPy's breadth_first_order (scipy.sparse.csgraph) on the host CPU.

usage: python3 scipy_bfs.py GRAPH.sfg SOURCE[,SOURCE...] PARENTS_OUT [--directed] [--budget-s SECONDS]
GRAPH.sfg: the symmetric CSR as graph-io's writeGraphBinary writes it (weights ignored).
PARENTS_OUT: each search's parents written there one after another, n int32 each, in the suite's convention
(-1 unreached, the source its own parent; SciPy writes -9999 for both).
Prints one JSON line {"scipy": version, "directed": bool, "runs": [{"source", "seconds", "reached"}]}: the
time of each breadth_first_order call alone, predecessors returned. With --directed SciPy walks the stored
arcs, which on a symmetric CSR is the same search; without it (directed=False) SciPy builds the transpose
inside every call, which takes most of the call's time.
With --budget-s, no source starts once the calls so far took that long (the first always runs).
"""
import argparse
import json
import os
import sys
import time

import numpy as np
import scipy
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import breadth_first_order

sys.path.insert(0, os.path.dirname(__file__))
from sfg import read_sfg  # noqa: E402

parser = argparse.ArgumentParser()
parser.add_argument("graph")
parser.add_argument("sources")
parser.add_argument("parents_out")
parser.add_argument("--directed", action="store_true")
parser.add_argument("--budget-s", type=float, default=float("inf"))
args = parser.parse_args()

n, indptr, indices, _ = read_sfg(args.graph)
m = len(indices)
# Ids below 2^31 read as int32 without a copy; float64 ones are what csgraph converts to, so the timed call
# converts nothing.
indptr = indptr.astype(np.int64 if m >= 2**31 else np.int32)
graph = csr_matrix((np.ones(m), indices.view(np.int32), indptr), shape=(n, n))

runs = []
with open(args.parents_out, "wb") as out:
    for source in (int(s) for s in args.sources.split(",")):
        if runs and sum(r["seconds"] for r in runs) >= args.budget_s:
            break
        t0 = time.perf_counter()
        order, pred = breadth_first_order(graph, source, directed=args.directed, return_predecessors=True)
        seconds = time.perf_counter() - t0
        parent = np.where(pred == -9999, -1, pred).astype(np.int32)
        parent[source] = source
        out.write(parent.tobytes())
        runs.append({"source": source, "seconds": seconds, "reached": int(len(order))})
print(json.dumps({"scipy": scipy.__version__, "directed": args.directed, "runs": runs}))
