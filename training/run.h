#pragma once
// The AlphaZero loop of `qilab train` (docs/training.md). A run directory holds
//   run.json                  the game, options and config hash the run was started with
//   metrics.jsonl             one line per event: selfplay, train (every step), gating, checkpoint, resume
//   shards/shard-NNNNNN.bin   the samples of self-play iteration N (training/shard.h)
//   selfplay/games-NNNNNN.jsonl  that iteration's game records (JSON Lines)
//   networks/gen-NNNNNN.net   the network after iteration N (gen-000000: the initial one)
//   networks/best.net         the network self-play uses (the newest one gating promoted)
//   checkpoints/step-NNNNNNNN.ckpt  trainer checkpoints (training/trainer.h), every
//                             checkpoint_every steps and at the end of each iteration
// Every file is written atomically; a run killed at any moment resumes (--resume) from its
// newest checkpoint: the replay window is rebuilt from the shards up to the checkpoint's
// position, batches are drawn from Rng(seed).split(step), so the next losses equal those of
// an unbroken run.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <ostream>
#include <string>

#include <fcntl.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "engine/core/config.h"
#include "engine/core/error.h"
#include "engine/core/input.h"
#include "neural/agents.h"
#include "neural/network.h"
#include "neural/service.h"
#include "training/gating.h"
#include "training/replay.h"
#include "training/selfplay.h"
#include "training/selfplay_config.h"
#include "training/shard.h"
#include "training/train_config.h"
#include "training/trainer.h"

namespace qilab::training {

// An iteration's self-play games, for RunHooks::self_play.
struct SelfPlayRound {
  std::int64_t iteration = 0;  // 0-based
  std::uint64_t seed = 0;      // game i draws from Rng(seed).split(i)
  std::int64_t first_index = 0;
  int games = 0;
  std::string network;  // the file of the network self-play uses (networks/gen-NNNNNN.net)
};

struct RunHooks {
  // Tests: return (as if the process died) right after the step with this number was taken
  // and its checkpoint, if due, written; < 0: run to the end.
  std::int64_t stop_after_step = -1;
  std::ostream* log = nullptr;  // progress lines, or none
  // Called once the run directory is set up, before the first iteration (MPI: the other ranks
  // wait for it, training/selfplay_ranks.h).
  std::function<void()> ready;
  // Plays an iteration's games in place of self_play() on `backend` (MPI: on every rank).
  std::function<SelfPlayOutput(neural::InferenceBackend& backend, const SelfPlayConfig&,
                               const SelfPlayRound&)>
      self_play;
};

// Appends one JSON line per call with a single write and fdatasync (like game records).
class MetricsWriter {
 public:
  explicit MetricsWriter(const std::string& path) : path_(path) {
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (fd_ < 0) throw Error(path + ": cannot open the metrics file for appending");
  }
  ~MetricsWriter() {
    if (fd_ >= 0) ::close(fd_);
  }
  MetricsWriter(const MetricsWriter&) = delete;
  MetricsWriter& operator=(const MetricsWriter&) = delete;
  void write(const nlohmann::json& line) {
    const std::string text = line.dump() + "\n";
    if (::write(fd_, text.data(), text.size()) != static_cast<ssize_t>(text.size()) || ::fdatasync(fd_) != 0)
      throw Error(path_ + ": cannot write the metrics line");
  }

 private:
  std::string path_;
  int fd_ = -1;
};

inline std::string numbered(const std::string& dir, const char* stem, std::int64_t n, int digits,
                            const char* ext) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%s-%0*lld%s", stem, digits, static_cast<long long>(n), ext);
  return (std::filesystem::path(dir) / buf).string();
}

// The newest complete checkpoint in `dir` ("" when none): temporary files never match.
inline std::string latest_checkpoint(const std::string& dir) {
  std::string best;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = e.path().filename().string();
    if (name.starts_with("step-") && name.ends_with(".ckpt") &&
        name > std::filesystem::path(best).filename().string())
      best = e.path().string();
  }
  return best;
}

template <Game G>
requires HasEncoding<G>
void run_training(const G& game, const TrainConfig& cfg, const std::string& out, bool resume,
                  const RunHooks& hooks = {}) {
  namespace fs = std::filesystem;
  using Clock = std::chrono::steady_clock;
  const std::string checkpoints = (fs::path(out) / "checkpoints").string();
  const std::string networks = (fs::path(out) / "networks").string();
  const std::string shards = (fs::path(out) / "shards").string();
  const std::string selfplay_dir = (fs::path(out) / "selfplay").string();
  const std::string run_file = (fs::path(out) / "run.json").string();
  const std::string best_file = (fs::path(networks) / "best.net").string();
  auto say = [&](const std::string& line) {
    if (hooks.log) *hooks.log << line << std::endl;
  };

  const nlohmann::json identity = {{"game", std::string(G::kId)},
                                   {"options", game.options().to_json()},
                                   {"config", cfg.source},
                                   {"config_hash", cfg.text_hash}};
  std::error_code ec;
  if (resume) {
    if (!fs::exists(run_file))
      throw Error(out + ": no run to resume (run.json missing); drop --resume to start one");
    const nlohmann::json was = parse_json(read_text_file(run_file, "run file"), run_file);
    if (was.value("config_hash", "") != cfg.text_hash || was.value("game", "") != G::kId ||
        was.value("options", nlohmann::json()) != identity["options"])
      throw Error(run_file + ": the run was started with another config or game (config_hash " +
                  was.value("config_hash", "?") + ", this config " + cfg.text_hash +
                  "); resume it with the same config");
  } else {
    if (fs::exists(run_file) || fs::exists(fs::path(out) / "metrics.jsonl"))
      throw Error(out + ": already holds a run; pass --resume to continue it, or choose another --out");
  }
  for (const auto& d : {checkpoints, networks, shards, selfplay_dir}) {
    fs::create_directories(d, ec);
    if (ec) throw Error(d + ": cannot create the directory (" + ec.message() + ")");
  }
  if (!resume) write_file_atomically(run_file, identity.dump(2) + "\n");
  MetricsWriter metrics((fs::path(out) / "metrics.jsonl").string());

  const int players = game.num_players();
  const SampleShape shape{game.encoding_spec().size(), game.policy_spec().size(), players};
  const auto net_config =
      neural::NetworkConfig::for_specs(std::string(G::kId), game.encoding_spec(), game.policy_spec(), players,
                                       cfg.network.blocks, cfg.network.channels, cfg.network.value_hidden);
  neural::set_torch_threads(cfg.service.threads);
  Trainer trainer(neural::Network(net_config, cfg.seed), cfg.optimizer);
  std::int64_t iteration = 0, iteration_steps = 0, best = 0;
  ReplayWindow replay(shape, cfg.replay.window,
                      cfg.replay.symmetries ? encoding_symmetries_of(game) : std::vector<EncodingSymmetry>{});
  if (resume) {
    const std::string ckpt = latest_checkpoint(checkpoints);
    if (ckpt.empty())
      throw Error(checkpoints + ": no checkpoint to resume from; drop --resume and choose another --out");
    const nlohmann::json extra = trainer.load_checkpoint(ckpt);
    for (const char* key : {"iteration", "iteration_steps", "best"})
      if (!extra.contains(key) || !extra[key].is_number_integer() || extra[key].get<std::int64_t>() < 0)
        throw Error(ckpt + ": field '" + key + "' expects an integer >= 0");
    iteration = extra["iteration"].get<std::int64_t>();
    iteration_steps = extra["iteration_steps"].get<std::int64_t>();
    best = extra["best"].get<std::int64_t>();
    // The buffer position: every shard of a finished iteration, and the current one's when
    // training on it had begun.
    const std::int64_t last_shard = iteration + (iteration_steps > 0 ? 1 : 0);
    for (std::int64_t k = 1; k <= last_shard; ++k)
      replay.add(read_shard(numbered(shards, "shard", k, 6, ".bin"), shape));
    metrics.write(
        {{"event", "resume"}, {"checkpoint", ckpt}, {"step", trainer.steps()}, {"iteration", iteration}});
    say("resumed from " + ckpt + " at step " + std::to_string(trainer.steps()));
  } else {
    trainer.network().save(numbered(networks, "gen", 0, 6, ".net"));
    trainer.network().save(best_file);
  }

  neural::ServiceConfig service_config = cfg.service;
  service_config.expected_clients = cfg.selfplay.threads;
  auto service = std::make_shared<neural::InferenceService>(
      neural::Network::load(numbered(networks, "gen", best, 6, ".net")), service_config);

  if (hooks.ready) hooks.ready();

  auto checkpoint = [&](std::int64_t it, std::int64_t it_steps) {
    const std::string path = numbered(checkpoints, "step", trainer.steps(), 8, ".ckpt");
    trainer.save_checkpoint(path, {{"iteration", it}, {"iteration_steps", it_steps}, {"best", best}});
    metrics.write({{"event", "checkpoint"}, {"step", trainer.steps()}, {"path", path}});
  };

  for (std::int64_t it = iteration; it < cfg.iterations; ++it) {
    const std::string shard_path = numbered(shards, "shard", it + 1, 6, ".bin");
    if (!(resume && it == iteration && iteration_steps > 0)) {
      const std::uint64_t seed = Rng(cfg.seed).split(static_cast<std::uint64_t>(it)).next();
      const SelfPlayConfig sp = selfplay_config_of(game, cfg, it);
      SelfPlayOutput played =
          hooks.self_play ? hooks.self_play(*service, sp,
                                            {it, seed, it * cfg.selfplay.games, cfg.selfplay.games,
                                             numbered(networks, "gen", best, 6, ".net")})
                          : self_play(game, *service, sp, seed, it * cfg.selfplay.games, cfg.selfplay.games);
      write_shard(shard_path, shape, played.samples);
      std::string lines;
      for (const auto& r : played.records) lines += r.to_json().dump() + "\n";
      write_file_atomically(numbered(selfplay_dir, "games", it + 1, 6, ".jsonl"), lines);
      const auto& st = played.stats;
      const auto fp = experiments::wilson_interval(st.resign_false_positives, st.resign_checks);
      const auto svc = service->stats();
      metrics.write(
          {{"event", "selfplay"},
           {"iteration", it + 1},
           {"games", st.games},
           {"heuristic_weight", sp.heuristic_weight},
           {"heuristic_prior_weight", sp.heuristic_prior_weight},
           {"moves", st.moves},
           {"samples", st.samples},
           {"seconds", st.seconds},
           {"games_per_s", st.seconds > 0 ? double(st.games) / st.seconds : 0.0},
           {"searches_per_s", st.seconds > 0 ? double(st.searches) / st.seconds : 0.0},
           {"resigned", st.resigned},
           {"resign_false_positives",
            {{"count", st.resign_false_positives},
             {"checks", st.resign_checks},
             {"rate", st.resign_checks ? double(st.resign_false_positives) / double(st.resign_checks) : 0.0},
             {"interval95", {fp.lo, fp.hi}}}},
           {"service",
            {{"batches", svc.batches},
             {"positions", svc.positions},
             {"mean_batch", svc.mean_batch()},
             {"cache_hits", svc.cache_hits}}}});
      say("iteration " + std::to_string(it + 1) + ": " + std::to_string(st.games) + " games, " +
          std::to_string(st.samples) + " samples in " + std::to_string(st.seconds) + " s");
      replay.add(std::move(played.samples));
    }
    const std::int64_t from = (resume && it == iteration) ? iteration_steps : 0;
    auto t0 = Clock::now();
    for (std::int64_t s = from; s < cfg.trainer.steps_per_iteration; ++s) {
      Rng rng = Rng(cfg.seed ^ 0x7A3F5EEDull).split(static_cast<std::uint64_t>(trainer.steps()));
      const Batch batch = replay.draw(cfg.trainer.batch_size, net_config.seats, rng);
      const Losses l = trainer.step(batch);
      const double secs = std::chrono::duration<double>(Clock::now() - t0).count();
      t0 = Clock::now();
      metrics.write({{"event", "train"},
                     {"step", trainer.steps()},
                     {"iteration", it + 1},
                     {"policy_loss", l.policy},
                     {"value_loss", l.value},
                     {"l2_loss", l.l2},
                     {"loss", l.total},
                     {"learning_rate", cfg.optimizer.learning_rate_at(trainer.steps() - 1)},
                     {"window", replay.size()},
                     {"samples_per_s", secs > 0 ? cfg.trainer.batch_size / secs : 0.0}});
      const bool last = s + 1 == cfg.trainer.steps_per_iteration;
      if (!last && trainer.steps() % cfg.trainer.checkpoint_every == 0) checkpoint(it, s + 1);
      if (trainer.steps() == hooks.stop_after_step) return;
    }
    // The candidate, then gating: it replaces the best network when it scores at least the
    // threshold against it (or always, without gating games).
    neural::Network candidate = trainer.network().clone();
    const std::string gen_path = numbered(networks, "gen", it + 1, 6, ".net");
    candidate.save(gen_path);
    bool promote = true;
    const std::uint64_t gate_seed =
        Rng(cfg.seed ^ 0x6A7E5EEDull).split(static_cast<std::uint64_t>(it)).next();
    const std::vector<std::string> az_options = {"simulations=" + std::to_string(cfg.gating.simulations),
                                                 "batch=" + std::to_string(cfg.selfplay.batch),
                                                 "puct=" + std::to_string(cfg.selfplay.puct)};
    neural::ServiceConfig eval_config = cfg.service;
    eval_config.expected_clients = cfg.gating.threads;
    std::shared_ptr<neural::InferenceService> cand_service;
    if (cfg.gating.games > 0 || cfg.gating.baseline_games > 0)
      cand_service = std::make_shared<neural::InferenceService>(candidate.clone(), eval_config);
    auto az_on = [&](std::shared_ptr<neural::InferenceService> s) {
      return [&game, s, &az_options]() {
        return neural::make_az_agent(game, s, az_options, "gating agent 'az'");
      };
    };
    if (cfg.gating.games > 0) {
      auto best_service = std::make_shared<neural::InferenceService>(
          neural::Network::load(numbered(networks, "gen", best, 6, ".net")), eval_config);
      const MatchScore score = play_match<G>(game, az_on(cand_service), az_on(best_service), cfg.gating.games,
                                             gate_seed, cfg.gating.threads);
      promote = score.rate() >= cfg.gating.threshold;
      metrics.write({{"event", "gating"},
                     {"iteration", it + 1},
                     {"candidate", it + 1},
                     {"best", best},
                     {"result", score.to_json()},
                     {"threshold", cfg.gating.threshold},
                     {"promoted", promote}});
      say("gating: candidate scores " + std::to_string(score.rate()) + " over " +
          std::to_string(score.games) + " games against generation " + std::to_string(best) +
          (promote ? ": promoted" : ": kept the best"));
    }
    if (cfg.gating.baseline_games > 0) {
      const std::string baseline = cfg.gating.baseline;
      const MatchScore score = play_match<G>(
          game, az_on(cand_service), [&game, &baseline]() { return make_agent(game, baseline); },
          cfg.gating.baseline_games, gate_seed ^ 1, cfg.gating.threads);
      metrics.write({{"event", "baseline"},
                     {"iteration", it + 1},
                     {"candidate", it + 1},
                     {"baseline", baseline},
                     {"result", score.to_json()}});
      say("baseline: candidate scores " + std::to_string(score.rate()) + " over " +
          std::to_string(score.games) + " games against " + baseline);
    }
    if (promote) {
      best = it + 1;
      candidate.save(best_file);
      service->swap_network(std::move(candidate));
    }
    checkpoint(it + 1, 0);
    resume = false;
  }
}

}  // namespace qilab::training
