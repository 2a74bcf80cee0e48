// The qilab module: tournaments, their stores and a run's statistics and ratings, through the
// same functions as `qilab tournament`, `qilab export`, `qilab stats` and `qilab ratings`
// (docs/python.md). Games run with the GIL released.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "experiments/run_ratings.h"
#include "experiments/run_records.h"
#include "experiments/run_stats.h"
#include "experiments/store.h"
#include "experiments/tournament.h"
#include "python/bindings.h"

namespace qilab::python {
namespace {

py::dict tournament(const std::string& config, const std::string& out, int threads) {
  experiments::TournamentReport rep;
  {
    py::gil_scoped_release release;
    rep = experiments::run_tournament(experiments::read_tournament_config(config), out, threads);
  }
  py::dict d;
  d["summary"] = to_python(rep.summary);
  d["table"] = rep.table;
  d["store_path"] = rep.store_path;
  d["summary_path"] = rep.summary_path;
  d["played"] = rep.played;
  d["resumed"] = rep.resumed;
  d["forfeits"] = rep.forfeits;
  return d;
}

py::list seat_rows(const std::string& db_path) {
  std::vector<experiments::SeatRow> rows;
  {
    py::gil_scoped_release release;
    rows = experiments::read_seat_rows(db_path);
  }
  py::list out;
  for (const auto& r : rows) {
    py::dict d;
    d["game"] = r.game;
    d["lineup"] = r.lineup;
    d["seat"] = r.seat;
    d["team"] = r.team;
    d["agent"] = r.agent;
    d["return"] = r.result;
    d["outcome"] = r.outcome;
    d["length"] = r.length;
    d["forfeits"] = r.forfeits;
    d["setup"] = r.setup;
    out.append(std::move(d));
  }
  return out;
}

}  // namespace

void bind_experiments(py::module_& m) {
  m.def("_tournament", &tournament, py::arg("config"), py::arg("out"), py::arg("threads"));
  m.def(
      "_store_games",
      [](const std::string& db_path) {
        std::vector<GameRecord> records;
        {
          py::gil_scoped_release release;
          records = experiments::read_store_records(db_path);
          experiments::write_notation(records);  // as the JSON Lines export writes them
        }
        py::list out;
        for (const auto& r : records) out.append(to_python(r.to_json()));
        return out;
      },
      py::arg("db_path"));
  m.def("_store_seats", &seat_rows, py::arg("db_path"));
  m.def(
      "stats",
      [](const std::string& dir, std::int64_t trace_games) {
        if (trace_games < 0)
          throw Error("trace_games: expected a number of games, 0 or more, got " +
                      std::to_string(trace_games));
        nlohmann::json stats;
        {
          py::gil_scoped_release release;
          experiments::RunRecords run(dir);  // read as `qilab stats` reads it
          experiments::StatsOptions o;
          o.trace_games = trace_games;
          o.source = run.source();
          stats = experiments::run_stats(run.passes(), o);
        }
        return to_python(stats);
      },
      py::arg("dir"), py::arg("trace_games") = 2000,
      "What `qilab stats DIR --json` prints, as a dict: win rates with intervals by seat, team and "
      "agent, seat equality, outcome metrics, the game's own analysis. DIR holds tournament.db or "
      "games.jsonl.");
  m.def(
      "ratings",
      [](const std::string& dir) {
        nlohmann::json ratings;
        {
          py::gil_scoped_release release;
          experiments::RunRecords run(dir);  // read as `qilab ratings` reads it
          ratings = experiments::run_ratings(run.passes(), run.source());
        }
        return to_python(ratings);
      },
      py::arg("dir"),
      "What `qilab ratings DIR --json` prints, as a dict: Bradley-Terry (Elo) with intervals, "
      "Plackett-Luce, the junqi ladder.");
}

}  // namespace qilab::python
