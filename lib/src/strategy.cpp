#include <grundy/strategy.hpp>

#include <grundy/octal/analysis.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <limits>

namespace grundy {

namespace {

heap_size largest_heap(const heaps& h) { return h.empty() ? 0 : *std::max_element(h.begin(), h.end()); }

// Appends `next` unless it is already there: different heaps of equal size, or different
// splits, may lead to the same position. Lists of winning moves are short.
void add_once(std::vector<heaps>& moves, heaps next) {
  next = canonical_heaps(std::move(next));
  if (std::find(moves.begin(), moves.end(), next) == moves.end()) moves.push_back(std::move(next));
}

// The heaps with the one at index i replaced by `parts` (zeros dropped by canonical_heaps).
heaps replace_heap(const heaps& s, std::size_t i, std::initializer_list<heap_size> parts) {
  heaps next;
  next.reserve(s.size() + parts.size());
  for (std::size_t k = 0; k < s.size(); ++k)
    if (k != i) next.push_back(s[k]);
  next.insert(next.end(), parts.begin(), parts.end());
  return next;
}

std::string join_words(const std::vector<std::string>& parts) {
  std::string text;
  for (std::size_t i = 0; i < parts.size(); ++i)
    text += (i == 0 ? "" : i + 1 == parts.size() ? " and " : ", ") + parts[i];
  return text;
}

std::string one_heap_move(heap_size h, const heaps& parts) {
  heap_size kept = 0;
  for (auto p : parts)
    kept += p;
  const heap_size taken = h - kept;
  if (parts.empty()) return fmt::format("take the whole heap of {}", h);
  if (parts.size() == 1) return fmt::format("take {} from the heap of {}, leaving {}", taken, h, parts[0]);
  std::vector<std::string> sizes;
  for (auto p : parts) // largest first
    sizes.push_back(std::to_string(p));
  if (taken == 0) return fmt::format("split the heap of {} into {}", h, join_words(sizes));
  return fmt::format("take {} from the heap of {} and split the rest into {}", taken, h, join_words(sizes));
}

} // namespace

// --- Nim ---------------------------------------------------------------------------------

bool nim_p_position(const heaps& h, play_convention convention) {
  heap_size x = 0;
  bool all_small = true;
  for (auto size : h) {
    x ^= size;
    all_small = all_small && size <= 1;
  }
  // With heaps of at most one token, x is the parity of their number.
  if (convention == play_convention::misere && all_small) return x == 1;
  return x == 0;
}

std::vector<heaps> nim_strategy::winning_moves(const heaps& position) const {
  const heaps s = canonical_heaps(position);
  heap_size x = 0;
  for (auto size : s)
    x ^= size;
  std::vector<heaps> moves;
  for (std::size_t i = s.size(); i-- > 0;) {
    if (i + 1 < s.size() && s[i] == s[i + 1]) continue; // equal heaps give the same moves
    // Normal play can only leave x ^ h; misère play may also leave 0 or 1 to end with an odd
    // number of single tokens. The rule decides among these candidates.
    for (heap_size left : {s[i] ^ x, heap_size{1}, heap_size{0}}) {
      if (left >= s[i]) continue;
      auto next = s;
      next[i] = left;
      if (nim_p_position(canonical_heaps(next), convention_)) add_once(moves, std::move(next));
    }
  }
  return moves;
}

// --- Octal games -----------------------------------------------------------------------------

octal_heap_values::octal_heap_values(const octal_code& code, heap_size largest, const std::atomic<bool>* stop)
    : largest_(largest) {
  analysis_options options;
  options.max_values = std::min<std::size_t>(std::size_t{largest} + 1, analysis_options::default_max_values);
  options.stop = stop;
  auto a = analyse_octal(code, options);
  if (a.interrupted)
    throw interrupted(fmt::format("interrupted while computing the values of {}", code.str()),
                      {0, a.values.size(), 0, a.seconds, current_memory_bytes()});
  values_ = std::move(a.values);
  if (a.period && a.period->proven) period_ = a.period;
  if (values_.size() <= largest && !period_)
    throw std::runtime_error(fmt::format("the values of {} are known up to heaps of {} tokens, not {}",
                                         code.str(), values_.size() - 1, largest));
}

grundy_value octal_heap_values::operator()(heap_size h) const {
  if (h > largest_)
    throw std::out_of_range(fmt::format("a heap of {} is larger than any heap of the start position", h));
  return h < values_.size() ? values_[h] : periodic_value(values_, *period_, h);
}

octal_strategy::octal_strategy(const octal_game& g, const heaps& start, play_convention convention,
                               const build_options& options)
    : game_(g), convention_(convention), stop_(options.stop) {
  if (convention == play_convention::misere)
    misere_.emplace(g, start, convention, options);
  else
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
class split_search {
public:
  split_search(const octal_heap_values& g, const std::atomic<bool>* stop) : g_(g), stop_(stop) {
    if (const auto& p = g.period()) {
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
      throw interrupted("interrupted while looking for winning moves", {});
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

// --- Moore's Nim -------------------------------------------------------------------------------

moore_strategy::moore_strategy(const moore_game& g, const heaps& start, play_convention convention,
                               const build_options& options)
    : game_(g), convention_(convention) {
  if (convention == play_convention::misere) misere_.emplace(g, start, convention, options);
}

outcome moore_strategy::outcome_of(const heaps& s) const {
  if (misere_) return misere_->outcome_of(s);
  return moore_p_position(canonical_heaps(s), game_.k()) ? outcome::p : outcome::n;
}

std::vector<heaps> moore_strategy::winning_moves(const heaps& s) const {
  if (misere_) return misere_->winning_moves(s);
  std::vector<heaps> moves;
  for (auto& next : legal_moves(game_, s))
    if (moore_p_position(next, game_.k())) moves.push_back(next);
  return moves;
}

// --- The digraph game ---------------------------------------------------------------------------

digraph_strategy::digraph_strategy(const digraph_game& g, const state_type& start, play_convention convention,
                                   const build_options& options)
    : game_(g), convention_(convention) {
  if (convention == play_convention::normal) {
    labelling_ = generalized_sprague_grundy(g.graph(), options.stop);
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
    sum = sum + value_of(labelling_, v);
  return sum;
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
    return fmt::format("move the token from {} to {}", g.name(went[0]), g.name(came[0]));
  return "move to " + g.format(after);
}

// --- Words -----------------------------------------------------------------------------------

heap_change heap_difference(const heaps& before, const heaps& after) {
  heaps b = canonical_heaps(before), a = canonical_heaps(after);
  heap_change change;
  std::set_difference(b.begin(), b.end(), a.begin(), a.end(), std::back_inserter(change.removed));
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(change.added));
  std::reverse(change.removed.begin(), change.removed.end());
  std::reverse(change.added.begin(), change.added.end());
  return change;
}

std::string describe_heap_move(const heaps& before, const heaps& after) {
  const auto change = heap_difference(before, after);
  const auto& removed = change.removed;
  const auto& added = change.added;
  if (removed.empty()) return "move to " + format_heaps(canonical_heaps(after));
  if (removed.size() == 1) {
    heap_size kept = 0;
    for (auto p : added)
      kept += p;
    if (kept <= removed[0]) return one_heap_move(removed[0], added);
  }
  // Several heaps lowered at once (Moore's Nim): pairing the largest heaps that went with the
  // largest that came is a valid reading whenever any is.
  std::vector<std::string> parts;
  for (std::size_t i = 0; i < removed.size(); ++i) {
    const heap_size h = removed[i];
    if (i >= added.size()) {
      parts.push_back(fmt::format("all of the heap of {}", h));
      continue;
    }
    if (added[i] >= h) return "move to " + format_heaps(canonical_heaps(after));
    parts.push_back(fmt::format("{} from the heap of {} (leaving {})", h - added[i], h, added[i]));
  }
  if (added.size() > removed.size()) return "move to " + format_heaps(canonical_heaps(after));
  return "take " + join_words(parts);
}

std::string format_pile(pile p) { return fmt::format("[{},{}]", p.colour, p.height); }

std::string describe_move(const tablettes_game& g, const tablettes_game::state_type& before,
                          const tablettes_game::state_type& after) {
  auto b = g.piles(before), a = g.piles(after);
  std::sort(b.begin(), b.end());
  std::sort(a.begin(), a.end());
  tablettes_game::piles_type went, came;
  std::set_difference(b.begin(), b.end(), a.begin(), a.end(), std::back_inserter(went));
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(came));
  if (went.size() == 2 && came.size() == 1) {
    const pile merged = came[0];
    // The pile put on top gives the new pile its colour; the heights add up.
    for (int upper = 0; upper < 2; ++upper) {
      const pile top = went[upper], bottom = went[1 - upper];
      if (top.colour == merged.colour && top.height + bottom.height == merged.height)
        return fmt::format("put the pile {} on the pile {}", format_pile(top), format_pile(bottom));
    }
  }
  return "move to " + g.format(after);
}

} // namespace grundy
