#include "engine/mizong/army.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <tuple>

#include "engine/core/config.h"
#include "engine/core/error.h"

namespace qilab::mizong {
namespace {

constexpr char kKindLetter[kKinds] = {'m', 'r', 'M', 'R', 'H'};
constexpr char kAttr1Letter[3] = {'R', 'S', 'P'};
constexpr char kAttr2Letter[2] = {'-', '+'};

Identity make(int kind, int a1, int a2, bool dark) {
  return Identity{static_cast<std::uint8_t>(kind), static_cast<std::uint8_t>(a1),
                  static_cast<std::uint8_t>(a2), dark};
}

// The seed's army: per class and per open/dark, 12 of each of the 6 attribute pairs, then the
// specials (3 melee heroes; 2 ranged heroes and a healer). Ordinary pieces cycle through the
// pairs so neighbours in a layout differ.
std::vector<Identity> seed_army() {
  std::vector<Identity> a;
  for (int cls = 0; cls < 2; ++cls)
    for (int dark = 0; dark < 2; ++dark) {
      for (int i = 0; i < 72; ++i) a.push_back(make(cls == 0 ? kMelee : kRanged, i % 3, (i / 3) % 2, dark));
      if (cls == 0) {
        a.push_back(make(kMeleeHero, kRock, kYang, dark));
        a.push_back(make(kMeleeHero, kScissors, kYin, dark));
        a.push_back(make(kMeleeHero, kPaper, kYang, dark));
      } else {
        a.push_back(make(kRangedHero, kRock, kYin, dark));
        a.push_back(make(kRangedHero, kScissors, kYang, dark));
        a.push_back(make(kHealer, kPaper, kYin, dark));
      }
    }
  return a;
}

// The project's army for point size 4 (10 vertices a point): every kind, open and dark.
std::vector<Identity> small_army() {
  return {make(kMeleeHero, kRock, kYang, false), make(kMelee, kRock, kYin, false),
          make(kMelee, kScissors, kYang, false), make(kMelee, kPaper, kYin, true),
          make(kMelee, kScissors, kYin, true),   make(kRangedHero, kPaper, kYang, false),
          make(kRanged, kPaper, kYin, false),    make(kHealer, kRock, kYin, true),
          make(kRanged, kScissors, kYang, true), make(kRanged, kRock, kYang, true)};
}

// The project's army for point size 12 (78 vertices a point): a quarter of the seed's ordinary
// pieces (per class and per open/dark, 3 of each of the 6 attribute pairs) and one set of the
// specials (3 melee heroes; 2 ranged heroes and a healer), open and dark.
std::vector<Identity> middle_army() {
  std::vector<Identity> a;
  for (int cls = 0; cls < 2; ++cls)
    for (int dark = 0; dark < 2; ++dark)
      for (int i = 0; i < 18; ++i) a.push_back(make(cls == 0 ? kMelee : kRanged, i % 3, (i / 3) % 2, dark));
  a.push_back(make(kMeleeHero, kRock, kYang, false));
  a.push_back(make(kMeleeHero, kScissors, kYin, true));
  a.push_back(make(kMeleeHero, kPaper, kYang, false));
  a.push_back(make(kRangedHero, kRock, kYin, false));
  a.push_back(make(kRangedHero, kScissors, kYang, true));
  a.push_back(make(kHealer, kPaper, kYin, false));
  return a;
}

using Key = std::tuple<int, int, int, int>;
std::map<Key, int> census(const std::vector<Identity>& v) {
  std::map<Key, int> m;
  for (const auto& id : v) {
    if (is_hero(id.kind))
      ++m[{id.kind, id.dark, -1, -1}];
    else
      ++m[{id.kind, id.dark, id.attr1, id.attr2}];
  }
  return m;
}

// Pieces of one class, open and dark alternating.
std::vector<Identity> class_list(const std::vector<Identity>& a, int cls) {
  std::vector<Identity> open, dark, out;
  for (const auto& id : a)
    if (class_of(id.kind) == cls) (id.dark ? dark : open).push_back(id);
  for (std::size_t i = 0; i < std::max(open.size(), dark.size()); ++i) {
    if (i < open.size()) out.push_back(open[i]);
    if (i < dark.size()) out.push_back(dark[i]);
  }
  return out;
}

}  // namespace

std::string token(const Identity& id) {
  return {kKindLetter[id.kind], id.dark ? 'd' : 'o', kAttr1Letter[id.attr1], kAttr2Letter[id.attr2]};
}

bool parse_token(std::string_view t, Identity& out) {
  if (t.size() != 4) return false;
  const auto find = [](const char* set, int n, char c) {
    for (int i = 0; i < n; ++i)
      if (set[i] == c) return i;
    return -1;
  };
  const int k = find(kKindLetter, kKinds, t[0]), a1 = find(kAttr1Letter, 3, t[2]),
            a2 = find(kAttr2Letter, 2, t[3]);
  if (k < 0 || a1 < 0 || a2 < 0 || (t[1] != 'o' && t[1] != 'd')) return false;
  out = make(k, a1, a2, t[1] == 'd');
  return true;
}

std::vector<Identity> army(int home_size) {
  if (home_size == 300) return seed_army();
  if (home_size == 78) return middle_army();
  if (home_size == 10) return small_army();
  throw Error("mizong: no army for a star point of " + std::to_string(home_size) + " vertices");
}

std::string check_army(const std::vector<Identity>& setup) {
  auto want = army(static_cast<int>(setup.size()));
  auto have = census(setup), need = census(want);
  if (have == need) return "";
  for (const auto& [k, n] : need) {
    const int h = have.count(k) ? have[k] : 0;
    if (h != n) {
      auto [kind, dark, a1, a2] = k;
      std::string what = std::string(dark ? "dark " : "open ") + kKindName[kind];
      if (a1 >= 0) what += std::string(" ") + kAttr1Name[a1] + "/" + kAttr2Name[a2];
      return "expected " + std::to_string(n) + " " + what + ", found " + std::to_string(h);
    }
  }
  return "pieces that the army does not have";
}

bool is_layout_name(std::string_view name) {
  return name == "melee_front" || name == "ranged_front" || name == "mixed_columns" || name == "random";
}

std::vector<Identity> layout(const Geometry& g, std::string_view name, Rng rng) {
  auto a = army(g.home_size);
  auto melee = class_list(a, 0), ranged = class_list(a, 1);
  std::vector<Identity> out;
  if (name == "melee_front") {  // ranged behind (tip), melee in front (towards the hexagon)
    out = ranged;
    out.insert(out.end(), melee.begin(), melee.end());
  } else if (name == "ranged_front") {
    out = melee;
    out.insert(out.end(), ranged.begin(), ranged.end());
  } else if (name == "mixed_columns") {  // melee on even places of each row, ranged on odd ones
    std::size_t im = 0, ir = 0;
    for (int row = 0, j = 0; j < g.home_size; ++row)
      for (int i = 0; i <= row && j < g.home_size; ++i, ++j) {
        bool want_melee = i % 2 == 0;
        if (want_melee && im == melee.size()) want_melee = false;
        if (!want_melee && ir == ranged.size()) want_melee = true;
        out.push_back(want_melee ? melee[im++] : ranged[ir++]);
      }
  } else if (name == "random") {
    out = a;
    for (std::size_t i = out.size(); i > 1; --i)
      std::swap(out[i - 1], out[rng.below(static_cast<std::uint32_t>(i))]);
  } else {
    throw Error("mizong: unknown layout '" + std::string(name) +
                "' (expected melee_front, ranged_front, mixed_columns, random or a .txt setup file)");
  }
  return out;
}

std::vector<Identity> parse_setup_text(const Geometry& g, const std::string& text, const std::string& where) {
  std::vector<Identity> out;
  std::istringstream lines(text);
  std::string line;
  int line_no = 0;
  while (std::getline(lines, line)) {
    ++line_no;
    if (auto h = line.find('#'); h != std::string::npos) line.resize(h);
    std::istringstream words(line);
    std::string w;
    while (words >> w) {
      Identity id;
      if (!parse_token(w, id))
        throw Error(where + ":" + std::to_string(line_no) + ": bad piece '" + w +
                    "' (expected kind m/r/M/R/H, o/d, attribute R/S/P, -/+, e.g. 'mdS+')");
      out.push_back(id);
    }
  }
  if (static_cast<int>(out.size()) != g.home_size)
    throw Error(where + ": expected " + std::to_string(g.home_size) +
                " pieces (one per vertex of a star point), found " + std::to_string(out.size()));
  if (auto why = check_army(out); !why.empty()) throw Error(where + ": not the army of the rules: " + why);
  return out;
}

std::vector<Identity> read_setup_file(const Geometry& g, const std::string& path) {
  return parse_setup_text(g, read_text_file(path, "setup file"), path);
}

std::string setup_text(const Geometry& g, const std::vector<Identity>& setup) {
  std::string s;
  for (int row = 0, j = 0; j < g.home_size; ++row) {
    for (int i = 0; i <= row && j < g.home_size; ++i, ++j) {
      if (i) s += ' ';
      s += token(setup[static_cast<std::size_t>(j)]);
    }
    s += '\n';
  }
  return s;
}

}  // namespace qilab::mizong
