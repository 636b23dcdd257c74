#include <grundy/games/heap/strategy.hpp>

#include <grundy/heap/analysis.hpp>
#include <grundy/heap/sequence.hpp>
#include <grundy/memory.hpp>

#include <boost/unordered/unordered_flat_set.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <utility>
#include <variant>

namespace grundy {

namespace {

heap_size largest_heap(const heaps& h) { return h.empty() ? 0 : *std::max_element(h.begin(), h.end()); }

// G(0..largest) under the rule; a stop requested meanwhile is said as the octal game says it.
grundy_sequence values_up_to(const heap_rule& rule, heap_size largest, const std::atomic<bool>* stop) {
  try {
    return heap_values(rule, std::size_t{largest} + 1, stop);
  } catch (const stopped& e) {
    if (e.by_limit()) throw;
    throw stopped(fmt::format("interrupted while computing the values of {}", rule.str()),
                  stop_reason::interrupted, {0, 0, 0, 0, current_memory_bytes()});
  }
}

bool finite_subtraction(const heap_rule& rule) {
  const auto* k = std::get_if<subtraction_rule>(&rule.kind());
  return k && !k->all_but;
}

// The values of a finite subtraction set until their period is proven, which answers every heap.
std::pair<grundy_sequence, periodicity> values_until_period(const heap_rule& rule, std::size_t most,
                                                            const std::atomic<bool>* stop) {
  heap_analysis_options o;
  o.max_values = most;
  o.stop = stop;
  auto a = analyse_heap_rule(rule, o);
  if (a.interrupted)
    throw stopped(fmt::format("interrupted while computing the values of {}", rule.str()),
                  stop_reason::interrupted, {0, 0, 0, 0, current_memory_bytes()});
  if (!a.period || !a.period->proven)
    throw std::invalid_argument(fmt::format("the values of {} show no proven period in their first {}, and "
                                            "a heap past them is too large to compute them all",
                                            rule.str(), most));
  return {std::move(a.values), *a.period};
}

} // namespace

heap_strategy::heap_strategy(const heap_game& g, const heaps& start, play_convention convention,
                             const build_options& options)
    : game_(g), convention_(convention), stop_(options.stop) {
  if (convention == play_convention::misere) {
    // The graph takes the start position's moves at once, before its limits can look at them.
    check_heap_expansion(start, g.rule(), options.max_memory);
    misere_.emplace(g, start, convention, options);
  } else if (const auto* code = g.rule().octal())
    octal_.emplace(octal_game(*code), start, convention, options);
  else if (finite_subtraction(g.rule()) && largest_heap(start) > finite_subtraction_direct) {
    auto [values, period] = values_until_period(g.rule(), most_values_for_period, options.stop);
    values_ = std::move(values);
    period_ = period;
  } else
    values_ = values_up_to(g.rule(), largest_heap(start), options.stop);
}

grundy_value heap_strategy::heap_value(heap_size h) const {
  if (octal_) return octal_->heap_value(h);
  if (!values_) throw std::logic_error("heap values are for normal play");
  if (h >= values_->size() && period_) return periodic_value(*values_, *period_, h);
  if (h >= values_->size())
    throw std::out_of_range(fmt::format("a heap of {} is larger than any heap of the start position", h));
  return (*values_)[h];
}

grundy_value heap_strategy::value(const heaps& s) const {
  grundy_value x = 0;
  for (auto h : s)
    x ^= heap_value(h);
  return x;
}

std::optional<generalized_value> heap_strategy::value_of(const heaps& s) const {
  if (misere_) return misere_->value_of(s);
  return generalized_value{value(s), {}};
}

outcome heap_strategy::outcome_of(const heaps& s) const {
  if (misere_) return misere_->outcome_of(s);
  return grundy::outcome_of(value(s));
}

template <class F> void heap_strategy::each_winning_move(const heaps& s, F&& f) const {
  const grundy_value x = value(s);
  if (x == 0) return;
  std::uint64_t ticks = 0;
  bool more = true;
  // Moves of heaps of different sizes lead to different positions (they leave different
  // numbers of heaps of the larger size), so repeats are looked for within one heap only: a
  // user's rule may give an option twice.
  boost::unordered_flat_set<heaps, boost::hash<heaps>> seen;
  for (std::size_t i = s.size(); more && i-- > 0;) {
    if (i + 1 < s.size() && s[i] == s[i + 1]) continue;
    const grundy_value wanted = x ^ heap_value(s[i]);
    seen.clear();
    game_.rule().for_each_option(s[i], [&](std::span<const heap_size> option) {
      if ((++ticks & 0xFFF) == 0 && stop_ && stop_->load(std::memory_order_relaxed))
        throw stopped("interrupted while looking for winning moves", stop_reason::interrupted, {});
      if (!more) return;
      grundy_value y = 0;
      for (auto h : option)
        y ^= heap_value(h);
      if (y != wanted) return;
      heaps next;
      next.reserve(s.size() + option.size());
      for (std::size_t k = 0; k < s.size(); ++k)
        if (k != i) next.push_back(s[k]);
      next.insert(next.end(), option.begin(), option.end());
      next = canonical_heaps(std::move(next));
      if (seen.insert(next).second) more = f(std::move(next));
    });
  }
}

std::vector<heaps> heap_strategy::winning_moves(const heaps& position) const {
  return winning_moves(position, std::numeric_limits<std::size_t>::max());
}

std::vector<heaps> heap_strategy::winning_moves(const heaps& position, std::size_t most) const {
  if (misere_) {
    auto moves = misere_->winning_moves(position);
    if (moves.size() > most) moves.resize(most);
    return moves;
  }
  if (octal_) return octal_->winning_moves(position, most);
  std::vector<heaps> moves;
  if (most == 0) return moves;
  each_winning_move(canonical_heaps(position), [&](heaps m) {
    moves.push_back(std::move(m));
    return moves.size() < most;
  });
  return moves;
}

std::uint64_t heap_strategy::winning_move_count(const heaps& position) const {
  if (misere_) return misere_->winning_moves(position).size();
  if (octal_) return octal_->winning_move_count(position);
  std::uint64_t count = 0;
  each_winning_move(canonical_heaps(position), [&](const heaps&) {
    ++count;
    return true;
  });
  return count;
}

} // namespace grundy
