// The qilab module: agents, matches and their records (docs/python.md).
//
// A Python agent is any object with a choose(state) -> action method (qilab.Agent is a base
// class with the optional reset/observe). It plays inside `qilab play`'s run (experiments/play_run.h:
// a tournament of one line-up into a SQLite store) as a typed agent of the game: the referee
// hands it, as every agent, only its seat's sampled world and its seat's view of each action,
// and stores the games.
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <pybind11/stl.h>

#include "agents/any_agent.h"
#include "engine/core/error.h"
#include "engine/core/record.h"
#include "engine/registry.h"
#include "experiments/match.h"
#include "experiments/play_run.h"
#include "python/bindings.h"

namespace qilab::python {
namespace {

struct PyAgent {
  std::shared_ptr<const AnyGame> game;  // agents may refer to the game's rules
  std::string spec;
  std::unique_ptr<AnyAgent> agent;
};

const AnyState& state_for(const PyAgent& a, const PyState& s) {
  if (s.game->id() != a.game->id() || s.game->options().hash() != a.game->options().hash())
    throw Error("agent '" + a.spec + "' plays " + std::string(a.game->id()) + " " +
                a.game->options().to_json().dump() + ", given a state of " + std::string(s.game->id()) + " " +
                s.game->options().to_json().dump());
  return *s.state;
}

// A Python object seated in a C++ match: each call into Python holds the GIL, which the match
// runner's threads take in turn.
template <Game G>
class PythonAgent final : public Agent<typename G::State> {
 public:
  using S = typename G::State;
  PythonAgent(py::object agent, std::string name, std::shared_ptr<const AnyGame> game)
      : agent_(std::move(agent)), name_(std::move(name)), game_(std::move(game)) {}
  ~PythonAgent() override {
    py::gil_scoped_acquire gil;
    agent_.release().dec_ref();
  }
  std::string name() const override { return name_; }
  Action choose(const S& view, Rng&) override {
    py::gil_scoped_acquire gil;
    py::object chosen = agent_.attr("choose")(PyState{game_, std::make_unique<StateAdapter<S>>(view)});
    try {
      return chosen.cast<Action>();
    } catch (const py::cast_error&) {
      throw Error("agent '" + name_ + "': choose() returned " + py::repr(chosen).cast<std::string>() +
                  ", expected an action id (int)");
    }
  }
  void reset() override {
    py::gil_scoped_acquire gil;
    if (py::hasattr(agent_, "reset")) agent_.attr("reset")();
  }
  void observe(Action view) override {
    py::gil_scoped_acquire gil;
    if (py::hasattr(agent_, "observe")) agent_.attr("observe")(view);
  }

 private:
  py::object agent_;
  std::string name_;
  std::shared_ptr<const AnyGame> game_;
};

// The name a Python agent plays under in records: its `name` attribute, else py.<class name>.
std::string python_agent_name(py::handle agent) {
  std::string name;
  if (py::hasattr(agent, "name") && py::isinstance<py::str>(agent.attr("name")))
    name = agent.attr("name").cast<std::string>();
  else
    name = "py." + py::str(py::type::of(agent).attr("__name__")).cast<std::string>();
  if (name.empty() || name.find_first_of(":,=") != std::string::npos || name.ends_with(".toml"))
    throw Error("Python agent name '" + name +
                "': expected a name without ':', ',' or '=' that is not a .toml file");
  for (const auto& known : agent_names())
    if (name == known)
      throw Error("Python agent name '" + name + "' is the name of a C++ agent; give it another");
  return name;
}

py::dict report_dict(const experiments::PlayReport& r) {
  py::dict d;
  d["summary"] = to_python(r.summary);
  d["table"] = r.table;
  d["store_path"] = r.store_path;
  d["records_path"] = r.records_path;
  d["summary_path"] = r.summary_path;
  d["played"] = r.played;
  d["resumed"] = r.resumed;
  d["beyond"] = r.beyond;
  return d;
}

py::dict play(const PyGame& pygame, const py::list& agents, std::int64_t games, std::uint64_t seed,
              int threads, const std::string& out) {
  experiments::MatchConfig cfg;
  cfg.games = games;
  cfg.seed = seed;
  cfg.threads = threads;
  cfg.out_dir = out;
  std::map<std::string, py::object> python_agents;
  for (py::handle a : agents) {
    if (py::isinstance<py::str>(a)) {
      cfg.agents.push_back(a.cast<std::string>());
      continue;
    }
    if (!py::hasattr(a, "choose"))
      throw Error(
          "agent " + py::repr(a).cast<std::string>() +
          ": expected an agent spec (\"mcts:simulations=400\") or an object with a choose(state) method");
    const std::string name = python_agent_name(a);
    if (auto it = python_agents.find(name); it != python_agents.end() && !it->second.is(a))
      throw Error("two Python agents are named '" + name + "'; give them distinct `name` attributes");
    python_agents.emplace(name, py::reinterpret_borrow<py::object>(a));
    cfg.agents.push_back(name);
  }
  const std::shared_ptr<const AnyGame> any = pygame.game;
  return with_game(any->id(), [&]<Game G>() {
    using S = typename G::State;
    const G& game = dynamic_cast<const GameAdapter<G>&>(*any).game();
    auto make = [&](const G& g, const std::string& spec) -> AgentPtr<S> {
      if (auto it = python_agents.find(spec); it != python_agents.end()) {
        py::gil_scoped_acquire gil;
        return std::make_unique<PythonAgent<G>>(it->second, spec, any);
      }
      return make_agent(g, spec);
    };
    // `qilab play`'s run: a tournament of one line-up into out/tournament.db, its exports
    // games.jsonl and summary.json (experiments/play_run.h). The game's options as resolved
    // stand for the config the CLI would read.
    const experiments::TournamentConfig tc = experiments::play_tournament_config(
        GameConfig{std::string(G::kId), "qilab.play", any->options().to_json()}, {}, cfg);
    experiments::PlayReport report;
    {
      py::gil_scoped_release release;
      report = experiments::run_play(game, tc, cfg, make);
    }
    return report_dict(report);
  });
}

}  // namespace

void bind_play(py::module_& m) {
  py::class_<PyAgent>(m, "CppAgent", "A C++ agent (random, greedy, mcts, an agent file) of one game.")
      .def_property_readonly("name", [](const PyAgent& a) { return a.agent->name(); })
      .def_property_readonly("spec", [](const PyAgent& a) { return a.spec; })
      .def(
          "choose",
          [](PyAgent& a, const PyState& s, std::uint64_t seed) {
            const AnyState& view = state_for(a, s);
            py::gil_scoped_release release;
            return a.agent->choose(view, seed);
          },
          py::arg("state"), py::arg("seed") = 0,
          "The agent's action in `state`, its randomness drawn from Rng(seed).")
      .def(
          "choose",
          [](PyAgent& a, const PyState& s, Rng& rng) {
            const AnyState& view = state_for(a, s);
            py::gil_scoped_release release;
            return a.agent->choose(view, rng);
          },
          py::arg("state"), py::arg("rng"))
      .def(
          "__call__",
          [](PyAgent& a, const PyState& s, std::uint64_t seed) {
            const AnyState& view = state_for(a, s);
            py::gil_scoped_release release;
            return a.agent->choose(view, seed);
          },
          py::arg("state"), py::arg("seed") = 0)
      .def("reset", [](PyAgent& a) { a.agent->reset(); })
      .def(
          "observe", [](PyAgent& a, Action view) { a.agent->observe(view); }, py::arg("view"))
      .def("last_stats", [](const PyAgent& a) { return to_python(a.agent->last_stats()); })
      .def("__repr__", [](const PyAgent& a) {
        return "<qilab.CppAgent " + a.spec + " for " + std::string(a.game->id()) + ">";
      });

  m.def(
      "make_agent",
      [](const PyGame& g, const std::string& spec) {
        return PyAgent{g.game, spec, make_any_agent(*g.game, spec)};
      },
      py::arg("game"), py::arg("spec"),
      "A C++ agent by spec: random, greedy, mcts:simulations=400,... or an agent file.");
  m.def("agent_names", &agent_names, "The C++ agents' names.");

  m.def("_play", &play, py::arg("game"), py::arg("agents"), py::arg("games"), py::arg("seed"),
        py::arg("threads"), py::arg("out"));

  m.def(
      "read_records",
      [](const std::string& path) {
        py::list out;
        for (const auto& r : read_records(path)) out.append(to_python(r.to_json()));
        return out;
      },
      py::arg("path"),
      "The games of a records file (DIR/games.jsonl), each a dict; raises qilab.Error on a bad line.");
}

}  // namespace qilab::python
