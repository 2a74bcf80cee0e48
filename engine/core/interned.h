#pragma once
// The lifetime rule for data that a game's states share (boards, geometries, rules built from
// data files): it lives for the whole process. intern<T>(key, build) builds it once per
// distinct key, under a lock, and keeps it in a table that is never emptied, so a state holds
// a plain `const T*` that can never dangle (a state may outlive the game object that made it)
// and copying a state copies a pointer, with no reference count to touch.
//
// The key must name everything the data is built from: a data file's content hash, not only
// its path, where the file may change while the program runs. A build that throws stores
// nothing. The table grows by one entry per distinct configuration a process uses.
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace qilab {

template <class T, class Build>
const T& intern(const std::string& key, Build&& build) {
  static std::mutex mu;
  static std::map<std::string, std::unique_ptr<const T>> table;
  std::lock_guard<std::mutex> lock(mu);
  auto it = table.find(key);
  if (it != table.end()) return *it->second;
  std::unique_ptr<const T> made = std::make_unique<const T>(build());
  return *table.emplace(key, std::move(made)).first->second;
}

}  // namespace qilab
