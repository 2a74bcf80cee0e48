#pragma once
// Agents kept from one game to the next of a run. A tournament's games, on any thread, take
// their seats' agents from the pool by name and hand them back when the game is over; an agent
// that says reset() makes it as good as new (Agent::reusable) goes back into the pool, any other
// is destroyed, and a name with none free is built by the caller's maker. The referee resets
// every agent before its game (match.h, play_seated), so a game plays exactly what it would
// play with agents built for it (tests/experiments/tournament_test.cc compares the records): a
// game still depends on (seed, index, config) alone, not on which games a thread played before.
// What it saves a game is the factory's work: parsing the spec, allocating the agent and its
// scratch lists (search trees keep their arenas).
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "agents/agent.h"

namespace qilab::experiments {

template <GameState S>
class AgentPool {
 public:
  // An agent taken from the pool; it goes back (or is destroyed) with this handle.
  class Lease {
   public:
    Lease(AgentPool* pool, const std::string* name, AgentPtr<S> agent)
        : pool_(pool), name_(name), agent_(std::move(agent)) {}
    Lease(Lease&& o) noexcept : pool_(o.pool_), name_(o.name_), agent_(std::move(o.agent_)) {}
    Lease& operator=(Lease&&) = delete;
    ~Lease() {
      if (agent_ && agent_->reusable()) pool_->give_back(*name_, std::move(agent_));
    }
    Agent<S>* operator->() const { return agent_.get(); }
    Agent<S>& operator*() const { return *agent_; }

   private:
    AgentPool* pool_;
    const std::string* name_;  // the pool's own copy of the name
    AgentPtr<S> agent_;
  };

  // A free agent of that name, or make() when none is free (outside the pool's lock).
  template <class Make>
  Lease take(const std::string& name, Make&& make) {
    const std::string* key = nullptr;
    {
      std::lock_guard guard(lock_);
      auto it = free_.try_emplace(name).first;
      key = &it->first;
      if (!it->second.empty()) {
        AgentPtr<S> agent = std::move(it->second.back());
        it->second.pop_back();
        return Lease(this, key, std::move(agent));
      }
    }
    return Lease(this, key, make());
  }

  // Agents free now, of every name (tests).
  std::size_t free_count() {
    std::lock_guard guard(lock_);
    std::size_t n = 0;
    for (const auto& [name, agents] : free_) n += agents.size();
    return n;
  }

 private:
  void give_back(const std::string& name, AgentPtr<S> agent) {
    std::lock_guard guard(lock_);
    free_[name].push_back(std::move(agent));
  }
  std::mutex lock_;
  std::map<std::string, std::vector<AgentPtr<S>>> free_;  // node-based: names keep their address
};

}  // namespace qilab::experiments
