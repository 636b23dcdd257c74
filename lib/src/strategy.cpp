#include <grundy/strategy.hpp>

#include <grundy/octal/analysis.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <functional>

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
    : game_(g), convention_(convention) {
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

std::vector<heaps> octal_strategy::winning_moves(const heaps& position) const {
  if (misere_) return misere_->winning_moves(position);
  const heaps s = canonical_heaps(position);
  const grundy_value x = value(s);
  std::vector<heaps> moves;
  if (x == 0) return moves;
  for (std::size_t i = s.size(); i-- > 0;) {
    if (i + 1 < s.size() && s[i] == s[i + 1]) continue;
    // The heap must become parts worth x ^ G(h), so that the total XOR becomes 0.
    const grundy_value wanted = x ^ heap_value(s[i]);
    game_.for_each_split(s[i], [&](heap_size a, heap_size b, heap_size c) {
      if ((heap_value(a) ^ heap_value(b) ^ heap_value(c)) == wanted)
        add_once(moves, replace_heap(s, i, {a, b, c}));
    });
  }
  return moves;
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
