#include "experiments/match_session.h"

#include <algorithm>
#include <filesystem>
#include <set>

#include "engine/core/config.h"
#include "engine/core/error.h"
#include "engine/core/input.h"
#include "experiments/rotation.h"

namespace qilab::experiments {
namespace fs = std::filesystem;

namespace {

GameResult result_of(const GameRecord& r) {
  return {r.returns, r.agents, static_cast<std::int64_t>(r.actions.size())};
}

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : ",") + x;
  return s;
}

}  // namespace

std::string option_difference(const nlohmann::json& theirs, const nlohmann::json& ours) {
  auto text = [](const nlohmann::json& side, const std::string& key) {
    return side.is_object() && side.contains(key) ? side[key].dump() : std::string("(absent)");
  };
  std::vector<std::string> keys;
  for (const auto* side : {&theirs, &ours})
    if (side->is_object())
      for (const auto& [k, v] : side->items()) keys.push_back(k);
  std::sort(keys.begin(), keys.end());
  for (const auto& k : keys)
    if (text(theirs, k) != text(ours, k))
      return "option '" + k + "' " + text(theirs, k) + " there, " + text(ours, k) + " in this run";
  return theirs.dump() + " there, " + ours.dump() + " in this run";  // not objects
}

void check_match_config(const MatchConfig& cfg) {
  if (cfg.agents.empty()) throw Error("no agents given");
  for (const auto& a : cfg.agents)
    if (a.empty()) throw Error("empty agent name in the agent list");
  if (cfg.games < 1) throw Error("the number of games must be at least 1, got " + std::to_string(cfg.games));
  if (cfg.threads < 1)
    throw Error("the number of threads must be at least 1, got " + std::to_string(cfg.threads));
  if (cfg.out_dir.empty()) throw Error("no output directory given");
}

MatchSession::MatchSession(RunIdentity id, MatchConfig cfg, ReplayCheck replay)
    : id_(std::move(id)), cfg_(std::move(cfg)), replay_(std::move(replay)) {
  check_match_config(cfg_);
  const fs::path dir(cfg_.out_dir);
  records_path_ = (dir / "games.jsonl").string();
  summary_path_ = (dir / "summary.json").string();
  std::error_code ec;
  const auto dir_status = fs::status(dir, ec);
  if (ec && ec != std::errc::no_such_file_or_directory) throw Error(cfg_.out_dir + ": " + ec.message());
  if (fs::exists(dir_status) && !fs::is_directory(dir_status))
    throw Error(cfg_.out_dir + ": exists and is not a directory");
  // summary.json is written after the last game: a directory in its way is found now, not then.
  if (fs::is_directory(summary_path_, ec))
    throw Error(summary_path_ + ": cannot write (a directory is in the way)");
  results_.resize(static_cast<std::size_t>(cfg_.games));
  endings_.resize(static_cast<std::size_t>(cfg_.games));
  if (fs::exists(records_path_, ec)) load_existing();
  for (std::int64_t i = 0; i < cfg_.games; ++i)
    if (!results_[static_cast<std::size_t>(i)]) pending_.push_back(i);

  // Everything is checked: only now touch the disk.
  fs::create_directories(dir, ec);
  if (ec) throw Error(cfg_.out_dir + ": cannot create directory (" + ec.message() + ")");
  check_atomic_write(summary_path_);  // the rights to write it, tried before any game is played
  if (!pending_.empty()) writer_ = std::make_unique<RecordWriter>(records_path_);
}

MatchSession::~MatchSession() = default;

std::vector<GameRecord> check_run_records(const std::string& path, const RunIdentity& id,
                                          const ReplayCheck& replay, std::vector<int>* line_numbers) {
  const std::string resume_hint = "; use another output directory, or repeat the original settings to resume";
  std::vector<int> lines;
  std::vector<GameRecord> records = read_records(path, &lines);
  std::set<std::int64_t> seen;
  for (std::size_t k = 0; k < records.size(); ++k) {
    const GameRecord& r = records[k];
    const std::string where = path + ":" + std::to_string(lines[k]) + ": game " + std::to_string(r.index);
    auto differs = [&](const std::string& what, const std::string& theirs, const std::string& ours) {
      return Error(where + " was played with " + what + " " + theirs +
                   (ours.empty() ? "" : ", this run has " + ours) + resume_hint);
    };
    if (r.game != id.game) throw differs("game", brief(r.game), id.game);
    if (r.seed != id.seed) throw differs("seed", std::to_string(r.seed), std::to_string(id.seed));
    if (r.options != id.options)
      throw differs("other options:", option_difference(r.options, id.options), "");
    if (r.config_hash != id.config_hash)
      throw differs("config hash", r.config_hash + " (the same options)", id.config_hash);
    if (r.index < 0) throw Error(where + ": negative game index");
    // An agent file edited since the record was written is another agent (older records, which
    // lack the hashes, are taken as they are: their replay below still checks the game).
    if (!r.agent_files.empty() && r.agent_files != id.agent_files)
      throw differs("other agent files (content hashes)", brief(r.agent_files, 200),
                    brief(id.agent_files, 200));
    // As play_game seats them (match.h): by play_seats where the run's teams are known.
    const auto expected = id.teams.empty() ? seat_agents(id.agents, id.seats, r.index)
                                           : play_seats(id.agents, id.teams, r.index);
    if (r.agents != expected) throw differs("agents (per seat)", join(r.agents), join(expected));
    if (static_cast<int>(r.returns.size()) != id.seats)
      throw Error(where + ": expected " + std::to_string(id.seats) + " returns, found " +
                  std::to_string(r.returns.size()));
    // The record's own fields agree with this run; its game must also be one the rules allow,
    // ending as recorded, or an edited line would be counted as a real game.
    if (replay) {
      if (const std::string what = replay(r); !what.empty())
        throw Error(where + " does not replay: " + what +
                    "; the file was edited or damaged: use another output directory");
    }
    if (!seen.insert(r.index).second) throw Error(where + ": recorded twice");
  }
  if (line_numbers) *line_numbers = std::move(lines);
  return records;
}

void MatchSession::load_existing() {
  for (const GameRecord& r : check_run_records(records_path_, id_, replay_)) {
    if (r.index >= cfg_.games) {
      ++beyond_;
      continue;
    }
    results_[static_cast<std::size_t>(r.index)] = result_of(r);
    endings_[static_cast<std::size_t>(r.index)] = r.ending;
    ++resumed_;
  }
}

void MatchSession::finish(std::size_t slot, GameRecord record) {
  waiting_.emplace(slot, std::move(record));
  while (!waiting_.empty() && waiting_.begin()->first == next_slot_) {
    auto node = waiting_.extract(waiting_.begin());
    writer_->write(node.mapped());
    results_[static_cast<std::size_t>(node.mapped().index)] = result_of(node.mapped());
    endings_[static_cast<std::size_t>(node.mapped().index)] = node.mapped().ending;
    ++next_slot_;
    ++played_;
    if (cfg_.on_progress) cfg_.on_progress(resumed_ + played_, cfg_.games);
  }
}

MatchReport MatchSession::close(double seconds) {
  writer_.reset();  // fsyncs and closes games.jsonl
  Balance balance(id_.seats, id_.agents, id_.teams);
  for (const auto& r : results_)
    if (r) balance.add(*r);  // index order: identical sums whatever order games finished in
  nlohmann::json s = {{"game", id_.game},
                      {"options", id_.options},
                      {"config_hash", id_.config_hash},
                      {"seed", id_.seed},
                      {"seats", id_.seats},
                      {"teams", id_.teams},
                      {"agents", id_.agents},
                      {"agent_files", id_.agent_files},
                      {"program", id_.program},
                      {"rotation",
                       "game i, seat s: agents[(s + i) mod len(agents)]; with more agents than seats, seats "
                       "mirrored in odd rounds of len(agents) games"}};
  s.update(balance.to_json());
  // How the games ended (the records' `ending`), where the game says.
  nlohmann::json endings = nlohmann::json::object();
  for (std::size_t i = 0; i < results_.size(); ++i)
    if (results_[i] && !endings_[i].empty()) endings[endings_[i]] = endings.value(endings_[i], 0) + 1;
  s["endings"] = endings;
  s["run"] = {{"played", played_}, {"resumed", resumed_}, {"threads", cfg_.threads}, {"seconds", seconds}};
  write_file_atomically(summary_path_, s.dump(2) + "\n");

  MatchReport rep;
  rep.table = format_summary_table(s);
  rep.summary = std::move(s);
  rep.records_path = records_path_;
  rep.summary_path = summary_path_;
  rep.played = played_;
  rep.resumed = resumed_;
  rep.beyond = beyond_;
  return rep;
}

}  // namespace qilab::experiments
