#!/usr/bin/env bash
# Bundles benchmark suites for the GPU host from a clean checkout of a commit (default HEAD), straight from
# the TypeScript sources (no build): .device/<suite>.mjs for benchmarks/<suite>/run.ts, plus graph-io's
# generator, relabelling, row-sorting and checking workers beside them (the parallel Kronecker/R-MAT generators and relabelByDegreeParallel start them from the bundle's folder).
# Run ../shared/device/pack.sh once first: it puts node, Dawn and env.sh into .device/.
#   scripts/device-bundle.sh spmv bfs sssp pagerank          # REV=<commit> to bundle another commit,
#                                                            # REV=worktree for the uncommitted tree as it is
#   scripts/device-bundle.sh cuda                            # the CUDA backend's suite and self-test (koffi's native module too)
#   scripts/device-bundle.sh spmv/order-probe                # another entry of a suite -> .device/order-probe.mjs
set -euo pipefail
root=$(git rev-parse --show-toplevel)
rev=${REV:-HEAD}
[[ -f $root/.device/env.sh ]] || { echo "device-bundle: run ../shared/device/pack.sh once first (no .device/env.sh)" >&2; exit 1; }
if [[ $rev == worktree ]]; then
  wt=$root
else
  wt=$(mktemp -d)
  trap 'git -C "$root" worktree remove --force "$wt" >/dev/null 2>&1 || true' EXIT
  git -C "$root" worktree add -f --detach "$wt" "$rev" >/dev/null
  ln -s "$root/node_modules" "$wt/node_modules"
fi
alias=()
for p in "$wt"/packages/*/; do
  name=$(basename "$p")
  [[ -f $p/src/index.ts ]] && alias+=("--alias:@semiforge/$name=$p/src/index.ts")
done
# The results files name the commit they ran (context.git): the bundle carries it, the GPU host has no git.
sha=$(git -C "$wt" rev-parse --short HEAD)
[[ $rev == worktree && -n $(git -C "$wt" status --porcelain --untracked-files=no) ]] && sha+="+worktree"
bundle() {
  "$root/node_modules/.bin/esbuild" "$1" --bundle --platform=node --format=esm --target=node20 --conditions=source "${alias[@]}" \
    --define:process.env.SEMIFORGE_BUNDLE_GIT="\"$sha\"" \
    --external:webgpu --external:koffi --outfile="$2" --log-level=warning \
    --banner:js="import { createRequire as __sfCreateRequire } from 'node:module'; const require = __sfCreateRequire(import.meta.url);"
}
# `spmv` is benchmarks/spmv/run.ts; `spmv/order-probe` is benchmarks/spmv/order-probe.ts.
entry_of() { if [[ $1 == */* ]]; then echo "benchmarks/$1.ts"; else echo "benchmarks/$1/run.ts"; fi; }
name_of() { echo "${1##*/}"; }
# bfs/host-cost-probe and sssp/host-cost-probe would both be .device/host-cost-probe.mjs: refused before bundling anything.
declare -A named=()
for suite in "$@"; do
  name=$(name_of "$suite")
  [[ -z ${named[$name]:-} ]] || { echo "device-bundle: $suite and ${named[$name]} both bundle to .device/$name.mjs; bundle one of them in another call" >&2; exit 2; }
  named[$name]=$suite
done
cd "$wt"
for suite in "$@"; do
  entry=$(entry_of "$suite"); name=$(name_of "$suite")
  bundle "$entry" "$root/.device/$name.mjs"
  echo "bundled $entry at $sha -> .device/$name.mjs"
done
bundle packages/graph-io/src/generators/recursive-matrix-worker.ts "$root/.device/recursive-matrix-worker.js"
bundle packages/graph-io/src/transforms/relabel-by-degree-worker.ts "$root/.device/relabel-by-degree-worker.js"
bundle packages/graph-io/src/containers/place-rows-worker.ts "$root/.device/place-rows-worker.js"
bundle packages/graph-io/src/containers/mirrored-arcs-worker.ts "$root/.device/mirrored-arcs-worker.js"
bundle packages/graph-io/src/containers/validate-csr-worker.ts "$root/.device/validate-csr-worker.js"
bundle packages/algorithms/src/sssp/sssp.validate-worker.ts "$root/.device/sssp.validate-worker.js"
bundle packages/algorithms/src/sssp/sssp.weights-worker.ts "$root/.device/sssp.weights-worker.js"
bundle packages/algorithms/src/sssp/sssp.layout-worker.ts "$root/.device/sssp.layout-worker.js"
bundle packages/algorithms/src/bfs/bfs.layout-worker.ts "$root/.device/bfs.layout-worker.js"
bundle benchmarks/bfs/tree-depth-worker.ts "$root/.device/tree-depth-worker.js"
bundle benchmarks/bfs/parallel-bfs-worker.ts "$root/.device/parallel-bfs-worker.js"
# koffi 3 (the CUDA backend's FFI) exports no package.json, so pack.sh does not find it, and keeps its native
# module in @koromix/koffi-<platform>: copy the package (without its docs and vendored C sources) and put the linux-x64 module
# (about 1 MB) where koffi also looks, koffi/build/koffi/linux_x64/.
native=$root/node_modules/@koromix/koffi-linux-x64/linux_x64/koffi.node
if [[ -d $root/node_modules/koffi && -f $native ]]; then
  rm -rf "$root/.device/node_modules/koffi" && mkdir -p "$root/.device/node_modules/koffi/build/koffi/linux_x64"
  (cd "$root/node_modules/koffi" && tar cf - --exclude=./vendor --exclude=./doc .) | (cd "$root/.device/node_modules/koffi" && tar xf -)
  cp "$native" "$root/.device/node_modules/koffi/build/koffi/linux_x64/"
fi
echo '{"type":"module"}' > "$root/.device/package.json"
# Sourcing .device/env.sh here (to try a bundle on lavapipe) unpacks dawn.node (21 MB) beside its .xz; carried
# along, it takes the tree past the device tool's 64 MiB. env.sh unpacks it again on the GPU host.
dawn=$root/.device/node_modules/webgpu/dist/linux-x64/dawn.node
if [[ -f $dawn.xz && -f $dawn ]]; then rm -f "$dawn"; echo "device-bundle: removed the unpacked $dawn (its .xz travels)"; fi
