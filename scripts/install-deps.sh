#!/usr/bin/env bash
# Installs the Debian packages arena needs to build and test, skipping those already there.
# Idempotent: running it again installs nothing. Needs root (or sudo) only when something is missing.
set -euo pipefail

packages=(
  build-essential cmake
  libboost1.81-dev      # Boost.Process v2 and Boost.Asio (bot processes)
  nlohmann-json3-dev    # logs, configs, results
  libcli11-dev          # command line
  nettle-dev pkg-config # SHA-256 (Nettle): which version of a bot played each game
  libspdlog-dev         # the arena's own diagnostics (--log-level, --diagnostics)
  libzstd-dev           # compressed match logs (games/<id>.json.zst)
  doctest-dev           # tests
  libbenchmark-dev      # bench/
  bubblewrap            # --sandbox (bwrap)
  clang libclang-rt-dev # sanitizer test suite and libFuzzer targets (scripts/test-sanitizers.sh)
  fairy-stockfish       # optional: engine of bots/diceshogi/uci_adapter (its tests skip it when absent)
  chromium              # the viewer's browser test (tests/view/browser_test.sh; skipped when absent)
  python3               # the toy external referee and scripted runners of tests/external
  openjdk-17-jdk-headless # the toy SDK referee runner of tests/external/runner (skipped when absent)
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all packages present"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install-deps: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
