#pragma once
// Network agents, by the network file they play (written by `qilab train`):
//   az:network=runs/x/networks/best.net,simulations=200,...   PUCT search on the network's
//       priors and values; every option of the mcts agent (docs/search.md), with selection
//       puct by default, and heuristic_weight (0 to 1, default 0: the network's values alone;
//       else mixed with the game's State::evaluate(), as training runs do early on),
//       heuristic_prior_weight (0 to 1, default 0: the network's priors alone; else mixed with
//       one ply of the heuristic) and heuristic_prior_temperature (default 0.1);
//   policy:network=runs/x/networks/best.net[,temperature=0]   the network's policy alone, no
//       search: the most likely legal move, or one sampled at the given temperature.
// Every agent of one network file in a process shares one inference service, so the games of
// a parallel run are batched together.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "agents/factory.h"
#include "agents/mcts_agent.h"
#include "neural/net_evaluator.h"
#include "neural/network_option.h"
#include "neural/service.h"

namespace qilab::neural {

// The service for network file `path`, loaded once per process (Error naming the file).
std::shared_ptr<InferenceService> shared_service(const std::string& path);

// Splits `network=...` off an agent's options; Error naming `where` when it is missing.
std::string take_network_option(std::vector<std::string>& overrides, const std::string& where);
// How much of the game's heuristic an az agent's evaluator mixes in (neural/net_evaluator.h).
struct HeuristicMix {
  double value_weight = 0, prior_weight = 0, prior_temperature = 0.1;
};
// Splits `heuristic_weight=`, `heuristic_prior_weight=` and `heuristic_prior_temperature=` off
// an az agent's options (defaults when absent); Error naming `where` for an unknown heuristic_
// option or a value out of range.
HeuristicMix take_heuristic_options(std::vector<std::string>& overrides, const std::string& where);

template <GameState S>
class PolicyAgent final : public Agent<S> {
 public:
  template <Game G>
  requires HasEncoding<G> && std::same_as<typename G::State, S> PolicyAgent(
      const G& game, std::shared_ptr<InferenceBackend> backend, double temperature)
      : backend_(std::move(backend)),
        input_(static_cast<std::size_t>(game.encoding_spec().size())),
        policy_(static_cast<std::size_t>(game.policy_spec().size())),
        values_(static_cast<std::size_t>(backend_->network_config().seats)),
        temperature_(temperature) {
    backend_->network_config().check_matches(game.encoding_spec(), game.policy_spec(), game.num_players(),
                                             "agent 'policy'");
  }
  std::string name() const override { return "policy"; }
  Action choose(const S& view, Rng& rng) override {
    const Player me = view.current_player();
    view.legal_actions(legal_);
    view.encode(me, input_);
    const std::uint64_t key = position_key(view, me);
    backend_->infer(input_.data(), &key, 1, policy_.data(), values_.data());
    priors_.resize(static_cast<std::size_t>(legal_.size()));
    legal_softmax(view, legal_, policy_.data(), priors_);
    int chosen = 0;
    if (temperature_ <= 0) {
      for (int j = 1; j < legal_.size(); ++j)
        if (priors_[std::size_t(j)] > priors_[std::size_t(chosen)]) chosen = j;
    } else {
      double total = 0;
      for (float& p : priors_) total += (p = static_cast<float>(std::pow(double(p), 1.0 / temperature_)));
      double x = rng.uniform() * total;
      for (chosen = 0; chosen + 1 < legal_.size(); ++chosen)
        if ((x -= priors_[std::size_t(chosen)]) < 0) break;
    }
    return legal_[chosen];
  }

 private:
  std::shared_ptr<InferenceBackend> backend_;
  std::vector<float> input_, policy_, values_, priors_;
  double temperature_;
  ActionList legal_;
};

// An az agent on `backend`: the mcts options (`overrides`) with selection puct by default.
template <Game G>
requires HasEncoding<G> AgentPtr<typename G::State> make_az_agent(const G& game,
                                                                  std::shared_ptr<InferenceBackend> backend,
                                                                  const std::vector<std::string>& overrides,
                                                                  const std::string& where) {
  using S = typename G::State;
  std::vector<std::string> all{"selection=puct"};
  all.insert(all.end(), overrides.begin(), overrides.end());
  const HeuristicMix mix = take_heuristic_options(all, where);
  const Options o = mcts_options(all, where);
  // The evaluator holds the backend alive through the adapter's shared pointer chain.
  struct Owning final : search::BatchEvaluator<S> {
    Owning(const G& g, std::shared_ptr<InferenceBackend> b) : backend(std::move(b)), eval(g, *backend) {}
    void evaluate(search::LeafBatch<S>& batch, Rng& rng) override { eval.evaluate(batch, rng); }
    std::shared_ptr<InferenceBackend> backend;
    NetEvaluator<S> eval;
  };
  auto evaluator = std::make_shared<Owning>(game, std::move(backend));
  evaluator->eval.set_heuristic_weight(mix.value_weight);
  evaluator->eval.set_heuristic_priors(mix.prior_weight, mix.prior_temperature);
  return std::make_unique<MctsAgent<S>>(game, o, search::SharedEvaluator<S>(std::move(evaluator)), "az",
                                        where);
}

// The makers of "az" and "policy" for game G, by name (a game without an encoding gets makers
// that say so). The qilab program takes them from its LibTorch module (apps/qilab/torch_module.h).
template <Game G>
std::map<std::string, AgentMaker<G>> network_agent_makers() {
  using S = typename G::State;
  std::map<std::string, AgentMaker<G>> makers;
  if constexpr (HasEncoding<G>) {
    makers["az"] = [](const G& game, const std::vector<std::string>& options, const std::string& where) {
      std::vector<std::string> rest = options;
      const std::string path = take_network_option(rest, where);
      return make_az_agent(game, shared_service(path), rest, where);
    };
    makers["policy"] = [](const G& game, const std::vector<std::string>& options,
                          const std::string& where) -> AgentPtr<S> {
      std::vector<std::string> rest = options;
      const std::string path = take_network_option(rest, where);
      Options o({number_option("temperature", 0.0, 0, 100, "softmax temperature; 0: the most likely move")});
      for (const auto& kv : rest) {
        const auto eq = kv.find('=');
        o.set_from_text(kv.substr(0, eq), kv.substr(eq + 1), where);
      }
      return std::make_unique<PolicyAgent<S>>(game, shared_service(path), o.get_double("temperature"));
    };
  } else {
    for (const char* name : {"az", "policy"})
      makers[name] = [name](const G&, const std::vector<std::string>&,
                            const std::string& where) -> AgentPtr<S> {
        throw Error(where + ": game '" + std::string(G::kId) + "' has no network encoding yet, so agent '" +
                    name + "' cannot play it");
      };
  }
  return makers;
}

// Registers "az" and "policy" for game G (agents/factory.h).
template <Game G>
void register_network_agents() {
  for (auto& [name, maker] : network_agent_makers<G>()) {
    register_agent_file_option(name, kNetworkOption);
    register_agent<G>(name, std::move(maker));
  }
}

// register_network_agents for every game of the registry (neural/agents.cc).
void register_network_agents_for_all_games();

}  // namespace qilab::neural
