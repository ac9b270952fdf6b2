#!/usr/bin/env bash
# The architecture rules of docs/architecture.md, checked on the source tree (issue 15):
#   1. outside referees/ (and a game's own drawing in viewer/games/), no code names a game;
#   2. every #include between arena's folders goes down the layers (the order below), and none is
#      relative ("../x/y.hpp" would walk around CMake's per-layer include paths);
#   3. no source file in arena/ over 600 lines;
#   4. command-line code (CLI11) only in arena/cli/.
# Prints each violation with its file and line, and exits 1 if there is any.
set -u
root=${1:?usage: check_architecture.sh SOURCE_DIR}
cd "$root" || exit 2
status=0
fail() { echo "VIOLATION: $*"; status=1; }

# 1. Game names as string literals (comments may mention games; code may not branch on them).
while IFS= read -r hit; do fail "a game's name outside referees/ (the registry knows the games): $hit"
done < <(grep -rnE '"(samegame|diceshogi|tsuro)"' arena --include='*.cpp' --include='*.hpp' |
         grep -vE '^[^:]+:[0-9]+:[[:space:]]*//')
# The pages too: only a game's own drawing (viewer/games/<game>.js) knows its game; the build
# collects the drawings, the page picks one by the name the log gives.
while IFS= read -r hit; do fail "a game's name in the viewer outside viewer/games/: $hit"
done < <(grep -rnE '"(samegame|diceshogi|tsuro)"|games/(samegame|diceshogi|tsuro)\.js' viewer arena/view/CMakeLists.txt \
           --include='*.js' --include='*.html' --include=CMakeLists.txt | grep -v '^viewer/games/')

# 2. The layers, bottom first. A folder may include its own headers and those of lower ranks.
declare -A rank=([common]=0 [referees]=0 [ratings]=0 [process]=1 [match]=2 [tournament]=3
                 [report]=4 [tune]=4 [league]=5 [replay]=5 [gate]=5 [view]=5 [cli]=6)
for dir in arena/*/; do
  layer=$(basename "$dir")
  [ -n "${rank[$layer]+x}" ] || { fail "arena/$layer/ is not a known layer: add it to docs/architecture.md and this check"; continue; }
  while IFS=: read -r file line include; do
    target=$(echo "$include" | sed -E 's/.*#include "(arena\/)?([a-z_]+)\/.*/\2/')
    [ -n "${rank[$target]+x}" ] || continue  # tests/..., generated files
    [ "$target" = "$layer" ] && continue
    if [ "${rank[$target]}" -ge "${rank[$layer]}" ]; then
      fail "$file:$line: $layer includes $target, which is not below it: $include"
    fi
  done < <(grep -rnE '#include "(arena/)?[a-z_]+/' "$dir" --include='*.cpp' --include='*.hpp')
done

# A relative include ("../tournament/config.hpp") is found next to the including file, around
# the layers' include paths that CMake gives each library: the layers are named, never walked to.
while IFS= read -r hit; do fail "a relative #include (name the header from the project root): $hit"
done < <(grep -rnE '#include "\.\.?/' arena referees --include='*.cpp' --include='*.hpp' --include='*.in')

# 3. Small files.
while read -r lines file; do
  [ "$file" = total ] && continue
  [ "$lines" -le 600 ] || fail "$file has $lines lines (at most 600: split it by concern)"
done < <(find arena -name '*.cpp' -o -name '*.hpp' | xargs wc -l)

# 4. The command line belongs to arena/cli/.
while IFS= read -r hit; do fail "command-line code outside arena/cli/: $hit"
done < <(grep -rn '#include <CLI/' arena --include='*.cpp' --include='*.hpp' | grep -v '^arena/cli/')

# 5. A test's expected output is one regular expression: a ';' in PASS_REGULAR_EXPRESSION or
# FAIL_REGULAR_EXPRESSION makes it a CMake list, and the test then passes when any piece matches
# (three tests checked only their first half that way). Match a ';' with '.'.
while IFS= read -r hit; do fail "a ';' in a test's expected-output regex splits it (write '.'): $hit"
done < <(grep -rnE '(PASS|FAIL)_REGULAR_EXPRESSION "([^"\\]|\\.)*;' tests \
           --include='CMakeLists.txt' --include='*.cmake')

[ $status -eq 0 ] && echo "architecture: all rules hold"
exit $status
