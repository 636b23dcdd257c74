#pragma once
// The builder for graded games: level by level, on several threads, one level indexed at a time.
// Included by graph.hpp.

#include <grundy/detail/chunk_passes.hpp>
#include <grundy/detail/level_index.hpp>
#include <grundy/detail/page_allocator.hpp>
#include <grundy/detail/parallel.hpp>

#include <array>
#include <cstdint>
#include <span>
#include <vector>

namespace grundy::detail {

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
    // A level is cut into chunks of equal size, at most parents_per_chunk each, so that no chunk of
    // a large level is left too small for threads: a tail cut off at parents_per_chunk would be
    // explored on one thread, and in one pass, on an index too large for the cache. The numbering
    // does not depend on where the chunks end.
    const std::size_t chunks = (parents + parents_per_chunk - 1) / parents_per_chunk;
    for (std::size_t k = 0; k < chunks; ++k) {
      const auto cut = part_of(parents, static_cast<unsigned>(chunks), static_cast<unsigned>(k));
      const std::size_t begin = cut.first, end = cut.second;
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
        monitor.admit(append_bytes(row_starts, end - begin) + append_bytes(column, listed), level + 1,
                      states_so_far + next.size(), edges);
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
        if (!share_faults)
          monitor.admit(append_bytes(row_starts, rows) + append_bytes(column, kept), level + 1,
                        states_so_far + next.size(), edges);
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
    monitor.admit(append_bytes(result.states, first[shard_count] - states_so_far), level + 1, states_so_far,
                  edges);
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
