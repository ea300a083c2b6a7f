#!/usr/bin/env bash
# Puts Mesa's Vulkan device-select layer into .device/, so that on a host with several identical GPUs each
# scheduler worker process can be given its own GPU (Dawn in one process always returns the first of them).
# The GPU host has no Vulkan loader or layers of its own: .device/env.sh installs the loader; this adds the
# layer (from this machine's Debian mesa-vulkan-drivers) and the shared libraries it links to.
#
#   scripts/device-select-layer.sh          # run from the project root, after ../shared/device/pack.sh
#
# On the GPU host, after `. .device/env.sh`:
#   . .device/device-select.sh              # makes the loader see the layer
#   MESA_VK_DEVICE_SELECT=list node ...     # the layer prints the devices with their PCI bus ids, and exits
#   DRI_PRIME=pci-0000_18_00_0 MESA_VK_DEVICE_SELECT_FORCE_DEFAULT_DEVICE=1 node ...   # only that GPU is visible
# (benchmarks/scheduler/probe-gpus.ts and run.ts --gpus N set these per worker with --select pci).
set -euo pipefail
root=$(git rev-parse --show-toplevel)
cd "$root"
[[ -f .device/env.sh ]] || { echo "device-select-layer: run ../shared/device/pack.sh once first (no .device/env.sh)" >&2; exit 1; }
layer=$(dpkg -L mesa-vulkan-drivers 2>/dev/null | grep '/libVkLayer_MESA_device_select\.so$' || true)
manifest=$(dpkg -L mesa-vulkan-drivers 2>/dev/null | grep '/implicit_layer\.d/VkLayer_MESA_device_select\.json$' || true)
[[ -n $layer && -f $layer && -n $manifest && -f $manifest ]] || {
  echo "device-select-layer: mesa-vulkan-drivers with the device-select layer is not installed here (apt-get install mesa-vulkan-drivers)" >&2
  exit 1
}
out=.device/vk-select
rm -rf "$out" && mkdir -p "$out/lib" "$out/share/vulkan/implicit_layer.d"
cp -L "$layer" "$out/lib/"
# Its dependencies, except the C library itself (which the host has, at a compatible version).
ldd "$layer" | awk '/=>/ { print $3 }' | while read -r lib; do
  case $(basename "$lib") in libc.so.*|libpthread.so.*|libdl.so.*|libm.so.*|ld-linux*) continue ;; esac
  cp -L "$lib" "$out/lib/"
done
# The manifest, pointing at the copy (a relative path is taken from the manifest's folder).
sed 's#"library_path": *"[^"]*"#"library_path": "../../../lib/libVkLayer_MESA_device_select.so"#' "$manifest" \
  > "$out/share/vulkan/implicit_layer.d/VkLayer_MESA_device_select.json"
cat > .device/device-select.sh <<'SH'
# Sourced on the GPU machine after .device/env.sh: the Vulkan loader then loads Mesa's device-select layer,
# which DRI_PRIME=pci-DDDD_BB_DD_F (with MESA_VK_DEVICE_SELECT_FORCE_DEFAULT_DEVICE=1) or
# MESA_VK_DEVICE_SELECT=list steer. Idempotent.
_sf_vs=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/vk-select
case ":${XDG_DATA_DIRS:-}:" in *":$_sf_vs/share:"*) ;; *) export XDG_DATA_DIRS="$_sf_vs/share:${XDG_DATA_DIRS:-/usr/local/share:/usr/share}" ;; esac
case ":${LD_LIBRARY_PATH:-}:" in *":$_sf_vs/lib:"*) ;; *) export LD_LIBRARY_PATH="$_sf_vs/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" ;; esac
unset _sf_vs
SH
echo "device-select-layer: $(ls "$out/lib" | wc -l) libraries in $out ($(du -sh "$out" | cut -f1)); source .device/device-select.sh after .device/env.sh on the GPU host"
