#!/usr/bin/env bash
# CI's release stage, on the host (Debian 12): a static Release build in build/ of the programs
# and the sample bots only, the tests that need this host's tools and those programs alone (the
# cluster tests: Slurm, GNU parallel, the workflows' YAML; view.browser: Chromium), then the release
# archive and the .deb from that same build (scripts/release.sh) and their tests: the archive in
# an empty root, the .deb in a fresh Debian 12 root. The rest of the suite runs in the other two
# stages (under the sanitizers here, in Release on Debian 13).
#   scripts/ci/release-stage.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
jobs="${JOBS:-$(nproc)}"
start=$(date +%s)
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DARENA_STATIC=ON -DARENA_BUILD_BENCH=OFF \
  -DCMAKE_INSTALL_PREFIX=/usr >/dev/null
cmake --build build -j "$jobs" --target arena arena-bot-init \
  samegame_random samegame_greedy samegame_strong samegame_first \
  diceshogi_random diceshogi_greedy diceshogi_strong diceshogi_uci_adapter diceshogi_tunable \
  tsuro_random tsuro_survivor tsuro_strong
built=$(date +%s)
(cd build && ctest --output-on-failure -j "$jobs" -R '^(cluster\..*|view\.browser)$')
tested=$(date +%s)
BUILD_DIR=build scripts/release.sh
packed=$(date +%s)
scripts/ci/test-release.sh
scripts/ci/test-deb.sh
end=$(date +%s)
echo "release stage: static build $((built - start)) s, cluster + browser tests $((tested - built)) s," \
  "archive + .deb $((packed - tested)) s, their tests $((end - packed)) s"
