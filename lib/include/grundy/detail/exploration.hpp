#pragma once
// The machinery of build_graph (graph.hpp): the limits' monitor and the generic builder; the
// graded builder is in graded_builder.hpp. Included by graph.hpp, after the types it uses.

#include <grundy/detail/parallel.hpp>
#include <grundy/detail/work_meter.hpp>
#include <grundy/game.hpp>
#include <grundy/memory.hpp>
#include <grundy/stop.hpp>

#include <boost/unordered/unordered_flat_map.hpp>
#include <boost/unordered/unordered_flat_set.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace grundy::detail {

// Checks the limits and reports progress between units of work. The builders call check()
// every few thousand moves (see work_meter), so it reads the process's memory, and reports
// progress, at most every few milliseconds; threads working for it call halted() instead.
class exploration_monitor {
public:
  explicit exploration_monitor(const build_options& options)
      : options_(options), max_states_(std::min<std::uint64_t>(options.max_states, 0xFFFF'FFFFu)) {}

  std::uint64_t max_states() const noexcept { return max_states_; }

  build_progress progress(std::size_t levels, std::uint64_t states, std::uint64_t edges) const {
    return {levels, states, edges,
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(),
            current_memory_bytes()};
  }

  double seconds() const { return progress(0, 0, 0).seconds; }

  stopped too_many_states(const build_progress& reached) const {
    return stopped("exploration stopped: the graph has more than the limit of " +
                       std::to_string(max_states_) + " positions",
                   stop_reason::states, reached);
  }

  // True once exploration must end: the stop flag is set or the memory passed its limit.
  // Safe on any thread. Work it cuts short is incomplete: the caller's next check() throws.
  bool halted() const {
    if (stop_requested(options_.stop)) {
      stopped_.store(true, std::memory_order_relaxed);
      return true;
    }
    if (stopped_.load(std::memory_order_relaxed) || over_memory_.load(std::memory_order_relaxed)) return true;
    if (!options_.max_memory || !look_due()) return false;
    const auto memory = current_memory_bytes();
    if (memory <= options_.max_memory) return false;
    over_bytes_.store(memory, std::memory_order_relaxed);
    over_memory_.store(true, std::memory_order_relaxed);
    return true;
  }

  // On the exploring thread: throws grundy::stopped, with the figures given.
  void check(std::size_t levels, std::uint64_t states, std::uint64_t edges) const {
    if (stop_requested(options_.stop) || stopped_.load(std::memory_order_relaxed))
      throw stopped("interrupted", stop_reason::interrupted, progress(levels, states, edges));
    if (states > max_states_) throw too_many_states(progress(levels, std::min(states, max_states_), edges));
    const bool over = over_memory_.load(std::memory_order_relaxed);
    if ((options_.max_memory || options_.progress) && (over || look_due())) {
      auto p = progress(levels, states, edges);
      // The figure that passed the limit, not a later one: memory freed since would make the
      // report read below the limit it says was passed.
      if (over) p.memory_bytes = std::max(p.memory_bytes, over_bytes_.load(std::memory_order_relaxed));
      if (options_.max_memory && (over || p.memory_bytes > options_.max_memory))
        throw stopped("exploration stopped: memory passed the limit of " +
                          memory_limit_text(options_.max_memory),
                      stop_reason::memory, p);
      if (options_.progress) options_.progress(p);
    }
  }

  // On the exploring thread, before a step that touches `bytes` at once (a vector moving to a
  // larger block, a level's states copied into the graph): throws grundy::stopped if the step
  // would pass the memory limit. Readings between units of work cannot see such a step coming,
  // and once made it has passed the limit by its size (a 29 MB copy under a limit of 50 MB
  // reached 76 MB).
  void admit(std::uint64_t bytes, std::size_t levels, std::uint64_t states, std::uint64_t edges) const {
    if (!options_.max_memory || bytes == 0) return;
    const auto p = progress(levels, states, edges);
    if (p.memory_bytes + bytes <= options_.max_memory) return;
    // Rounded up, so that a need just past a limit in megabytes never reads as the limit itself.
    constexpr std::uint64_t megabyte = std::uint64_t{1} << 20;
    const std::uint64_t need = (p.memory_bytes + bytes + megabyte - 1) / megabyte * megabyte;
    throw stopped("exploration stopped: its next step would take memory to " + memory_limit_text(need) +
                      ", past the limit of " + memory_limit_text(options_.max_memory),
                  stop_reason::memory, p);
  }

private:
  // Reading the memory takes a system call or two: once per interval is enough for a limit to
  // take effect at once, and the first call always looks.
  bool look_due() const {
    constexpr std::int64_t interval = std::chrono::nanoseconds(std::chrono::milliseconds(10)).count();
    const std::int64_t now = (std::chrono::steady_clock::now() - start_).count();
    auto last = last_look_.load(std::memory_order_relaxed);
    return (last < 0 || now - last >= interval) &&
           last_look_.compare_exchange_strong(last, now, std::memory_order_relaxed);
  }

  const build_options& options_;
  std::uint64_t max_states_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  mutable std::atomic<std::int64_t> last_look_{-1}; // nanoseconds from start_
  // Set by halted(), so that check() throws even if the stop flag has been cleared since.
  mutable std::atomic<bool> stopped_{false};
  mutable std::atomic<std::uint64_t> over_bytes_{0}; // the reading that passed the memory limit
  mutable std::atomic<bool> over_memory_{false};
};

// The bytes that appending `more` elements to `v` touches at once: the new ones, and every old
// one too when the vector moves to a larger block (the old block is freed only after the copy).
template <class V> std::uint64_t append_bytes(const V& v, std::size_t more) {
  const bool moves = v.size() + more > v.capacity();
  return (std::uint64_t{more} + (moves ? v.size() : 0)) * sizeof(typename V::value_type);
}

// Hands finished adjacency arrays to the CSR graph without copying them: they are moved into
// the graph's public row-start and column storage, which Boost's own constructors fill, so
// the edges are never held twice (the edges dominate the memory of large graphs).
inline void adopt_csr(csr_graph& g, std::vector<edge_index>&& row_starts, std::vector<vertex_id>&& targets) {
  g.m_forward.m_rowstart = std::move(row_starts);
  g.m_forward.m_column = std::move(targets);
}

// The generic builder's index holds vertex ids and hashes and compares them through the states
// they stand for, so each state is stored once (in the states vector), not again as a key. Ids
// are wrapped so that they never mix with states that are integers themselves.
struct stored_id {
  vertex_id v;
};

template <class State, class States = std::vector<State>> struct id_hash {
  using is_transparent = void;
  const States* states;
  std::size_t operator()(stored_id id) const { return boost::hash<State>{}((*states)[id.v]); }
  std::size_t operator()(const State& s) const { return boost::hash<State>{}(s); }
};

template <class State, class States = std::vector<State>> struct id_equal {
  using is_transparent = void;
  const States* states;
  bool operator()(stored_id a, stored_id b) const { return a.v == b.v; }
  bool operator()(const State& s, stored_id id) const { return s == (*states)[id.v]; }
  bool operator()(stored_id id, const State& s) const { return s == (*states)[id.v]; }
};

template <game G> std::uint64_t orbit_of(const G& g, const state_t<G>& s) {
  if constexpr (symmetric_game<G>)
    return g.orbit_size(s);
  else
    return 1;
}

// A game may declare `bool distinct_successors() const`, true when successors() lists
// positions whose canonical forms are all different: the builder then need not look for
// repeats among a vertex's successors.
template <game G> bool successors_distinct(const G& g) {
  if constexpr (requires {
                  { g.distinct_successors() } -> std::convertible_to<bool>;
                })
    return g.distinct_successors();
  else
    return false;
}

// Any game: one global index of the positions met, one thread.
template <game G>
game_graph<state_t<G>> build_any(const G& g, const state_t<G>& start, const build_options& options) {
  using state = state_t<G>;
  exploration_monitor monitor(options);
  game_graph<state> result;
  auto& states = result.states;
  std::vector<edge_index> offsets{0};
  std::vector<vertex_id> targets;
  {
    boost::unordered_flat_set<stored_id, id_hash<state>, id_equal<state>> index(0, id_hash<state>{&states},
                                                                                id_equal<state>{&states});
    std::vector<state> moves;
    std::vector<vertex_id> out;
    work_meter meter; // one unit per vertex and per move
    states.push_back(g.canonical(start));
    index.insert(stored_id{0});
    result.level_starts.push_back(0);
    std::size_t level_end = 1;
    for (std::size_t v = 0; v < states.size(); ++v) {
      if (v == level_end) {
        result.level_starts.push_back(static_cast<vertex_id>(v));
        level_end = states.size();
      }
      if (meter.due()) monitor.check(result.level_starts.size(), states.size(), targets.size());
      moves.clear();
      g.successors(states[v], moves);
      const auto orbit = orbit_of(g, states[v]);
      result.raw_vertices += orbit;
      if constexpr (symmetric_game<G>) result.raw_edges += orbit * moves.size();
      if (moves.empty()) ++result.terminals, result.raw_terminals += orbit;
      out.clear();
      for (auto& m : moves) {
        if (meter.due()) monitor.check(result.level_starts.size(), states.size(), targets.size());
        state c = g.canonical(m);
        if (auto it = index.find(c); it != index.end()) {
          out.push_back(it->v);
          continue;
        }
        if (states.size() >= monitor.max_states())
          monitor.check(result.level_starts.size(), states.size() + 1, targets.size());
        // A rehash builds a table of twice the slots (and their control bytes) beside the old.
        const bool rehash = index.size() >= index.max_load();
        if (states.size() == states.capacity() || rehash)
          monitor.admit(append_bytes(states, 1) +
                            (rehash ? 2 * index.bucket_count() * (sizeof(stored_id) + 1) : 0),
                        result.level_starts.size(), states.size(), targets.size());
        const auto id = static_cast<vertex_id>(states.size());
        states.push_back(std::move(c));
        index.insert(stored_id{id});
        out.push_back(id);
      }
      std::sort(out.begin(), out.end());
      out.erase(std::unique(out.begin(), out.end()), out.end());
      if (options.keep_edges) {
        if (targets.size() + out.size() > targets.capacity())
          monitor.admit(append_bytes(targets, out.size()), result.level_starts.size(), states.size(),
                        targets.size());
        targets.insert(targets.end(), out.begin(), out.end());
      }
      if (offsets.size() == offsets.capacity())
        monitor.admit(append_bytes(offsets, 1), result.level_starts.size(), states.size(), targets.size());
      result.edges += out.size();
      if constexpr (!symmetric_game<G>) result.raw_edges += out.size();
      offsets.push_back(targets.size());
    }
    result.level_starts.push_back(static_cast<vertex_id>(states.size()));
  }
  if (options.keep_edges) {
    result.graph = csr_graph{};
    adopt_csr(result.graph, std::move(offsets), std::move(targets));
  }
  result.seconds = monitor.seconds();
  return result;
}

} // namespace grundy::detail
