#include <grundy/games/digraph/strategy.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <stdexcept>

namespace grundy {

digraph_strategy::digraph_strategy(const digraph_game& g, const state_type& start, play_convention convention,
                                   const build_options& options)
    : game_(g), convention_(convention) {
  if (convention == play_convention::normal) {
    labelling_ = generalized_sprague_grundy(g.graph(), options.stop);
    labelling_.remoteness = remoteness(g.graph(), convention, options.stop);
    return;
  }
  try {
    misere_.emplace(g, start, convention, options);
  } catch (const not_acyclic&) {
    throw std::invalid_argument("misère play is for games without cycles: this graph has a cycle");
  }
}

generalized_value digraph_strategy::value(const state_type& s) const {
  if (misere_) throw std::logic_error("generalized values are for normal play");
  generalized_value sum;
  for (auto v : s)
    sum = sum + grundy::value_of(labelling_, v);
  return sum;
}

std::optional<generalized_value> digraph_strategy::value_of(const state_type& s) const {
  if (misere_) return misere_->value_of(s);
  return value(s);
}

std::optional<remoteness_value> digraph_strategy::remoteness_of(const state_type& s) const {
  if (misere_) return misere_->remoteness_of(s);
  if (s.size() != 1) return std::nullopt;
  const auto r = labelling_.remoteness[s.front()];
  return r == no_remoteness ? std::nullopt : std::optional(r);
}

outcome digraph_strategy::outcome_of(const state_type& s) const {
  if (misere_) return misere_->outcome_of(s);
  return value(s).outcome_of();
}

std::vector<digraph_game::state_type> digraph_strategy::winning_moves(const state_type& s) const {
  if (misere_) return misere_->winning_moves(s);
  return moves_to(s, outcome::p);
}

std::vector<digraph_game::state_type> digraph_strategy::drawing_moves(const state_type& s) const {
  if (misere_) return misere_->drawing_moves(s);
  return moves_to(s, outcome::d);
}

std::vector<digraph_game::state_type> digraph_strategy::moves_to(const state_type& s, outcome wanted) const {
  std::vector<state_type> result;
  for (auto& next : legal_moves(game_, s))
    if (value(next).outcome_of() == wanted) result.push_back(next);
  return result;
}

std::string describe_move(const digraph_game& g, const digraph_game::state_type& before,
                          const digraph_game::state_type& after) {
  auto b = g.canonical(before), a = g.canonical(after);
  digraph_game::state_type went, came;
  std::set_difference(b.begin(), b.end(), a.begin(), a.end(), std::back_inserter(went));
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(came));
  if (went.size() == 1 && came.size() == 1)
    return fmt::format("move the token from {} to {}", g.shown_name(went[0]), g.shown_name(came[0]));
  return "move to " + g.format(after);
}

} // namespace grundy
