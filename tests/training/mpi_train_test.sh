#!/usr/bin/env bash
# qilab train under mpirun -np 2 (training/selfplay_ranks.h, docs/scale.md): a tiny checkers
# run of 2 iterations whose rank 1 plays some of the self-play games writes a complete run
# directory whose shards, game records and networks are byte for byte those of one process;
# a run whose rank 0 is killed part-way resumes under mpirun (--resume) to the same files; bad
# input on rank 0 alone ends both ranks with one line and exit 2.
# Skipped (77) when the build has no MPI or no mpirun is found.
# Usage: mpi_train_test.sh QILAB_BINARY MPI_BUILD(ON|OFF)
set -uo pipefail
here="$(dirname "$0")"
source "$here/../experiments/cli_common.sh" "$1"
source "$here/../experiments/mpi_common.sh" "$2"

# One game thread a rank and a service that never waits for more rows: every network call is
# one search's leaves, whichever rank plays the game, so the floats are the same (docs/scale.md).
cfg="$work/tiny.toml"
cat > "$cfg" <<'TOML'
description = "mpi_train_test: tiny Chinese checkers"
game = "configs/games/checkers-2p.toml"
set = ["max_turns=30"]
seed = 3
iterations = 2
[network]
blocks = 1
channels = 8
value_hidden = 16
[selfplay]
games = 8
threads = 1
simulations = 8
batch = 4
temperature_moves = 30
[service]
max_batch = 64
max_wait_us = 0
threads = 1
cache_entries = 0
[replay]
window = 5000
[trainer]
optimizer = "sgd"
learning_rate = 0.05
batch_size = 16
steps_per_iteration = 4
checkpoint_every = 2
[gating]
games = 0
TOML

# The files two runs must share byte for byte (everything but metrics.jsonl, which holds times).
same_run() {
  local a="$1" b="$2" f
  for f in run.json shards/shard-000001.bin shards/shard-000002.bin selfplay/games-000001.jsonl \
    selfplay/games-000002.jsonl networks/gen-000000.net networks/gen-000001.net networks/gen-000002.net \
    networks/best.net; do
    [ -f "$b/$f" ] || fail "$b: $f missing"
    cmp -s "$a/$f" "$b/$f" || fail "$b/$f differs from $a/$f"
  done
  python3 - "$a/metrics.jsonl" "$b/metrics.jsonl" <<'PY' || fail "$b: the losses differ from $a's"
import json, sys
def losses(p):
    return [(l["step"], l["loss"]) for l in map(json.loads, open(p)) if l["event"] == "train"]
a, b = losses(sys.argv[1]), losses(sys.argv[2])
assert len(a) == 8 and sorted(set(b)) == a, (a, b)
PY
}

"$qilab" train --config "$cfg" --out "$work/one" 2> "$work/one.log" || fail "one process: $(tail -3 "$work/one.log")"
"${mpi[@]}" "$qilab" train --config "$cfg" --out "$work/two" > "$work/two.out" 2> "$work/two.log" \
  || fail "mpirun -np 2: $(tail -3 "$work/two.log")"
same_run "$work/one" "$work/two"
for it in 1 2; do  # rank 0 says how many games each rank played; rank 1 played some
  line=$(grep "^iteration $it: games by rank " "$work/two.log") || fail "no games-by-rank line for iteration $it"
  read -r r0 r1 <<< "${line#iteration $it: games by rank }"
  [ "$((r0 + r1))" -eq 8 ] && [ "$r1" -gt 0 ] || fail "iteration $it: games by rank $r0 $r1"
done
[ ! -s "$work/two.out" ] || fail "mpirun -np 2 wrote to stdout"
[ "$(grep -c '^iteration 2: ' "$work/two.log")" -eq 2 ] || fail "rank 1 logged too: $(cat "$work/two.log")"

# Rank 0 killed part-way (once iteration 1's first checkpoint is written), then --resume.
"${mpi[@]}" bash -c 'echo $$ > "$0/pid.${OMPI_COMM_WORLD_RANK:-$PMI_RANK}"; exec "$@"' "$work" \
  "$qilab" train --config "$cfg" --out "$work/broken" > /dev/null 2>&1 &
mpirun_pid=$!
for _ in $(seq 1 6000); do  # up to 60 s
  [ -f "$work/broken/checkpoints/step-00000002.ckpt" ] && break
  sleep 0.01
done
kill -KILL "$(cat "$work/pid.0")" || fail "rank 0 was not running"
wait "$mpirun_pid" && fail "mpirun ended well with rank 0 killed"
[ -f "$work/broken/checkpoints/step-00000002.ckpt" ] || fail "no checkpoint before the kill"
[ ! -f "$work/broken/networks/gen-000002.net" ] || fail "the kill did not land part-way (the run had ended)"
"${mpi[@]}" "$qilab" train --config "$cfg" --out "$work/broken" --resume > /dev/null 2> "$work/resume.log" \
  || fail "the resumed run failed: $(tail -3 "$work/resume.log")"
grep -q "^resumed from .*checkpoints/step-0000000[2-8].ckpt" "$work/resume.log" \
  || fail "resume: $(head -3 "$work/resume.log")"
same_run "$work/one" "$work/broken"

# Bad input on rank 0 alone (its run directory), after every rank read the config.
timeout 120 "${mpi[@]}" "$qilab" train --config "$cfg" --out "$work/one" > "$work/out.txt" 2> "$work/err.txt"
rc=$?
[ "$rc" -eq 2 ] || fail "a run into a used --out: exit $rc, expected 2 ($(cat "$work/err.txt"))"
[ "$(wc -l < "$work/err.txt")" -eq 1 ] || fail "a run into a used --out: stderr is not one line: $(cat "$work/err.txt")"
grep -qF "$work/one: already holds a run" "$work/err.txt" || fail "a run into a used --out: $(cat "$work/err.txt")"
[ ! -s "$work/out.txt" ] || fail "a run into a used --out wrote to stdout"
echo ok
