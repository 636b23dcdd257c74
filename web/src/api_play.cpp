// /api/hint and /api/moves: who wins from a position and how, as `grundy hint --format json`
// says it, and every legal move with its outcome and value, as `grundy play` lists them.

#include "endpoints.hpp"
#include "request_position.hpp"

#include <grundy/io/hint.hpp>
#include <grundy/io/moves.hpp>

#include <array>
#include <string>

namespace grundy::web {

namespace {

play_convention convention_of(const endpoint_request& r) {
  return r.params.flag("misere") ? play_convention::misere : play_convention::normal;
}

// The misère quotient's share of the computation's bounds.
quotient_budget quotient_bounds(const endpoint_request& r) {
  quotient_budget q;
  q.max_memory = r.bounds.max_memory;
  q.seconds = std::min(q.seconds, r.bounds.seconds);
  return q;
}

} // namespace

answer api_hint(const endpoint_request& r) {
  static constexpr std::array<std::string_view, 6> known{"game",     "position", "max_states",
                                                         "progress", "misere",   "all"};
  r.params.refuse_unknown(known, is_position_parameter);
  io::hint_options o;
  o.convention = convention_of(r);
  o.all = r.params.flag("all");
  o.limits = exploration_options(r);
  o.quotient = quotient_bounds(r);
  o.listing_advice = "ask without all=1, or try smaller heaps";
  const auto position = read_position(r.params, r.body, r.bounds, r.work.stop_flag(), position_use::strategy);
  return json_answer(io::hint_json(io::compute_hint(position, o)));
}

answer api_moves(const endpoint_request& r) {
  static constexpr std::array<std::string_view, 6> known{"game",     "position", "max_states",
                                                         "progress", "misere",   "move"};
  r.params.refuse_unknown(known, is_position_parameter);
  io::move_list_options o;
  o.convention = convention_of(r);
  o.limits = exploration_options(r);
  o.quotient = quotient_bounds(r);
  const auto position = read_position(r.params, r.body, r.bounds, r.work.stop_flag(), position_use::strategy);
  if (const auto* typed = r.params.find("move"))
    return json_answer(io::move_list_json(io::list_typed_move(position, *typed, o)));
  return json_answer(io::move_list_json(io::list_moves(position, o)));
}

} // namespace grundy::web
