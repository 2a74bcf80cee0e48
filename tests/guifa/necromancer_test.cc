// E、死灵师 the necromancer (manual 二 E; docs/rules/guifa.md, E), one test per sentence.
#include "tests/guifa/helpers.h"

using namespace guifa_test;

TEST_CASE("necromancer: revives one corpse of any side in its 8 neighbours as its own piece") {
  const Guifa g = make(2);
  State s = position(g, {{"c7", 'N', 0}, {"a1", 'Z', 0}, {"i9", 'Z', 1}}, 0,
                     {{"d8", "prophet"}, {"b6", "elementalist"}, {"c5", "summoner"}});
  std::set<std::string> revives;
  for (const auto& a : legal(s))
    if (a.rfind("revive", 0) == 0) revives.insert(a);
  CHECK(revives == std::set<std::string>{"revive d8 P", "revive b6 E"});  // c5 is two squares away
  play(s, "revive d8 P");
  CHECK(kind_at(s, "d8") == 'P');
  CHECK(owner_at(s, "d8") == 0);
  CHECK((s.at(cell(s, "d8")).flags & kRevived));
  CHECK(s.corpse_count(cell(s, "d8")) == 0);
  // With all the abilities it had: its barrier now covers c7-e9 for seat 0.
  CHECK(s.barrier(0).test(cell(s, "e9")));
}

TEST_CASE("necromancer: a corpse revived once and fallen again stays dead") {
  const Guifa g = make(2);
  State s = position(
      g, {{"c7", 'N', 0}, {"a1", 'Z', 0}, {"i9", 'Z', 1}, {"d8", 'S', 0, 0, false, true}, {"d5", 'N', 1}}, 1);
  play(s, "d5-d7");
  play(s, "a1-a2");
  play(s, "d7xd8");
  CHECK(s.spent_corpses(cell(s, "d8")) == 1);
  CHECK(s.corpses(cell(s, "d8"), kSummoner) == 0);
  play(s, "a2-a3");
  play(s, "d8-d9");
  for (const auto& a : legal(s)) CHECK(a.rfind("revive", 0) != 0);
}

TEST_CASE("necromancer: no revival under a hostile force field, in a hostile barrier, or under a piece") {
  const Guifa g = make(2);
  // Hostile field b8 c8 d8 (seat 1 mage c8 beside its scepter c9).
  const State s =
      position(g, {{"c7", 'N', 0}, {"a1", 'Z', 0}, {"c8", 'F', 1}, {"c9", 'Z', 1}, {"b6", 'E', 1}}, 0,
               {{"d8", "prophet"}, {"b6", "summoner"}, {"d6", "force_mage"}});
  CHECK_FALSE(is_legal(s, "revive d8 P"));  // under the field
  CHECK_FALSE(is_legal(s, "revive b6 S"));  // a piece stands on it
  CHECK(is_legal(s, "revive d6 F"));
  const State t = position(g, {{"c7", 'N', 0}, {"a1", 'Z', 0}, {"i9", 'Z', 1}, {"e5", 'P', 1}}, 0,
                           {{"d6", "force_mage"}, {"b8", "summoner"}});
  CHECK_FALSE(is_legal(t, "revive d6 F"));  // in the prophet's barrier
  CHECK(is_legal(t, "revive b8 S"));
  // The own side's field does not block its own necromancer.
  const State u =
      position(g, {{"c7", 'N', 0}, {"c8", 'F', 0}, {"c9", 'Z', 0}, {"i1", 'Z', 1}}, 0, {{"d8", "prophet"}});
  CHECK(u.field(0).test(cell(u, "d8")));
  CHECK(is_legal(u, "revive d8 P"));
}

TEST_CASE("necromancer: inside a hostile barrier it cannot revive") {
  const Guifa g = make(2);
  const State s = position(g, {{"c7", 'N', 0}, {"a1", 'Z', 0}, {"i9", 'Z', 1}, {"b8", 'P', 1}}, 0,
                           {{"d6", "force_mage"}});
  CHECK_FALSE(is_legal(s, "revive d6 F"));
}

TEST_CASE("necromancer metamagic: from the centre any corpse on the board, under the same limits") {
  const Guifa g = make(2);
  State s = position(g, {{"e5", 'N', 0}, {"a1", 'Z', 0}, {"i9", 'Z', 1}, {"h1", 'P', 1}}, 0,
                     {{"a9", "elementalist"}, {"i2", "summoner"}, {"c2", "spent"}});
  CHECK(is_legal(s, "revive a9 E"));
  CHECK_FALSE(is_legal(s, "revive i2 S"));  // in the enemy prophet's barrier
  play(s, "revive a9 E");
  play(s, "i9-h9");
  play(s, "e5-e4");
  CHECK(kind_at(s, "a9") == 'E');  // the revived stay after the necromancer leaves the centre
}

TEST_CASE("necromancer: a corpse two necromancers reach is one revival, listed once") {
  // A revival names the corpse and its kind, not the necromancer: with a second (revived)
  // necromancer beside the same corpses, each revival is still a single legal action.
  const Guifa g = make(2);
  const State s =
      position(g, {{"c7", 'N', 0}, {"e7", 'N', 0, 0, false, true}, {"a1", 'Z', 0}, {"i9", 'Z', 1}}, 0,
               {{"d8", "prophet"}, {"d6", "summoner"}});
  ActionList list;
  s.legal_actions(list);
  std::vector<std::string> revives;
  for (Action a : list)
    if (s.action_to_string(a).rfind("revive", 0) == 0) revives.push_back(s.action_to_string(a));
  std::sort(revives.begin(), revives.end());
  CHECK(revives == std::vector<std::string>{"revive d6 S", "revive d8 P"});
  Rng rng(1);
  std::map<Action, int> drawn;
  for (int i = 0; i < 20000; ++i) ++drawn[s.random_action(rng)];
  // Each legal action is drawn with the same chance: the revival d8 no more than any other.
  const double each = 20000.0 / list.size();
  CHECK(drawn[s.string_to_action("revive d8 P")] < each * 1.3);
}
