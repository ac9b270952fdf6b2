#!/usr/bin/env bash
# Installs the Debian packages arena needs to build and test, skipping those already there.
# Idempotent: running it again installs nothing. Needs root (or sudo) only when something is missing.
# Works on Debian 12 and 13 and on Ubuntu 24.04: Boost is the distribution's own when it is 1.81 or
# newer (Debian 13, Ubuntu 24.04: 1.83), else the newest libboost1.X-dev offered (Debian 12: 1.81).
#   scripts/install-deps.sh [--build-only]
# --build-only: what the build and the suite need, without the tools whose tests skip themselves
# when absent (clang for the sanitizers and fuzzing, Chromium, a JDK, Fairy-Stockfish).
set -euo pipefail
build_only=0
if [ "${1:-}" = --build-only ]; then build_only=1; fi

packages=(
  build-essential cmake
  nlohmann-json3-dev    # logs, configs, results
  libcli11-dev          # command line
  nettle-dev pkg-config # SHA-256 (Nettle): which version of a bot played each game
  libspdlog-dev         # the arena's own diagnostics (--log-level, --diagnostics)
  libzstd-dev           # compressed match logs (games/<id>.json.zst)
  doctest-dev           # tests
  libbenchmark-dev      # bench/
  bubblewrap            # --sandbox (bwrap)
  python3               # the toy external referee and scripted runners of tests/external
  jq                    # the suite's shell tests read the JSON that arena writes with it
)
optional=(
  clang libclang-rt-dev   # sanitizer test suite and libFuzzer targets (scripts/test-sanitizers.sh)
  fairy-stockfish         # engine of bots/diceshogi/uci_adapter (its tests skip it when absent)
  chromium                # the viewer's browser test (tests/view/browser_test.sh; skipped when absent)
  default-jdk-headless    # the toy SDK referee runner of tests/external/runner (skipped when absent)
)
if [ "$build_only" = 0 ]; then packages+=("${optional[@]}"); fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
need_root() {
  if [ -n "$sudo" ] && ! command -v sudo >/dev/null; then
    echo "install-deps: need root or sudo to install: $*" >&2
    exit 1
  fi
}
updated=0
apt_update() {
  if [ "$updated" = 0 ]; then
    need_root "the package lists (apt-get update)"
    $sudo apt-get update -qq
    updated=1
  fi
}
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
minor_of() { sed -n 's/^libboost1\.\([0-9]*\)-dev$/\1/p' <<<"$1"; }

# Boost.Process v2 and Boost.Asio (bot processes): 1.81 or newer, header-only.
boost_package() {
  local p
  for p in $(dpkg-query -W -f='${Package}\n' 'libboost1.*-dev' 2>/dev/null | sort -t. -k2 -n -r); do
    if installed "$p" && [ "$(minor_of "$p")" -ge 81 ]; then
      echo "$p"
      return
    fi
  done
  if ! apt-cache show libboost-dev >/dev/null 2>&1; then apt_update >&2; fi
  # The distribution's default Boost (libboost-dev's dependency) when new enough: its best tested.
  p=$(apt-cache depends libboost-dev 2>/dev/null | grep -o 'libboost1\.[0-9]*-dev' | head -1 || true)
  if [ -n "$p" ] && [ "$(minor_of "$p")" -ge 81 ]; then
    echo "$p"
    return
  fi
  p=$(apt-cache pkgnames libboost1. 2>/dev/null | grep -E '^libboost1\.[0-9]+-dev$' |
    sort -t. -k2 -n -r | head -1 || true)
  if [ -n "$p" ] && [ "$(minor_of "$p")" -ge 81 ]; then
    echo "$p"
    return
  fi
  {
    echo "install-deps: arena needs Boost 1.81 or newer (Boost.Process v2); the newest this system"
    echo "  offers is ${p:-none} (Debian 11 and Ubuntu 22.04 have 1.74). Either"
    echo "  - use the release archive instead: it runs on any x86-64 Linux (README.md, Install), or"
    echo "  - build on Debian 12 or 13 or Ubuntu 24.04 (a container or WSL2 distribution will do), or"
    echo "  - install Boost 1.83 from boost.org and build with cmake -DBoost_ROOT=<its prefix>."
  } >&2
  exit 2
}
packages+=("$(boost_package)")

missing=()
for p in "${packages[@]}"; do
  installed "$p" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all packages present"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
need_root "${missing[@]}"
apt_update
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
