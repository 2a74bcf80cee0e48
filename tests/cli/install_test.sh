#!/usr/bin/env bash
# `cmake --install` into a fresh prefix gives a qilab that plays every game from any directory:
# its data (configs/) is found relative to the installed program, not in the source tree.
# Usage: install_test.sh BUILD_DIR
set -euo pipefail
build=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" > /dev/null
q="$work/prefix/bin/qilab"
[[ -d "$work/prefix/share/qilab/configs/boards" ]] || { echo "FAIL: no share/qilab/configs"; exit 1; }
mkdir "$work/elsewhere" && cd "$work/elsewhere"

"$q" --version | grep -Eq '^qilab [0-9]+\.[0-9]+\.[0-9]+ \(commit ([0-9a-f]{12}(-dirty)?|unknown)\)$' ||
  { echo "FAIL: --version printed '$("$q" --version)'"; exit 1; }

"$q" show --game mizong > /dev/null || { echo "FAIL: show --game mizong"; exit 1; }
# Every game, by id (its default data files) and by a shipped variant file named relative to
# the data folder; one random game each, to the end.
for game in checkers junqi6 junqi4 guifa elements mizong:configs/games/mizong-small.toml; do
  spec=${game#*:}
  "$q" show --game "$spec" > /dev/null || { echo "FAIL: show --game $spec"; exit 1; }
  "$q" play --game "$spec" --agents random --games 1 --seed 1 --out "run-${game%%:*}" > /dev/null ||
    { echo "FAIL: play --game $spec"; exit 1; }
  [[ -s "run-${game%%:*}/games.jsonl" ]] || { echo "FAIL: no record for $spec"; exit 1; }
done

# QILAB_DATA overrides the search; a folder without configs/ is a clear error (exit 2).
QILAB_DATA="$work/prefix/share/qilab" "$q" show --game junqi4 > /dev/null
set +e
err=$(QILAB_DATA="$work/elsewhere" "$q" show --game junqi4 2>&1 >/dev/null); rc=$?
set -e
[[ $rc -eq 2 && $err == *QILAB_DATA* ]] || { echo "FAIL: bad QILAB_DATA gave rc=$rc: $err"; exit 1; }
# A qilab built with LibTorch (it has `train`) finds its LibTorch module where it was installed
# (apps/qilab/torch_module.h): a network agent loads it and reaches the network file, missing here.
if "$q" --help | grep -q '^  train '; then
  [[ -f "$work/prefix/lib/qilab/qilab-torch.so" ]] || { echo "FAIL: no lib/qilab/qilab-torch.so"; exit 1; }
  set +e
  err=$("$q" play --game checkers --agents "az:network=$work/none.net,random" --games 1 --out run-az 2>&1 >/dev/null)
  rc=$?
  set -e
  [[ $rc -eq 2 && $err == *"none.net: no such network file"* ]] ||
    { echo "FAIL: az from the installed qilab gave rc=$rc: $err"; exit 1; }
fi
echo "install: ok"
