# shellcheck shell=bash
# Sourced by the cluster tests: a small deterministic Dice Shogi tournament and a stand-in arena.
#
# write_config FILE BOTS_DIR: 3 bots whose moves depend on their --seed only (greedy, random x2),
# 4 seeds from master 1, both seat orders: 24 games, a few seconds in all; 4 shards of 6 games.
# The turn limits are loosened (20 x CodinGame's + 1 s): on a loaded machine a bot may miss 50 ms
# now and then, which would make two runs of the same games differ.
write_config() {
  cat > "$1" << EOF2
{
  "game": "diceshogi",
  "bots": [
    {"name": "greedy", "command": "$2/diceshogi/greedy --seed 1"},
    {"name": "random1", "command": "$2/diceshogi/random --seed 1"},
    {"name": "random2", "command": "$2/diceshogi/random --seed 2"}
  ],
  "seeds": {"count": 4, "master": 1},
  "time": {"scale": 20, "margin_ms": 1000}
}
EOF2
}

# write_flaky_arena FILE ARENA: an arena that counts the runs of each shard in FILE.runs and fails
# shard I (exit 3, before playing) while a file FILE.fail-I exists.
write_flaky_arena() {
  cat > "$1" << EOF2
#!/bin/sh
for word in "\$@"; do
  case \$previous in --shard) shard=\${word%%/*} ;; esac
  previous=\$word
done
if [ -n "\${shard:-}" ]; then
  echo "\$shard" >> "$1.runs"
  if [ -e "$1.fail-\$shard" ]; then
    echo "flaky arena: shard \$shard made to fail" >&2
    exit 3
  fi
fi
exec "$2" "\$@"
EOF2
  chmod +x "$1"
}

# runs_of FILE SHARD: how many times the flaky arena FILE was started for SHARD.
runs_of() {
  grep -cx "$2" "$1.runs" || true
}
