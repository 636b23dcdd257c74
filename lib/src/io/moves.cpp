#include <grundy/io/moves.hpp>

#include "hint_strategy.hpp"

#include <grundy/io/games/entry_traits.hpp>
#include <grundy/io/json_writer.hpp>
#include <grundy/stop.hpp>
#include <grundy/strategy/moves.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <type_traits>
#include <utility>

namespace grundy::io {

namespace {

template <class S, class State> std::optional<generalized_value> value_of(const S& strategy, const State& s) {
  if constexpr (requires { strategy.value_of(s); })
    return strategy.value_of(s);
  else
    return std::nullopt;
}

template <class S, class State>
std::optional<remoteness_value> remoteness_of(const S& strategy, const State& s) {
  if constexpr (requires { strategy.remoteness_of(s); })
    return strategy.remoteness_of(s);
  else
    return std::nullopt;
}

// The moves to list and how many are left out, given every legal move in order.
template <class State> struct chosen_moves {
  std::vector<State> listed;
  std::uint64_t more = 0;
};

template <class E, class Choose>
move_list compute(const game_position<typename E::game_type>& p, const move_list_options& o,
                  Choose&& choose) {
  entry_traits::check_moves<E>(p, true);
  // The moves are chosen before any strategy is built: a mistyped move costs nothing.
  const auto chosen = choose(legal_moves(p.game, p.start));
  return detail::with_strategy(
      p, o.convention, o.limits, o.quotient, [&](const auto& strategy, const std::string&) {
        move_list m;
        m.head = E::head(p.game);
        m.position = position_name(p.game, p.game.canonical(p.start));
        m.convention = o.convention;
        m.result = strategy.outcome_of(p.start);
        m.value = value_of(strategy, p.start);
        m.remoteness = remoteness_of(strategy, p.start);
        // A decided position without remoteness is one the strategy cannot measure (hint.cpp).
        m.remoteness_known = m.remoteness.has_value() || m.result == outcome::d;
        m.moves.reserve(chosen.listed.size());
        for (std::size_t i = 0; i < chosen.listed.size(); ++i) {
          // A rule checked on every move (Moore's Nim) takes a while on thousands of them.
          if (i % 256 == 255 && o.limits.stop && o.limits.stop->load())
            throw stopped("interrupted while listing the moves", stop_reason::interrupted);
          const auto& next = chosen.listed[i];
          m.moves.push_back({describe_move(p.game, p.start, next), position_name(p.game, next),
                             strategy.outcome_of(next), value_of(strategy, next),
                             m.remoteness_known ? remoteness_of(strategy, next) : std::nullopt});
        }
        m.more = chosen.more;
        return m;
      });
}

// A whole number typed alone, or nothing when the text is not one.
std::optional<std::size_t> move_number(std::string_view text) {
  std::size_t n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return n;
}

std::string_view trimmed(std::string_view text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

template <class Entry, class State>
State typed_move(const game_position<typename Entry::game_type>& p, const std::vector<State>& legal,
                 std::string_view text) {
  if (const auto n = move_number(text)) {
    if (*n >= 1 && *n <= legal.size()) return legal[*n - 1];
    if (legal.empty()) throw notation_error("no move is left");
    throw notation_error(fmt::format("there is no move {}: choose from 1 to {}", text, legal.size()));
  }
  const auto after = entry_traits::read_move<Entry>(p.game, p.start, text);
  if (std::find(legal.begin(), legal.end(), after) == legal.end())
    throw notation_error("that is not a legal move here");
  return after;
}

// A finite value as a number; ∞(K) as null with K beside it, in "infinite_set".
void value_members(json_writer& w, const std::optional<generalized_value>& v) {
  w.key("value");
  if (!v)
    w.value(nullptr);
  else if (v->finite())
    w.value(v->value);
  else
    w.value(nullptr).key("infinite_set").values(v->infinite_set);
}

} // namespace

move_list list_moves(const any_builtin_position& position, const move_list_options& options) {
  return std::visit(
      [&](const auto& p) {
        using G = std::decay_t<decltype(p.game)>;
        return compute<detail::entry_of<G>>(p, options, [&](std::vector<state_t<G>> legal) {
          chosen_moves<state_t<G>> c;
          if (legal.size() > options.most) {
            c.more = legal.size() - options.most;
            legal.erase(legal.begin() + static_cast<std::ptrdiff_t>(options.most), legal.end());
          }
          c.listed = std::move(legal);
          return c;
        });
      },
      position);
}

move_list list_typed_move(const any_builtin_position& position, std::string_view typed,
                          const move_list_options& options) {
  return std::visit(
      [&](const auto& p) {
        using G = std::decay_t<decltype(p.game)>;
        using E = detail::entry_of<G>;
        return compute<E>(p, options, [&](const std::vector<state_t<G>>& legal) {
          return chosen_moves<state_t<G>>{{typed_move<E>(p, legal, trimmed(typed))}, 0};
        });
      },
      position);
}

std::string move_list_json(const move_list& list) {
  auto head = list.head;
  head.emplace_back("start", list.position);
  json_writer w;
  w.begin_object();
  for (const auto& [key, value] : json_fields(head))
    w.key(key).raw(value);
  w.member("convention", detail::json_convention(list.convention)).member("outcome", to_char(list.result));
  value_members(w, list.value);
  w.key("moves").begin_array();
  for (const auto& m : list.moves) {
    w.begin_object()
        .member("move", m.move)
        .member("position", m.position)
        .member("outcome", to_char(m.result));
    value_members(w, m.value);
    w.member("remoteness", m.remoteness).end_object();
  }
  w.end_array().member("more", list.more).member("remoteness_known", list.remoteness_known);
  return w.member("remoteness", list.remoteness).end_object().take();
}

} // namespace grundy::io
