#!/usr/bin/env bash
# qilab tournament and openings under mpirun -np 2 (experiments/shards.h): the same store as
# one process (the games' rows and exports), both ranks playing, the report printed once; the
# same race of openings, round by round.
# Skipped (77) when the build has no MPI or no mpirun is found.
# Usage: mpi_play_test.sh QILAB_BINARY MPI_BUILD(ON|OFF)
set -uo pipefail
source "$(dirname "$0")/cli_common.sh" "$1"
source "$(dirname "$0")/mpi_common.sh" "$2"

cfg="$work/t.toml"
cat > "$cfg" <<'TOML'
name = "mpi-test"
game = "configs/games/checkers-2p.toml"
seed = 11
agents = ["random", "greedy", "mcts:simulations=2"]
games_per_lineup = 20
batch = 4
TOML
"$qilab" tournament --config "$cfg" --out "$work/one" --threads 2 > /dev/null || fail "one process failed"
"${mpi[@]}" "$qilab" tournament --config "$cfg" --out "$work/two" --threads 1 > "$work/two.txt" 2> "$work/two.err" \
  || fail "mpirun -np 2 failed: $(cat "$work/two.err")"
[ "$(grep -c '^tournament mpi-test$' "$work/two.txt")" -eq 1 ] || fail "the report is not printed once: $(cat "$work/two.txt")"
grep -q "^60 games played now, 0 already in the store (resumed); .* on 1 thread a rank, 2 ranks$" "$work/two.txt" \
  || fail "no ranks in the report: $(tail -3 "$work/two.txt")"
[ ! -s "$work/two.err" ] || fail "stderr: $(cat "$work/two.err")"
same_games "$work/one/tournament.db" "$work/two/tournament.db" || fail "mpirun's games differ from one process's"
both_played "$work/two/summary.json" || fail "not both ranks played"
"$qilab" export --db "$work/one/tournament.db" --out "$work/one.jsonl" > /dev/null
"$qilab" export --db "$work/two/tournament.db" --out "$work/two.jsonl" > /dev/null
python3 - "$work/one.jsonl" "$work/two.jsonl" <<'PY' || fail "the exports differ"
import json, sys
def untimed(path):  # the search statistics' time_ms is the one thing that varies
    out = []
    for line in open(path):
        r = json.loads(line)
        for m in r.get("stats", []):
            m["stats"].pop("time_ms", None)
        out.append(r)
    return out
a, b = untimed(sys.argv[1]), untimed(sys.argv[2])
assert len(a) == 60 and a == b
PY
# A rerun under mpirun plays nothing.
"${mpi[@]}" "$qilab" tournament --config "$cfg" --out "$work/two" --threads 1 > "$work/again.txt" || fail "rerun"
grep -q "^0 games played now, 60 already in the store (resumed)" "$work/again.txt" || fail "rerun: $(tail -3 "$work/again.txt")"

# Openings: the same race, round by round.
race="$work/race.toml"
cat > "$race" <<'TOML'
name = "mpi-openings"
game = "configs/games/checkers-2p.toml"
seed = 5
agent = "greedy"
agents = ["greedy"]
seat = 0
budget = 900
round = 20
batch = 2

[[candidate]]
name = "shuffle"
actions = ["6->14", "14->6", "6->14", "14->6", "6->14", "14->6", "6->14", "14->6"]

[[candidate]]
name = "6->14"
actions = ["6->14"]

[[candidate]]
name = "7->15"
actions = ["7->15"]
TOML
"$qilab" openings --config "$race" --out "$work/race1" --threads 2 > "$work/race1.txt" || fail "openings, one process"
"${mpi[@]}" "$qilab" openings --config "$race" --out "$work/race2" --threads 1 > "$work/race2.txt" \
  || fail "openings under mpirun failed"
cmp -s <(sed -n '/^rank/,/^games:/p' "$work/race1.txt") <(sed -n '/^rank/,/^games:/p' "$work/race2.txt") \
  || fail "the race's report differs: $(cat "$work/race2.txt")"
same_games "$work/race1/tournament.db" "$work/race2/tournament.db" || fail "the race's games differ"
both_played "$work/race2/openings.json" || fail "openings: not both ranks played"

echo ok
