#pragma once
// The builder for graded games: level by level, on several threads, one level indexed at a time.
// Included by graph.hpp.

#include <grundy/detail/page_allocator.hpp>
#include <grundy/detail/parallel.hpp>
#include <grundy/detail/work_meter.hpp>

#include <boost/unordered/unordered_flat_map.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
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

inline unsigned shard_of(std::size_t hash) {
  return static_cast<unsigned>((static_cast<std::uint64_t>(hash) * 0x9E3779B97F4A7C15ull) >>
                               (64 - shard_bits));
}

template <class T> using level_buffer = std::vector<T, page_allocator<T>>;

// What one unit of work produces for its share of a chunk of parents. Successors are filed by
// shard, in the order they were met, and `shards` says which shard each went to: once the
// shards have given their (shard, local id)s, in the same order, the targets are read back
// parent by parent with one cursor per shard. That costs a byte per successor where a slot
// number would cost four, and every list is written and read in order.
template <class State> struct expansion {
  static_assert(shard_bits <= 8, "shards are written as bytes");
  std::vector<State> moves;
  std::vector<std::vector<State>> buckets{shard_count};
  std::vector<std::vector<std::uint32_t>> ids{shard_count}; // (shard, local id), bucket by bucket
  std::vector<std::uint8_t> shards;                         // the shard of each successor met
  level_buffer<std::uint32_t> targets; // (shard, local id) of each successor, parent by parent
  std::vector<std::uint32_t> degrees;  // successors listed per parent (then kept, by keep_distinct)
  std::size_t kept = 0;                // targets kept by keep_distinct
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

// One level's index: per shard, the states met so far and their local ids.
template <class State> struct level_index {
  std::vector<boost::unordered_flat_map<State, std::uint32_t, boost::hash<State>>> tables{shard_count};
  std::vector<std::vector<State>> states{shard_count};

  std::uint64_t size() const {
    std::uint64_t n = 0;
    for (auto& s : states)
      n += s.size();
    return n;
  }
};

// Stops early, leaving the unit incomplete, once the monitor says exploration must end.
template <game G>
void expand(const G& g, std::span<const state_t<G>> parents, std::size_t begin, std::size_t end,
            expansion<state_t<G>>& x, const exploration_monitor& monitor) {
  work_meter meter; // one unit per parent and per move
  for (std::size_t p = begin; p < end; ++p) {
    if (meter.due(x.moves.size() + 1) && monitor.halted()) return;
    x.moves.clear();
    g.successors(parents[p], x.moves);
    const auto orbit = orbit_of(g, parents[p]);
    x.raw_vertices += orbit;
    if constexpr (symmetric_game<G>) x.raw_edges += orbit * x.moves.size();
    if (x.moves.empty()) ++x.terminals, x.raw_terminals += orbit;
    for (auto& m : x.moves) {
      auto c = g.canonical(m);
      const auto shard = shard_of(boost::hash<state_t<G>>{}(c));
      x.buckets[shard].push_back(c);
      x.shards.push_back(static_cast<std::uint8_t>(shard));
    }
    x.degrees.push_back(static_cast<std::uint32_t>(x.moves.size()));
  }
}

template <class State>
void resolve(unsigned shard, std::span<expansion<State>> work, level_index<State>& next) {
  auto& table = next.tables[shard];
  auto& list = next.states[shard];
  for (auto& x : work) {
    auto& ids = x.ids[shard];
    ids.clear();
    for (auto& state : x.buckets[shard]) {
      const auto [it, inserted] = table.try_emplace(state, static_cast<std::uint32_t>(list.size()));
      if (inserted) list.push_back(state);
      ids.push_back((shard << local_bits) | it->second);
    }
  }
}

// The targets of a unit's parents, in the order their moves were met.
template <class State> void gather_targets(expansion<State>& x) {
  std::array<std::uint32_t, shard_count> read{};
  x.targets.resize(x.shards.size());
  auto* out = x.targets.data();
  for (const auto shard : x.shards)
    *out++ = x.ids[shard][read[shard]++];
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

// Frees a container's storage now (`v = {}` would pick the initializer-list assignment, which
// keeps the capacity).
template <class Container> void release(Container& c) { Container().swap(c); }

// Makes room for `more` elements, doubling as push_back would, with the new storage in huge
// pages: the row starts grow to 8 bytes a vertex, tens of megabytes, a push at a time.
template <class T> void grow_for(std::vector<T>& v, std::size_t more) {
  if (v.size() + more <= v.capacity()) return;
  v.reserve(std::max(v.size() + more, 2 * v.capacity()));
  advise_huge_pages(v);
}

struct edge_piece {
  level_buffer<vertex_id> targets;
  std::size_t size = 0; // the targets kept (keep_distinct)
};

template <game G>
game_graph<state_t<G>> build_graded(const G& g, const state_t<G>& start, const build_options& options) {
  using state = state_t<G>;
  exploration_monitor monitor(options);
  const unsigned threads = thread_count(options.threads);

  game_graph<state> result;
  result.graded = true;
  std::vector<level_buffer<state>> levels(1, level_buffer<state>{g.canonical(start)});
  // Level k's edges, into level k + 1: one piece per thread and chunk of parents, handed over
  // as they are, so that no buffer of a level's size is regrown and copied on one thread.
  std::vector<std::vector<edge_piece>> level_edges;
  std::vector<edge_index> row_starts{0};
  std::vector<expansion<state>> work(threads == 1 ? 1 : threads * units_per_thread);
  std::uint64_t states_so_far = 1;
  const bool repeats = !successors_distinct(g);

  level_index<state> next; // cleared for each level: its tables keep their capacity
  while (!levels.back().empty()) {
    const std::size_t level = levels.size() - 1;
    std::vector<edge_piece> pieces; // this level's edges, first as (shard, local id)
    for (std::size_t begin = 0; begin < levels[level].size(); begin += parents_per_chunk) {
      const std::size_t end = std::min(levels[level].size(), begin + parents_per_chunk);
      // Small levels are not worth a thread.
      const auto units = static_cast<unsigned>(end - begin < 512 ? 1 : work.size());
      const unsigned parts = units == 1 ? 1 : threads;
      for (auto& x : work)
        x.clear();
      const auto chunk = std::span(work).first(units);
      // Each phase's tasks give up once the monitor says so, and the check after the phase
      // then throws: a stop takes effect within a phase, however large the level.
      const auto check = [&] { monitor.check(level + 1, states_so_far + next.size(), row_starts.back()); };
      for_each_index(parts, units, [&](std::size_t u) {
        const auto [b, e] = part_of(end - begin, units, static_cast<unsigned>(u));
        expand(g, levels[level], begin + b, begin + e, chunk[u], monitor);
      });
      check();
      for_each_index(threads, shard_count, [&](std::size_t s) {
        if (!monitor.halted()) resolve(static_cast<unsigned>(s), chunk, next);
      });
      check();
      for_each_index(parts, units, [&](std::size_t u) {
        if (monitor.halted()) return;
        gather_targets(chunk[u]);
        keep_distinct(chunk[u], repeats);
      });
      check();
      for (auto& x : chunk) {
        grow_for(row_starts, x.degrees.size());
        for (auto d : x.degrees)
          row_starts.push_back(row_starts.back() + d);
        if (options.keep_edges && x.kept) {
          // The next chunk's buffer is reserved now, a little larger than this one: pages
          // become resident only when written, and growing it while threads run would copy it
          // and unmap the old pages under them.
          const auto used = x.targets.size();
          release_tail(x.targets.data(), x.kept * sizeof(vertex_id),
                       x.targets.capacity() * sizeof(vertex_id));
          pieces.push_back({std::exchange(x.targets, {}), x.kept});
          x.targets.reserve(used + used / 2);
        }
      }
      const auto found = next.size();
      for (auto& list : next.states)
        if (list.size() >= local_limit) monitor.check(level + 1, monitor.max_states() + 1, row_starts.back());
      monitor.check(level + 1, states_so_far + found, row_starts.back());
    }
    // The next level's vertices: shard by shard, numbered after everything found before.
    std::vector<std::uint64_t> first(shard_count + 1, states_so_far);
    for (unsigned s = 0; s < shard_count; ++s)
      first[s + 1] = first[s] + next.states[s].size();
    level_buffer<state> following;
    following.reserve(first[shard_count] - states_so_far);
    for (auto& list : next.states) {
      monitor.check(level + 1, states_so_far + following.size(), row_starts.back());
      following.insert(following.end(), list.begin(), list.end());
      list.clear();
    }
    for (auto& table : next.tables)
      table.clear();
    const unsigned parts = pieces.size() < 2 ? 1 : threads;
    run_on_threads(parts, [&](unsigned t) {
      for (std::size_t p = t; p < pieces.size() && !monitor.halted(); p += parts)
        for (auto& target : std::span(pieces[p].targets.data(), pieces[p].size))
          target = static_cast<vertex_id>(first[target >> local_bits] + (target & (local_limit - 1)));
    });
    monitor.check(level + 1, states_so_far + following.size(), row_starts.back());
    states_so_far += following.size();
    level_edges.push_back(std::move(pieces));
    levels.push_back(std::move(following));
  }
  levels.pop_back(); // the empty level that ended the search
  release(next.tables);
  release(next.states);

  for (auto& x : work) {
    result.raw_vertices += x.raw_vertices, result.raw_edges += x.raw_edges;
    result.terminals += x.terminals, result.raw_terminals += x.raw_terminals;
  }
  result.edges = row_starts.back();
  if constexpr (!symmetric_game<G>) result.raw_edges = result.edges;
  // Gather levels into single arrays. Each level is freed as soon as it is copied, and the
  // destination's pages become resident only as they are written, so the peak stays near one
  // copy of the graph plus one level.
  const auto check = [&] { monitor.check(levels.size(), states_so_far, result.edges); };
  constexpr std::size_t block = std::size_t{1} << 20; // copied between two checks
  result.states.reserve(states_so_far);
  advise_huge_pages(result.states);
  for (auto& l : levels) {
    result.level_starts.push_back(static_cast<vertex_id>(result.states.size()));
    for (std::size_t b = 0; b < l.size(); b += block) {
      check();
      result.states.insert(result.states.end(), l.begin() + b, l.begin() + std::min(l.size(), b + block));
    }
    release(l);
  }
  result.level_starts.push_back(static_cast<vertex_id>(result.states.size()));
  if (options.keep_edges) {
    std::vector<vertex_id> column;
    column.reserve(result.edges);
    advise_huge_pages(column);
    for (auto& pieces : level_edges)
      for (auto& piece : pieces) {
        check();
        column.insert(column.end(), piece.targets.begin(), piece.targets.begin() + piece.size);
        release(piece.targets);
      }
    result.graph = csr_graph{};
    adopt_csr(result.graph, std::move(row_starts), std::move(column));
  }
  result.seconds = monitor.seconds();
  return result;
}

} // namespace grundy::detail
