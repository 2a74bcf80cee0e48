#!/usr/bin/env bash
# An interrupted tournament resumes without losing, repeating or corrupting a game: the
# tournament is killed with SIGKILL at random moments, rerun each time, and finally run to the
# end; its store must pass SQLite's integrity check, hold every game exactly once, and export
# the same records as an unbroken run.
# Usage: resume_kill_test.sh QILAB_BINARY
set -euo pipefail
qilab="$1"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cfg="$work/kill.toml"
cat > "$cfg" <<'TOML'
name = "kill-test"
game = "configs/games/checkers-2p.toml"
seed = 3
agents = ["random", "greedy"]
games_per_lineup = 120
batch = 3
TOML
total=120

fail() { echo "FAIL: $*" >&2; exit 1; }

start=$(date +%s%N)
"$qilab" tournament --config "$cfg" --out "$work/whole" --threads 2 > /dev/null
whole_ms=$(( ($(date +%s%N) - start) / 1000000 ))
# Kill moments: up to 40% of an unbroken run's time (at least 50 ms), so that on a fast machine
# as on a slow one most kills land while games are being played and stored.
window=$(( whole_ms * 4 / 10 ))
[ "$window" -ge 50 ] || window=50
"$qilab" export --db "$work/whole/tournament.db" --format jsonl --out "$work/whole.jsonl" > /dev/null

# The store a kill leaves before its schema's transaction: a file without tables. A rerun must
# take it as holding no game.
mkdir "$work/bare"
python3 -c 'import sqlite3, sys; sqlite3.connect(sys.argv[1]).execute("PRAGMA journal_mode=WAL")' \
  "$work/bare/tournament.db"
"$qilab" tournament --config "$cfg" --out "$work/bare" --threads 2 > /dev/null || fail "rerun on a store without tables"
"$qilab" export --db "$work/bare/tournament.db" --format jsonl --out "$work/bare.jsonl" > /dev/null
cmp -s "$work/whole.jsonl" "$work/bare.jsonl" || fail "the store without tables, rerun, differs from the unbroken run"

RANDOM=42  # reproducible kill moments
kills=0
for attempt in $(seq 1 12); do
  "$qilab" tournament --config "$cfg" --out "$work/broken" --threads 2 > /dev/null 2>&1 &
  pid=$!
  # Some kills land before the store exists, some mid-batch, some between batches.
  ms=$((RANDOM % window))
  sleep "$((ms / 1000)).$(printf '%03d' $((ms % 1000)))"
  if kill -KILL "$pid" 2> /dev/null; then kills=$((kills + 1)); fi
  wait "$pid" 2> /dev/null || true
  if [ -f "$work/broken/tournament.db" ]; then
    python3 - "$work/broken/tournament.db" <<'PY' || fail "integrity after kill $attempt"
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
# A kill between the file's creation and the schema's transaction leaves a store without a
# table (the rerun creates the schema); otherwise the schema is whole.
if not tables:
    sys.exit(0)
assert {"games", "seats"} <= tables, tables
# every stored game is whole: its seats are all there
bad = db.execute("SELECT count(*) FROM games g WHERE (SELECT count(*) FROM seats s WHERE s.game = g.idx) != 2").fetchone()[0]
assert bad == 0, bad
PY
  fi
done
[ "$kills" -gt 0 ] || fail "no run was killed (the machine is too fast for this test's moments)"
"$qilab" tournament --config "$cfg" --out "$work/broken" --threads 2 > "$work/last.txt"
"$qilab" export --db "$work/broken/tournament.db" --format jsonl --out "$work/broken.jsonl" > /dev/null
[ "$(wc -l < "$work/broken.jsonl")" -eq "$total" ] || fail "expected $total games, found $(wc -l < "$work/broken.jsonl")"
python3 - "$work/broken.jsonl" "$total" <<'PY' || fail "indices"
import json, sys
idx = [json.loads(l)["index"] for l in open(sys.argv[1])]
assert idx == list(range(int(sys.argv[2]))), idx[:10]
PY
cmp -s "$work/whole.jsonl" "$work/broken.jsonl" || fail "the resumed store's games differ from the unbroken run's"
cmp -s <(grep -v '"seconds"\|"played"\|"resumed"\|"store"\|"threads"' "$work/whole/summary.json") \
       <(grep -v '"seconds"\|"played"\|"resumed"\|"store"\|"threads"' "$work/broken/summary.json") || fail "summaries differ"
echo "ok: $kills kills, $total games, same records as an unbroken run"
