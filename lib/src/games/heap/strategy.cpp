#include <grundy/games/heap/strategy.hpp>

#include "octal_splits.hpp"

#include <grundy/heap/analysis.hpp>
#include <grundy/heap/sequence.hpp>
#include <grundy/memory.hpp>

#include <boost/unordered/unordered_flat_set.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <initializer_list>
#include <limits>
#include <stdexcept>
#include <utility>
#include <variant>

namespace grundy {

namespace {

heap_size largest_heap(const heaps& h) { return h.empty() ? 0 : *std::max_element(h.begin(), h.end()); }

// The heaps with the one at index i replaced by `parts` (zeros dropped by canonical_heaps).
heaps replace_heap(const heaps& s, std::size_t i, std::initializer_list<heap_size> parts) {
  heaps next;
  next.reserve(s.size() + parts.size());
  for (std::size_t k = 0; k < s.size(); ++k)
    if (k != i) next.push_back(s[k]);
  next.insert(next.end(), parts.begin(), parts.end());
  return next;
}

stopped interrupted_values(const heap_rule& rule, std::size_t values, double seconds) {
  return stopped(fmt::format("interrupted while computing the values of {}", rule.str()),
                 stop_reason::interrupted, {0, values, 0, seconds, current_memory_bytes()});
}

// G(0..largest) under the rule; a stop requested meanwhile is said as the octal game says it.
grundy_sequence values_up_to(const heap_rule& rule, heap_size largest, const std::atomic<bool>* stop) {
  try {
    return heap_values(rule, std::size_t{largest} + 1, stop);
  } catch (const stopped& e) {
    if (e.by_limit()) throw;
    throw interrupted_values(rule, 0, 0);
  }
}

bool finite_subtraction(const heap_rule& rule) {
  const auto* k = std::get_if<subtraction_rule>(&rule.kind());
  return k && !k->all_but;
}

// The values of a finite subtraction set until their period is proven, which answers every heap.
std::pair<grundy_sequence, periodicity> values_until_period(const heap_rule& rule, std::size_t most,
                                                            const std::atomic<bool>* stop) {
  analysis_options o;
  o.max_values = most;
  o.stop = stop;
  auto a = analyse(rule, o);
  if (a.interrupted) throw interrupted_values(rule, 0, 0);
  if (!a.period || !a.period->proven)
    throw std::invalid_argument(fmt::format("the values of {} show no proven period in their first {}, and "
                                            "a heap past them is too large to compute them all",
                                            rule.str(), most));
  return {std::move(a.values), *a.period};
}

} // namespace

heap_value_table::heap_value_table(const heap_rule& rule, heap_size largest, const std::atomic<bool>* stop)
    : largest_(largest) {
  if (rule.octal()) {
    analysis_options options;
    options.max_values =
        std::min<std::size_t>(std::size_t{largest} + 1, analysis_options::default_max_values);
    options.stop = stop;
    auto a = analyse(rule, options);
    if (a.interrupted) throw interrupted_values(rule, a.values.size(), a.seconds);
    values_ = std::move(a.values);
    if (a.period && a.period->proven) period_ = a.period;
    if (values_.size() <= largest && !period_)
      throw std::runtime_error(fmt::format("the values of {} are known up to heaps of {} tokens, not {}",
                                           rule.str(), values_.size() - 1, largest));
  } else if (finite_subtraction(rule) && largest > heap_strategy::finite_subtraction_direct) {
    auto [values, period] = values_until_period(rule, heap_strategy::most_values_for_period, stop);
    values_ = std::move(values);
    period_ = period;
    largest_ = std::numeric_limits<heap_size>::max();
  } else
    values_ = values_up_to(rule, largest, stop);
}

grundy_value heap_value_table::operator()(heap_size h) const {
  if (h > largest_)
    throw std::out_of_range(fmt::format("a heap of {} is larger than any heap of the start position", h));
  return h < values_.size() ? values_[h] : periodic_value(values_, *period_, h);
}

heap_strategy::heap_strategy(const heap_game& g, const heaps& start, play_convention convention,
                             const build_options& options)
    : game_(g), convention_(convention), stop_(options.stop) {
  if (convention == play_convention::misere) {
    // The graph takes the start position's moves at once, before its limits can look at them:
    // a heap of 4·10^9 tokens ran out of memory.
    check_heap_expansion(start, g.rule(), options.max_memory);
    misere_.emplace(g, start, convention, options);
  } else
    values_.emplace(g.rule(), largest_heap(start), options.stop);
}

grundy_value heap_strategy::heap_value(heap_size h) const {
  if (!values_) throw std::logic_error("heap values are for normal play");
  return (*values_)(h);
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
  std::vector<heaps> moves;
  const heaps s = canonical_heaps(position);
  if (const auto* code = game_.rule().octal()) {
    const grundy_value x = value(s);
    if (x == 0 || most == 0) return moves;
    // Every move found is a different position, so none is looked for in the list (which made
    // a list of millions of moves quadratic): moves of one heap leave different parts, and
    // moves of heaps of different sizes leave different numbers of heaps of the larger size.
    detail::each_winning_split(*code, *values_, stop_, s, x,
                               [&](std::size_t i, heap_size a, heap_size b, heap_size c) {
                                 moves.push_back(canonical_heaps(replace_heap(s, i, {a, b, c})));
                                 return moves.size() < most;
                               });
    return moves;
  }
  if (most == 0) return moves;
  each_winning_move(s, [&](heaps m) {
    moves.push_back(std::move(m));
    return moves.size() < most;
  });
  return moves;
}

std::uint64_t heap_strategy::winning_move_count(const heaps& position) const {
  if (misere_) return misere_->winning_moves(position).size();
  const heaps s = canonical_heaps(position);
  std::uint64_t count = 0;
  if (const auto* code = game_.rule().octal()) {
    const grundy_value x = value(s);
    if (x == 0) return 0;
    detail::split_search search(*values_, stop_);
    for (std::size_t i = 0; i < s.size(); ++i) {
      if (i + 1 < s.size() && s[i] == s[i + 1]) continue;
      const grundy_value wanted = x ^ heap_value(s[i]);
      const std::size_t first = code->splits_without_removing() ? 0 : 1;
      for (std::size_t n = first; n <= std::min<std::size_t>(s[i], code->length()); ++n)
        count += search.count(*code, s[i], n, wanted);
    }
    return count;
  }
  each_winning_move(s, [&](const heaps&) {
    ++count;
    return true;
  });
  return count;
}

} // namespace grundy
