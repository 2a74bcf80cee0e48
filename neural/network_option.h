#pragma once
// The option that names a network agent's file ("az:network=runs/x/networks/best.net"), in a
// header of its own, free of LibTorch: the program registers it on its side of the module's
// door (apps/qilab/torch_module.cc) as neural/agents.h does, so that the file's content is
// hashed into a run's identity like an agent file's (agents/factory.h, agent_files).
namespace qilab::neural {

inline constexpr const char* kNetworkOption = "network";

}  // namespace qilab::neural
