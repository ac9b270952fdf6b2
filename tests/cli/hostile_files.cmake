# Files from anywhere (docs/tournament-files.md, "Files from anywhere"): results directories,
# logs and shards crafted by someone else (tests/data/hostile) against every command that reads
# them. One case per test (tests/cli/hostile_files.sh).
set(HOSTILE_DATA ${PROJECT_SOURCE_DIR}/tests/data/hostile)
function(hostile_files_test case pass)
  add_test(NAME cli.hostile_files.${case}
    COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/hostile_files.sh ${case} $<TARGET_FILE:arena>
      ${ARENA_BOTS_DIR} ${HOSTILE_DATA} ${CMAKE_CURRENT_BINARY_DIR})
  set_tests_properties(cli.hostile_files.${case} PROPERTIES PASS_REGULAR_EXPRESSION "${pass}"
    FAIL_REGULAR_EXPRESSION "FAILED|EXIT1[0-9]*\n|EXIT137|bug in arena|File does not exist"
    TIMEOUT 300)
endfunction()

# Devices, FIFOs, directories and over-long lines: refused at once, exit 2, the path named.
hostile_files_test(unbounded [[
error: --testcase: board '/dev/zero' is a character device, not a regular file: give a file
EXIT2
error: --testcase: board 'fifo' is a FIFO \(named pipe\), not a regular file: give a file
EXIT2
error: --testcase: board 'adir' is a directory, not a regular file: give a file
EXIT2
error: results file 'zero_results/results.jsonl' is a character device, not a regular file[^
]*
EXIT2
.*error: results file 'zero_results/results.jsonl' is a character device[^
]*
EXIT2
error: config 'zero_config/config.json' is a character device[^
]*
EXIT2
.*zero_config/config.json' is a character device[^
]*
EXIT2
.*zero_log/results.jsonl' line 1: field 'log' is '/dev/zero', not the game's own log[^
]*
EXIT2
.*zero_results/results.jsonl' line 1 is over 4 MiB[^
]*
EXIT2
]])

# zstd and JSON bombs: "log too large", exit 2, from replay and view.
hostile_files_test(bombs [[
error: log too large: '[^']*bomb_values.json.zst' holds over 1000000 JSON values[^
]*
EXIT2
error: log too large: '[^']*bomb_size.json.zst' is over 128 MiB[^
]*
EXIT2
error: log too large: '[^']*bomb_values.json.zst' holds over 1000000 JSON values[^
]*
EXIT2
.*log too large: 'bomb_dir/games/s0001-g0.json.zst' holds over 1000000 JSON values.*
EXIT2
]])

# Links planted at the names arena writes are replaced, their targets untouched.
hostile_files_test(planted_links [[
EXIT0
EXIT0
EXIT0
.*error: 'run/results.jsonl' line 1 is damaged \(not a JSON record\)[^
]*
EXIT2
PASSED
]])

# A results line's log outside its own games/<id>.json: the line is damaged, exit 2.
hostile_files_test(confined [[
error: 'evil/results.jsonl' line 1: field 'log' is 'results.jsonl.merging', not the game's own log \("games/[^"]*.json" or "games/[^"]*.json.zst", inside the results directory, or "" when none was kept\)[^
]*
EXIT2
.*error: 'host/results.jsonl' line 1: field 'log' is '/etc/hostname'[^
]*
EXIT2
.*'host/results.jsonl' line 1: field 'log' is 'games/../../victim.json'[^
]*
EXIT2
.*'host/results.jsonl' line 1: field 'log' is 'games/../../victim.json'[^
]*
EXIT2
.*'host/results.jsonl' line 1: field 'log' is 'games/../../victim.json'[^
]*
EXIT2
]])

# A replaced lock file: the second arena refuses while the first lives; the first stops at its
# next result; a removed lock file stops its run too; no game recorded twice.
hostile_files_test(lock [[
error: 'run' is in use by pid [0-9]+ \([^
]*tournament slow.json --out run\), whose lock file 'run/.arena.lock' was replaced while it ran[^
]*
EXIT2
FIRST_EXIT2
.*error: the run lock 'run/.arena.lock' was removed or replaced while this arena ran[^
]*
[0-9]+ of 30 games saved[^
]*
DUPLICATES=0
SECOND_EXIT2
.*error: the run lock 'run/.arena.lock' was removed or replaced while this arena ran[^
]*
[0-9]+ of 30 games saved[^
]*
DUPLICATES=0
]])

# standings.md and standings.csv are safe to open.
hostile_files_test(for_people [[
EXIT0
v1\\\|evil &lt.script&gt.alert\(1\)&lt./script&gt.
\[2J\\x1b\[31mred is not valid move
&lt.=&gt.\?@ABC
{\\\|}~\\x7f\\x80
\\x9a\\x9b\\x9c
"'=HYPERLINK\(""x""\)"
$]])

# Replay links resolve for names such as v1+fast, a b, ü, 50%.
hostile_files_test(links "PASSED")

# A missing file in arena's words, for every command.
hostile_files_test(missing [[
error: config '/nonexistent/config.json' not found: check the path \(no such file\)
EXIT2
error: log '/nonexistent/log.json' not found: check the path \(no such file\)
EXIT2
error: log '/nonexistent/log.json' not found: check the path \(no such file\)
EXIT2
error: '/nonexistent/log.json' not found: give a match log or a tournament's output directory \(check the path\)
EXIT2
error: config '/nonexistent/gate.json' not found: check the path \(no such file\)
EXIT2
error: [^
]*/nonexistent/dir[^
]*
EXIT2
error: '/nonexistent/a' is not a directory[^
]*
EXIT2
error: [^
]*/nonexistent/dir[^
]*
EXIT2
]])
