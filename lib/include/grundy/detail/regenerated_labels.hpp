#pragma once
// Labelling a graded graph built without edges: each level's moves are generated again and
// looked up in the level below. Included by solve.hpp.

#include <grundy/graph.hpp>
#include <grundy/labelling.hpp>

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <span>
#include <stdexcept>
#include <vector>

namespace grundy::detail {

// The level below, indexed the way the builder indexes a level: its states spread over the
// shards by hash, a table per shard. `values` holds their values shard after shard, in the
// order each shard's states were listed, so that a (shard, local id) from resolve names one.
template <class State> struct indexed_level {
  explicit indexed_level(arena& memory) : index(memory) {}

  level_index<State> index;
  std::array<std::size_t, shard_count + 1> first{}; // shard s: values[first[s], first[s + 1])
  std::vector<grundy_value> values;
  std::vector<std::uint32_t> order; // the level's vertices, shard after shard (a counting sort)
  std::vector<std::uint8_t> shard;  // each vertex's shard

  grundy_value value_of(std::uint32_t target) const {
    return values[first[target >> local_bits] + (target & (local_limit - 1))];
  }

  // Indexes the vertices [begin, end) of gg, whose values are known.
  template <class Graph>
  void assign(const Graph& gg, std::size_t begin, std::size_t end, const std::vector<grundy_value>& value,
              unsigned threads, const exploration_monitor& monitor) {
    const std::size_t n = end - begin;
    const unsigned parts = n < min_parallel_parents ? 1 : threads;
    shard.resize(n);
    run_on_threads(parts, [&](unsigned t) {
      const auto [b, e] = part_of(n, parts, t);
      for (std::size_t i = b; i < e; ++i)
        shard[i] = static_cast<std::uint8_t>(shard_of_state(gg.states[begin + i]));
    });
    first.fill(0);
    for (const auto s : shard)
      ++first[s + 1];
    for (unsigned s = 0; s < shard_count; ++s)
      first[s + 1] += first[s];
    order.resize(n);
    auto next = first;
    for (std::size_t i = 0; i < n; ++i)
      order[next[shard[i]]++] = static_cast<std::uint32_t>(i);
    values.resize(n);
    for_each_index(parts, shard_count, [&](std::size_t s) {
      if (monitor.halted()) return;
      auto& table = index.shards[s];
      for (auto k = first[s]; k < first[s + 1]; ++k) {
        table.id_of(gg.states[begin + order[k]]);
        values[k] = value[begin + order[k]];
      }
    });
    if (!monitor.halted() && miscounted())
      throw std::logic_error("a level of the graph lists a position twice");
  }

  void clear() {
    for (auto& s : index.shards)
      s.states.clear(), s.ids.clear();
  }

  // True when a shard does not hold exactly the states assigned to it: fewer, when a state was
  // listed twice; more, when resolving moves added some, which left the level below.
  bool miscounted() const {
    for (unsigned s = 0; s < shard_count; ++s)
      if (index.shards[s].states.size() != first[s + 1] - first[s]) return true;
    return false;
  }
};

// Parents regenerated at a time: a quarter of the builder's chunk. All of their moves are kept
// until resolved (a state, an id and a byte each) while the whole graph's states are held, at the
// peak of the run: with half the builder's chunk, and the targets gathered into a list, eight colours of
// four tablets with symmetry peaked 10% above the single table this labelling replaced. Small
// levels are still regenerated in one pass and large ones in sharded passes, whatever the size
// of their chunks.
inline constexpr std::size_t chunk_parents = parents_per_chunk / 4;

// The values of a graded graph built without edges, from the deepest level up. A level's
// moves are found as the builder found them, chunk by chunk: expanded by units, filed by
// shard, resolved shard by shard in the index of the level below, and read back in order. A
// shard's table then stays in cache while it is read, where looking each move up as it comes
// missed the cache at nearly every move of a large level: that was four tenths of the time of
// seven colours of four tablets with symmetry. Results do not depend on the thread count.
template <graded_game G>
std::vector<grundy_value> regenerated_values(const G& g, const game_graph<state_t<G>>& gg, unsigned threads,
                                             const std::atomic<bool>* stop,
                                             const std::function<void(const build_progress&)>& progress) {
  using state = state_t<G>;
  threads = thread_count(threads);
  build_options options;
  options.stop = stop;
  const exploration_monitor monitor(options);
  const auto check = [&] {
    if (monitor.halted()) throw detail::labelling_interrupted();
  };
  std::vector<grundy_value> value(gg.vertex_count(), 0);
  arena memory;
  std::vector<expansion<state>> work;
  for (unsigned u = 0; u < (threads == 1 ? 1 : threads * units_per_thread); ++u)
    work.emplace_back(memory).counting = false; // the orbits are a twentieth of the time with symmetry
  indexed_level<state> below(memory);
  std::uint64_t labelled = 0;
  const auto report = [&](std::size_t level) {
    if (!progress) return;
    auto p = monitor.progress(level, gg.vertex_count(), gg.edge_count());
    p.labelling = true;
    p.labelled = labelled;
    progress(p);
  };
  for (std::size_t level = gg.depth(); level-- > 0;) {
    check();
    below.clear();
    memory.release_kept();
    if (level + 1 < gg.depth())
      below.assign(gg, gg.level_starts[level + 1], gg.level_starts[level + 2], value, threads, monitor);
    check();
    const std::size_t first_parent = gg.level_starts[level];
    const std::size_t parents = gg.level_starts[level + 1] - first_parent;
    const std::span<const state> level_states(gg.states.data() + first_parent, parents);
    for (std::size_t begin = 0; begin < parents; begin += chunk_parents) {
      const std::size_t end = std::min(parents, begin + chunk_parents);
      const auto plan = plan_chunk(work, parents < min_parallel_parents, threads);
      const auto units = static_cast<unsigned>(plan.units.size());
      find_targets(g, level_states, begin, end, plan, below.index, monitor, check);
      check();
      if (below.miscounted()) throw std::logic_error("a move leads out of the level below its position");
      for_each_index(plan.parts, units, [&](std::size_t u) {
        const auto& x = plan.units[u];
        auto v = first_parent + begin + part_of(end - begin, units, static_cast<unsigned>(u)).first;
        const auto label = [&](auto next_target) {
          std::vector<char> seen;
          for (const auto d : x.degrees) {
            seen.resize(std::max<std::size_t>(seen.size(), d + 1));
            value[v++] = mex_of(
                d,
                [&](auto&& f) {
                  for (std::uint32_t i = 0; i < d; ++i)
                    f(below.value_of(next_target()));
                },
                seen);
          }
        };
        // The sharded passes' ids are read as they are used rather than gathered into a list
        // first, which would hold four more bytes per move and write them once more.
        if (plan.one_pass)
          label([row = x.targets.data()]() mutable { return *row++; });
        else
          label([read = target_reader(x)]() mutable { return read.next(); });
      });
      labelled += end - begin;
      report(level);
    }
  }
  return value;
}

} // namespace grundy::detail
