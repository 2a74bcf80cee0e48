#pragma once
// Game records as bytes, for the messages between the ranks of an MPI run (shards.h): a record
// goes out as it was played and comes back equal, field for field (JSON members as CBOR, so
// numbers keep every bit). The format is private to one run of one program: never stored.
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/core/record.h"

namespace qilab::experiments::wire {

// Appends to `out`.
void put_int(std::string& out, std::int64_t v);
void put_text(std::string& out, std::string_view s);
void put_record(std::string& out, const GameRecord& r);

// Reads from `in` at `pos`, advancing it; throws std::runtime_error when the bytes end early
// or do not hold what is read (a message cut or garbled: an internal failure, not bad input).
class Reader {
 public:
  explicit Reader(std::string_view in) : in_(in) {}
  std::int64_t get_int();
  std::string get_text();
  GameRecord get_record();
  bool done() const { return pos_ == in_.size(); }

 private:
  std::string_view take(std::size_t n);
  std::string_view in_;
  std::size_t pos_ = 0;
};

}  // namespace qilab::experiments::wire
