#pragma once
// The LibTorch side of neural::Network, for neural/network.cc and training/ only: everything
// else includes neural/network.h, which has no LibTorch header.
#include <torch/torch.h>

#include "neural/network.h"

namespace qilab::neural {

struct ResidualBlockImpl : torch::nn::Module {
  explicit ResidualBlockImpl(int channels);
  torch::Tensor forward(const torch::Tensor& x);
  torch::nn::Conv2d conv1{nullptr}, conv2{nullptr};
  torch::nn::BatchNorm2d norm1{nullptr}, norm2{nullptr};
};
TORCH_MODULE(ResidualBlock);

// The tower and its two heads. forward() takes inputs of shape [n, input_size] (the planes
// flattened, then the scalars) and returns policy logits [n, policy_size] and values
// [n, seats] in [-1, 1].
struct TowerNetImpl : torch::nn::Module {
  explicit TowerNetImpl(const NetworkConfig& c);
  std::pair<torch::Tensor, torch::Tensor> forward(const torch::Tensor& inputs);

  NetworkConfig config;
  torch::nn::Conv2d stem{nullptr};
  torch::nn::Linear stem_scalars{nullptr};  // scalars -> a bias per channel of the stem
  torch::nn::BatchNorm2d stem_norm{nullptr};
  torch::nn::ModuleList blocks{nullptr};
  torch::nn::Conv2d policy_conv{nullptr};   // one output plane per move kind
  torch::nn::Linear policy_extra{nullptr};  // pooled features + scalars -> extra entries
  torch::nn::Linear value_hidden{nullptr}, value_out{nullptr};
};
TORCH_MODULE(TowerNet);

struct Network::Impl {
  NetworkConfig config;
  TowerNet net{nullptr};
  torch::Device device{torch::kCPU};
};

// A network's config and weights into an archive, and back (Error naming `where`); a network
// file is one such archive, and a training checkpoint holds one under "network".
void write_network(const Network& net, torch::serialize::OutputArchive& archive);
Network read_network(torch::serialize::InputArchive& archive, const std::string& where);
// Loads `archive`'s weights into `net`, whose config must match (Error naming `where`).
void read_weights_into(Network& net, torch::serialize::InputArchive& archive, const std::string& where);

}  // namespace qilab::neural
