#pragma once
// ActionList: a reusable list of legal actions. Games clear and refill it; once its
// capacity has grown to a game's largest move list no further allocation happens.
#include <algorithm>
#include <cstring>
#include <memory>
#include <vector>

#include "engine/core/types.h"

namespace qilab {

class ActionList {
 public:
  ActionList() { grow(256); }
  ActionList(const ActionList& o) { *this = o; }
  ActionList& operator=(const ActionList& o) {
    if (this != &o) {
      size_ = 0;
      grow(o.capacity_);
      std::memcpy(data_.get(), o.data_.get(), sizeof(Action) * static_cast<std::size_t>(o.size_));
      size_ = o.size_;
    }
    return *this;
  }
  ActionList(ActionList&&) noexcept = default;
  ActionList& operator=(ActionList&&) noexcept = default;

  void clear() { size_ = 0; }
  void push_back(Action a) {
    if (size_ == capacity_) grow(2 * capacity_);
    data_[size_++] = a;
  }
  // Room for up to k more actions at the returned pointer; then commit(count written).
  // Lets move generators write branch-free: p[n] = a; n += is_legal;
  Action* reserve_back(int k) {
    if (size_ + k > capacity_) grow(std::max(2 * capacity_, size_ + k));
    return data_.get() + size_;
  }
  void commit(int n) { size_ += n; }

  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Action operator[](int i) const { return data_[i]; }
  const Action* begin() const { return data_.get(); }
  const Action* end() const { return data_.get() + size_; }
  bool contains(Action a) const { return std::find(begin(), end(), a) != end(); }
  std::vector<Action> vector() const { return {begin(), end()}; }

 private:
  void grow(int capacity) {
    if (capacity <= capacity_) return;
    auto bigger = std::make_unique<Action[]>(static_cast<std::size_t>(capacity));
    if (size_ > 0) std::memcpy(bigger.get(), data_.get(), sizeof(Action) * static_cast<std::size_t>(size_));
    data_ = std::move(bigger);
    capacity_ = capacity;
  }
  std::unique_ptr<Action[]> data_;
  int size_ = 0;
  int capacity_ = 0;
};

// One chance outcome with its probability.
struct ChanceOutcome {
  Action action;
  double probability;
};
using ChanceList = std::vector<ChanceOutcome>;

}  // namespace qilab
