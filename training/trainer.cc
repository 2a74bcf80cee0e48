// training/trainer.h on LibTorch.
#include "training/trainer.h"

#include <sstream>

#include "engine/core/config.h"
#include "engine/core/error.h"
#include "engine/core/input.h"
#include "neural/network_impl.h"

namespace qilab::training {

double OptimizerConfig::learning_rate_at(std::int64_t step) const {
  double lr = learning_rate;
  for (std::int64_t s : lr_steps)
    if (step >= s) lr *= lr_gamma;
  return lr;
}

struct Trainer::Impl {
  std::unique_ptr<torch::optim::Optimizer> optimizer;
  std::vector<torch::Tensor> weights;  // the L2 term's parameters
};

Trainer::Trainer(neural::Network net, const OptimizerConfig& config)
    : net_(std::move(net)), config_(config), impl_(std::make_unique<Impl>()) {
  auto& module = net_.impl().net;
  if (config_.kind == "sgd") {
    impl_->optimizer = std::make_unique<torch::optim::SGD>(
        module->parameters(), torch::optim::SGDOptions(config_.learning_rate).momentum(config_.momentum));
  } else if (config_.kind == "adam") {
    impl_->optimizer = std::make_unique<torch::optim::Adam>(module->parameters(),
                                                            torch::optim::AdamOptions(config_.learning_rate));
  } else {
    throw Error("optimizer: field 'kind' expects sgd or adam, got '" + config_.kind + "'");
  }
  for (const auto& p : module->named_parameters())
    if (p.key().ends_with("weight") && p.value().dim() > 1) impl_->weights.push_back(p.value());
}

Trainer::~Trainer() = default;

namespace {
struct LossTensors {
  torch::Tensor policy, value, l2, total;
};

LossTensors losses_of(neural::TowerNet& net, const std::vector<torch::Tensor>& weights,
                      const OptimizerConfig& c, const Batch& b, const torch::Device& device) {
  const auto& nc = net->config;
  auto opts = torch::TensorOptions().dtype(torch::kFloat32);
  auto inputs =
      torch::from_blob(const_cast<float*>(b.inputs.data()), {b.size, nc.input_size()}, opts).to(device);
  auto policy =
      torch::from_blob(const_cast<float*>(b.policy.data()), {b.size, nc.policy_size()}, opts).to(device);
  auto outcome = torch::from_blob(const_cast<float*>(b.outcome.data()), {b.size, nc.seats}, opts).to(device);
  auto mask = torch::from_blob(const_cast<float*>(b.mask.data()), {b.size, nc.seats}, opts).to(device);
  auto [logits, values] = net->forward(inputs);
  LossTensors l;
  l.policy = -(policy * torch::log_softmax(logits, 1)).sum(1).mean();
  l.value = ((values - outcome).pow(2) * mask).sum() / mask.sum().clamp_min(1);
  l.l2 = torch::zeros({}, opts.device(device));
  for (const auto& w : weights) l.l2 = l.l2 + w.pow(2).sum();
  l.l2 = l.l2 * c.l2;
  l.total = l.policy + c.value_weight * l.value + l.l2;
  return l;
}

Losses to_losses(const LossTensors& l) {
  return {l.policy.item<double>(), l.value.item<double>(), l.l2.item<double>(), l.total.item<double>()};
}
}  // namespace

Losses Trainer::step(const Batch& batch) {
  auto& module = net_.impl().net;
  const double lr = config_.learning_rate_at(steps_);
  for (auto& group : impl_->optimizer->param_groups()) group.options().set_lr(lr);
  module->train();
  impl_->optimizer->zero_grad();
  const LossTensors l = losses_of(module, impl_->weights, config_, batch, net_.impl().device);
  l.total.backward();
  impl_->optimizer->step();
  module->eval();
  ++steps_;
  return to_losses(l);
}

Losses Trainer::measure(const Batch& batch) const {
  torch::NoGradGuard no_grad;
  auto module = net_.impl().net;
  module->eval();
  return to_losses(losses_of(module, impl_->weights, config_, batch, net_.impl().device));
}

void Trainer::save_checkpoint(const std::string& path, const nlohmann::json& extra) const {
  torch::serialize::OutputArchive archive;
  archive.write("qilab_checkpoint", c10::IValue(nlohmann::json{{"steps", steps_}, {"extra", extra}}.dump()));
  torch::serialize::OutputArchive network;
  neural::write_network(net_, network);
  archive.write("network", network);
  torch::serialize::OutputArchive optimizer;
  impl_->optimizer->save(optimizer);
  archive.write("optimizer", optimizer);
  std::ostringstream out;
  archive.save_to(out);
  write_file_atomically(path, out.str());
}

nlohmann::json Trainer::load_checkpoint(const std::string& path) {
  torch::serialize::InputArchive archive;
  try {
    archive.load_from(path);
  } catch (const c10::Error&) {
    throw Error(path + ": not a training checkpoint (expected a file written by 'qilab train')");
  }
  c10::IValue head;
  if (!archive.try_read("qilab_checkpoint", head) || !head.isString())
    throw Error(path + ": field 'qilab_checkpoint' missing (expected a training checkpoint)");
  const nlohmann::json h = parse_json(head.toStringRef(), path + ": checkpoint header");
  if (!h.contains("steps") || !h["steps"].is_number_integer() || h["steps"].get<std::int64_t>() < 0)
    throw Error(path + ": field 'steps' expects an integer >= 0");
  torch::serialize::InputArchive network;
  if (!archive.try_read("network", network))
    throw Error(path + ": field 'network' missing (expected a training checkpoint)");
  neural::read_weights_into(net_, network, path + ": network");
  try {
    torch::serialize::InputArchive optimizer;
    archive.read("optimizer", optimizer);
    impl_->optimizer->load(optimizer);
  } catch (const c10::Error&) {
    throw Error(path + ": field 'optimizer' does not fit this run's optimiser (optimizer kind changed?)");
  }
  steps_ = h["steps"].get<std::int64_t>();
  return h.value("extra", nlohmann::json::object());
}

}  // namespace qilab::training
