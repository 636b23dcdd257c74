#pragma once
// Misère play of heap games (octal codes and the heap game's rules) from the misère quotient of
// their heaps: a sum of heaps far beyond the reach of its game graph is answered by products in
// the quotient's table. Hints (grundy/io/hint.hpp) take this route before the game graph.

#include <grundy/games/nim/rules.hpp>
#include <grundy/heap/rule.hpp>
#include <grundy/misere/quotient.hpp>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

namespace grundy {

// What may be spent on the quotient before the caller falls back to the game graph.
struct quotient_budget {
  std::size_t max_order = 4096; // a table of 4096^2 elements: 64 MB
  std::uint64_t max_memory = std::uint64_t{1} << 30;
  // Processor seconds: Q_30 of 0.07 (order 360) takes about 3.
  double seconds = 15;
};

// The misère outcome and winning moves of sums of heaps, from Q_n of the rule with n the largest
// heap of the start position, or a smaller n from which the periodicity test shows that Q_n
// decides every heap. Every move of a position is tried: its option's class is
// a product of the classes of the heaps it leaves, so each costs a few look-ups.
class quotient_strategy {
public:
  // The quotient for `start`, or nullopt when it cannot be had within `budget` (misère
  // quotients of most codes grow without bound). Throws grundy::stopped (stop_reason::interrupted,
  // no figures: nothing is explored) once *stop is set; so do the searches for moves below.
  static std::optional<quotient_strategy> make(const heap_rule& rule, const heaps& start,
                                               const std::atomic<bool>* stop,
                                               const quotient_budget& budget = {});

  const misere_quotient& quotient() const noexcept { return quotient_; }
  play_convention convention() const noexcept { return play_convention::misere; }
  outcome outcome_of(const heaps& s) const;
  // The positions the winning moves lead to, each once: the largest heap first, then in the
  // order of heap_rule::for_each_option.
  std::vector<heaps> winning_moves(const heaps& s,
                                   std::size_t most = std::numeric_limits<std::size_t>::max()) const;
  std::uint64_t winning_move_count(const heaps& s) const;

private:
  quotient_strategy(misere_quotient q, const std::atomic<bool>* stop)
      : quotient_(std::move(q)), stop_(stop) {}
  // f(position after the move) for each winning move, until f returns false.
  template <class F> void each_winning_move(const heaps& s, F&& f) const;

  misere_quotient quotient_;
  const std::atomic<bool>* stop_;
};

} // namespace grundy
