#!/usr/bin/env bash
# A tournament under mpirun -np 2 whose rank 0 is killed with SIGKILL part-way resumes under
# mpirun to the unbroken result of one process.
# Skipped (77) when the build has no MPI or no mpirun is found.
# Usage: mpi_resume_test.sh QILAB_BINARY MPI_BUILD(ON|OFF)
set -uo pipefail
source "$(dirname "$0")/cli_common.sh" "$1"
source "$(dirname "$0")/mpi_common.sh" "$2"

big="$work/big.toml"
cat > "$big" <<'TOML'
name = "mpi-resume"
game = "configs/games/checkers-2p.toml"
seed = 11
agents = ["random", "greedy"]
games_per_lineup = 2000
batch = 4
TOML
"$qilab" tournament --config "$big" --out "$work/whole" --threads 2 > /dev/null || fail "unbroken run"
"${mpi[@]}" bash -c 'echo $$ > "$0/pid.${OMPI_COMM_WORLD_RANK:-$PMI_RANK}"; exec "$@"' "$work" \
  "$qilab" tournament --config "$big" --out "$work/broken" --threads 1 > /dev/null 2>&1 &
mpirun_pid=$!
count() { python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT count(*) FROM games').fetchone()[0])" "$1" 2> /dev/null || echo 0; }
for _ in $(seq 1 600); do  # up to 30 s for a tenth of the games to be stored
  [ -f "$work/broken/tournament.db" ] && [ "$(count "$work/broken/tournament.db")" -ge 200 ] && break
  sleep 0.05
done
kill -KILL "$(cat "$work/pid.0")" || fail "rank 0 was not running"
wait "$mpirun_pid" && fail "mpirun ended well with rank 0 killed"
stored=$(count "$work/broken/tournament.db")
[ "$stored" -ge 200 ] && [ "$stored" -lt 2000 ] || fail "the kill did not land part-way ($stored games stored)"
"${mpi[@]}" "$qilab" tournament --config "$big" --out "$work/broken" --threads 1 > "$work/resumed.txt" \
  || fail "the resumed run failed"
grep -q "^$((2000 - stored)) games played now, $stored already in the store (resumed)" "$work/resumed.txt" \
  || fail "resume: $(tail -3 "$work/resumed.txt")"
same_games "$work/whole/tournament.db" "$work/broken/tournament.db" || fail "the resumed games differ from an unbroken run's"

echo ok
