#!/usr/bin/env bash
# Fails, naming each file, when a C++ source under the given root differs from what clang-format
# writes. Skips (77) where clang-format is not installed. `scripts/format` rewrites the files.
set -euo pipefail
root=${1:?usage: check_format.sh SOURCE_ROOT}
command -v clang-format >/dev/null || { echo "format: skipped, clang-format is not installed"; exit 77; }
cd "$root"
mapfile -t files < <(bash scripts/format --list)
((${#files[@]})) || { echo "format: no C++ sources found under $root"; exit 1; }
bad=()
for f in "${files[@]}"; do
  clang-format --dry-run --Werror "$f" >/dev/null 2>&1 || bad+=("$f")
done
if ((${#bad[@]})); then
  printf 'format: not as clang-format writes it (run scripts/format): %s\n' "${bad[@]}"
  exit 1
fi
echo "format: ${#files[@]} files as clang-format writes them"
