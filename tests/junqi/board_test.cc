// Board files: the shipped boards load with the shape docs/rules/junqi.md ("Board files")
// gives them; malformed files are refused with a message naming the field.
#include <doctest/doctest.h>

#include <fstream>

#include "engine/core/error.h"
#include "helpers.h"

using namespace junqi_test;

namespace {

nlohmann::json board_json(const char* name) {
  std::ifstream in(default_board_path(name));
  return nlohmann::json::parse(in);
}

std::string refusal(const nlohmann::json& j) {
  try {
    parse_board(j, "test.json");
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

int line_length(const Board& b, const std::string& name) {
  for (std::size_t i = 0; i < b.lines.size(); ++i)
    if (b.line_names[i] == name) return static_cast<int>(b.lines[i].size());
  return -1;
}

}  // namespace

TEST_CASE("junqi4: 4 x 30 + 9 posts, camps, headquarters, a ring of 16 rail posts per army") {
  const Board& b = make<Junqi4>().board();
  CHECK(b.posts == 129);
  CHECK(b.armies == 4);
  CHECK(b.camps.count() == 20);
  CHECK(b.headquarters.count() == 8);
  CHECK(b.rail_posts.count() == 4 * 16 + 9);
  CHECK(b.turn_posts.none());  // no centre turns in 四国
  CHECK(b.airport.none());
  CHECK(line_length(b, "x6") == 13);  // army 2's column 4, three centre stations, army 0's column 0
  CHECK(line_length(b, "x8") == 5);   // only the front column-2 posts join the middle line
  CHECK(line_length(b, "arc0-1") == 10);
  CHECK(line_length(b, "a0-row0") == 5);
  CHECK(b.lines.size() == 4 * 3 + 6);
  for (int a = 0; a < 4; ++a) {
    CHECK(b.home[a].count() == 30);
    CHECK(b.rows[a][0].count() == 5);
  }
  // A camp joins its 8 neighbours by road; (2,1), not a camp, has 4.
  CHECK(b.road[b.find("a0r2c2")].count() == 8);
  CHECK(b.road[b.find("a0r2c1")].count() == 4);
  CHECK(b.rail[b.find("a0r0c4")].test(b.find("a1r0c0")));  // the arc
}

TEST_CASE("junqi6: 6 x 30 + 13 posts, a hexagram centre with its airport") {
  const Board& b = make<Junqi6>().board();
  CHECK(b.posts == 193);
  CHECK(b.armies == 6);
  CHECK(b.turn_posts.count() == 13);
  CHECK(b.airport.count() == 1);
  CHECK(b.rail_posts.count() == 6 * 16 + 13);
  CHECK(line_length(b, "pdiam0") == 5);
  CHECK(line_length(b, "hdiam1") == 3);
  CHECK(line_length(b, "star3") == 4);
  CHECK(line_length(b, "a2-col4") == 6);
  // The arc bypasses the stations: army 0's column 4 front joins army 1's column 0 front.
  CHECK(b.rail[b.find("a0r0c4")].test(b.find("a1r0c0")));
  CHECK(b.rail[b.find("a0r0c4")].test(b.find("H0")));
  CHECK(b.rail[b.find("a1r0c0")].test(b.find("H0")));
  CHECK(b.rail[b.find("a0r0c2")].test(b.find("P0")));
  CHECK(b.rail[b.find("C")].count() == 12);  // six P spokes and six H spokes
}

TEST_CASE("the loader refuses malformed board files, naming the field") {
  const nlohmann::json good = board_json("junqi4");
  CHECK(refusal(good).empty());
  CHECK(refusal(nlohmann::json::array()).find("expected a JSON object") != std::string::npos);
  {
    auto j = good;
    j.erase("rails");
    CHECK(refusal(j).find("'rails' is missing") != std::string::npos);
  }
  {
    auto j = good;
    j["nodes"][3]["kind"] = "castle";
    CHECK(refusal(j).find("nodes[3]: field 'kind'") != std::string::npos);
  }
  {
    auto j = good;
    j["nodes"][4]["id"] = j["nodes"][3]["id"];
    CHECK(refusal(j).find("duplicate id") != std::string::npos);
  }
  {
    auto j = good;
    j["roads"][0][1] = "nowhere";
    CHECK(refusal(j).find("roads[0]: unknown node \"nowhere\"") != std::string::npos);
  }
  {
    auto j = good;
    j["rails"].push_back({{"a", "a0r2c2"}, {"b", "a0r2c1"}, {"line", "bad"}});
    CHECK(refusal(j).find("is not a rail post") != std::string::npos);
  }
  {
    auto j = good;  // a line that branches
    j["rails"].push_back({{"a", "a0r0c2"}, {"b", "a0r4c2"}, {"line", "a0-row0"}});
    CHECK(refusal(j).find("rail line \"a0-row0\" branches") != std::string::npos);
  }
  {
    auto j = good;  // a line that closes on itself
    j["rails"].push_back({{"a", "a0r0c0"}, {"b", "a0r0c4"}, {"line", "a0-row0"}});
    CHECK(refusal(j).find("is a loop") != std::string::npos);
  }
  {
    auto j = good;  // an army short of a post
    for (std::size_t i = 0; i < j["nodes"].size(); ++i)
      if (j["nodes"][i]["id"] == "a1r5c0") j["nodes"][i]["army"] = -1;
    CHECK(refusal(j).find("centre node") != std::string::npos);
  }
  {
    auto j = good;
    j["armies"] = 3;
    CHECK(refusal(j).find("field 'armies'") != std::string::npos);
  }
  CHECK_THROWS_AS(load_board("/nonexistent/board.json"), Error);
}

TEST_CASE("the board option loads another file") {
  auto g = make<Junqi4>({{"board", default_board_path("junqi4")}});
  CHECK(g.board().posts == 129);
  CHECK_THROWS_AS(make<Junqi4>({{"board", "/nonexistent.json"}}), Error);
  CHECK_THROWS_AS(make<Junqi4>({{"mode", "sudden"}}), Error);
}
