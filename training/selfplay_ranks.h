#pragma once
// `mpirun -np K qilab train`: the loop of run.h runs on rank 0 alone, exactly as in one
// process (run directory, trainer, replay, gating, checkpoints, metrics); the self-play games
// of each iteration are shared among the ranks through experiments/shards.h.
//   - Before an iteration's games rank 0 broadcasts its notice (selfplay_wire.h): the
//     iteration, its seed and, the first time and whenever gating promoted a network since,
//     the bytes of the network self-play uses. The other ranks never see the run directory.
//   - Every other rank keeps an inference service of its own on that network, plays the games
//     rank 0 hands out on selfplay.threads game threads, with the settings of that iteration
//     (selfplay_config_of), and sends each game's samples, record and counts back.
//   - Game i draws all its randomness from Rng(seed).split(i) whichever rank plays it, and rank
//     0 puts the games back in index order: the shard and the game records are those of one
//     process (docs/scale.md says when the network's floats can differ).
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <numeric>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/input.h"
#include "experiments/shards.h"
#include "neural/service.h"
#include "training/run.h"
#include "training/selfplay.h"
#include "training/selfplay_config.h"
#include "training/selfplay_wire.h"
#include "training/train_config.h"

namespace qilab::training {

template <Game G>
requires HasEncoding<G> SampleShape sample_shape_of(const G& game) {
  return {game.encoding_spec().size(), game.policy_spec().size(), game.num_players()};
}

// One iteration's games, played by index on any thread: each call takes a search that no other
// thread uses (made on the first call of each thread at once, then reused as self_play() does)
// and returns the game's output as bytes.
template <Game G>
requires HasEncoding<G>
class SelfPlayGames {
 public:
  SelfPlayGames(const G& game, neural::InferenceBackend& backend, const SelfPlayConfig& c, std::uint64_t seed)
      : game_(game), backend_(backend), c_(c), seed_(seed), shape_(sample_shape_of(game)) {}

  std::string play(std::int64_t index) {
    std::unique_ptr<detail::SelfPlaySearch<G>> mcts;
    {
      std::lock_guard l(lock_);
      if (!idle_.empty()) {
        mcts = std::move(idle_.back());
        idle_.pop_back();
      }
    }
    if (!mcts) mcts = detail::make_search(game_, backend_, c_);
    std::string bytes = game_bytes(detail::play_one(game_, *mcts, c_, seed_, index), shape_);
    std::lock_guard l(lock_);
    idle_.push_back(std::move(mcts));
    return bytes;
  }

 private:
  const G& game_;
  neural::InferenceBackend& backend_;
  SelfPlayConfig c_;
  std::uint64_t seed_;
  SampleShape shape_;
  std::mutex lock_;
  std::vector<std::unique_ptr<detail::SelfPlaySearch<G>>> idle_;
};

// Rank 0's RunHooks::self_play: the iteration's notice to every rank, then its games on every
// rank (sp.threads here), their outputs in game order. `log`: a line with the games each rank
// played, or none.
template <Game G>
requires HasEncoding<G>
auto self_play_on_ranks(const G& game, std::ostream* log) {
  auto sent = std::make_shared<std::string>();  // the network file the ranks play with
  return [&game, log, sent](neural::InferenceBackend& backend, const SelfPlayConfig& sp,
                            const SelfPlayRound& round) {
    namespace shards = experiments::shards;
    const auto start = std::chrono::steady_clock::now();
    const SampleShape shape = sample_shape_of(game);
    IterationNotice notice{round.iteration, round.seed, {}};
    if (round.network != *sent) notice.network = read_text_file(round.network, "network file");
    shards::broadcast(notice_bytes(notice));
    *sent = round.network;
    const std::vector<std::int64_t> before = shards::games_by_rank();
    SelfPlayGames<G> games(game, backend, sp, round.seed);
    std::vector<std::int64_t> indices(static_cast<std::size_t>(round.games));
    std::iota(indices.begin(), indices.end(), round.first_index);
    std::vector<detail::GameOutput> results(indices.size());
    shards::play_bytes(
        indices, std::max(1, sp.threads), 1, [&games](std::int64_t g) { return games.play(g); },
        [&](std::vector<experiments::shards::Payload>& batch) {
          for (const auto& p : batch) {
            const std::int64_t k = p.game - round.first_index;
            if (k < 0 || k >= round.games)
              throw std::runtime_error("MPI: self-play game " + std::to_string(p.game) +
                                       " came back unasked");
            results[static_cast<std::size_t>(k)] = game_from_bytes(p.bytes, shape);
          }
        });
    SelfPlayOutput out = detail::collect(results);
    out.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (log) {
      const std::vector<std::int64_t> after = shards::games_by_rank();
      std::string line = "iteration " + std::to_string(round.iteration + 1) + ": games by rank";
      for (std::size_t r = 0; r < after.size(); ++r)
        line += " " + std::to_string(after[r] - (r < before.size() ? before[r] : 0));
      *log << line << std::endl;
    }
    return out;
  };
}

// Every rank but 0: plays what rank 0 hands out, iteration after iteration, until the run ends
// (experiments::shards::serve_bytes; Quiet when rank 0 failed).
template <Game G>
requires HasEncoding<G>
void serve_self_play(const G& game, const TrainConfig& cfg) {
  neural::set_torch_threads(cfg.service.threads);
  neural::ServiceConfig service_config = cfg.service;
  service_config.expected_clients = cfg.selfplay.threads;
  std::unique_ptr<neural::InferenceService> service;
  std::unique_ptr<SelfPlayGames<G>> games;
  // A notice this rank cannot take fails the iteration's games played here, so that rank 0
  // ends the run with its message (a rank leaving alone would leave rank 0 waiting for it).
  std::exception_ptr broken;
  auto take_notice = [&](const std::string& bytes) {
    const IterationNotice notice = notice_from_bytes(bytes);
    if (!notice.network.empty()) {
      neural::Network net = neural::Network::from_bytes(notice.network, "the network sent by rank 0");
      if (service)
        service->swap_network(std::move(net));
      else
        service = std::make_unique<neural::InferenceService>(std::move(net), service_config);
    }
    if (!service) throw std::runtime_error("MPI: an iteration's notice came without a network");
    games = std::make_unique<SelfPlayGames<G>>(game, *service,
                                               selfplay_config_of(game, cfg, notice.iteration), notice.seed);
  };
  experiments::shards::serve_bytes(
      std::max(1, cfg.selfplay.threads), 1,
      [&](std::int64_t g) {
        if (broken) std::rethrow_exception(broken);
        return games->play(g);
      },
      [&](const std::string& bytes) {
        broken = nullptr;
        games.reset();
        try {
          take_notice(bytes);
        } catch (...) {
          broken = std::current_exception();
        }
      });
}

// `qilab train` on every rank of an MPI job (one rank: run_training as it is). Each rank has
// read the config and built the game; rank 0 sets up the run directory (resuming from its
// newest checkpoint with `resume`) while the others wait, then every rank learns whether all
// went well (experiments::shards::ready(): bad input anywhere ends every rank with its code).
template <Game G>
requires HasEncoding<G>
void train_on_ranks(const G& game, const TrainConfig& cfg, const std::string& out, bool resume,
                    RunHooks hooks) {
  namespace shards = experiments::shards;
  shards::ready();
  if (!shards::root()) {
    shards::ready();
    serve_self_play(game, cfg);
    return;
  }
  if (shards::size() == 1) return run_training(game, cfg, out, resume, hooks);
  bool began = false;
  hooks.ready = [&began] {
    shards::ready();
    began = true;
  };
  hooks.self_play = self_play_on_ranks(game, hooks.log);
  try {
    run_training(game, cfg, out, resume, hooks);
  } catch (...) {
    if (began) shards::finish(shards::exit_code_of(std::current_exception()));
    throw;
  }
  shards::finish(0);
}

}  // namespace qilab::training
