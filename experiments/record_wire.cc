#include "experiments/record_wire.h"

#include <cstring>
#include <stdexcept>
#include <vector>

namespace qilab::experiments::wire {
namespace {

void put_json(std::string& out, const nlohmann::json& j) {
  const std::vector<std::uint8_t> bytes = nlohmann::json::to_cbor(j);
  put_text(out, std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
}

nlohmann::json get_json(Reader& in) {
  const std::string bytes = in.get_text();
  return nlohmann::json::from_cbor(bytes);  // throws json::parse_error on garbage
}

template <class T>
void put_raw(std::string& out, const T* data, std::size_t count) {
  put_int(out, static_cast<std::int64_t>(count));
  out.append(reinterpret_cast<const char*>(data), count * sizeof(T));
}

}  // namespace

void put_int(std::string& out, std::int64_t v) {
  char b[sizeof v];
  std::memcpy(b, &v, sizeof v);
  out.append(b, sizeof v);
}

void put_text(std::string& out, std::string_view s) {
  put_int(out, static_cast<std::int64_t>(s.size()));
  out.append(s);
}

void put_record(std::string& out, const GameRecord& r) {
  put_int(out, r.index);
  put_text(out, r.game);
  put_json(out, r.options);
  put_text(out, r.config_hash);
  put_int(out, static_cast<std::int64_t>(r.seed));
  put_int(out, static_cast<std::int64_t>(r.agents.size()));
  for (const auto& a : r.agents) put_text(out, a);
  put_json(out, r.setups);
  put_raw(out, r.actions.data(), r.actions.size());
  put_int(out, static_cast<std::int64_t>(r.notation.size()));
  for (const auto& n : r.notation) put_text(out, n);
  put_raw(out, r.returns.data(), r.returns.size());
  put_text(out, r.ending);
  put_json(out, r.stats);
  put_text(out, r.program);
  put_json(out, r.agent_files);
  put_int(out, r.lineup);
  put_json(out, r.events);
}

std::string_view Reader::take(std::size_t n) {
  if (n > in_.size() - pos_) throw std::runtime_error("MPI message: a game record ends early");
  const std::string_view s = in_.substr(pos_, n);
  pos_ += n;
  return s;
}

std::int64_t Reader::get_int() {
  std::int64_t v = 0;
  std::memcpy(&v, take(sizeof v).data(), sizeof v);
  return v;
}

std::string Reader::get_text() {
  const std::int64_t n = get_int();
  if (n < 0) throw std::runtime_error("MPI message: a negative length");
  return std::string(take(static_cast<std::size_t>(n)));
}

GameRecord Reader::get_record() {
  auto count = [this](std::size_t size) {
    const std::int64_t n = get_int();
    if (n < 0 || static_cast<std::uint64_t>(n) > (in_.size() - pos_) / size)
      throw std::runtime_error("MPI message: a count beyond the message");
    return static_cast<std::size_t>(n);
  };
  GameRecord r;
  r.index = get_int();
  r.game = get_text();
  r.options = get_json(*this);
  r.config_hash = get_text();
  r.seed = static_cast<std::uint64_t>(get_int());
  r.agents.resize(count(sizeof(std::int64_t)));
  for (auto& a : r.agents) a = get_text();
  r.setups = get_json(*this);
  r.actions.resize(count(sizeof(Action)));
  if (!r.actions.empty())
    std::memcpy(r.actions.data(), take(r.actions.size() * sizeof(Action)).data(),
                r.actions.size() * sizeof(Action));
  r.notation.resize(count(sizeof(std::int64_t)));
  for (auto& n : r.notation) n = get_text();
  r.returns.resize(count(sizeof(double)));
  if (!r.returns.empty())
    std::memcpy(r.returns.data(), take(r.returns.size() * sizeof(double)).data(),
                r.returns.size() * sizeof(double));
  r.ending = get_text();
  r.stats = get_json(*this);
  r.program = get_text();
  r.agent_files = get_json(*this);
  r.lineup = get_int();
  r.events = get_json(*this);
  return r;
}

}  // namespace qilab::experiments::wire
