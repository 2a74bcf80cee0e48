#pragma once
// What the two translation units of the Python module share (docs/python.md): the game and
// state handles Python holds, and JSON conversion. A state keeps its game alive, since a
// game's states and agents may refer to its rules.
#include <memory>
#include <string>

#include <pybind11/pybind11.h>
#include <nlohmann/json.hpp>

#include "engine/core/any_game.h"

namespace qilab::python {

namespace py = pybind11;

struct PyGame {
  std::shared_ptr<const AnyGame> game;
};

struct PyState {
  std::shared_ptr<const AnyGame> game;
  std::unique_ptr<AnyState> state;
};

// JSON to Python objects (dicts, lists, numbers, strings) and back, through Python's json.
py::object to_python(const nlohmann::json& j);
// A dict or list, or JSON text; `where` names the input in errors.
nlohmann::json from_python(py::handle value, const std::string& where);

void bind_games(py::module_& m);        // games, states, Rng, errors (bind_game.cc)
void bind_play(py::module_& m);         // agents, matches, records (bind_play.cc)
void bind_experiments(py::module_& m);  // tournaments, stores, stats, ratings (bind_experiments.cc)
// az and policy agents, new networks (bind_neural.cc, LibTorch builds only).
void bind_neural(py::module_& m);

}  // namespace qilab::python
