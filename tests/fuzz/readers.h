#pragma once
// The readers of untrusted input, each called the way the program calls it, for the mutation
// fuzzer in CTest (fuzz_test.cc) and the libFuzzer targets (libfuzzer_*.cc).
//
// Contract under test: a reader either accepts its input or throws qilab::Error with a
// non-empty message; it never crashes, hangs or throws anything else. Any other exception,
// including the std::logic_error thrown here when an accepted input misbehaves, is a bug.
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/any_game.h"
#include "engine/core/rng.h"

namespace qilab::fuzz {

// A position, as `--position` reads it; an accepted one must write itself back readably and
// list and apply its legal actions.
void read_position(const AnyGame& game, std::string_view text);
// A game config, as `--game FILE` reads it, then the game it describes and its start.
void read_config(std::string_view text);
// An agent file, as `--agents FILE.toml` reads it, made into an agent for `game`.
void read_agent(const AnyGame& game, std::string_view text);
// One games.jsonl line, as resume reads it, then replayed through `game`.
void read_record(const AnyGame& game, std::string_view text);

// A run directory as `qilab stats` reads it (experiments/run_records.h, run_stats.h): `records`
// written as DIR/games.jsonl (no store there), loaded and summarised.
void read_run_records(const std::string& dir, std::string_view records);
// The same for a damaged store: the store at `seed_db` copied to DIR/tournament.db, `damage`
// applied to it (SQL statements, run as they are; or, starting "bytes:", "OFFSET:HEX" pairs
// overwriting the file's bytes), then loaded and summarised.
void read_run_store(const std::string& dir, const std::string& seed_db, std::string_view damage);
// A random damage for read_run_store: a column of some row set to an edge value, a row deleted
// or duplicated, or a few bytes of the file overwritten.
std::string store_damage(std::size_t file_size, Rng& rng);

// Inputs to start from: positions of `game` along a random game, records of short games.
std::vector<std::string> position_seeds(const AnyGame& game, std::uint64_t seed);
std::vector<std::string> record_seeds(const AnyGame& game, std::uint64_t seed);

// Mutations: byte edits, edge-value splices (64-bit limits, deep nesting, long strings) and,
// for JSON, structural edits of a random node. Deterministic for a given Rng.
std::string mutate(std::string_view text, Rng& rng);

}  // namespace qilab::fuzz
