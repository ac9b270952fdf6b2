#!/usr/bin/env bash
# Builds the release: dist/arena-<version>-linux-x86_64.tar.gz (every program linked statically:
# runs on any x86-64 Linux 5.9 or newer, docs/install.md) and dist/arena_<version>_amd64.deb (the
# same programs, installed under /usr). Both from one static Release build (BUILD_DIR, default
# build-release/); a build that already has the programs (CI's, scripts/test.sh with
# ARENA_STATIC=1) is reused. Needs what scripts/install-deps.sh installs.
#   scripts/release.sh            the archive and the .deb
#   scripts/release.sh --no-deb   the archive only
set -euo pipefail
cd "$(dirname "$0")/.."
build="${BUILD_DIR:-build-release}"
make_deb=1
if [ "${1:-}" = --no-deb ]; then make_deb=0; fi

bot_targets=(samegame_random samegame_greedy samegame_strong samegame_first
  diceshogi_random diceshogi_greedy diceshogi_strong diceshogi_uci_adapter diceshogi_tunable
  tsuro_random tsuro_survivor tsuro_strong)

# Installed under /usr (the .deb; the configs name /usr/lib/arena/bots/...).
if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DARENA_STATIC=ON -DARENA_BUILD_TESTS=OFF \
    -DARENA_BUILD_BENCH=OFF -DCMAKE_INSTALL_PREFIX=/usr >/dev/null
else
  cmake -S . -B "$build" -DCMAKE_INSTALL_PREFIX=/usr >/dev/null
fi
grep -q '^ARENA_STATIC:BOOL=ON' "$build/CMakeCache.txt" || {
  echo "release: $build is not a static build: configure it with -DARENA_STATIC=ON or use another BUILD_DIR" >&2
  exit 2
}
cmake --build "$build" -j "${JOBS:-$(nproc)}" --target arena arena-bot-init "${bot_targets[@]}"

version=$("$build/arena" --version | awk '{print $2}')
name="arena-$version-linux-x86_64"
stage="dist/$name"
rm -rf "$stage" "dist/$name.tar.gz"
mkdir -p "$stage/bin" "$stage/licenses"

for program in "$build/arena" "$build/arena-bot-init"; do
  if ldd "$program" >/dev/null 2>&1; then
    echo "release: $program is linked dynamically" >&2
    exit 1
  fi
  install -m 755 -s "$program" "$stage/bin/"
done
for game in samegame diceshogi tsuro; do
  mkdir -p "$stage/bots/$game"
  for bot in "$build/bots/$game"/*; do
    [ -x "$bot" ] && [ -f "$bot" ] || continue
    if ldd "$bot" >/dev/null 2>&1; then
      echo "release: $bot is linked dynamically" >&2
      exit 1
    fi
    install -m 755 -s "$bot" "$stage/bots/$game/"
  done
  cp "bots/$game/README.md" "$stage/bots/$game/README.md"
done

# The configs, their bots found in the archive's bots/ (run from the unpacked directory).
mkdir -p "$stage/configs"
for config in configs/*.json; do
  sed 's#build/bots/#bots/#g' "$config" >"$stage/configs/$(basename "$config")"
done
cp README.md "$stage/"
cp -r docs "$stage/docs"

# The licence texts of everything linked into the programs, from the Debian packages they came
# from: the C and C++ runtimes, Boost, Nettle, zstd, spdlog, fmt, nlohmann-json, CLI11.
linked_files=(
  /usr/lib/x86_64-linux-gnu/libc.a
  "$(g++ -print-file-name=libstdc++.a)"
  /usr/include/boost/version.hpp
  /usr/lib/x86_64-linux-gnu/libnettle.a
  /usr/lib/x86_64-linux-gnu/libzstd.a
  /usr/include/spdlog/spdlog.h
  /usr/include/fmt/format.h
  /usr/include/nlohmann/json.hpp
  /usr/include/CLI/CLI.hpp
)
for file in "${linked_files[@]}"; do
  package=$(dpkg -S "$(realpath "$file")" 2>/dev/null | head -1 | cut -d: -f1) || true
  [ -n "$package" ] || { echo "release: no Debian package owns $file" >&2; exit 1; }
  # A -dev package's copyright is often a link to its library package's directory.
  copyright=$(realpath "/usr/share/doc/$package/copyright")
  cp "$copyright" "$stage/licenses/$package.copyright"
done
{
  echo "arena $version: every program here is linked statically. The licence texts of what is"
  echo "linked in are those of the Debian packages it was built from (Debian $(cat /etc/debian_version)):"
  for f in "$stage"/licenses/*.copyright; do
    p=$(basename "$f" .copyright)
    echo "  $p $(dpkg-query -W -f='${Version}' "$p")"
  done
} >"$stage/licenses/README"

rm -rf "$build/licenses"
cp -r "$stage/licenses" "$build/licenses"
tar -C dist --owner=0 --group=0 --sort=name -czf "dist/$name.tar.gz" "$name"
echo "release: dist/$name.tar.gz ($(du -k "dist/$name.tar.gz" | cut -f1) KiB)"

if [ "$make_deb" = 1 ]; then
  dist=$PWD/dist
  (cd "$build" && cpack -G DEB -B "$dist/deb" >/dev/null)
  mv dist/deb/arena_*.deb dist/
  rm -rf dist/deb
  echo "release: $(ls dist/arena_"$version"_amd64.deb)"
fi
