#!/usr/bin/env bash
# Installs Mesa's lavapipe (CPU Vulkan) from bookworm-backports when no Vulkan device is usable.
# Dawn needs Mesa >= 25 (bookworm's 22.3 lacks a feature Dawn requires, and then no adapter appears).
# The apt source is derived from the machine's own debian.sources entry, so no host is named here.
set -euo pipefail

have_lavapipe() {
  dpkg-query -W -f='${Version}\n' mesa-vulkan-drivers 2>/dev/null | grep -q 'bpo'
}

if have_lavapipe; then
  echo "install-lavapipe: mesa-vulkan-drivers from bookworm-backports already installed"
  exit 0
fi

src=/etc/apt/sources.list.d/debian.sources
bpo=/etc/apt/sources.list.d/debian-backports.sources
SUDO=""
[[ $(id -u) -ne 0 ]] && SUDO="sudo"

if [[ ! -f $bpo ]]; then
  [[ -f $src ]] || { echo "install-lavapipe: $src not found; add bookworm-backports to apt by hand" >&2; exit 1; }
  # Keep the first stanza (the main archive), switch its suite to bookworm-backports.
  awk 'BEGIN{RS="";ORS="\n\n"} NR==1{print}' "$src" \
    | sed -E 's/^Suites:.*/Suites: bookworm-backports/' | $SUDO tee "$bpo" >/dev/null
fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq -t bookworm-backports mesa-vulkan-drivers >/dev/null
dpkg-query -W -f='install-lavapipe: mesa-vulkan-drivers ${Version}\n' mesa-vulkan-drivers
