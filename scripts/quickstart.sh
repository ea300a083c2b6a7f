#!/usr/bin/env bash
# The README's first command: installs what a fresh machine lacks and runs the main job, an APSP demo on a
# generated graph on the default device (lavapipe, a CPU Vulkan driver, when there is no GPU).
#   ./scripts/quickstart.sh [N]      N: vertices of the demo graph (default 512; try 8192 on a GPU)
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-512}

# 20.16: graph-io reaches Node's built-in modules through process.getBuiltinModule (so that it also bundles for browsers).
new_enough=$(node -p 'const [a, b] = process.versions.node.split(".").map(Number); a > 20 || (a === 20 && b >= 16)' 2>/dev/null || echo false)
if [[ $new_enough != true ]]; then
  echo "quickstart: Node.js 20.16 or newer is needed (found: $(node --version 2>/dev/null || echo none))" >&2
  exit 1
fi
if [[ ! -d node_modules || package-lock.json -nt node_modules/.package-lock.json ]]; then
  npm ci --no-audit --no-fund
fi
if ! node scripts/probe-adapter.mjs; then
  if [[ $(uname -s) == Linux ]] && command -v apt-get >/dev/null; then
    echo "quickstart: no GPU adapter; installing Mesa's lavapipe (CPU Vulkan) from bookworm-backports" >&2
    ./scripts/install-lavapipe.sh
    node scripts/probe-adapter.mjs
  else
    echo "quickstart: no WebGPU adapter, and no apt to install lavapipe; install a Vulkan/Metal/D3D12 driver" >&2
    exit 1
  fi
fi
npx nx run-many -t build --outputStyle=static
node packages/cli/dist/bin.js apsp --generate "$n" --verify
