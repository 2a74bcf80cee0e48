# What the command-line tests of experiments share; sourced with the qilab binary as $1.
# Sets $qilab and a scratch $work (removed on exit); fail MESSAGE ends the test; expect_bad NAME
# EXPECTED_SUBSTRING ARGS... checks bad input: exit 2, one stderr line holding EXPECTED, no stdout.
qilab="$1"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

expect_bad() {
  local name="$1" expected="$2"
  shift 2
  "$qilab" "$@" > "$work/out.txt" 2> "$work/err.txt"
  local rc=$?
  [ "$rc" -eq 2 ] || fail "$name: exit $rc, expected 2 ($(cat "$work/err.txt"))"
  [ "$(wc -l < "$work/err.txt")" -eq 1 ] || fail "$name: stderr is not one line: $(cat "$work/err.txt")"
  grep -qF -- "$expected" "$work/err.txt" || fail "$name: stderr lacks '$expected': $(cat "$work/err.txt")"
  [ ! -s "$work/out.txt" ] || fail "$name: wrote to stdout"
}
