#!/usr/bin/env bash
# An interrupted `qilab play` resumes as a tournament does (experiments/play_run.h): the run is
# killed with SIGKILL at random moments, rerun each time, and finally run to the end; its store
# must pass SQLite's integrity check and hold whole games only, and its exports (games.jsonl,
# summary.json) must be those of an unbroken run.
# Usage: play_kill_test.sh QILAB_BINARY
set -euo pipefail
qilab="$1"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
total=800
play=("$qilab" play --game configs/games/checkers-2p.toml --agents random,greedy --games "$total" --seed 5
      --threads 2)

fail() { echo "FAIL: $*" >&2; exit 1; }

start=$(date +%s%N)
"${play[@]}" --out "$work/whole" > /dev/null
whole_ms=$(( ($(date +%s%N) - start) / 1000000 ))
# Kill moments over the whole of an unbroken run: the program's start (loading its libraries)
# takes a good part of it, and a kill after the last batch is stored leaves a complete store.
window=$whole_ms
[ "$window" -ge 50 ] || window=50

RANDOM=7  # reproducible kill moments
kills=0
for attempt in $(seq 1 10); do
  "${play[@]}" --out "$work/broken" > /dev/null 2>&1 &
  pid=$!
  ms=$((RANDOM % window))
  sleep "$((ms / 1000)).$(printf '%03d' $((ms % 1000)))"
  if kill -KILL "$pid" 2> /dev/null; then kills=$((kills + 1)); fi
  wait "$pid" 2> /dev/null || true
  if [ -f "$work/broken/tournament.db" ]; then
    python3 - "$work/broken/tournament.db" <<'PY' || fail "integrity after kill $attempt"
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
bad = db.execute("SELECT count(*) FROM games g WHERE (SELECT count(*) FROM seats s WHERE s.game = g.idx) != 2").fetchone()[0]
assert bad == 0, bad
PY
  fi
done
[ "$kills" -gt 0 ] || fail "no run was killed (the machine is too fast for this test's moments)"
"${play[@]}" --out "$work/broken" > "$work/last.txt"
grep -q "games played now, .* already in $work/broken/tournament.db (resumed)" "$work/last.txt" ||
  fail "last run's report: $(tail -2 "$work/last.txt")"
resumed=$(sed -n 's/.* games played now, \([0-9]*\) already in .*/\1/p' "$work/last.txt")
[ "${resumed:-0}" -gt 0 ] || fail "the last run resumed no game: the killed runs stored none"
[ "$(wc -l < "$work/broken/games.jsonl")" -eq "$total" ] ||
  fail "expected $total games, found $(wc -l < "$work/broken/games.jsonl")"
cmp -s "$work/whole/games.jsonl" "$work/broken/games.jsonl" || fail "the resumed run's records differ from the unbroken run's"
cmp -s <(grep -v '"seconds"\|"played"\|"resumed"\|"store"' "$work/whole/summary.json") \
       <(grep -v '"seconds"\|"played"\|"resumed"\|"store"' "$work/broken/summary.json") || fail "summaries differ"
echo "ok: $kills kills, $total games, same records as an unbroken run"
