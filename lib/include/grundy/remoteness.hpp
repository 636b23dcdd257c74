#pragma once
// Remoteness (Steinhaus; Smith 1966; Winning Ways ch. 9): how many moves the game lasts from a
// position when the winner hurries and the loser holds out. A position with no move has
// remoteness 0; a won position is one more than the smallest remoteness among its losing
// options (the winner picks the fastest win); a lost position is one more than the largest
// among its options, all winning for the opponent (the loser delays). Under normal play lost
// positions have even remoteness and won ones odd; under misère play, where a position with no
// move is won, the other way round. A draw of a game with cycles has none (no_remoteness).
//
//   auto r = grundy::remoteness(graph.graph);                 // normal play, cycles allowed
//   auto l = grundy::label(graph.graph, {.remoteness = true}); // l.remoteness, with the values
//
// References: C. A. B. Smith, Graphs and composite games, J. Combinatorial Theory 1 (1966)
// 51-81; Berlekamp, Conway and Guy, Winning Ways, ch. 9 ("If you can't beat 'em, join 'em!").

#include <grundy/detail/page_allocator.hpp>
#include <grundy/detail/reverse_adjacency.hpp>
#include <grundy/detail/work_meter.hpp>
#include <grundy/labelling.hpp>
#include <grundy/values.hpp>

#include <boost/graph/graph_traits.hpp>
#include <boost/range/iterator_range.hpp>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

namespace grundy {

// remoteness_value and no_remoteness are in values.hpp.

// Whether the player to move at a position of remoteness r loses, under convention c: the
// parity of r says it, since every move of a game played out changes the player to move.
constexpr bool remoteness_loses(remoteness_value r, play_convention c) noexcept {
  return r != no_remoteness && (r % 2 == 0) == (c == play_convention::normal);
}

// The outcome that a remoteness gives (D for no_remoteness).
constexpr outcome outcome_of_remoteness(remoteness_value r, play_convention c) noexcept {
  if (r == no_remoteness) return outcome::d;
  return remoteness_loses(r, c) ? outcome::p : outcome::n;
}

namespace detail {

// The remoteness of v from its successors' (all settled): 0 without a move, else one more than
// the fastest win, or than the slowest loss when no option is lost for the opponent.
template <class Graph>
remoteness_value remoteness_from_successors(const Graph& g,
                                            typename boost::graph_traits<Graph>::vertex_descriptor v,
                                            const std::vector<remoteness_value>& r, play_convention c) {
  if (out_degree(v, g) == 0) return 0;
  // Parities alternate unpredictably from edge to edge: selects rather than branches.
  const remoteness_value losing_parity = c == play_convention::normal ? 0 : 1;
  remoteness_value fastest_win = no_remoteness, slowest = 0;
  for (auto e : boost::make_iterator_range(out_edges(v, g))) {
    const auto x = r[target(e, g)];
    fastest_win = std::min(fastest_win, (x & 1) == losing_parity ? x : no_remoteness);
    slowest = std::max(slowest, x);
  }
  return (fastest_win != no_remoteness ? fastest_win : slowest) + 1;
}

// Remoteness of every vertex visited in `order`, each after all of its successors (an acyclic
// graph): one pass over the edges, nothing allocated but the result.
template <class Graph, class Order>
std::vector<remoteness_value> remoteness_in_order(const Graph& g, const Order& order, play_convention c,
                                                  const std::atomic<bool>* stop) {
  std::vector<remoteness_value> r(num_vertices(g), 0);
  work_meter meter; // one unit per vertex and per edge
  for (auto v : order) {
    if (meter.due(out_degree(v, g) + 1)) check_stop(stop);
    r[v] = remoteness_from_successors(g, v, r, c);
  }
  return r;
}

inline remoteness_value losing_parity(play_convention c) noexcept {
  return c == play_convention::normal ? 0 : 1;
}

// Values and remoteness while they are labelled together. Both are read for every edge, at a
// target anywhere in the graph, so they are kept where one read finds both: packed in one word
// when they fit (values at most the largest out-degree, remoteness at most the longest path:
// nearly every game), which costs the cache what the values alone do; else side by side in two
// words, one cache line.
//
// Packed, the word's high half is not the remoteness r but a key that one minimum over the
// options reads both ways: r for a position lost for the player to move, `half` - r for a won
// one. The smallest key among v's options is then the fastest win if v has a losing option
// (keys in the lower half of the range), else the slowest loss (the largest r gives the
// smallest key).
//
// Words of 32 bits give the labelling's two arrays at the end, without holding a third. Words of
// 16 bits (values below 255, remoteness below 127: a graded game of at most 126 levels) are a
// scratch array beside the labelling's two, written as each vertex is settled: the walk reads
// half the bytes the values alone take, and no pass is left to make at the end, for a scratch
// array a quarter the size of the two.
template <class Word> struct packed_pairs {
  static constexpr bool narrow = sizeof(Word) < sizeof(grundy_value);
  static constexpr unsigned half_bits = 4 * sizeof(Word);
  static constexpr grundy_value half = (grundy_value{1} << half_bits) - 1;
  static constexpr grundy_value value_limit = half;
  static constexpr remoteness_value remoteness_limit = half >> 1;
  std::vector<Word> words; // value | key << half_bits
  remoteness_value losing; // the parity of a lost position's remoteness
  labelling out;           // narrow words only: the labelling, filled as the walk goes

  packed_pairs(std::size_t n, play_convention c) : words(huge_vector<Word>(n, 0)), losing(losing_parity(c)) {
    if constexpr (narrow) {
      out.values = huge_vector<grundy_value>(n, 0);
      out.remoteness = huge_vector<remoteness_value>(n, 0);
    }
  }
  static remoteness_value remoteness_of_key(grundy_value key) noexcept {
    return key <= remoteness_limit ? key : half - key;
  }
  grundy_value value(std::size_t v) const noexcept { return words[v] & half; }
  // False when x or r does not fit: the labelling is then done again in wider words.
  bool set(std::size_t v, grundy_value x, remoteness_value r) noexcept {
    words[v] = static_cast<Word>(x | ((r & 1) == losing ? r : half - r) << half_bits);
    if constexpr (narrow) {
      out.values[v] = x;
      out.remoteness[v] = r;
    }
    return x < value_limit && r < remoteness_limit;
  }
  // Wide words: the values in place, the remoteness copied out.
  labelling split() && {
    if constexpr (narrow) {
      return std::move(out);
    } else {
      labelling l;
      l.remoteness = huge_vector<remoteness_value>(words.size(), 0);
      for (std::size_t v = 0; v < words.size(); ++v) {
        l.remoteness[v] = remoteness_of_key(words[v] >> half_bits);
        words[v] &= half;
      }
      l.values = std::move(words);
      return l;
    }
  }
};

template <class Pairs> inline constexpr bool is_packed = false;
template <class Word> inline constexpr bool is_packed<packed_pairs<Word>> = true;

struct wide_pairs {
  std::vector<grundy_value> both; // v's value at 2v, its remoteness at 2v + 1

  wide_pairs(std::size_t n, play_convention) : both(huge_vector<grundy_value>(2 * n, 0)) {}
  grundy_value value(std::size_t v) const noexcept { return both[2 * v]; }
  remoteness_value remoteness(std::size_t v) const noexcept { return both[2 * v + 1]; }
  bool set(std::size_t v, grundy_value x, remoteness_value r) noexcept {
    both[2 * v] = x;
    both[2 * v + 1] = r;
    return true;
  }
  // The remoteness copied out, the values moved down to the front of their array, whose
  // second half is given back.
  labelling split() && {
    const std::size_t n = both.size() / 2;
    labelling l;
    l.remoteness = huge_vector<remoteness_value>(n, 0);
    for (std::size_t v = 0; v < n; ++v) {
      l.remoteness[v] = both[2 * v + 1];
      both[v] = both[2 * v]; // reads at 2v >= v: nothing is overwritten before it is read
    }
    const std::size_t capacity = both.capacity();
    both.resize(n);
    release_tail(both.data(), n * sizeof(grundy_value), capacity * sizeof(grundy_value));
    l.values = std::move(both);
    return l;
  }
};

// The values of a pairs' store, as mex_of_successors reads them.
template <class Pairs> struct values_of_pairs {
  const Pairs* pairs;
  grundy_value operator[](std::size_t v) const noexcept { return pairs->value(v); }
};

// The value and the remoteness of v, from its successors' (all settled), in one walk over its
// edges: the walk the mex makes for the values below 64 also takes the fastest win and the
// slowest loss, so that remoteness costs no second pass over the edges. `sink_value` is the
// value of a vertex without a move (0 in normal play, 1 in misère play). False when they do not
// fit `pairs`.
template <class Graph, class Pairs>
bool value_and_remoteness(const Graph& g, typename boost::graph_traits<Graph>::vertex_descriptor v,
                          Pairs& pairs, std::vector<char>& seen, remoteness_value losing_parity,
                          grundy_value sink_value) {
  if (out_degree(v, g) == 0) return pairs.set(v, sink_value, 0);
  std::uint64_t small = 0;
  remoteness_value r = 0;
  if constexpr (is_packed<Pairs>) {
    const auto* words = pairs.words.data();
    grundy_value least = std::numeric_limits<grundy_value>::max();
    for (auto e : boost::make_iterator_range(out_edges(v, g))) {
      const grundy_value w = words[target(e, g)];
      const auto x = w & Pairs::half;
      small |= x < 64 ? std::uint64_t{1} << x : 0;
      least = std::min(least, w);
    }
    r = Pairs::remoteness_of_key(least >> Pairs::half_bits) + 1;
  } else {
    remoteness_value fastest_win = no_remoteness, slowest = 0;
    for (auto e : boost::make_iterator_range(out_edges(v, g))) {
      const std::size_t t = target(e, g);
      const auto x = pairs.value(t);
      small |= x < 64 ? std::uint64_t{1} << x : 0;
      const auto y = pairs.remoteness(t);
      fastest_win = std::min(fastest_win, (y & 1) == losing_parity ? y : no_remoteness);
      slowest = std::max(slowest, y);
    }
    r = (fastest_win != no_remoteness ? fastest_win : slowest) + 1;
  }
  const grundy_value x = ~small != 0 ? static_cast<grundy_value>(std::countr_one(small))
                                     : mex_of_successors(g, v, values_of_pairs<Pairs>{&pairs}, seen);
  return pairs.set(v, x, r);
}

template <class Pairs, class Graph, class Order>
std::optional<labelling> values_and_remoteness_in(const Graph& g, const Order& order, play_convention c,
                                                  const std::atomic<bool>* stop) {
  Pairs pairs(num_vertices(g), c);
  std::vector<char> seen(max_out_degree(g) + 1, 0);
  const auto parity = losing_parity(c);
  const grundy_value sink = c == play_convention::normal ? 0 : 1;
  work_meter meter; // one unit per vertex and per edge
  for (auto v : order) {
    if (meter.due(out_degree(v, g) + 1)) check_stop(stop);
    if (!value_and_remoteness(g, v, pairs, seen, parity, sink)) return std::nullopt;
  }
  return std::move(pairs).split();
}

// Values under convention c (Sprague-Grundy values, or misère values as misere_values gives
// them) and remoteness of every vertex of an acyclic graph, in one pass in the labellings'
// order. Throws not_acyclic for a graph with a cycle, grundy::stopped once *stop is true.
template <class Graph>
labelling values_and_remoteness(const Graph& g, play_convention c, const std::atomic<bool>* stop) {
  const auto order = sinks_first_order(g, stop);
  if (auto l = values_and_remoteness_in<packed_pairs<grundy_value>>(g, order, c, stop)) return std::move(*l);
  return *values_and_remoteness_in<wide_pairs>(g, order, c, stop);
}

template <class Pairs, class Graph, class Level>
std::optional<labelling> values_and_remoteness_by_level_in(const Graph& g,
                                                           const std::vector<Level>& level_starts,
                                                           unsigned threads, const std::atomic<bool>* stop) {
  Pairs pairs(num_vertices(g), play_convention::normal);
  std::atomic<bool> overflow{false};
  for_each_vertex_by_level(g, level_starts, threads, stop, [&](auto v, std::vector<char>& seen) {
    // Once a value does not fit, the rest of the walk would be done again anyway.
    if (overflow.load(std::memory_order_relaxed)) return;
    if (!value_and_remoteness(g, v, pairs, seen, 0, 0)) overflow.store(true, std::memory_order_relaxed);
  });
  if (overflow.load()) return std::nullopt;
  return std::move(pairs).split();
}

// The same for a graded game's graph under normal play, level by level on `threads` threads as
// sprague_grundy_by_level labels it.
template <class Graph, class Level>
labelling values_and_remoteness_by_level(const Graph& g, const std::vector<Level>& level_starts,
                                         unsigned threads, const std::atomic<bool>* stop) {
  // Every play goes one level down a move, so values and remoteness are both below the number
  // of levels (a value m needs an option of value m - 1 a level down): few levels, narrow words.
  using narrow_pairs = packed_pairs<std::uint16_t>;
  if (level_starts.size() <= narrow_pairs::remoteness_limit)
    if (auto l = values_and_remoteness_by_level_in<narrow_pairs>(g, level_starts, threads, stop))
      return std::move(*l);
  if (auto l = values_and_remoteness_by_level_in<packed_pairs<grundy_value>>(g, level_starts, threads, stop))
    return std::move(*l);
  return *values_and_remoteness_by_level_in<wide_pairs>(g, level_starts, threads, stop);
}

} // namespace detail

// Remoteness of every vertex of a graph that may have cycles, by retrograde analysis: the
// positions without a move first, then breadth first through the predecessors, so that
// remoteness is settled in increasing order. A predecessor of a lost position is won, and the
// first such position to reach it is its fastest win; a predecessor all of whose moves lead to
// won positions is lost once the last of them, its slowest, is settled. What is never settled
// is a draw (no_remoteness). Costs O(V + E), with the predecessor lists. Repeated edges and
// self-loops allowed. Throws grundy::stopped once *stop is true.
// `in` is g's predecessor lists (detail::reverse_of), which the generalized labelling shares.
template <class Graph>
std::vector<remoteness_value> remoteness_by_retrograde(const Graph& g, const detail::reverse_adjacency& in,
                                                       play_convention c = play_convention::normal,
                                                       const std::atomic<bool>* stop = nullptr) {
  const std::size_t n = num_vertices(g);
  std::vector<remoteness_value> r(n, no_remoteness);
  std::vector<vertex_id> unsettled(n), queue;
  queue.reserve(n);
  for (auto v : boost::make_iterator_range(vertices(g))) {
    unsettled[v] = static_cast<vertex_id>(out_degree(v, g));
    if (unsettled[v] == 0) {
      r[v] = 0;
      queue.push_back(static_cast<vertex_id>(v));
    }
  }
  detail::work_meter meter; // one unit per vertex settled and per predecessor edge looked at
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const auto u = queue[head];
    if (meter.due(in.of(u).size() + 1)) detail::check_stop(stop);
    const bool lost = remoteness_loses(r[u], c);
    for (auto p : in.of(u)) {
      if (r[p] != no_remoteness) continue;
      if (lost || --unsettled[p] == 0) {
        r[p] = r[u] + 1;
        queue.push_back(p);
      }
    }
  }
  return r;
}

template <class Graph>
std::vector<remoteness_value> remoteness_by_retrograde(const Graph& g,
                                                       play_convention c = play_convention::normal,
                                                       const std::atomic<bool>* stop = nullptr) {
  return remoteness_by_retrograde(g, detail::reverse_of(g), c, stop);
}

// Remoteness of every vertex of any finite game graph under convention c: one pass in the
// labellings' order when the graph is acyclic, the retrograde analysis otherwise. Works on any
// Boost.Graph incidence and vertex-list graph whose vertex descriptors are indices. Throws
// grundy::stopped once *stop is true.
template <class Graph>
std::vector<remoteness_value> remoteness(const Graph& g, play_convention c = play_convention::normal,
                                         const std::atomic<bool>* stop = nullptr) {
  try {
    return detail::remoteness_in_order(g, sinks_first_order(g, stop), c, stop);
  } catch (const not_acyclic&) {
  }
  return remoteness_by_retrograde(g, c, stop);
}

} // namespace grundy
