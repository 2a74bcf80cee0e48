#pragma once
// What a network sees of a position, and where its policy puts each action (docs/encoding.md).
//
// Input: `planes` planes of height x width over a 2D embedding of the board (star and hex boards
// in axial coordinates, junqi's posts on their drawing grid, guifa's squares), then `scalars`
// features. Plane 0 is the validity plane: 1 on the grid points that are board cells, 0 on the
// padding. The encoding is observer-relative: the board is turned so that the observer always
// sits in the same place, and per-seat planes and features list the seats from the observer
// on (the observer first, then the next seat in turn order), so one network serves every seat.
// It depends only on what the observer may see.
//
// Policy: a dense index over the actions of the player to move, in the same turned frame:
// `planes` move kinds x the encoding's height x width (the cell an action starts from, so a
// policy head can be a convolution), then `extra` entries that belong to no cell (pass, end of
// turn). Every legal action of a position has its own index, and policy_action maps it back.
#include <concepts>
#include <span>
#include <string>
#include <vector>

#include "engine/core/types.h"

namespace qilab {

struct EncodingSpec {
  int version = 1;  // bump whenever the meaning of a plane or feature changes
  int planes = 0, height = 0, width = 0;
  int scalars = 0;
  std::vector<std::string> plane_names;   // one per plane; plane_names[0] == "valid"
  std::vector<std::string> scalar_names;  // one per scalar feature
  int plane_size() const { return height * width; }
  int board_size() const { return planes * height * width; }
  int size() const { return board_size() + scalars; }
  // Offset of (plane, row, column) in an encoding.
  int at(int plane, int row, int column) const { return (plane * height + row) * width + column; }
};

struct PolicySpec {
  int planes = 0, height = 0, width = 0;  // move kinds x the encoding's grid
  int extra = 0;                          // indices past the grid: pass, end of turn, ...
  std::vector<std::string> plane_names;   // one per move kind
  std::vector<std::string> extra_names;   // one per extra index
  int board_size() const { return planes * height * width; }
  int size() const { return board_size() + extra; }
  int at(int plane, int row, int column) const { return (plane * height + row) * width + column; }
};

// A symmetry of a game's encoding: a map of the board onto itself under which the rules, the
// seats and the turn order stay the same (checkers with 2 players: the mirror through both home
// triangles). Applied to a training sample (training/replay.h):
//   input'[i] = input[input_from[i]]            (every input index, scalars included)
//   policy'[policy_to[j]] = policy[j]           (every policy index)
// and the per-seat outcomes unchanged. Both are permutations.
struct EncodingSymmetry {
  std::string name;
  std::vector<int> input_from;  // EncodingSpec::size() entries
  std::vector<int> policy_to;   // PolicySpec::size() entries
};

// A game G with a shaped encoding and a policy index:
//   g.encoding_spec(), g.policy_spec()
//   s.encode(observer, span)   fills exactly encoding_spec().size() floats (zeroing first)
//   s.policy_index(a)          index in [0, policy_spec().size()) of legal action a, turned
//                              to the player to move; distinct for distinct legal actions
//   s.policy_action(i)         the legal action with index i, or kInvalidAction
template <class G>
concept HasEncoding = requires(const G g, const typename G::State s, Player p, std::span<float> out, Action a,
                               int i) {
  { g.encoding_spec() } -> std::convertible_to<const EncodingSpec&>;
  { g.policy_spec() } -> std::convertible_to<const PolicySpec&>;
  {s.encode(p, out)};
  { s.policy_index(a) } -> std::convertible_to<int>;
  { s.policy_action(i) } -> std::same_as<Action>;
};

// Games that list their encoding's symmetries (the identity not included):
//   g.encoding_symmetries() -> const std::vector<EncodingSymmetry>&
template <class G>
concept HasEncodingSymmetries = HasEncoding<G> && requires(const G g) {
  { g.encoding_symmetries() } -> std::convertible_to<const std::vector<EncodingSymmetry>&>;
};

// The symmetries of G's encoding, or none.
template <class G>
std::vector<EncodingSymmetry> encoding_symmetries_of(const G& g) {
  if constexpr (HasEncodingSymmetries<G>)
    return g.encoding_symmetries();
  else
    return {};
}

}  // namespace qilab
