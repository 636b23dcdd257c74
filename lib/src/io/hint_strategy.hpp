#pragma once
// The strategy hints and move lists play by, so that both give a position the same outcome:
// misère heap games from their misère quotient when it can be had within its budget, every
// game otherwise from make_strategy (a rule of the game's own, or its game graph).

#include <grundy/io/games/builtin.hpp>
#include <grundy/misere/quotient_strategy.hpp>
#include <grundy/strategy/make_strategy.hpp>

#include <fmt/format.h>

#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

namespace grundy::io::detail {

inline heap_rule rule_of(const octal_game& g) { return heap_rule(g.code()); }
inline heap_rule rule_of(const heap_game& g) { return g.rule(); }

// f(strategy, method) with the strategy for p's start under `convention`; `method` says how the
// answer is found when the game's own strategy is not what finds it (the quotient), else is
// empty. f returns the same type whichever strategy it is given.
template <class G, class F>
decltype(auto) with_strategy(const game_position<G>& p, play_convention convention,
                             const build_options& limits, const quotient_budget& budget, F&& f) {
  // Sums of heaps whose game graph could never be labelled are answered at once.
  if constexpr (std::is_same_v<G, octal_game> || std::is_same_v<G, heap_game>)
    if (convention == play_convention::misere)
      if (const auto q = quotient_strategy::make(rule_of(p.game), p.start, limits.stop, budget)) {
        const auto& quotient = q->quotient();
        return std::forward<F>(f)(*q,
                                  fmt::format("the misère quotient of {} on heaps 1..{} (order {}{})",
                                              quotient.rule().str(), quotient.max_heap(), quotient.order(),
                                              quotient.decides_every_heap() ? ", every heap size" : ""));
      }
  return std::forward<F>(f)(make_strategy(p.game, p.start, convention, limits), std::string());
}

// A convention as JSON names it: "normal" or "misere".
constexpr std::string_view json_convention(play_convention c) noexcept {
  return c == play_convention::misere ? "misere" : "normal";
}

// The entry of a built-in game type.
template <class G> using entry_of = entry_for_t<G, builtin_games>;

} // namespace grundy::io::detail
