#!/usr/bin/env bash
# Installs Debian's Chromium for the browser checks (browser/): its WebGPU runs on SwiftShader's Vulkan where
# there is no GPU. Skipped when a Chromium is already on PATH or $SEMIFORGE_CHROMIUM names one.
set -euo pipefail

for name in "${SEMIFORGE_CHROMIUM:-}" chromium chromium-browser google-chrome-stable google-chrome; do
  if [[ -n $name ]] && command -v "$name" >/dev/null; then
    echo "install-chromium: $(command -v "$name") already installed"
    exit 0
  fi
done

SUDO=""
[[ $(id -u) -ne 0 ]] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends chromium >/dev/null
echo "install-chromium: $(chromium --version 2>/dev/null || echo 'chromium installed')"
