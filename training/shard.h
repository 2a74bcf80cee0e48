#pragma once
// Sample shards: one binary file per self-play iteration, written atomically (a reader sees the
// whole shard or none of it). Layout, little-endian:
//   "QLSHARD1"  input_size policy_size seats count      (int32 each)
//   per sample: input (input_size float32), k (int32), k x (index int32, probability float32),
//               outcome (seats float32)
#include <string>
#include <vector>

#include "training/sample.h"

namespace qilab::training {

void write_shard(const std::string& path, const SampleShape& shape, const std::vector<Sample>& samples);
// Reads a shard; Error "<path>: <field> ..." on a truncated, foreign or mismatched file.
std::vector<Sample> read_shard(const std::string& path, const SampleShape& shape);

// The bytes of a shard, and back (Error "<where>: <field> ..."): also the samples of one game
// sent between the ranks of an MPI run (training/selfplay_wire.h).
std::string shard_bytes(const SampleShape& shape, const std::vector<Sample>& samples);
std::vector<Sample> samples_from_bytes(const std::string& data, const SampleShape& shape,
                                       const std::string& where);

}  // namespace qilab::training
