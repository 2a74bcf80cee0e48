// neural/network.h on LibTorch: the residual tower, its heads, save and load.
#include "neural/network_impl.h"

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <sstream>

#include "engine/core/config.h"
#include "engine/core/error.h"
#include "engine/core/input.h"

namespace qilab::neural {

// ---- NetworkConfig ----------------------------------------------------------------------------

NetworkConfig NetworkConfig::for_specs(const std::string& game, const EncodingSpec& e, const PolicySpec& p,
                                       int seats, int blocks, int channels, int value_hidden) {
  NetworkConfig c;
  c.game = game;
  c.encoding_version = e.version;
  c.planes = e.planes, c.height = e.height, c.width = e.width, c.scalars = e.scalars;
  c.policy_planes = p.planes, c.policy_extra = p.extra;
  c.seats = seats, c.blocks = blocks, c.channels = channels, c.value_hidden = value_hidden;
  return c;
}

nlohmann::json NetworkConfig::to_json() const {
  return {{"game", game},
          {"encoding_version", encoding_version},
          {"planes", planes},
          {"height", height},
          {"width", width},
          {"scalars", scalars},
          {"policy_planes", policy_planes},
          {"policy_extra", policy_extra},
          {"seats", seats},
          {"blocks", blocks},
          {"channels", channels},
          {"value_hidden", value_hidden}};
}

NetworkConfig NetworkConfig::from_json(const nlohmann::json& j, const std::string& where) {
  if (!j.is_object()) throw Error(where + ": expected a network config (a JSON object)");
  NetworkConfig c;
  auto get_int = [&](const char* key, int lo, int hi, int& out) {
    auto it = j.find(key);
    if (it == j.end()) throw Error(where + ": missing field '" + key + "'");
    if (!it->is_number_integer() || it->get<std::int64_t>() < lo || it->get<std::int64_t>() > hi)
      throw Error(where + ": field '" + std::string(key) + "' expects an integer " + std::to_string(lo) +
                  " to " + std::to_string(hi) + ", got " + brief(*it));
    out = it->get<int>();
  };
  auto it = j.find("game");
  if (it == j.end() || !it->is_string()) throw Error(where + ": field 'game' expects a string");
  c.game = it->get<std::string>();
  get_int("encoding_version", 0, 1 << 20, c.encoding_version);
  get_int("planes", 1, 4096, c.planes);
  get_int("height", 1, 4096, c.height);
  get_int("width", 1, 4096, c.width);
  get_int("scalars", 0, 1 << 20, c.scalars);
  get_int("policy_planes", 0, 4096, c.policy_planes);
  get_int("policy_extra", 0, 1 << 20, c.policy_extra);
  get_int("seats", 1, kMaxPlayers, c.seats);
  get_int("blocks", 0, 256, c.blocks);
  get_int("channels", 1, 4096, c.channels);
  get_int("value_hidden", 1, 1 << 16, c.value_hidden);
  if (c.policy_size() <= 0)
    throw Error(where + ": fields 'policy_planes' and 'policy_extra' give an empty policy");
  return c;
}

void NetworkConfig::check_matches(const EncodingSpec& e, const PolicySpec& p, int players,
                                  const std::string& where) const {
  auto expect = [&](const char* what, int want, int got) {
    if (want != got)
      throw Error(where + ": the network's " + what + " is " + std::to_string(got) + ", the game needs " +
                  std::to_string(want));
  };
  expect("encoding version", e.version, encoding_version);
  expect("input planes", e.planes, planes);
  expect("input height", e.height, height);
  expect("input width", e.width, width);
  expect("scalar features", e.scalars, scalars);
  expect("policy planes", p.planes, policy_planes);
  expect("policy extra entries", p.extra, policy_extra);
  if (p.height != e.height || p.width != e.width)
    throw Error(where + ": the game's policy grid differs from its encoding grid");
  if (players > seats)
    throw Error(where + ": the network has " + std::to_string(seats) + " value outputs, the game " +
                std::to_string(players) + " seats");
}

// ---- the modules ----------------------------------------------------------------------------------

namespace {
torch::nn::Conv2dOptions conv(int in, int out, int k) {
  return torch::nn::Conv2dOptions(in, out, k).padding(k / 2).bias(false);
}
}  // namespace

ResidualBlockImpl::ResidualBlockImpl(int channels) {
  conv1 = register_module("conv1", torch::nn::Conv2d(conv(channels, channels, 3)));
  norm1 = register_module("norm1", torch::nn::BatchNorm2d(channels));
  conv2 = register_module("conv2", torch::nn::Conv2d(conv(channels, channels, 3)));
  norm2 = register_module("norm2", torch::nn::BatchNorm2d(channels));
}

torch::Tensor ResidualBlockImpl::forward(const torch::Tensor& x) {
  auto y = torch::relu(norm1(conv1(x)));
  y = norm2(conv2(y));
  return torch::relu(x + y);
}

TowerNetImpl::TowerNetImpl(const NetworkConfig& c) : config(c) {
  stem = register_module("stem", torch::nn::Conv2d(conv(c.planes, c.channels, 3)));
  if (c.scalars > 0) stem_scalars = register_module("stem_scalars", torch::nn::Linear(c.scalars, c.channels));
  stem_norm = register_module("stem_norm", torch::nn::BatchNorm2d(c.channels));
  blocks = register_module("blocks", torch::nn::ModuleList());
  for (int i = 0; i < c.blocks; ++i) blocks->push_back(ResidualBlock(c.channels));
  if (c.policy_planes > 0)
    policy_conv = register_module(
        "policy_conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(c.channels, c.policy_planes, 1)));
  if (c.policy_extra > 0)
    policy_extra = register_module("policy_extra", torch::nn::Linear(c.channels + c.scalars, c.policy_extra));
  value_hidden = register_module("value_hidden", torch::nn::Linear(c.channels + c.scalars, c.value_hidden));
  value_out = register_module("value_out", torch::nn::Linear(c.value_hidden, c.seats));
}

std::pair<torch::Tensor, torch::Tensor> TowerNetImpl::forward(const torch::Tensor& inputs) {
  const auto& c = config;
  const int64_t n = inputs.size(0);
  const int64_t board = int64_t{c.planes} * c.height * c.width;
  auto planes = inputs.narrow(1, 0, board).reshape({n, c.planes, c.height, c.width});
  torch::Tensor scalars;
  auto x = stem(planes);
  if (c.scalars > 0) {
    scalars = inputs.narrow(1, board, c.scalars);
    x = x + stem_scalars(scalars).unsqueeze(-1).unsqueeze(-1);
  }
  x = torch::relu(stem_norm(x));
  for (const auto& block : *blocks) x = block->as<ResidualBlock>()->forward(x);
  auto pooled = x.mean({2, 3});
  if (c.scalars > 0) pooled = torch::cat({pooled, scalars}, 1);
  std::vector<torch::Tensor> policy;
  if (c.policy_planes > 0) policy.push_back(policy_conv(x).reshape({n, -1}));
  if (c.policy_extra > 0) policy.push_back(policy_extra(pooled));
  auto logits = policy.size() == 1 ? policy[0] : torch::cat(policy, 1);
  auto values = torch::tanh(value_out(torch::relu(value_hidden(pooled))));
  return {logits, values};
}

// ---- Network ----------------------------------------------------------------------------------------

Network::Network(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

Network::Network(const NetworkConfig& config, std::uint64_t seed) : impl_(std::make_unique<Impl>()) {
  torch::manual_seed(seed);
  impl_->config = config;
  impl_->net = TowerNet(config);
  impl_->net->eval();
}

Network::~Network() = default;
Network::Network(Network&&) noexcept = default;
Network& Network::operator=(Network&&) noexcept = default;

const NetworkConfig& Network::config() const { return impl_->config; }

std::int64_t Network::parameter_count() const {
  std::int64_t total = 0;
  for (const auto& p : impl_->net->parameters()) total += p.numel();
  return total;
}

void Network::forward(const float* inputs, int n, float* policy_logits, float* values) const {
  if (n <= 0) return;
  const auto& c = impl_->config;
  torch::NoGradGuard no_grad;
  auto in = torch::from_blob(const_cast<float*>(inputs), {n, c.input_size()}, torch::kFloat32);
  if (impl_->device != torch::kCPU) in = in.to(impl_->device);
  auto [logits, v] = impl_->net->forward(in);
  logits = logits.to(torch::kCPU).contiguous();
  v = v.to(torch::kCPU).contiguous();
  std::memcpy(policy_logits, logits.data_ptr<float>(),
              sizeof(float) * std::size_t(n) * std::size_t(c.policy_size()));
  std::memcpy(values, v.data_ptr<float>(), sizeof(float) * std::size_t(n) * std::size_t(c.seats));
}

double Network::flops_per_position() const {
  const auto& c = impl_->config;
  const double cells = double(c.height) * c.width;
  double madds = cells * c.planes * c.channels * 9;                     // stem
  madds += double(c.blocks) * 2 * cells * c.channels * c.channels * 9;  // residual blocks
  madds += cells * c.channels * c.policy_planes;                        // policy convolution
  madds +=
      double(c.channels + c.scalars) * (c.policy_extra + c.value_hidden) + double(c.value_hidden) * c.seats;
  madds += double(c.scalars) * c.channels;
  return 2 * madds;
}

double measure_sgemm_gflops(int n, int reps, const std::string& device) {
  torch::NoGradGuard no_grad;
  const torch::Device dev = device == "cuda" ? torch::Device(torch::kCUDA, 0) : torch::Device(torch::kCPU);
  auto a = torch::rand({n, n}, torch::TensorOptions().device(dev)),
       b = torch::rand({n, n}, torch::TensorOptions().device(dev));
  auto c = torch::mm(a, b);
  if (dev.is_cuda()) torch::cuda::synchronize();
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < reps; ++i) c = torch::mm(a, b);
  if (dev.is_cuda()) torch::cuda::synchronize();
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return 2.0 * n * n * double(n) * reps / secs / 1e9;
}

void Network::to_device(const std::string& device) {
  if (device == "cpu") {
    impl_->device = torch::kCPU;
  } else if (device == "cuda") {
    if (!torch::cuda::is_available())
      throw Error("device 'cuda': this LibTorch build or machine has no CUDA device");
    impl_->device = torch::Device(torch::kCUDA, 0);
  } else {
    throw Error("device: expected cpu or cuda, got '" + device + "'");
  }
  impl_->net->to(impl_->device);
}

std::string Network::device() const { return impl_->device.is_cuda() ? "cuda" : "cpu"; }

void write_network(const Network& net, torch::serialize::OutputArchive& archive) {
  archive.write("qilab_network_config", c10::IValue(net.config().to_json().dump()));
  torch::serialize::OutputArchive weights;
  net.impl().net->save(weights);
  archive.write("weights", weights);
}

namespace {
NetworkConfig read_config(torch::serialize::InputArchive& archive, const std::string& where) {
  c10::IValue text;
  if (!archive.try_read("qilab_network_config", text) || !text.isString())
    throw Error(where + ": field 'qilab_network_config' missing (expected a qilab network)");
  return NetworkConfig::from_json(parse_json(text.toStringRef(), where + ": network config"),
                                  where + ": network config");
}
}  // namespace

void read_weights_into(Network& net, torch::serialize::InputArchive& archive, const std::string& where) {
  if (!(read_config(archive, where) == net.config()))
    throw Error(where + ": the network was made for another network config than this run's");
  try {
    torch::serialize::InputArchive weights;
    archive.read("weights", weights);
    net.impl().net->load(weights);
  } catch (const c10::Error&) {
    throw Error(where + ": field 'weights' does not fit the network its config describes");
  }
  net.impl().net->to(net.impl().device);
  net.impl().net->eval();
}

Network read_network(torch::serialize::InputArchive& archive, const std::string& where) {
  Network net(read_config(archive, where), 0);
  read_weights_into(net, archive, where);
  return net;
}

Network Network::clone() const {
  torch::serialize::OutputArchive out;
  write_network(*this, out);
  std::ostringstream bytes;
  out.save_to(bytes);
  std::istringstream in(bytes.str());
  torch::serialize::InputArchive archive;
  archive.load_from(in);
  return read_network(archive, "network copy");
}

bool Network::same_weights(const Network& other) const {
  if (!(config() == other.config())) return false;
  auto a = impl_->net->named_parameters(), b = other.impl_->net->named_parameters();
  for (const auto& item : a) {
    const auto* o = b.find(item.key());
    if (!o || !torch::equal(item.value().to(torch::kCPU), o->to(torch::kCPU))) return false;
  }
  auto ba = impl_->net->named_buffers(), bb = other.impl_->net->named_buffers();
  for (const auto& item : ba) {
    const auto* o = bb.find(item.key());
    if (!o || !torch::equal(item.value().to(torch::kCPU), o->to(torch::kCPU))) return false;
  }
  return true;
}

std::string Network::to_bytes() const {
  torch::serialize::OutputArchive archive;
  write_network(*this, archive);
  std::ostringstream out;
  archive.save_to(out);
  return out.str();
}

void Network::save(const std::string& path) const { write_file_atomically(path, to_bytes()); }

Network Network::from_bytes(const std::string& bytes, const std::string& where) {
  std::istringstream in(bytes);
  torch::serialize::InputArchive archive;
  try {
    archive.load_from(in);
  } catch (const c10::Error&) {
    throw Error(where + ": not a network (expected a qilab network saved by 'qilab train')");
  }
  return read_network(archive, where);
}

Network Network::load(const std::string& path) {
  check_readable_file(path, "network file");
  torch::serialize::InputArchive archive;
  try {
    archive.load_from(path);
  } catch (const c10::Error&) {
    throw Error(path + ": not a network file (expected a qilab network saved by 'qilab train')");
  }
  return read_network(archive, path);
}

void set_torch_threads(int intra_op) {
  if (intra_op <= 0) return;
  const std::string n = std::to_string(intra_op);
  setenv("OPENBLAS_NUM_THREADS", n.c_str(), 1);
  setenv("OMP_NUM_THREADS", n.c_str(), 0);
  torch::set_num_threads(intra_op);
  static bool inter_set = false;  // LibTorch allows setting the inter-op pool once, before use
  if (!inter_set) {
    inter_set = true;
    try {
      torch::set_num_interop_threads(1);
    } catch (const c10::Error&) {
    }
  }
}

bool cuda_available() { return torch::cuda::is_available(); }

}  // namespace qilab::neural
