#!/usr/bin/env bash
# Bad input under mpirun -np 2, whether every rank, rank 0 alone or rank 1 alone meets it, ends
# every rank with exit 2, one line on stderr printed once, nothing on stdout, nothing written;
# a command that runs as one process is refused under mpirun.
# Skipped (77) when the build has no MPI or no mpirun is found.
# Usage: mpi_errors_test.sh QILAB_BINARY MPI_BUILD(ON|OFF)
set -uo pipefail
source "$(dirname "$0")/cli_common.sh" "$1"
source "$(dirname "$0")/mpi_common.sh" "$2"

cfg="$work/t.toml"
cat > "$cfg" <<'TOML'
name = "mpi-test"
game = "configs/games/checkers-2p.toml"
seed = 11
agents = ["random", "greedy"]
games_per_lineup = 20
TOML
"$qilab" tournament --config "$cfg" --out "$work/two" > /dev/null || fail "a good run failed"

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
