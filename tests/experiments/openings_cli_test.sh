#!/usr/bin/env bash
# qilab openings on the command line: a small race writes its report and the store's openings
# tables; a rerun plays nothing; a run killed with SIGKILL at random moments and rerun ends
# with the same store as an unbroken run; bad input (a move that is not one, a malformed
# config, a bad thread count) gives one line naming the file and field, exit 2, nothing written.
# Usage: openings_cli_test.sh QILAB_BINARY
set -uo pipefail
source "$(dirname "$0")/cli_common.sh" "$1"

cfg="$work/race.toml"
cat > "$cfg" <<'TOML'
name = "cli-openings"
game = "configs/games/checkers-2p.toml"
seed = 5
agent = "greedy"
agents = ["greedy"]
seat = 0
budget = 600
round = 20
batch = 2

[[candidate]]
name = "shuffle"
actions = ["6->14", "14->6", "6->14", "14->6", "6->14", "14->6", "6->14", "14->6", "6->14", "14->6", "6->14", "14->6"]

[[candidate]]
name = "6->14"
actions = ["6->14"]

[[candidate]]
name = "7->15"
actions = ["7->15"]
TOML

start=$(date +%s%N)
"$qilab" openings --config "$cfg" --out "$work/whole" --threads 2 > "$work/table.txt" || fail "a good run failed"
whole_ms=$(( ($(date +%s%N) - start) / 1000000 ))
grep -q "^rank  candidate" "$work/table.txt" || fail "no ranking: $(cat "$work/table.txt")"
grep -q "^best: " "$work/table.txt" || fail "no best line"
grep -q "^games: .* uniform allocation" "$work/table.txt" || fail "no games-saved line"
grep -q "^database: $work/whole/tournament.db$" "$work/table.txt" || fail "no database line"
[ -f "$work/whole/openings.json" ] || fail "no openings.json"
played=$(sed -n 's/^\([0-9]*\) games played now, 0 already in the store.*/\1/p' "$work/table.txt")
[ -n "$played" ] && [ "$played" -gt 0 ] || fail "first run: no 'N games played now, 0 already': $(tail -3 "$work/table.txt")"
python3 - "$work/whole/tournament.db" "$played" <<'PY' || fail "the store's openings tables"
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
assert db.execute("SELECT value FROM meta WHERE key='openings_schema'").fetchone()[0] == "1"
rows = db.execute("SELECT name, rank, games FROM openings ORDER BY rank").fetchall()
assert len(rows) == 3, rows
assert sum(r[2] for r in rows) == int(sys.argv[2]), rows
assert db.execute("SELECT count(*) FROM games").fetchone()[0] == int(sys.argv[2])
assert db.execute("SELECT count(*) FROM openings_summary").fetchone()[0] == 1
PY

# A rerun replays the race from the store and plays nothing.
"$qilab" openings --config "$cfg" --out "$work/whole" > "$work/again.txt" || fail "the rerun failed"
grep -q "^0 games played now, $played already in the store (resumed)" "$work/again.txt" \
  || fail "rerun: $(tail -3 "$work/again.txt")"
cmp -s <(sed -n '/^rank/,/^games:/p' "$work/table.txt") <(sed -n '/^rank/,/^games:/p' "$work/again.txt") \
  || fail "the rerun's report differs"

# Killed at random moments, rerun each time, then to the end: the same race as unbroken.
window=$(( whole_ms * 4 / 10 ))
[ "$window" -ge 50 ] || window=50
RANDOM=7
for attempt in 1 2 3 4 5 6; do
  "$qilab" openings --config "$cfg" --out "$work/broken" --threads 2 > /dev/null 2>&1 &
  pid=$!
  ms=$((RANDOM % window))
  sleep "$((ms / 1000)).$(printf '%03d' $((ms % 1000)))"
  kill -KILL "$pid" 2> /dev/null
  wait "$pid" 2> /dev/null
done
"$qilab" openings --config "$cfg" --out "$work/broken" --threads 1 > "$work/resumed.txt" || fail "the resumed run failed"
cmp -s <(sed -n '/^rank/,/^games:/p' "$work/table.txt") <(sed -n '/^rank/,/^games:/p' "$work/resumed.txt") \
  || fail "after kills the report differs: $(cat "$work/resumed.txt")"
python3 - "$work/whole/tournament.db" "$work/broken/tournament.db" <<'PY' || fail "after kills the games differ"
import sqlite3, sys
q = "SELECT idx, lineup, actions, events FROM games ORDER BY idx"
a = sqlite3.connect(sys.argv[1]).execute(q).fetchall()
b = sqlite3.connect(sys.argv[2]).execute(q).fetchall()
assert a == b, (len(a), len(b))
PY

sed 's/"6->14"\]$/"6->99"]/' "$cfg" > "$work/unknown.toml"
expect_bad "a candidate's move that is not one" "$work/unknown.toml: field 'candidate[1].actions[0]' (6->14): '6->99' is not a move of seat 0" \
  openings --config "$work/unknown.toml" --out "$work/never1"
[ ! -e "$work/never1" ] || fail "unknown move: the output directory was created"

sed 's/^budget = 600$/budget = "lots"/' "$cfg" > "$work/malformed.toml"
expect_bad "malformed config" "$work/malformed.toml: field 'budget' expects an integer 1 to 10000000, got a string 'lots'" \
  openings --config "$work/malformed.toml" --out "$work/never2"
[ ! -e "$work/never2" ] || fail "malformed config: the output directory was created"

sed 's/^agents = \["greedy"\]$/agents = ["greedy", "alphazero"]/;s/^round = 20$/round = 40/' "$cfg" > "$work/agent.toml"
expect_bad "unknown agent" "$work/agent.toml: field 'agents' (alphazero): unknown agent 'alphazero'" \
  openings --config "$work/agent.toml" --out "$work/never3"
[ ! -e "$work/never3" ] || fail "unknown agent: the output directory was created"

sed 's/^seed = 5$/seed = 6/' "$cfg" > "$work/other.toml"
expect_bad "another race's store" "$work/whole/tournament.db: holds tournament 'cli-openings'" \
  openings --config "$work/other.toml" --out "$work/whole"
expect_bad "bad thread count" "--threads" openings --config "$cfg" --out "$work/never4" --threads 0
echo ok
