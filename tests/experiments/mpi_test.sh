#!/usr/bin/env bash
# qilab tournament and openings under mpirun -np 2 (experiments/shards.h, docs/scale.md): the
# same store as one process (the games' rows and exports), both ranks playing; a run whose rank 0
# is killed with SIGKILL resumes under mpirun to the unbroken result; bad input, whether every
# rank, rank 0 alone or another rank alone meets it, ends every rank with exit 2 and one line.
# Skipped (77) when the build has no MPI or no mpirun is found.
# Usage: mpi_test.sh QILAB_BINARY MPI_BUILD(ON|OFF)
set -uo pipefail
source "$(dirname "$0")/cli_common.sh" "$1"
[ "${2:-OFF}" = ON ] || { echo "skipped: qilab was built without MPI"; exit 77; }
command -v mpirun > /dev/null || { echo "skipped: no mpirun"; exit 77; }
mpi=(mpirun -np 2)
if mpirun --version 2>&1 | grep -q "Open MPI"; then
  # -q: no banner of mpirun's own when a rank exits non-zero; root may run it in CI.
  mpi=(mpirun -q -np 2 --oversubscribe --allow-run-as-root)
fi

# The games of two stores, row for row (timings are not in them).
same_games() {
  python3 - "$1" "$2" <<'PY'
import sqlite3, sys
q = "SELECT idx, lineup, options, config_hash, length, actions, setups, program, forfeits, events, ending FROM games ORDER BY idx"
s = "SELECT game, seat, agent, team, result, outcome, setup FROM seats ORDER BY game, seat"
a, b = (sqlite3.connect(p) for p in sys.argv[1:3])
for query in (q, s):
    x, y = a.execute(query).fetchall(), b.execute(query).fetchall()
    assert x == y, (len(x), len(y))
PY
}

# Both ranks played some of the games (summary run.games_by_rank).
both_played() {
  python3 - "$1" <<'PY'
import json, sys
run = json.load(open(sys.argv[1]))["run"]
assert run["ranks"] == 2, run
assert len(run["games_by_rank"]) == 2 and min(run["games_by_rank"]) > 0, run
assert sum(run["games_by_rank"]) == run["played"], run
PY
}

# --- tournament: mpirun -np 2 gives the store of one process --------------------------------
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

# --- resume: rank 0 killed part-way, rerun under mpirun ---------------------------------------
big="$work/big.toml"
sed 's/^games_per_lineup = 20$/games_per_lineup = 4000/;s/^agents = .*/agents = ["random", "greedy"]/' "$cfg" > "$big"
"$qilab" tournament --config "$big" --out "$work/whole" --threads 2 > /dev/null || fail "unbroken run"
"${mpi[@]}" bash -c 'echo $$ > "$0/pid.${OMPI_COMM_WORLD_RANK:-$PMI_RANK}"; exec "$@"' "$work" \
  "$qilab" tournament --config "$big" --out "$work/broken" --threads 1 > /dev/null 2>&1 &
mpirun_pid=$!
count() { python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT count(*) FROM games').fetchone()[0])" "$1" 2> /dev/null || echo 0; }
for _ in $(seq 1 600); do  # up to 30 s for a tenth of the games to be stored
  [ -f "$work/broken/tournament.db" ] && [ "$(count "$work/broken/tournament.db")" -ge 400 ] && break
  sleep 0.05
done
kill -KILL "$(cat "$work/pid.0")" || fail "rank 0 was not running"
wait "$mpirun_pid" && fail "mpirun ended well with rank 0 killed"
stored=$(count "$work/broken/tournament.db")
[ "$stored" -ge 400 ] && [ "$stored" -lt 4000 ] || fail "the kill did not land part-way ($stored games stored)"
"${mpi[@]}" "$qilab" tournament --config "$big" --out "$work/broken" --threads 1 > "$work/resumed.txt" \
  || fail "the resumed run failed"
grep -q "^$((4000 - stored)) games played now, $stored already in the store (resumed)" "$work/resumed.txt" \
  || fail "resume: $(tail -3 "$work/resumed.txt")"
same_games "$work/whole/tournament.db" "$work/broken/tournament.db" || fail "the resumed games differ from an unbroken run's"

# --- openings: the same race, round by round ---------------------------------------------------
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

# --- bad input: exit 2 and one line on every rank ----------------------------------------------
expect_bad_mpi() {
  local name="$1" expected="$2"
  shift 2
  timeout 60 "${mpi[@]}" "$@" > "$work/out.txt" 2> "$work/err.txt"
  local rc=$?
  [ "$rc" -eq 2 ] || fail "$name: exit $rc, expected 2 ($(cat "$work/err.txt"))"
  [ "$(wc -l < "$work/err.txt")" -eq 1 ] || fail "$name: stderr is not one line: $(cat "$work/err.txt")"
  grep -qF -- "$expected" "$work/err.txt" || fail "$name: stderr lacks '$expected': $(cat "$work/err.txt")"
  [ ! -s "$work/out.txt" ] || fail "$name: wrote to stdout"
}
sed 's/^games_per_lineup = 20$/games_per_lineup = "many"/' "$cfg" > "$work/malformed.toml"
expect_bad_mpi "every rank: a malformed config" "$work/malformed.toml: field 'games_per_lineup' expects" \
  "$qilab" tournament --config "$work/malformed.toml" --out "$work/never1"
[ ! -e "$work/never1" ] || fail "malformed: the output directory was created"
sed 's/^seed = 11$/seed = 12/' "$cfg" > "$work/other.toml"
expect_bad_mpi "rank 0 alone: another tournament's store" "$work/two/tournament.db: holds tournament 'mpi-test'" \
  "$qilab" tournament --config "$work/other.toml" --out "$work/two"
mkdir -p "$work/rank0" "$work/rank1"
cp "$cfg" "$work/rank0/here.toml"  # rank 1 runs where the config is missing
expect_bad_mpi "rank 1 alone: a missing config" "here.toml" \
  bash -c 'cd "$0/rank${OMPI_COMM_WORLD_RANK:-$PMI_RANK}" && exec "$@"' "$work" \
  "$qilab" tournament --config here.toml --out "$work/never2"
[ ! -e "$work/never2" ] || fail "missing config on rank 1: the output directory was created"
expect_bad_mpi "a command of one process" "'games' runs as one process" "$qilab" games
echo ok
