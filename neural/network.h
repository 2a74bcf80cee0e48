#pragma once
// The network every game trains (docs/training.md): a residual convolutional tower over an
// EncodingSpec's planes, with the scalar features joined in, a policy head over the game's
// PolicySpec index and a value head with one output per seat in the observer-relative seat
// order (entry k is the seat k places after the observer), so one network shape serves 2, 4
// and 6 players, free-for-all and teams.
//
// This header is plain C++: LibTorch stays inside neural/network.cc (and training/), behind a
// pointer to the implementation, so that the many files that use a network compile fast.
#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/core/encoding.h"

namespace qilab::neural {

// What builds a network: the shapes it reads and writes, and the size of its tower. Saved
// with the weights, so a checkpoint is loaded without being told what it holds.
struct NetworkConfig {
  std::string game;          // the game id it was made for (informative; shapes are checked)
  int encoding_version = 1;  // EncodingSpec::version it was trained on
  int planes = 0, height = 0, width = 0, scalars = 0;  // the input (EncodingSpec)
  int policy_planes = 0, policy_extra = 0;             // the policy (PolicySpec over the same grid)
  int seats = 2;                                       // value outputs, observer first
  int blocks = 4;                                      // residual blocks in the tower
  int channels = 32;                                   // channels of the tower
  int value_hidden = 64;                               // width of the value head's hidden layer

  int input_size() const { return planes * height * width + scalars; }
  int policy_size() const { return policy_planes * height * width + policy_extra; }

  static NetworkConfig for_specs(const std::string& game, const EncodingSpec& e, const PolicySpec& p,
                                 int seats, int blocks, int channels, int value_hidden);
  nlohmann::json to_json() const;
  // Throws Error "<where>: field '<key>' expects ..., got ..." on a bad or missing field.
  static NetworkConfig from_json(const nlohmann::json& j, const std::string& where);
  // Throws Error naming `where` when the network cannot read what the specs describe.
  void check_matches(const EncodingSpec& e, const PolicySpec& p, int seats, const std::string& where) const;
  bool operator==(const NetworkConfig&) const = default;
};

class Network {
 public:
  // A fresh network with weights drawn from `seed` (LibTorch's default initialisation).
  Network(const NetworkConfig& config, std::uint64_t seed);
  ~Network();
  Network(Network&&) noexcept;
  Network& operator=(Network&&) noexcept;

  const NetworkConfig& config() const;
  std::int64_t parameter_count() const;

  // Inference, without gradients, on the network's device: `n` inputs of input_size() floats
  // one after another -> `n` rows of policy logits (policy_size()) and of values (seats, each
  // in [-1, 1], observer first). Not thread-safe against train()/load on the same network.
  void forward(const float* inputs, int n, float* policy_logits, float* values) const;

  // Multiply-adds x 2 of one position's forward pass (convolutions and linear layers), for
  // comparing a forward pass with the machine's GEMM rate.
  double flops_per_position() const;

  // "cpu" or "cuda" (Error when LibTorch or the machine has no CUDA).
  void to_device(const std::string& device);
  std::string device() const;

  // A copy with the same weights (on the CPU).
  Network clone() const;
  // Whether every weight equals `other`'s bit for bit.
  bool same_weights(const Network& other) const;

  // Writes the config and the weights to `path` atomically (temporary file, rename).
  void save(const std::string& path) const;
  // Reads a file written by save(); Error naming the file on anything else.
  static Network load(const std::string& path);
  // What save() writes, as bytes, and back (Error naming `where` on anything else): a network
  // sent to the other ranks of an MPI run (training/selfplay_ranks.h).
  std::string to_bytes() const;
  static Network from_bytes(const std::string& bytes, const std::string& where);

  struct Impl;  // LibTorch side: neural/network_impl.h
  Impl& impl() { return *impl_; }
  const Impl& impl() const { return *impl_; }

 private:
  explicit Network(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// LibTorch's intra-op and inter-op thread counts (and OpenBLAS's through its environment
// variable, for libraries that read it later), set once at start by every program that runs
// networks; 0 keeps LibTorch's choice.
void set_torch_threads(int intra_op);

// The machine's single-precision GEMM rate in GFLOP/s on `device`: `reps` products of two
// n x n matrices, timed (benchmarks only; the first product warms up and is not counted).
double measure_sgemm_gflops(int n, int reps, const std::string& device = "cpu");

// Whether this LibTorch and machine can run on CUDA.
bool cuda_available();

}  // namespace qilab::neural
