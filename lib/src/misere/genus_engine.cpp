// Misère values of H + k·*2 + b·*1, H a sum of heaps, and the proof that says where to stop.
//
// Write M for the misère Grundy value (1 for a position with no move, else the mex of the
// options' M) and N for the normal one. Two facts make a finite computation exact for every k:
//
// (1) *1 + *1 = 0 in misère play: o⁻(X + *1 + *1) = o⁻(X) for every X (by induction on X: from
//     X + *1 + *1 answer a move in X as in X, and a move to X + *1 by taking the other *1), so
//     that M(X + *1 + *1) = M(X), M(X) being the n for which X + *n is a misère P-position.
//     Hence b is kept modulo 2.
//
// (2) Write P_H(j) for: M(H + (j+2)·*2 + b·*1) = M(H + j·*2 + b·*1) for b = 0 and 1. If every
//     option H' of H has P_H'(j) for all j >= K(H'), and P_H(J) holds for some J >= max K(H'),
//     then P_H(j) holds for every j >= J. By induction on j: the options of
//     H + (j+2)·*2 + b·*1 are H' + (j+2)·*2 + b·*1, H + (j+1)·*2 + (b+1)·*1 and
//     H + (j+1)·*2 + b·*1 (a *2 taken down to *1 or to nothing; b + 1 read modulo 2 by (1)),
//     and when b = 1, H + (j+2)·*2. Those of H + j·*2 + b·*1 are the same with j in place of
//     j + 2 (j >= 1, so it has the *2-moves too), and the two lists have equal values term by
//     term: by P_H'(j), by P_H(j-1), and for the last by P_H(j) with b = 0, settled first.
//     Equal lists of values have equal mexes.
//
// So each sum H gets K(H), the least J >= max K(H') at which P_H(J) holds; its values for
// k <= K(H) + 1 are stored and the later ones repeat the last two. The argument assumes
// nothing about where the γk end up, and they need not end as normal play's N(H + k·*2) do:
// Kayles' heap of 5 has genus 4^146 (γk = 6 for even k >= 2, where N = 4), and Dawson's
// Kayles' heap of 25 has 0^31 (γk alternates between 3 and 1, N between 0 and 2).
// Conway's theorem that the γk of every game end by alternating (On Numbers and Games ch. 12,
// Winning Ways ch. 13) is what makes K(H) exist; the computation checks P at every sum, so the
// stored values answer every k exactly. In practice K(H) is a few units, so a sum costs a few
// mexes per k.

#include "genus_engine.hpp"

#include <grundy/heap/sequence.hpp>
#include <grundy/memory.hpp>
#include <grundy/stop.hpp>

#include <algorithm>
#include <utility>

namespace grundy::detail {

genus_engine::genus_engine(const heap_rule& rule, heap_size max_heap, const genus_options& options)
    : rule_(rule), options_(options),
      budget_(options.max_memory,
              [this](std::uint64_t bytes) {
                build_progress reached;
                reached.states = nodes_.size();
                reached.memory_bytes = bytes;
                throw stopped("the genus computation needs more than " +
                                  memory_limit_text(options_.max_memory) + " of memory (" +
                                  std::to_string(nodes_.size()) + " sums of heaps held)",
                              stop_reason::memory, reached);
              }),
      // The heaps' values live in the sequence's own storage, held as long as the engine: charged
      // at their widest before they are computed, so that a limit refuses a heap too large for it
      // at once rather than after the values.
      heap_values_(
          (budget_.take(detail::heap_block_bytes((std::uint64_t{max_heap} + 1) * sizeof(grundy_value))),
           heap_values(rule, std::size_t{max_heap} + 1, options.stop))),
      index_(counted<std::pair<const key, std::uint32_t>>()), nodes_(counted<node>()),
      heaps_(counted<heap_size>()), values_(counted<grundy_value>()), seen_(counted<char>()) {}

std::span<const heap_size> genus_engine::heaps_of(std::uint32_t n) const {
  return {heaps_.data() + nodes_[n].heaps_start, nodes_[n].heap_count};
}

grundy_value genus_engine::misere(std::uint32_t n, std::uint64_t k, unsigned b) const {
  const node& x = nodes_[n];
  if (k > x.settled + 1) k = x.settled + (k - x.settled) % 2;
  return values_[x.values_start + 2 * k + b];
}

void genus_engine::check_stop() const {
  if (stop_requested(options_.stop))
    throw stopped("the genus computation was stopped", stop_reason::interrupted);
}

// Every sum one move leaves: one heap h of `heaps` replaced by what an option of h leaves.
void genus_engine::options_of(const key& heaps, counted_vector<key>& out) const {
  out.clear();
  for (std::size_t i = 0; i < heaps.size(); ++i) {
    if (i > 0 && heaps[i] == heaps[i - 1]) continue; // the same heap size gives the same sums
    const heap_size h = heaps[i];
    rule_.for_each_option(h, [&](std::span<const heap_size> left) {
      key next;
      next.reserve(heaps.size() + left.size());
      next.append(heaps, 0, i);
      next.append(heaps, i + 1);
      for (heap_size x : left)
        next.insert(std::upper_bound(next.begin(), next.end(), static_cast<char32_t>(x)),
                    static_cast<char32_t>(x));
      out.push_back(std::move(next));
    });
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

std::uint32_t genus_engine::node_of(std::span<const heap_size> sorted_heaps) {
  const memory_budget_scope charged(&budget_); // the keys and frames below
  key start(sorted_heaps.begin(), sorted_heaps.end());
  if (auto it = index_.find(start); it != index_.end()) return it->second;

  // Depth first without recursion: a heap of a subtraction game reaches sums one token smaller
  // at a time, thousands deep.
  struct frame {
    key heaps;
    counted_vector<key> options;
    counted_vector<std::uint32_t> found;
  };
  counted_vector<frame> stack;
  stack.push_back({std::move(start), {}, {}});
  options_of(stack.back().heaps, stack.back().options);
  std::uint32_t result = 0;
  while (!stack.empty()) {
    frame& top = stack.back();
    bool descended = false;
    while (top.found.size() < top.options.size()) {
      const key& next = top.options[top.found.size()];
      if (auto it = index_.find(next); it != index_.end()) {
        top.found.push_back(it->second);
        continue;
      }
      frame child{next, {}, {}};
      options_of(child.heaps, child.options);
      stack.push_back(std::move(child)); // invalidates `top`
      descended = true;
      break;
    }
    if (descended) continue;
    result = finish(stack.back().heaps, stack.back().found);
    stack.pop_back();
  }
  return result;
}

// The node of `heaps` once all its options (nodes in `options`) are known.
std::uint32_t genus_engine::finish(const key& heaps, counted_vector<std::uint32_t>& options) {
  node x{};
  x.heaps_start = static_cast<std::uint32_t>(heaps_.size());
  x.heap_count = static_cast<std::uint32_t>(heaps.size());
  for (char32_t h : heaps) {
    heaps_.push_back(static_cast<heap_size>(h));
    x.normal ^= heap_values_[h];
  }
  std::uint32_t floor = 0; // max K(H') over the options
  for (auto o : options)
    floor = std::max(floor, nodes_[o].settled);
  x.values_start = static_cast<std::uint32_t>(values_.size());
  const auto id = static_cast<std::uint32_t>(nodes_.size());

  auto mex = [&](auto&& add) {
    std::fill(seen_.begin(), seen_.end(), 0);
    add([&](grundy_value v) {
      if (v >= seen_.size()) seen_.resize(v + 1, 0);
      seen_[v] = 1;
    });
    grundy_value m = 0;
    while (m < seen_.size() && seen_[m])
      ++m;
    return m;
  };
  auto stored = [&](std::uint64_t k, unsigned b) { return values_[x.values_start + 2 * k + b]; };
  for (std::uint64_t k = 0;; ++k) {
    work_ += 2 * options.size() + 4;
    // H + k·*2: a move in H, or a *2 taken to *1 or to nothing; none at all is worth 1.
    const grundy_value m0 = options.empty() && k == 0 ? 1 : mex([&](auto mark) {
      for (auto o : options)
        mark(misere(o, k, 0));
      if (k > 0) {
        mark(stored(k - 1, 1));
        mark(stored(k - 1, 0));
      }
    });
    values_.push_back(m0);
    // H + k·*2 + *1: the same, or the *1 taken; a *2 taken to *1 leaves *1 + *1 = 0 (fact (1)).
    const grundy_value m1 = mex([&](auto mark) {
      for (auto o : options)
        mark(misere(o, k, 1));
      mark(m0);
      if (k > 0) {
        mark(stored(k - 1, 0));
        mark(stored(k - 1, 1));
      }
    });
    values_.push_back(m1);
    if (k >= 2 && k - 2 >= floor && m0 == stored(k - 2, 0) && m1 == stored(k - 2, 1)) {
      x.settled = static_cast<std::uint32_t>(k - 2);
      // Only k <= settled + 1 is read back: the value at settled + 2 repeats settled's.
      values_.resize(values_.size() - 2);
      break;
    }
    if ((k & 63) == 63) check_stop();
  }
  // Reachability is closed under options, so a wild position reached from H is H itself or one
  // reached from an option: one look per option instead of a search per heap.
  x.wild = no_node;
  nodes_.push_back(x);
  if (!genus_of(id).of_nim_position()) {
    nodes_.back().wild = id;
  } else {
    for (auto o : options)
      if (nodes_[o].wild != no_node) {
        nodes_.back().wild = nodes_[o].wild;
        break;
      }
  }
  index_.emplace(heaps, id);
  if (work_ >= (1u << 14)) {
    work_ = 0;
    check_stop();
  }
  return id;
}

genus genus_engine::genus_of(std::uint32_t n) const {
  const node& x = nodes_[n];
  // γ0 .. γ(K+1), K = settled: from K on the γk alternate for ever; the alternation may start
  // earlier, and the symbol starts it as early as the values allow.
  std::vector<grundy_value> gammas;
  for (std::uint64_t k = 0; k <= std::uint64_t{x.settled} + 1; ++k)
    gammas.push_back(misere(n, k, 0));
  std::size_t start = x.settled;
  while (start > 0 && gammas[start - 1] == gammas[start + 1])
    --start;
  gammas.resize(start + 2);
  return genus{x.normal, std::move(gammas)};
}

} // namespace grundy::detail
