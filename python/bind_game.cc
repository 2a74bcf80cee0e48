// The qilab module: games, states, the random stream and the error classes (docs/python.md).
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "engine/core/config.h"
#include "engine/core/error.h"
#include "engine/core/input.h"
#include "engine/registry.h"
#include "python/bindings.h"

namespace qilab::python {
namespace {

// As the CLI's --game: a config file when the text looks like a path, else a registry id.
bool looks_like_path(const std::string& s) {
  return s.find('/') != std::string::npos || (s.size() > 5 && s.ends_with(".toml"));
}

GameConfig config_of(const std::string& game) {
  if (!looks_like_path(game)) return default_config(game);
  GameConfig c = read_game_config(game);
  try {
    find_game(c.game);
  } catch (const Error& e) {
    throw Error(game + ": " + e.what());
  }
  return c;
}

// A keyword option as the text of a --set override: Python's True/False are TOML's true/false.
std::string option_text(const std::string& key, py::handle value) {
  if (py::isinstance<py::bool_>(value)) return value.cast<bool>() ? "true" : "false";
  if (py::isinstance<py::int_>(value) || py::isinstance<py::float_>(value) || py::isinstance<py::str>(value))
    return py::str(value).cast<std::string>();
  throw Error("option '" + key + "': expected a boolean, number or string, got a " +
              py::str(py::type::of(value).attr("__name__")).cast<std::string>());
}

py::object option_value(const OptionValue& v) {
  return std::visit([](const auto& x) -> py::object { return py::cast(x); }, v);
}

void check_player(const AnyState& s, Player p) {
  if (p < 0 || p >= s.num_players())
    throw Error("player " + std::to_string(p) + ": expected a seat 0 to " +
                std::to_string(s.num_players() - 1));
}

void check_action_id(const AnyGame& g, Action a) {
  if (a < 0 || a >= g.num_distinct_actions())
    throw Error("action " + std::to_string(a) + ": expected an action id 0 to " +
                std::to_string(g.num_distinct_actions() - 1));
}

py::list values_of(const Values& v, int n) {
  py::list out;
  for (int p = 0; p < n; ++p) out.append(v[static_cast<std::size_t>(p)]);
  return out;
}

PyState make_state(const std::shared_ptr<const AnyGame>& g, std::unique_ptr<AnyState> s) {
  return PyState{g, std::move(s)};
}

py::dict encoding_spec_dict(const EncodingSpec& e) {
  py::dict d;
  d["version"] = e.version;
  d["planes"] = e.planes;
  d["height"] = e.height;
  d["width"] = e.width;
  d["scalars"] = e.scalars;
  d["plane_names"] = e.plane_names;
  d["scalar_names"] = e.scalar_names;
  d["shape"] = py::make_tuple(e.planes, e.height, e.width);
  d["size"] = e.size();
  return d;
}

}  // namespace

py::object to_python(const nlohmann::json& j) {
  // Kept for the life of the process: never released after the interpreter has gone.
  static const auto* loads = new py::object(py::module_::import("json").attr("loads"));
  return (*loads)(j.dump());
}

nlohmann::json from_python(py::handle value, const std::string& where) {
  if (py::isinstance<py::str>(value)) return parse_json(value.cast<std::string>(), where);
  static const auto* dumps = new py::object(py::module_::import("json").attr("dumps"));
  std::string text;
  try {
    text = (*dumps)(value).cast<std::string>();
  } catch (const py::error_already_set& e) {
    throw Error(where + ": expected JSON text or a dict of JSON values (" + std::string(e.what()) + ")");
  }
  return parse_json(text, where);
}

void bind_games(py::module_& m) {
  static py::exception<Error> error(m, "Error");
  static py::exception<IllegalAction> illegal(m, "IllegalAction", error.ptr());
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const IllegalAction& e) {
      PyErr_SetString(illegal.ptr(), e.what());
    } catch (const Error& e) {
      PyErr_SetString(error.ptr(), e.what());
    } catch (const nlohmann::json::exception& e) {  // bad input to the CLI as well
      PyErr_SetString(error.ptr(), e.what());
    }
  });

  py::class_<Rng>(m, "Rng",
                  "qilab's random stream (xoshiro256**): Rng(seed).split(i) is game i's stream of a run.")
      .def(py::init<std::uint64_t>(), py::arg("seed") = 0)
      .def("split", &Rng::split, py::arg("index"))
      .def("next", &Rng::next)
      .def(
          "below",
          [](Rng& r, std::uint32_t n) {
            if (n == 0) throw Error("Rng.below(0): expected n >= 1");
            return r.below(n);
          },
          py::arg("n"))
      .def("uniform", &Rng::uniform);

  m.def(
      "games",
      [] {
        py::list out;
        for (const auto& info : game_infos()) {
          py::list options;
          for (const auto& s : info.specs) {
            py::dict o;
            o["name"] = s.name;
            o["default"] = option_value(s.default_value);
            o["expects"] = s.expects();
            o["help"] = s.help;
            options.append(o);
          }
          py::dict d;
          d["id"] = info.id;
          d["name"] = info.name;
          d["options"] = options;
          out.append(d);
        }
        return out;
      },
      "Every game of this build: id, name and options (name, default, what it expects, help).");

  py::class_<PyGame, std::shared_ptr<PyGame>>(m, "Game", "One variant of a game, its options resolved.")
      .def_property_readonly("id", [](const PyGame& g) { return std::string(g.game->id()); })
      .def_property_readonly("name", [](const PyGame& g) { return std::string(g.game->name()); })
      .def_property_readonly("options",
                             [](const PyGame& g) { return to_python(g.game->options().to_json()); })
      .def_property_readonly("num_players", [](const PyGame& g) { return g.game->num_players(); })
      .def_property_readonly(
          "teams",
          [](const PyGame& g) {
            const auto s = g.game->initial_state();
            std::vector<int> teams;
            for (Player p = 0; p < s->num_players(); ++p) teams.push_back(s->team_of(p));
            return teams;
          },
          "The team of each seat at the start.")
      .def_property_readonly("num_distinct_actions",
                             [](const PyGame& g) { return g.game->num_distinct_actions(); })
      .def_property_readonly("policy_size", [](const PyGame& g) { return g.game->policy_spec().size(); })
      // The most actions a game can take (Game::max_game_length); None where the options set no limit.
      .def_property_readonly("max_game_length",
                             [](const PyGame& g) -> py::object {
                               const std::int64_t n = g.game->max_game_length();
                               if (n == kNoLengthBound) return py::none();
                               return py::int_(n);
                             })
      .def_property_readonly("encoding_spec",
                             [](const PyGame& g) { return encoding_spec_dict(g.game->encoding_spec()); })
      .def_property_readonly("policy_spec",
                             [](const PyGame& g) {
                               const PolicySpec& p = g.game->policy_spec();
                               py::dict d;
                               d["planes"] = p.planes;
                               d["height"] = p.height;
                               d["width"] = p.width;
                               d["extra"] = p.extra;
                               d["plane_names"] = p.plane_names;
                               d["extra_names"] = p.extra_names;
                               d["size"] = p.size();
                               return d;
                             })
      .def("new_initial_state", [](const PyGame& g) { return make_state(g.game, g.game->initial_state()); })
      .def(
          "from_json",
          [](const PyGame& g, py::handle position) {
            return make_state(g.game, g.game->state_from_json(from_python(position, "position")));
          },
          py::arg("position"), "A position from JSON text or a dict (State.to_json's format).")
      .def("__repr__", [](const PyGame& g) {
        return "<qilab.Game " + std::string(g.game->id()) + " " + g.game->options().to_json().dump() + ">";
      });

  m.def(
      "load_game",
      [](const std::string& game, const py::kwargs& options) {
        std::vector<std::string> overrides;
        for (const auto& [k, v] : options) {
          const std::string key = py::str(k).cast<std::string>();
          overrides.push_back(key + "=" + option_text(key, v));
        }
        return std::make_shared<PyGame>(
            PyGame{std::shared_ptr<const AnyGame>(make_any_game(config_of(game), overrides))});
      },
      py::arg("game"),
      "A game by registry id or config file (.toml), options as keywords: load_game('checkers', players=6).");

  py::class_<PyState>(m, "State",
                      "A position of a game: the full state (the referee's), or a seat's sampled world.")
      .def_property_readonly("game",
                             [](const PyState& s) { return std::make_shared<PyGame>(PyGame{s.game}); })
      .def(
          "legal_actions",
          [](const PyState& s) {
            thread_local ActionList list;
            s.state->legal_actions(list);
            py::array_t<std::int32_t> out(list.size());
            if (list.size() > 0)
              std::memcpy(out.mutable_data(), list.begin(),
                          sizeof(Action) * static_cast<std::size_t>(list.size()));
            return out;
          },
          "The legal actions as a NumPy int32 array (chance nodes: the outcomes).")
      .def(
          "apply", [](PyState& s, Action a) { s.state->apply(a); }, py::arg("action"),
          "Applies a legal action; raises qilab.IllegalAction otherwise.")
      .def("clone", [](const PyState& s) { return make_state(s.game, s.state->clone()); })
      .def("__copy__", [](const PyState& s) { return make_state(s.game, s.state->clone()); })
      .def("__deepcopy__", [](const PyState& s, py::handle) { return make_state(s.game, s.state->clone()); })
      .def("num_players", [](const PyState& s) { return s.state->num_players(); })
      .def(
          "current_player", [](const PyState& s) { return s.state->current_player(); },
          "The seat to move; -1 at a chance node, -2 when the game is over.")
      .def("is_terminal", [](const PyState& s) { return s.state->is_terminal(); })
      .def("is_chance", [](const PyState& s) { return s.state->is_chance(); })
      .def("move_number", [](const PyState& s) { return s.state->move_number(); })
      .def(
          "team_of",
          [](const PyState& s, Player p) {
            check_player(*s.state, p);
            return s.state->team_of(p);
          },
          py::arg("player"))
      .def(
          "chance_outcomes", [](const PyState& s) { return s.state->chance_outcomes(); },
          "The exact distribution at a chance node: [(outcome, probability), ...].")
      .def(
          "sample_chance",
          [](const PyState& s, Rng& rng) {
            if (!s.state->is_chance()) throw Error("sample_chance: this is not a chance node");
            return s.state->sample_chance(rng);
          },
          py::arg("rng"))
      .def("returns", [](const PyState& s) { return values_of(s.state->returns(), s.state->num_players()); })
      .def("evaluate",
           [](const PyState& s) { return values_of(s.state->evaluate(), s.state->num_players()); })
      .def(
          "action_to_string",
          [](const PyState& s, Action a) {
            check_action_id(*s.game, a);
            return s.state->action_to_string(a);
          },
          py::arg("action"))
      .def(
          "string_to_action",
          [](const PyState& s, const std::string& text) { return s.state->string_to_action(text); },
          py::arg("text"))
      .def(
          "action_view",
          [](const PyState& s, Player p, Action a) {
            check_player(*s.state, p);
            check_action_id(*s.game, a);
            return s.state->action_view(p, a);
          },
          py::arg("player"), py::arg("action"),
          "What seat `player` sees of `action`, asked before it is applied (-3: nothing).")
      .def(
          "to_json", [](const PyState& s) { return s.state->to_json().dump(); }, "The position as JSON text.")
      .def("render_text", [](const PyState& s) { return s.state->render_text(); })
      .def("__str__", [](const PyState& s) { return s.state->render_text(); })
      .def(
          "observation_string",
          [](const PyState& s, Player p) {
            check_player(*s.state, p);
            return s.state->observation_string(p);
          },
          py::arg("player"))
      .def(
          "sample_world",
          [](const PyState& s, Player p, std::uint64_t seed) {
            check_player(*s.state, p);
            return make_state(s.game, s.state->sample_world(p, seed));
          },
          py::arg("player"), py::arg("seed"),
          "A full state consistent with what `player` has seen, drawn from Rng(seed).")
      .def(
          "sample_world",
          [](const PyState& s, Player p, Rng& rng) {
            check_player(*s.state, p);
            return make_state(s.game, s.state->sample_world(p, rng));
          },
          py::arg("player"), py::arg("rng"))
      .def(
          "encode",
          [](const PyState& s, Player p) {
            check_player(*s.state, p);
            const EncodingSpec& spec = s.game->encoding_spec();
            py::array_t<float> flat(spec.size());
            s.state->encode(p, std::span<float>(flat.mutable_data(), static_cast<std::size_t>(spec.size())));
            py::array_t<float> board(std::vector<py::ssize_t>{spec.planes, spec.height, spec.width},
                                     flat.mutable_data(), flat);
            py::array_t<float> scalars(std::vector<py::ssize_t>{spec.scalars},
                                       flat.mutable_data() + spec.board_size(), flat);
            return py::make_tuple(board, scalars);
          },
          py::arg("player"),
          "What `player` sees, as (board, scalars): float32 arrays of shape (planes, height, width) and "
          "(scalars,).")
      .def(
          "encode_flat",
          [](const PyState& s, Player p) {
            check_player(*s.state, p);
            const EncodingSpec& spec = s.game->encoding_spec();
            py::array_t<float> flat(spec.size());
            s.state->encode(p, std::span<float>(flat.mutable_data(), static_cast<std::size_t>(spec.size())));
            return flat;
          },
          py::arg("player"), "The same encoding as one float32 array of encoding_spec['size'] values.")
      .def(
          "policy_index", [](const PyState& s, Action a) { return s.state->policy_index(a); },
          py::arg("action"))
      .def(
          "policy_action", [](const PyState& s, int i) { return s.state->policy_action(i); },
          py::arg("index"))
      .def("__repr__", [](const PyState& s) {
        return "<qilab.State " + std::string(s.game->id()) + " move " +
               std::to_string(s.state->move_number()) + ">";
      });
}

}  // namespace qilab::python

PYBIND11_MODULE(_qilab, m) {
  m.doc() = "qilab: games, agents and matches of the qilab C++ engine (docs/python.md)";
  qilab::python::bind_games(m);
  qilab::python::bind_play(m);
  qilab::python::bind_experiments(m);
#ifdef QILAB_WITH_TORCH
  qilab::python::bind_neural(m);
#else
  m.attr("has_networks") = false;
#endif
}
