#!/usr/bin/env bash
# qilab tournament and export on the command line: the README's kind of run prints its table
# and the database; bad input (unknown agent, malformed config, foreign or newer database)
# gives one line naming the file and field, exit 2, and writes nothing.
# Usage: tournament_cli_test.sh QILAB_BINARY
set -uo pipefail
source "$(dirname "$0")/cli_common.sh" "$1"

good="$work/good.toml"
printf 'name = "cli"\ngame = "configs/games/checkers-2p.toml"\nseed = 2\nagents = ["random", "greedy"]\ngames_per_lineup = 4\n' > "$good"
"$qilab" tournament --config "$good" --out "$work/run" > "$work/table.txt" || fail "a good tournament failed"
grep -q "^seat " "$work/table.txt" || fail "no seat table: $(cat "$work/table.txt")"
grep -q "^database: $work/run/tournament.db$" "$work/table.txt" || fail "no database line"
"$qilab" export --db "$work/run/tournament.db" --format csv --out "$work/seats.csv" > /dev/null || fail "csv export"
[ "$(wc -l < "$work/seats.csv")" -eq 9 ] || fail "csv: expected a header and 8 rows"
# stats and ratings read the tournament's store: 4 games, by seat and by agent.
"$qilab" stats "$work/run" --json > "$work/stats.json" || fail "stats on a tournament's store failed"
python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); assert j["records"] == 4, j["records"]' "$work/stats.json" \
  || fail "stats: expected the store's 4 games: $(head -c 400 "$work/stats.json")"
"$qilab" ratings "$work/run" > "$work/ratings.txt" || fail "ratings on a tournament's store failed"

printf 'game = "configs/games/checkers-2p.toml"\nagents = ["random", "alphazero"]\ngames_per_lineup = 2\n' > "$work/unknown.toml"
expect_bad "unknown agent" "$work/unknown.toml: field 'agents[1]' (alphazero): unknown agent 'alphazero'" \
  tournament --config "$work/unknown.toml" --out "$work/never1"
[ ! -e "$work/never1" ] || fail "unknown agent: the output directory was created"

printf 'game = "configs/games/checkers-2p.toml"\nagents = ["random"]\ngames_per_lineup = "many"\n' > "$work/malformed.toml"
expect_bad "malformed config" "$work/malformed.toml: field 'games_per_lineup' expects an integer 1 to 10000000, got a string 'many'" \
  tournament --config "$work/malformed.toml" --out "$work/never2"
[ ! -e "$work/never2" ] || fail "malformed config: the output directory was created"

printf 'game = "configs/games/checkers-2p.toml"\nagents = ["random"\n' > "$work/broken.toml"
expect_bad "broken TOML" "$work/broken.toml: malformed TOML" tournament --config "$work/broken.toml" --out "$work/never3"

mkdir -p "$work/foreign"
echo "not a database at all, but long enough to look like a file header......................................" > "$work/foreign/tournament.db"
cp "$work/foreign/tournament.db" "$work/foreign.bak"
expect_bad "foreign database" "$work/foreign/tournament.db: not a qilab tournament store" \
  tournament --config "$good" --out "$work/foreign"
cmp -s "$work/foreign/tournament.db" "$work/foreign.bak" || fail "foreign database: it was changed"
[ ! -e "$work/foreign/summary.json" ] || fail "foreign database: summary written"
expect_bad "export of a foreign database" "not a qilab tournament store" \
  export --db "$work/foreign/tournament.db" --format jsonl --out "$work/never.jsonl"
[ ! -e "$work/never.jsonl" ] || fail "export of a foreign database wrote a file"

cp -r "$work/run" "$work/newer"
python3 -c "import sqlite3,sys; db=sqlite3.connect(sys.argv[1]); db.execute(\"UPDATE meta SET value='7' WHERE key='schema'\"); db.commit()" "$work/newer/tournament.db"
expect_bad "newer database" "$work/newer/tournament.db: schema version 7 is newer than this program reads" \
  tournament --config "$good" --out "$work/newer"

printf 'name = "other"\ngame = "configs/games/checkers-2p.toml"\nseed = 3\nagents = ["random"]\ngames_per_lineup = 4\n' > "$work/other.toml"
expect_bad "another tournament's database" "$work/run/tournament.db: holds tournament 'cli'" \
  tournament --config "$work/other.toml" --out "$work/run"

expect_bad "missing database" "$work/none.db: no such tournament store" export --db "$work/none.db" --out "$work/x.jsonl"
expect_bad "bad thread count" "--threads" tournament --config "$good" --out "$work/run" --threads 0
echo ok
