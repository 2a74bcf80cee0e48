#include "engine/junqi/deployment.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "engine/core/config.h"
#include "engine/core/error.h"

#ifndef QILAB_SOURCE_DIR
#define QILAB_SOURCE_DIR "."
#endif

namespace qilab::junqi {
namespace {

constexpr bool is_camp(int r, int c) {
  return (r == 1 && (c == 1 || c == 3)) || (r == 2 && c == 2) || (r == 3 && (c == 1 || c == 3));
}

// Rows of the layout without separators; throws unless 6 rows of 5.
std::array<std::string, kRows> rows_of(std::string_view layout) {
  std::array<std::string, kRows> rows;
  int r = 0;
  std::string cur;
  auto flush = [&] {
    if (cur.empty()) return;
    if (r >= kRows) throw Error("deployment: more than 6 rows");
    rows[r++] = cur;
    cur.clear();
  };
  for (char ch : layout) {
    if (ch == '/' || ch == '\n') flush();
    else if (ch != ' ' && ch != '\t' && ch != '\r') cur += ch;
  }
  flush();
  if (r != kRows) throw Error("deployment: expected 6 rows of 5, got " + std::to_string(r) + " rows");
  for (int i = 0; i < kRows; ++i)
    if (rows[i].size() != kCols)
      throw Error("deployment: row " + std::to_string(i) + " has " + std::to_string(rows[i].size()) + " places, expected 5");
  return rows;
}

}  // namespace

std::array<int, kSlots> deployment_posts(const Board& b, int seat, std::string_view layout) {
  const auto rows = rows_of(layout);
  std::array<std::vector<int>, kKinds> posts;  // per kind, in row-major order
  for (int r = 0; r < kRows; ++r)
    for (int c = 0; c < kCols; ++c) {
      const char ch = rows[r][c];
      const std::string at = "deployment row " + std::to_string(r) + " col " + std::to_string(c);
      if (is_camp(r, c)) {
        if (ch != '+') throw Error(at + ": a camp starts empty, expected '+'");
        continue;
      }
      const char* k = std::char_traits<char>::find(kSymbol, kKinds, ch);
      if (!k) throw Error(at + ": expected one of FMB123456789, got '" + std::string(1, ch) + "'");
      const int kind = static_cast<int>(k - kSymbol);
      const int post = b.post_at(seat, r, c);
      if (kind == kFlag && !b.headquarters.test(post)) throw Error(at + ": the flag goes in a headquarters");
      if (kind == kMine && r < kRows - 2) throw Error(at + ": mines go in the last two rows");
      if (kind == kBomb && r == 0) throw Error(at + ": no bomb in the front row");
      posts[kind].push_back(post);
    }
  for (int k = 0; k < kKinds; ++k)
    if (static_cast<int>(posts[k].size()) != kArmyCount[k])
      throw Error(std::string("deployment: ") + std::to_string(posts[k].size()) + " x " + kSymbol[k] + " (" +
                  kChinese[k] + "), the army has " + std::to_string(kArmyCount[k]));
  std::array<int, kSlots> out{};
  std::array<int, kKinds> used{};
  for (int i = 0; i < kSlots; ++i) out[i] = posts[kDeployOrder[i]][used[kDeployOrder[i]]++];
  return out;
}

std::vector<Action> deployment_actions(const State& s, std::string_view layout) {
  if (s.phase() != Phase::kDeploy || s.deploy_kind() != kDeployOrder[0])
    throw Error("deployment: the seat to move is not about to deploy");
  std::vector<Action> out;
  for (int post : deployment_posts(s.board(), s.current_player(), layout)) out.push_back(s.place_action(post));
  return out;
}

std::string resolve_deployment(const std::string& entry) {
  if (entry.size() == 35 && entry.find_first_not_of("FMB123456789+/") == std::string::npos) return entry;
  if (entry.size() > 4 && entry.substr(entry.size() - 4) == ".txt") return read_deployment(entry);
  return named_deployment(entry);
}

std::string random_deployment(Rng& rng) {
  // Most constrained first, as the placement actions go: every partial layout completes.
  std::string grid(kRows * kCols, '.');
  for (int r = 0; r < kRows; ++r)
    for (int c = 0; c < kCols; ++c)
      if (is_camp(r, c)) grid[r * kCols + c] = '+';
  for (int kind : kDeployOrder) {
    int options[kRows * kCols], n = 0;
    for (int i = 0; i < kRows * kCols; ++i) {
      const int r = i / kCols, c = i % kCols;
      if (grid[i] != '.') continue;
      if (kind == kFlag && !(r == 5 && (c == 1 || c == 3))) continue;
      if (kind == kMine && r < kRows - 2) continue;
      if (kind == kBomb && r == 0) continue;
      options[n++] = i;
    }
    grid[options[rng.below(static_cast<std::uint32_t>(n))]] = kSymbol[kind];
  }
  std::string out;
  for (int r = 0; r < kRows; ++r) out += (r ? "/" : "") + grid.substr(r * kCols, kCols);
  return out;
}

std::string read_deployment(const std::string& path) {
  std::istringstream in(read_text_file(path, "deployment file"));
  std::string line, out;
  while (std::getline(in, line)) {
    line = line.substr(0, line.find('#'));
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    out += line + "\n";
  }
  try {
    rows_of(out);
  } catch (const Error& e) {
    throw Error(path + ": " + e.what());
  }
  return out;
}

std::string named_deployment(std::string_view name) {
  return read_deployment(std::string(QILAB_SOURCE_DIR) + "/configs/games/junqi/" + std::string(name) + ".txt");
}

}  // namespace qilab::junqi
