# What the tests of MPI runs share (docs/scale.md); sourced after cli_common.sh with the build's
# MPI flag as $1. Ends the test as skipped (77) when the build has no MPI or no mpirun is found;
# sets $mpi, the mpirun command for two ranks; same_games DB DB compares two stores' games row
# for row (timings are not in them); both_played SUMMARY checks that both ranks played games.
[ "${1:-OFF}" = ON ] || { echo "skipped: qilab was built without MPI"; exit 77; }
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

