#include <grundy/io/hint.hpp>

#include "hint_strategy.hpp"

#include <grundy/io/games/entry_traits.hpp>
#include <grundy/io/games/heap_notation.hpp>
#include <grundy/io/json_writer.hpp>
#include <grundy/io/nim_explanation.hpp>
#include <grundy/stop.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cstddef>
#include <ostream>
#include <sstream>
#include <type_traits>
#include <utility>

namespace grundy::io {

namespace {

// A list of a million moves takes seconds to describe or to write: the stop flag is looked at
// every few thousand of them.
void poll(const std::atomic<bool>* stop, std::size_t i, std::size_t count) {
  if (i % 4096 == 4095 && stop && stop->load())
    throw stopped(fmt::format("interrupted after listing {} of {} winning moves", i, count),
                  stop_reason::interrupted);
}

// The memory one listed move takes: its position (a state of `heap_count` heaps) and its words
// (two strings: the description and the position's text).
template <class State> std::uint64_t listed_move_bytes(std::size_t heap_count) {
  return sizeof(State) + 4 * (heap_count + 2) + 32 + sizeof(hint_move) + 96 + 12 * (heap_count + 2);
}

// The winning moves a hint shows, and how many there are in all. Octal games count theirs
// without listing them: a heap of 10^9 tokens has hundreds of millions of winning splits, and
// past a proven period the first one and the count take no longer than for a small heap.
template <class S, class State>
std::pair<std::vector<State>, std::uint64_t> shown_moves(const S& strategy, const State& s,
                                                         const hint_options& o) {
  if constexpr (requires { strategy.winning_move_count(s); }) {
    if (!o.all) return {strategy.winning_moves(s, 1), strategy.winning_move_count(s)};
    // Every move of a heap of 4·10^9 tokens of 0.07 held its 3.8·10^8 moves (tens of GB)
    // before showing any: refused at once when they cannot fit.
    check_listing_memory(strategy.winning_move_count(s), listed_move_bytes<State>(s.size()),
                         o.limits.max_memory, o.listing_advice);
  }
  auto moves = strategy.winning_moves(s);
  const auto count = moves.size();
  // The fastest win first, so that the one move shown wins as soon as the remoteness says.
  sort_fastest_first(strategy, moves);
  if (!o.all && count > 1) moves.erase(moves.begin() + 1, moves.end()); // the one shown
  return {std::move(moves), count};
}

// In a draw no move wins; a move to another draw keeps it, where the other moves would lose.
template <class S, class State> std::vector<State> drawing_moves(const S& strategy, const State& s) {
  if constexpr (requires { strategy.drawing_moves(s); })
    return strategy.drawing_moves(s);
  else
    return {};
}

template <class G, class S>
std::vector<hint_move> in_words(const G& g, const S& strategy, const state_t<G>& before,
                                const std::vector<state_t<G>>& after, const std::atomic<bool>* stop) {
  std::vector<hint_move> moves;
  moves.reserve(after.size());
  for (std::size_t i = 0; i < after.size(); ++i) {
    poll(stop, i, after.size());
    moves.push_back({describe_move(g, before, after[i]), position_name(g, after[i]), std::nullopt});
    if constexpr (requires { strategy.remoteness_of(after[i]); })
      moves.back().remoteness = strategy.remoteness_of(after[i]);
  }
  return moves;
}

// The remoteness of s where the strategy knows it: a draw has none, and a decided position
// without one is a position the strategy cannot measure.
template <class S, class State> void add_remoteness(hint_record& h, const S& strategy, const State& s) {
  if constexpr (requires { strategy.remoteness_of(s); }) {
    h.remoteness = strategy.remoteness_of(s);
    h.remoteness_known = h.remoteness.has_value() || h.result == outcome::d;
  }
}

template <class E> hint_record compute(const game_position<typename E::game_type>& p, const hint_options& o) {
  using G = typename E::game_type;
  entry_traits::check_moves<E>(p, false);
  return detail::with_strategy(
      p, o.convention, o.limits, o.quotient, [&](const auto& strategy, std::string method) {
        hint_record h;
        h.head = E::head(p.game);
        h.position = position_name(p.game, p.game.canonical(p.start));
        h.convention = o.convention;
        h.all = o.all;
        h.method = std::move(method);
        const auto [moves, count] = shown_moves(strategy, p.start, o);
        h.winning_move_count = count;
        h.finished = !entry_traits::has_move<E>(p.game, p.start);
        h.result = strategy.outcome_of(p.start);
        if (moves.empty() && h.result == outcome::d)
          h.drawing_moves =
              in_words(p.game, strategy, p.start, drawing_moves(strategy, p.start), o.limits.stop);
        h.moves = in_words(p.game, strategy, p.start, moves, o.limits.stop);
        add_remoteness(h, strategy, p.start);
        if (!h.remoteness_known)
          for (auto& m : h.moves)
            m.remoteness.reset();
        if constexpr (std::is_same_v<G, nim_game>)
          h.explanation =
              explain_nim(p.typed.empty() ? std::vector<heap_size>(p.start.begin(), p.start.end()) : p.typed,
                          o.convention)
                  .text;
        return h;
      });
}

std::string verdict(outcome o, bool finished, play_convention c) {
  if (finished)
    return c == play_convention::misere ? "N: no move is left, so the player to move has won (misère play)"
                                        : "P: no move is left, so the player to move has lost";
  if (o == outcome::d) return "D: a draw: neither player can force a win, and perfect play never ends";
  return o == outcome::n ? "N: the player to move wins" : "P: the player to move loses against perfect play";
}

void write_move(std::ostream& out, std::string_view label, const hint_move& m) {
  out << fmt::format("{:<10}{}  ->  {}", label, m.move, m.position);
  if (m.remoteness) out << fmt::format("  (remoteness {})", *m.remoteness);
  out << '\n';
}

// In how many moves the game ends from the hinted position: nothing once it has ended or for a
// draw (the outcome says so), one line saying why where the hint cannot tell.
void write_remoteness(std::ostream& out, const hint_record& h) {
  if (h.finished || h.result == outcome::d) return;
  if (!h.remoteness_known) {
    out << "remoteness needs the game graph, which this game's own rule does not build\n";
    return;
  }
  const auto r = *h.remoteness;
  const bool wins = h.result == outcome::n;
  out << fmt::format("remoteness {}: the player to move {} in {} move{}{}\n", r, wins ? "wins" : "loses", r,
                     r == 1 ? "" : "s", wins ? " against any defence" : " against the fastest win");
}

void write_moves(json_writer& w, const std::vector<hint_move>& moves) {
  w.begin_array();
  for (const auto& m : moves)
    w.begin_object().member("move", m.move).member("position", m.position).end_object();
  w.end_array();
}

// The remoteness after each move, beside the moves: their objects keep the two members
// clients already read.
void write_remoteness(json_writer& w, const std::vector<hint_move>& moves) {
  w.begin_array();
  for (const auto& m : moves)
    w.value(m.remoteness);
  w.end_array();
}

void member_or_null(json_writer& w, std::string_view key, const std::string& text) {
  w.key(key);
  if (text.empty())
    w.value(nullptr);
  else
    w.value(text);
}

} // namespace

hint_record compute_hint(const any_builtin_position& position, const hint_options& options) {
  return std::visit(
      [&](const auto& p) { return compute<detail::entry_of<std::decay_t<decltype(p.game)>>>(p, options); },
      position);
}

void write_hint_text(std::ostream& out, const hint_record& h, std::string_view all_option,
                     const std::atomic<bool>* stop) {
  if (!h.explanation.empty()) out << h.explanation << '\n';
  out << fmt::format("position  {} ({} play)\n", h.position, to_string(h.convention));
  out << fmt::format("outcome   {}\n", verdict(h.result, h.finished, h.convention));
  write_remoteness(out, h);
  if (h.moves.empty() && h.result == outcome::d) {
    const auto& draws = h.drawing_moves;
    out << "move      none wins; this one keeps the draw (any other loses):\n";
    const std::size_t shown = h.all ? draws.size() : std::min<std::size_t>(draws.size(), 1);
    for (std::size_t i = 0; i < shown; ++i)
      write_move(out, "", draws[i]);
    if (!h.all && draws.size() > 1)
      out << fmt::format("          ({} moves keep the draw in all: {} lists them)\n", draws.size(),
                         all_option);
  } else if (h.moves.empty()) {
    if (!h.finished) out << "move      none wins: every move leaves the opponent a winning position\n";
  } else {
    for (std::size_t i = 0; i < h.moves.size(); ++i) {
      poll(stop, i, h.moves.size());
      write_move(out, i > 0 ? "" : h.all ? "moves" : "move", h.moves[i]);
    }
    if (!h.all && h.winning_move_count > 1)
      out << fmt::format("          ({} winning moves in all: {} lists them)\n", h.winning_move_count,
                         all_option);
  }
  if (!h.method.empty()) out << fmt::format("{:<10}{}\n", "method", h.method);
}

std::string hint_text(const hint_record& h, std::string_view all_option) {
  std::ostringstream out;
  write_hint_text(out, h, all_option);
  return std::move(out).str();
}

std::string hint_json(const hint_record& h, const fields& tail) {
  auto head = h.head;
  head.emplace_back("start", h.position);
  json_writer w;
  w.begin_object();
  for (const auto& [key, value] : json_fields(head))
    w.key(key).raw(value);
  w.member("convention", detail::json_convention(h.convention)).member("outcome", to_char(h.result));
  w.member("finished", h.finished).member("winning_move_count", h.winning_move_count);
  write_moves(w.key("moves"), h.moves);
  write_moves(w.key("drawing_moves"), h.drawing_moves);
  member_or_null(w, "method", h.method);
  member_or_null(w, "explanation", h.explanation);
  w.member("remoteness_known", h.remoteness_known).member("remoteness", h.remoteness);
  write_remoteness(w.key("move_remoteness"), h.moves);
  write_remoteness(w.key("drawing_move_remoteness"), h.drawing_moves);
  for (const auto& [key, value] : tail)
    w.key(key).raw(value);
  return w.end_object().take();
}

} // namespace grundy::io
