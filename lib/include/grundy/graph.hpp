#pragma once
// Breadth-first construction of the game graph reachable from a start position.

#include <grundy/game.hpp>

#include <boost/graph/compressed_sparse_row_graph.hpp>
#include <boost/iterator/iterator_facade.hpp>
#include <boost/unordered/unordered_flat_set.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace grundy {

using vertex_id = std::uint32_t;
using edge_index = std::uint64_t;

// Built once and never modified, so the compressed sparse row layout fits: two arrays,
// 4 bytes per edge and 8 per vertex, with Boost.Graph's algorithms available on it.
using csr_graph = boost::compressed_sparse_row_graph<boost::directedS, boost::no_property, boost::no_property,
                                                     boost::no_property, vertex_id, edge_index>;

// Thrown when exploration stops at a limit; carries how far it got.
class limit_exceeded : public std::runtime_error {
public:
  limit_exceeded(const std::string& what, std::uint64_t states, std::size_t levels)
      : std::runtime_error(what), states_(states), levels_(levels) {}
  std::uint64_t states_reached() const noexcept { return states_; }
  std::size_t levels_reached() const noexcept { return levels_; }

private:
  std::uint64_t states_;
  std::size_t levels_;
};

struct build_options {
  // Past this many distinct positions exploration stops with limit_exceeded, before the
  // machine runs out of memory. Vertex ids are 32-bit, so it cannot exceed 2^32 - 1.
  std::uint64_t max_states = 100'000'000;
};

// The explored graph. Vertex v stands for states[v]; vertex 0 is the start position and
// vertices are numbered in breadth-first order, level by level.
template <class State> struct game_graph {
  csr_graph graph;
  std::vector<State> states;
  // level_starts[k] is the first vertex of level k; the last entry is the vertex count.
  std::vector<vertex_id> level_starts;
  double seconds = 0; // exploration time

  std::size_t vertex_count() const noexcept { return states.size(); }
  std::uint64_t edge_count() const noexcept { return num_edges(graph); }
  std::size_t depth() const noexcept { return level_starts.size() - 1; }
};

namespace detail {

// The index holds vertex ids and hashes and compares them through the states they stand for,
// so each state is stored once (in the states vector), not again as a hash-map key. Ids are
// wrapped so that they never mix with states that are integers themselves.
struct stored_id {
  vertex_id v;
};

template <class State> struct id_hash {
  using is_transparent = void;
  const std::vector<State>* states;
  std::size_t operator()(stored_id id) const { return boost::hash<State>{}((*states)[id.v]); }
  std::size_t operator()(const State& s) const { return boost::hash<State>{}(s); }
};

template <class State> struct id_equal {
  using is_transparent = void;
  const std::vector<State>* states;
  bool operator()(stored_id a, stored_id b) const { return a.v == b.v; }
  bool operator()(const State& s, stored_id id) const { return s == (*states)[id.v]; }
  bool operator()(stored_id id, const State& s) const { return s == (*states)[id.v]; }
};

// Walks the (offsets, targets) adjacency arrays as the sorted (source, target) pairs the CSR
// constructor takes, without materialising the pairs.
class sorted_edge_iterator
    : public boost::iterator_facade<sorted_edge_iterator, std::pair<vertex_id, vertex_id>,
                                    boost::forward_traversal_tag, std::pair<vertex_id, vertex_id>> {
public:
  sorted_edge_iterator() = default;
  sorted_edge_iterator(const std::vector<edge_index>* offsets, const std::vector<vertex_id>* targets,
                       edge_index e)
      : offsets_(offsets), targets_(targets), edge_(e) {
    settle();
  }

private:
  friend class boost::iterator_core_access;
  std::pair<vertex_id, vertex_id> dereference() const { return {source_, (*targets_)[edge_]}; }
  bool equal(const sorted_edge_iterator& o) const { return edge_ == o.edge_; }
  void increment() {
    ++edge_;
    settle();
  }
  void settle() {
    const auto n = offsets_->size() - 1;
    while (source_ < n && (*offsets_)[source_ + 1] <= edge_)
      ++source_;
  }

  const std::vector<edge_index>* offsets_ = nullptr;
  const std::vector<vertex_id>* targets_ = nullptr;
  edge_index edge_ = 0;
  vertex_id source_ = 0;
};

} // namespace detail

// Explores every position reachable from `start`, one breadth-first level at a time.
//
// Each successor is put in canonical form and looked up in an open-addressing set of vertex
// ids; a vertex's edges are its distinct successors, so two moves to the same position make
// one edge, as positions are counted in the literature. Throws limit_exceeded past
// options.max_states positions.
template <game G>
game_graph<state_t<G>> build_graph(const G& g, const state_t<G>& start, const build_options& options = {}) {
  using state = state_t<G>;
  const auto t0 = std::chrono::steady_clock::now();
  const std::uint64_t max_states = std::min<std::uint64_t>(options.max_states, 0xFFFF'FFFFu);

  game_graph<state> result;
  auto& states = result.states;
  boost::unordered_flat_set<detail::stored_id, detail::id_hash<state>, detail::id_equal<state>> index(
      0, detail::id_hash<state>{&states}, detail::id_equal<state>{&states});

  std::vector<edge_index> offsets{0};
  std::vector<vertex_id> targets;
  std::vector<state> moves;
  std::vector<vertex_id> out;

  states.push_back(g.canonical(start));
  index.insert(detail::stored_id{0});
  result.level_starts.push_back(0);
  std::size_t level_end = 1;

  for (std::size_t v = 0; v < states.size(); ++v) {
    if (v == level_end) {
      result.level_starts.push_back(static_cast<vertex_id>(v));
      level_end = states.size();
    }
    moves.clear();
    g.successors(states[v], moves);
    out.clear();
    for (auto& m : moves) {
      state c = g.canonical(m);
      if (auto it = index.find(c); it != index.end()) {
        out.push_back(it->v);
        continue;
      }
      if (states.size() >= max_states)
        throw limit_exceeded("exploration stopped at level " + std::to_string(result.level_starts.size()) +
                                 " with " + std::to_string(states.size()) + " positions and " +
                                 std::to_string(targets.size() + out.size()) +
                                 " moves: the graph has more than the limit of " +
                                 std::to_string(max_states) +
                                 " positions (raise --max-states if memory allows)",
                             states.size(), result.level_starts.size());
      const auto id = static_cast<vertex_id>(states.size());
      states.push_back(std::move(c));
      index.insert(detail::stored_id{id});
      out.push_back(id);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    targets.insert(targets.end(), out.begin(), out.end());
    offsets.push_back(targets.size());
  }
  result.level_starts.push_back(static_cast<vertex_id>(states.size()));

  index = {}; // release the index before the graph arrays are copied
  result.graph = csr_graph(boost::edges_are_sorted, detail::sorted_edge_iterator(&offsets, &targets, 0),
                           detail::sorted_edge_iterator(&offsets, &targets, targets.size()),
                           static_cast<vertex_id>(states.size()), targets.size());
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return result;
}

} // namespace grundy
