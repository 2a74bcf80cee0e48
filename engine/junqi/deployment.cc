#include "engine/junqi/deployment.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "engine/core/data.h"
#include "engine/core/config.h"
#include "engine/core/error.h"
#include "engine/junqi/echo.h"

namespace qilab::junqi {
namespace {

constexpr bool is_camp(int r, int c) {
  return (r == 1 && (c == 1 || c == 3)) || (r == 2 && c == 2) || (r == 3 && (c == 1 || c == 3));
}

// Rows of the layout without separators; throws unless 6 rows of 5, saying how many rows
// and places the layout has.
std::array<std::string, kRows> rows_of(std::string_view layout) {
  std::vector<std::string> rows;
  std::string cur;
  auto flush = [&] {
    if (!cur.empty()) rows.push_back(cur);
    cur.clear();
  };
  for (char ch : layout) {
    if (ch == '/' || ch == '\n')
      flush();
    else if (ch != ' ' && ch != '\t' && ch != '\r')
      cur += ch;
  }
  flush();
  std::size_t places = 0;
  for (const auto& row : rows) places += row.size();
  const std::string shape = "deployment: " + std::to_string(places) + " places in " +
                            std::to_string(rows.size()) + " rows, expected 30 in 6 rows of 5";
  if (rows.size() != kRows) throw Error(shape);
  std::array<std::string, kRows> out;
  for (int i = 0; i < kRows; ++i) {
    if (rows[i].size() != kCols)
      throw Error(shape + " (row " + std::to_string(i) + " has " + std::to_string(rows[i].size()) + ")");
    out[i] = rows[i];
  }
  return out;
}

// An inline layout: the six rows on one line, separated by '/', 35 characters.
constexpr std::size_t kInlineLength = kRows * kCols + kRows - 1;

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
      if (!k)
        throw Error(at + ": expected one of FMB123456789, got " +
                    echo_json(nlohmann::json(std::string(1, ch))));
      const int kind = static_cast<int>(k - kSymbol);
      const int post = b.post_at(seat, r, c);
      if (!(setup_kinds(b, post) & bit(kind))) throw Error(at + ": " + setup_rule(kind));
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
  for (int post : deployment_posts(s.board(), s.current_player(), layout))
    out.push_back(s.place_action(post));
  return out;
}

std::string resolve_deployment(const std::string& entry) {
  if (entry.size() > 4 && entry.substr(entry.size() - 4) == ".txt")
    return read_deployment(user_or_data_path(entry));
  // A layout has rows ('/') or camps ('+'), which no name has: whatever its length, it is
  // read as a layout, so a wrong one is reported as such (not as a missing name).
  if (entry.find_first_of("/+\n") != std::string::npos) {
    try {
      rows_of(entry);
    } catch (const Error& e) {
      const std::string length = entry.size() == kInlineLength
                                     ? ""
                                     : " is " + std::to_string(entry.size()) + " characters long, expected " +
                                           std::to_string(kInlineLength) + " (6 rows of 5 separated by '/')";
      throw Error("layout \"" + echo(entry) + "\"" + length + ": " + e.what());
    }
    return entry;
  }
  if (entry.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") !=
      std::string::npos)
    throw Error("\"" + echo(entry) +
                "\" is neither a layout (6 rows of 5 separated by '/'), a .txt file nor a name under "
                "configs/games/junqi/");
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
    throw Error(echo(path) + ": " + e.what());
  }
  return out;
}

std::string named_deployment(std::string_view name) {
  return read_deployment(data_path("configs/games/junqi/" + std::string(name) + ".txt"));
}

}  // namespace qilab::junqi
