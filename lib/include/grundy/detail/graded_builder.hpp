#pragma once
// The builder for graded games: level by level, on several threads, one level indexed at a time.
// Included by graph.hpp.

#include <grundy/detail/arena.hpp>
#include <grundy/detail/page_allocator.hpp>
#include <grundy/detail/parallel.hpp>
#include <grundy/detail/work_meter.hpp>

#include <boost/unordered/unordered_flat_set.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <deque>
#include <functional>
#include <span>
#include <utility>
#include <vector>

namespace grundy::detail {

// Successors are spread over a fixed number of shards by hash, whatever the thread count, so
// the vertex numbering (shard by shard, in the order parents were expanded) does not depend on
// the number of threads. Shards are also small enough for their index to stay in cache.
inline constexpr unsigned shard_bits = 8;
inline constexpr unsigned shard_count = 1u << shard_bits;
inline constexpr unsigned local_bits = 32 - shard_bits;
inline constexpr std::uint32_t local_limit = 1u << local_bits;
// Parents expanded between two synchronisations: enough to keep the threads busy, few enough
// for the successors in flight to take tens of megabytes, not hundreds.
inline constexpr std::size_t parents_per_chunk = 1u << 16;
// A chunk is cut into this many units of work per thread, taken by the threads as they come
// free: parents differ in their number of moves, and threads in their speed on a shared
// machine. Each unit keeps its own successors, so that the numbering does not depend on which
// thread expanded it.
inline constexpr unsigned units_per_thread = 4;
inline constexpr std::size_t min_parallel_parents = 1u << 15;

inline unsigned shard_of(std::size_t hash) {
  return static_cast<unsigned>((static_cast<std::uint64_t>(hash) * 0x9E3779B97F4A7C15ull) >>
                               (64 - shard_bits));
}

template <class T> using shard_vector = std::vector<T, arena_allocator<T>>;

// What one unit of work produces for its share of a chunk of parents. Successors are filed by
// shard, in the order they were met, and `shards` says which shard each went to: once the
// shards have given their (shard, local id)s, in the same order, the targets are read back
// parent by parent with one cursor per shard. That costs a byte per successor where a slot
// number would cost four, and every list is written and read in order. A unit's buffers keep
// their capacity from chunk to chunk, so their pages are faulted once per exploration. Each unit
// starts a cache line: threads write their units' counters and list ends at every parent.
template <class State> struct alignas(64) expansion {
  static_assert(shard_bits <= 8, "shards are written as bytes");

  explicit expansion(arena& memory) {
    buckets.reserve(shard_count);
    ids.reserve(shard_count);
    for (unsigned s = 0; s < shard_count; ++s) {
      buckets.emplace_back(arena_allocator<State>(memory));
      ids.emplace_back(arena_allocator<std::uint32_t>(memory));
    }
  }

  std::vector<State> moves;
  std::vector<shard_vector<State>> buckets;
  std::vector<shard_vector<std::uint32_t>> ids;                      // (shard, local id), bucket by bucket
  std::vector<std::uint8_t> shards;                                  // the shard of each successor met
  std::vector<std::uint32_t, page_allocator<std::uint32_t>> targets; // (shard, local id), parent by parent
  std::vector<std::uint32_t> degrees; // successors listed per parent (then kept, by keep_distinct)
  std::size_t kept = 0;               // targets kept by keep_distinct
  bool counting = true;               // raw_vertices and the rest are counted (not when labelling again)
  std::uint64_t raw_vertices = 0;
  std::uint64_t raw_edges = 0;
  std::uint64_t terminals = 0;
  std::uint64_t raw_terminals = 0;

  void clear() {
    for (auto& b : buckets)
      b.clear();
    shards.clear();
    targets.clear();
    degrees.clear();
    kept = 0;
  }
};

// One level's index: per shard, the states met so far in the order they were met, and a hash
// table of their local ids that hashes and compares them through that list. A slot is then 4
// bytes where a state and its id take 24, and a shard's table and list stay in cache.
template <class State> struct level_index {
  using list = shard_vector<State>;
  using table = boost::unordered_flat_set<stored_id, id_hash<State, list>, id_equal<State, list>,
                                          arena_allocator<stored_id>>;

  // A shard's list and table have their cache lines to themselves: threads resolve
  // neighbouring shards at the same time, and a line holding the ends of two shards' lists
  // would pass from one core to the other at every insertion.
  struct alignas(64) shard {
    explicit shard(arena& memory)
        : states(arena_allocator<State>(memory)),
          ids(0, id_hash<State, list>{&states}, id_equal<State, list>{&states},
              arena_allocator<stored_id>(memory)) {}
    shard(const shard&) = delete; // the table points to the list
    shard& operator=(const shard&) = delete;

    // The local id of `state`, which is appended if it is new.
    std::uint32_t id_of(const State& state) {
      const auto local = static_cast<std::uint32_t>(states.size());
      if (const auto it = ids.find(state); it != ids.end()) return it->v;
      states.push_back(state);
      ids.insert(stored_id{local});
      return local;
    }

    list states;
    table ids;
  };

  // A deque, which never moves what it holds.
  explicit level_index(arena& memory) {
    for (unsigned s = 0; s < shard_count; ++s)
      shards.emplace_back(memory);
  }

  std::deque<shard> shards;

  std::uint64_t size() const {
    std::uint64_t n = 0;
    for (auto& s : shards)
      n += s.states.size();
    return n;
  }
};

// Calls on_move(successor, shard) for the canonical form of every move of parents [begin, end),
// in order, and records each parent's count; stops early, leaving the unit incomplete, once the
// monitor says exploration must end.
template <game G, class F>
void for_each_move(const G& g, std::span<const state_t<G>> parents, std::size_t begin, std::size_t end,
                   expansion<state_t<G>>& x, const exploration_monitor& monitor, F&& on_move) {
  work_meter meter; // one unit per parent and per move
  for (std::size_t p = begin; p < end; ++p) {
    if (meter.due(x.moves.size() + 1) && monitor.halted()) return;
    x.moves.clear();
    g.successors(parents[p], x.moves);
    if (x.counting) {
      const auto orbit = orbit_of(g, parents[p]);
      x.raw_vertices += orbit;
      if constexpr (symmetric_game<G>) x.raw_edges += orbit * x.moves.size();
      if (x.moves.empty()) ++x.terminals, x.raw_terminals += orbit;
    }
    for (auto& m : x.moves) {
      auto c = g.canonical(m);
      on_move(c, shard_of(boost::hash<state_t<G>>{}(c)));
    }
    x.degrees.push_back(static_cast<std::uint32_t>(x.moves.size()));
  }
}

template <game G>
void expand(const G& g, std::span<const state_t<G>> parents, std::size_t begin, std::size_t end,
            expansion<state_t<G>>& x, const exploration_monitor& monitor) {
  for_each_move(g, parents, begin, end, x, monitor, [&](const state_t<G>& c, unsigned shard) {
    x.buckets[shard].push_back(c);
    x.shards.push_back(static_cast<std::uint8_t>(shard));
  });
}

// A chunk of one unit in one pass: each successor is looked up as soon as it is met and its
// (shard, local id) written at once, where the passes below would file it in its shard's
// bucket, resolve the buckets and read the ids back in order. That is worth it where the level's
// index stays in cache whatever order it is read in: the chunks too small for threads. On a
// large level, looking each successor up as it comes takes a cache miss each, and five colours
// of four tablets took 2.3 times as long on one thread. The ids are those resolve gives one
// unit, each shard's new states numbered in the order they are met.
template <game G>
void expand_resolved(const G& g, std::span<const state_t<G>> parents, std::size_t begin, std::size_t end,
                     expansion<state_t<G>>& x, level_index<state_t<G>>& next,
                     const exploration_monitor& monitor) {
  for_each_move(g, parents, begin, end, x, monitor, [&](const state_t<G>& c, unsigned shard) {
    x.targets.push_back((shard << local_bits) | next.shards[shard].id_of(c));
  });
}

template <class State>
void resolve(unsigned shard, std::span<expansion<State>> work, level_index<State>& next) {
  auto& index = next.shards[shard];
  for (auto& x : work) {
    // A unit's ids lie side by side, shard after shard, and the neighbouring shard is likely
    // resolved on another thread: its vector is sized once and written through a pointer, not
    // grown element by element through a shared cache line.
    const auto& bucket = x.buckets[shard];
    auto& ids = x.ids[shard];
    ids.resize(bucket.size());
    auto* out = ids.data();
    for (auto& state : bucket)
      *out++ = (shard << local_bits) | index.id_of(state);
  }
}

// How a chunk of parents is worked: in one pass, by the first unit on the calling thread, or
// by all the units on `threads` threads (expand, resolve, gather_targets). The units are
// cleared; their buffers keep their capacity.
template <class State> struct chunk_plan {
  std::span<expansion<State>> units;
  unsigned parts = 1;
  bool one_pass = true;
};

template <class State>
chunk_plan<State> plan_chunk(std::vector<expansion<State>>& work, bool one_pass, unsigned threads) {
  for (auto& x : work)
    x.clear();
  return {std::span(work).first(one_pass ? 1 : work.size()), one_pass ? 1u : threads, one_pass};
}

// The (shard, local id) in `next` of every move of parents [begin, end), states new to it added:
// in one pass on the first unit, or expanded by the chunk's units, filed by shard and resolved
// shard by shard, for gather_targets to read back. check() runs between the phases, whose
// tasks give up once the monitor says so.
template <game G, class Check>
void find_targets(const G& g, std::span<const state_t<G>> parents, std::size_t begin, std::size_t end,
                  const chunk_plan<state_t<G>>& plan, level_index<state_t<G>>& next,
                  const exploration_monitor& monitor, Check&& check) {
  if (plan.one_pass) {
    expand_resolved(g, parents, begin, end, plan.units[0], next, monitor);
    return;
  }
  const auto units = static_cast<unsigned>(plan.units.size());
  for_each_index(plan.parts, units, [&](std::size_t u) {
    const auto [b, e] = part_of(end - begin, units, static_cast<unsigned>(u));
    expand(g, parents, begin + b, begin + e, plan.units[u], monitor);
  });
  check();
  for_each_index(plan.parts, shard_count, [&](std::size_t s) {
    if (!monitor.halted()) resolve(static_cast<unsigned>(s), plan.units, next);
  });
}

// Reads a unit's (shard, local id)s back after resolve, in the order their moves were met: one
// cursor per shard.
template <class State> class target_reader {
public:
  explicit target_reader(const expansion<State>& x) : x_(&x), shard_(x.shards.data()) {}

  std::uint32_t next() noexcept {
    const auto s = *shard_++;
    return x_->ids[s][read_[s]++];
  }

private:
  const expansion<State>* x_;
  const std::uint8_t* shard_;
  std::array<std::uint32_t, shard_count> read_{};
};

// The targets of a unit's parents, in the order their moves were met.
template <class State> void gather_targets(expansion<State>& x) {
  target_reader<State> read(x);
  x.targets.clear(); // not copied when it grows: every element is overwritten
  x.targets.resize(x.shards.size());
  for (auto& t : x.targets)
    t = read.next();
}

// Each parent's edges are its distinct successors: with symmetry, several raw moves can reach
// one class. Equal (shard, local) pairs are equal states, so sorting each parent's row and
// dropping repeats finds them; the rows are compacted in place. Games whose successors are
// distinct already (see distinct_successors in game.hpp) skip the sort, which would otherwise
// be a sixth of the work.
template <class State> void keep_distinct(expansion<State>& x, bool repeats) {
  if (!repeats) {
    x.kept = x.targets.size();
    return;
  }
  auto row = x.targets.begin();
  auto out = x.targets.begin();
  for (auto& d : x.degrees) {
    std::sort(row, row + d);
    const auto end = std::unique(row, row + d);
    const auto distinct = static_cast<std::uint32_t>(end - row);
    out = std::move(row, end, out);
    row += d;
    d = distinct;
  }
  x.kept = static_cast<std::size_t>(out - x.targets.begin());
}

// The graph's arrays are its final ones from the start: states, row starts and targets are
// appended to the result level by level (grow_for keeps them in place) and never gathered
// again, so each byte of the graph is written once, and the threads' buffers are reused from
// chunk to chunk. A level's targets are first (shard, local id) pairs, renumbered in place
// once the level's vertices are numbered.
template <game G>
game_graph<state_t<G>> build_graded(const G& g, const state_t<G>& start, const build_options& options) {
  using state = state_t<G>;
  exploration_monitor monitor(options);
  const unsigned threads = thread_count(options.threads);
  const std::size_t max_vertices = monitor.max_states() + 1;

  game_graph<state> result;
  result.graded = true;
  result.states.push_back(g.canonical(start));
  result.level_starts = {0, 1};
  std::vector<edge_index> row_starts{0};
  std::vector<vertex_id> column;
  std::uint64_t edges = 0;
  arena memory; // outlives the containers below, which draw from it
  std::vector<expansion<state>> work;
  for (unsigned u = 0; u < (threads == 1 ? 1 : threads * units_per_thread); ++u)
    work.emplace_back(memory);
  const bool repeats = !successors_distinct(g);

  level_index<state> next(memory); // cleared for each level: its tables keep their capacity
  for (std::size_t level = 0; result.level_starts[level] < result.level_starts[level + 1]; ++level) {
    const std::size_t first_parent = result.level_starts[level];
    const std::size_t parents = result.level_starts[level + 1] - first_parent;
    const std::size_t first_edge = column.size();
    const std::uint64_t states_so_far = result.states.size();
    // The states do not move while the level is expanded: new ones are appended once it ends.
    const std::span<const state> level_states(result.states.data() + first_parent, parents);
    for (std::size_t begin = 0; begin < parents; begin += parents_per_chunk) {
      const std::size_t end = std::min(parents, begin + parents_per_chunk);
      // Small chunks are not worth a thread: starting one costs more than a few thousand parents
      // take to expand, and a graph of 10^5 vertices is explored on the calling thread alone.
      const auto plan = plan_chunk(work, end - begin < min_parallel_parents, threads);
      const auto chunk = plan.units;
      const unsigned parts = plan.parts;
      const bool one_pass = plan.one_pass;
      // Each phase's tasks give up once the monitor says so, and the check after the phase
      // then throws: a stop takes effect within a phase, however large the level.
      const auto check = [&] { monitor.check(level + 1, states_so_far + next.size(), edges); };
      find_targets(g, level_states, begin, end, plan, next, monitor, check);
      check();
      // The units' targets are copied to the end of the graph's arrays below, on this thread
      // alone. Their pages are faulted in here first, each unit its share, so that the kernel
      // zeroes them on every thread rather than in the copy. Only where every target listed is
      // kept: where moves repeat (colour symmetry), the shares are known only as upper bounds,
      // and faulting those in would raise the peak by the repeats of the last chunk.
      const bool share_faults = options.keep_edges && parts > 1 && !repeats;
      if (share_faults) {
        std::size_t listed = 0;
        for (auto& x : chunk)
          listed += x.shards.size();
        grow_for(row_starts, end - begin, max_vertices + 1);
        grow_for(column, listed);
      }
      for_each_index(parts, chunk.size(), [&](std::size_t u) {
        if (monitor.halted()) return;
        if (!one_pass) gather_targets(chunk[u]);
        keep_distinct(chunk[u], repeats);
        if (share_faults) {
          std::size_t rows = row_starts.size(), targets = column.size();
          for (std::size_t k = 0; k < u; ++k)
            rows += chunk[k].degrees.size(), targets += chunk[k].shards.size();
          prefault(row_starts.data() + rows, chunk[u].degrees.size() * sizeof(edge_index));
          prefault(column.data() + targets, chunk[u].shards.size() * sizeof(vertex_id));
        }
      });
      check();
      if (options.keep_edges) {
        std::size_t rows = 0, kept = 0;
        for (auto& x : chunk)
          rows += x.degrees.size(), kept += x.kept;
        grow_for(row_starts, rows, max_vertices + 1);
        grow_for(column, kept);
        if (!share_faults) prefault_tail(row_starts, rows), prefault_tail(column, kept);
      }
      for (auto& x : chunk) {
        if (options.keep_edges) {
          for (auto d : x.degrees)
            row_starts.push_back(row_starts.back() + d);
          column.insert(column.end(), x.targets.begin(),
                        x.targets.begin() + static_cast<std::ptrdiff_t>(x.kept));
        }
        edges += x.kept; // the degrees' sum, as keep_distinct left them
      }
      for (auto& shard : next.shards)
        if (shard.states.size() >= local_limit) monitor.check(level + 1, monitor.max_states() + 1, edges);
      monitor.check(level + 1, states_so_far + next.size(), edges);
    }
    // The next level's vertices: shard by shard, numbered after everything found before.
    std::array<std::uint64_t, shard_count + 1> first;
    first[0] = states_so_far;
    for (unsigned s = 0; s < shard_count; ++s)
      first[s + 1] = first[s] + next.shards[s].states.size();
    grow_for(result.states, first[shard_count] - states_so_far, max_vertices);
    prefault_tail(result.states, first[shard_count] - states_so_far);
    for (auto& shard : next.shards) {
      monitor.check(level + 1, result.states.size(), edges);
      result.states.insert(result.states.end(), shard.states.begin(), shard.states.end());
      shard.states.clear();
      shard.ids.clear();
    }
    memory.release_kept();
    const std::span<vertex_id> level_edges(column.data() + first_edge, column.size() - first_edge);
    const unsigned parts = level_edges.size() < (1u << 20) ? 1 : threads;
    run_on_threads(parts, [&](unsigned t) {
      const auto [b, e] = part_of(level_edges.size(), parts, t);
      work_meter meter;
      for (std::size_t i = b; i < e; ++i) {
        if (meter.due() && monitor.halted()) return;
        auto& target = level_edges[i];
        target = static_cast<vertex_id>(first[target >> local_bits] + (target & (local_limit - 1)));
      }
    });
    monitor.check(level + 1, result.states.size(), edges);
    result.level_starts.push_back(static_cast<vertex_id>(result.states.size()));
  }
  result.level_starts.pop_back(); // the empty level that ended the search

  for (auto& x : work) {
    result.raw_vertices += x.raw_vertices, result.raw_edges += x.raw_edges;
    result.terminals += x.terminals, result.raw_terminals += x.raw_terminals;
  }
  result.edges = edges;
  if constexpr (!symmetric_game<G>) result.raw_edges = result.edges;
  if (options.keep_edges) {
    result.graph = csr_graph{};
    adopt_csr(result.graph, std::move(row_starts), std::move(column));
  }
  result.seconds = monitor.seconds();
  return result;
}

} // namespace grundy::detail
