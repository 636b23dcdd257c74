#include <grundy/games/octal/strategy.hpp>

#include <grundy/games/heap_moves.hpp>

#include <algorithm>
#include <functional>
#include <initializer_list>
#include <limits>
#include <stdexcept>

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

} // namespace

octal_strategy::octal_strategy(const octal_game& g, const heaps& start, play_convention convention,
                               const build_options& options)
    : game_(g), convention_(convention), stop_(options.stop) {
  if (convention == play_convention::misere) {
    // The graph takes the start position's moves at once, before its limits can look at them:
    // a heap of 4·10^9 tokens ran out of memory.
    check_heap_expansion(start, heap_rule(g.code()), options.max_memory);
    misere_.emplace(g, start, convention, options);
  } else
    values_.emplace(g.code(), largest_heap(start), options.stop);
}

grundy_value octal_strategy::heap_value(heap_size h) const {
  if (!values_) throw std::logic_error("octal values are for normal play");
  return (*values_)(h);
}

grundy_value octal_strategy::value(const heaps& s) const {
  grundy_value x = 0;
  for (auto h : s)
    x ^= heap_value(h);
  return x;
}

std::optional<generalized_value> octal_strategy::value_of(const heaps& s) const {
  if (misere_) return misere_->value_of(s);
  return generalized_value{value(s), {}};
}

outcome octal_strategy::outcome_of(const heaps& s) const {
  if (misere_) return misere_->outcome_of(s);
  return grundy::outcome_of(value(s));
}

namespace {

// The splits of one heap whose parts' values XOR to a wanted value, in the game's order (that
// of octal_game::for_each_split). Past a proven period s, p the search is cut short: a split
// into parts b <= c with b >= max(first, s) + p wins exactly when the split into b - p and
// c + p does (both parts past the preperiod keep their values), so a first winning part is
// always found below max(first, s) + p, and the winning parts from there on repeat every p.
// An arithmetic period (a hexadecimal code's G(h + p) = G(h) + saltus) moves values instead of
// repeating them, so no split stands for another: the search then tries every split.
class split_search {
public:
  split_search(const octal_heap_values& g, const std::atomic<bool>* stop) : g_(g), stop_(stop) {
    if (const auto& p = g.period(); p && p->saltus == 0) {
      preperiod_ = p->preperiod;
      period_ = p->period;
    }
  }

  // Calls f(a, b, c), the parts left (0 for none, a <= b <= c), for each winning way to
  // remove n tokens from a heap of h, until f returns false; returns false then.
  template <class F>
  bool each(const octal_code& code, heap_size h, std::size_t n, grundy_value wanted, F& f) {
    const auto d = code.digit(n);
    const heap_size r = h - static_cast<heap_size>(n);
    if ((d & octal_bits::vanish) && r == 0 && wanted == 0 && !f(0, 0, 0)) return false;
    if ((d & octal_bits::one_heap) && r >= 1 && n >= 1 && g_(r) == wanted && !f(0, 0, r)) return false;
    if (d & octal_bits::two_heaps) {
      auto pair = [&](heap_size b, heap_size c) { return f(0, b, c); };
      if (!each_pair(1, r, wanted, pair)) return false;
    }
    if (d & octal_bits::three_heaps) {
      bool found = false;
      for (heap_size a = 1; 3 * std::uint64_t{a} <= r; ++a) {
        // A winning a past the period's first window would give a winning a - p (the parts
        // a - p, b, c + p): none there means none at all.
        if (period_ && a == periodic_from(1) + period_ && !found) break;
        auto triple = [&](heap_size b, heap_size c) {
          found = true;
          return f(a, b, c);
        };
        if (!each_pair(a, r - a, wanted ^ g_(a), triple)) return false;
      }
    }
    return true;
  }

  // How many winning ways there are to remove n tokens from a heap of h.
  std::uint64_t count(const octal_code& code, heap_size h, std::size_t n, grundy_value wanted) {
    const auto d = code.digit(n);
    const heap_size r = h - static_cast<heap_size>(n);
    std::uint64_t total = 0;
    if ((d & octal_bits::vanish) && r == 0 && wanted == 0) ++total;
    if ((d & octal_bits::one_heap) && r >= 1 && n >= 1 && g_(r) == wanted) ++total;
    if (d & octal_bits::two_heaps) total += count_pairs(1, r, wanted);
    if (d & octal_bits::three_heaps)
      for (heap_size a = 1; 3 * std::uint64_t{a} <= r; ++a)
        total += count_pairs(a, r - a, wanted ^ g_(a));
    return total;
  }

private:
  // From where a part's value is periodic, for parts of at least `first` tokens.
  std::uint64_t periodic_from(heap_size first) const { return std::max<std::uint64_t>(first, preperiod_); }

  void tick() {
    if ((++ticks_ & 0xFFF) == 0 && stop_ && stop_->load(std::memory_order_relaxed))
      throw stopped("interrupted while looking for winning moves", stop_reason::interrupted, {});
  }

  // f(b, r - b) for first <= b <= r - b with G(b) ^ G(r - b) = wanted, in increasing b.
  template <class F> bool each_pair(heap_size first, heap_size r, grundy_value wanted, F& f) {
    const heap_size last = r / 2;
    bool found = false;
    for (heap_size b = first; b <= last; ++b) {
      tick();
      if (period_ && b == periodic_from(first) + period_ && !found) break;
      if ((g_(b) ^ g_(r - b)) == wanted) {
        found = true;
        if (!f(b, r - b)) return false;
      }
    }
    return true;
  }

  // The number of such b: past the period, the winning b of one window each stand for every
  // b of their class up to r / 2.
  std::uint64_t count_pairs(heap_size first, heap_size r, grundy_value wanted) {
    const std::uint64_t last = r / 2;
    if (first > last) return 0;
    const std::uint64_t direct_end = period_ ? std::min(periodic_from(first), last + 1) : last + 1;
    std::uint64_t total = 0;
    for (std::uint64_t b = first; b < direct_end; ++b) {
      tick();
      total += (g_(b) ^ g_(r - b)) == wanted;
    }
    for (std::uint64_t b = direct_end; b < direct_end + period_ && b <= last; ++b) {
      tick();
      if ((g_(b) ^ g_(r - b)) == wanted) total += (last - b) / period_ + 1;
    }
    return total;
  }

  const octal_heap_values& g_;
  const std::atomic<bool>* stop_;
  std::uint64_t preperiod_ = 0, period_ = 0; // period_ 0: none proven
  std::uint64_t ticks_ = 0;
};

// Calls f(i, a, b, c) for the winning moves of s (canonical, of value x != 0) in order: heap
// s[i] replaced by the parts a, b, c. Heaps of equal size give the same moves, so only the
// last of them is tried. Stops when f returns false.
template <class F>
void each_winning_move(const octal_game& game, const octal_heap_values& g, const std::atomic<bool>* stop,
                       const heaps& s, grundy_value x, F&& f) {
  split_search search(g, stop);
  const auto& code = game.code();
  for (std::size_t i = s.size(); i-- > 0;) {
    if (i + 1 < s.size() && s[i] == s[i + 1]) continue;
    // The heap must become parts worth x ^ G(h), so that the total XOR becomes 0.
    const grundy_value wanted = x ^ g(s[i]);
    auto part = [&](heap_size a, heap_size b, heap_size c) { return f(i, a, b, c); };
    const std::size_t first = code.splits_without_removing() ? 0 : 1;
    for (std::size_t n = first; n <= std::min<std::size_t>(s[i], code.length()); ++n)
      if (!search.each(code, s[i], n, wanted, part)) return;
  }
}

} // namespace

std::vector<heaps> octal_strategy::winning_moves(const heaps& position) const {
  return winning_moves(position, std::numeric_limits<std::size_t>::max());
}

std::vector<heaps> octal_strategy::winning_moves(const heaps& position, std::size_t most) const {
  if (misere_) {
    auto moves = misere_->winning_moves(position);
    if (moves.size() > most) moves.resize(most);
    return moves;
  }
  const heaps s = canonical_heaps(position);
  const grundy_value x = value(s);
  std::vector<heaps> moves;
  if (x == 0 || most == 0) return moves;
  // Every move found is a different position, so none is looked for in the list (which made
  // a list of millions of moves quadratic): moves of one heap leave different parts, and
  // moves of heaps of different sizes leave different numbers of heaps of the larger size.
  each_winning_move(game_, *values_, stop_, s, x, [&](std::size_t i, heap_size a, heap_size b, heap_size c) {
    moves.push_back(canonical_heaps(replace_heap(s, i, {a, b, c})));
    return moves.size() < most;
  });
  return moves;
}

std::uint64_t octal_strategy::winning_move_count(const heaps& position) const {
  if (misere_) return misere_->winning_moves(position).size();
  const heaps s = canonical_heaps(position);
  const grundy_value x = value(s);
  if (x == 0) return 0;
  split_search search(*values_, stop_);
  const auto& code = game_.code();
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (i + 1 < s.size() && s[i] == s[i + 1]) continue;
    const grundy_value wanted = x ^ heap_value(s[i]);
    const std::size_t first = code.splits_without_removing() ? 0 : 1;
    for (std::size_t n = first; n <= std::min<std::size_t>(s[i], code.length()); ++n)
      total += search.count(code, s[i], n, wanted);
  }
  return total;
}

} // namespace grundy
