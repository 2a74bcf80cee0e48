// training/shard.h: sample shards in a small binary format.
#include "training/shard.h"

#include <cmath>
#include <cstring>

#include "engine/core/config.h"
#include "engine/core/error.h"
#include "engine/core/input.h"

namespace qilab::training {

namespace {
constexpr char kMagic[8] = {'Q', 'L', 'S', 'H', 'A', 'R', 'D', '1'};

template <class T>
void put(std::string& out, const T& v) {
  out.append(reinterpret_cast<const char*>(&v), sizeof(T));
}

class Reader {
 public:
  Reader(const std::string& data, const std::string& path) : data_(data), path_(path) {}
  template <class T>
  T get(const char* field) {
    if (at_ + sizeof(T) > data_.size())
      throw Error(path_ + ": field '" + field + "' cut short (expected a complete sample shard)");
    T v;
    std::memcpy(&v, data_.data() + at_, sizeof(T));
    at_ += sizeof(T);
    return v;
  }
  bool done() const { return at_ == data_.size(); }

 private:
  const std::string& data_;
  const std::string& path_;
  std::size_t at_ = 0;
};
}  // namespace

std::string shard_bytes(const SampleShape& shape, const std::vector<Sample>& samples) {
  std::string out(kMagic, sizeof kMagic);
  put<std::int32_t>(out, shape.input_size);
  put<std::int32_t>(out, shape.policy_size);
  put<std::int32_t>(out, shape.seats);
  put<std::int32_t>(out, static_cast<std::int32_t>(samples.size()));
  for (const Sample& s : samples) {
    out.append(reinterpret_cast<const char*>(s.input.data()), sizeof(float) * s.input.size());
    put<std::int32_t>(out, static_cast<std::int32_t>(s.policy.size()));
    for (const auto& t : s.policy) {
      put(out, t.index);
      put(out, t.probability);
    }
    out.append(reinterpret_cast<const char*>(s.outcome.data()), sizeof(float) * s.outcome.size());
  }
  return out;
}

void write_shard(const std::string& path, const SampleShape& shape, const std::vector<Sample>& samples) {
  write_file_atomically(path, shard_bytes(shape, samples));
}

std::vector<Sample> read_shard(const std::string& path, const SampleShape& shape) {
  return samples_from_bytes(read_text_file(path, "sample shard"), shape, path);
}

std::vector<Sample> samples_from_bytes(const std::string& data, const SampleShape& shape,
                                       const std::string& path) {
  if (data.size() < sizeof kMagic || std::memcmp(data.data(), kMagic, sizeof kMagic) != 0)
    throw Error(path + ": field 'magic' expects QLSHARD1 (a qilab sample shard)");
  Reader r(data, path);
  for (int i = 0; i < 8; ++i) r.get<char>("magic");
  auto expect = [&](const char* field, int want) {
    const auto got = r.get<std::int32_t>(field);
    if (got != want)
      throw Error(path + ": field '" + field + "' expects " + std::to_string(want) +
                  " (this run's game), got " + std::to_string(got));
  };
  expect("input_size", shape.input_size);
  expect("policy_size", shape.policy_size);
  expect("seats", shape.seats);
  const auto count = r.get<std::int32_t>("count");
  if (count < 0) throw Error(path + ": field 'count' expects a count >= 0, got " + std::to_string(count));
  std::vector<Sample> out(static_cast<std::size_t>(count));
  for (Sample& s : out) {
    s.input.resize(static_cast<std::size_t>(shape.input_size));
    for (float& x : s.input) x = r.get<float>("input");
    const auto k = r.get<std::int32_t>("policy entries");
    if (k < 0 || k > shape.policy_size)
      throw Error(path + ": field 'policy entries' expects 0 to " + std::to_string(shape.policy_size) +
                  ", got " + std::to_string(k));
    s.policy.resize(static_cast<std::size_t>(k));
    for (auto& t : s.policy) {
      t.index = r.get<std::int32_t>("policy index");
      t.probability = r.get<float>("policy probability");
      if (t.index < 0 || t.index >= shape.policy_size || !(t.probability >= 0 && t.probability <= 1))
        throw Error(path + ": field 'policy' expects indices below " + std::to_string(shape.policy_size) +
                    " with probabilities in [0, 1]");
    }
    s.outcome.resize(static_cast<std::size_t>(shape.seats));
    for (float& x : s.outcome) {
      x = r.get<float>("outcome");
      if (!(x >= -1 && x <= 1)) throw Error(path + ": field 'outcome' expects values in [-1, 1]");
    }
  }
  if (!r.done())
    throw Error(path + ": bytes after the last sample (expected " + std::to_string(count) + " samples)");
  return out;
}

}  // namespace qilab::training
