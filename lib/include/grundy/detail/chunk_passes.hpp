#pragma once
// The passes that find the moves of a chunk of parents and their (shard, local id)s in a level's
// index: expanded by units of work, filed by shard, resolved shard by shard and read back in
// order, or in one pass for small chunks. Shared by the graded builder and the labelling that
// regenerates moves. Included by graph.hpp.

#include <grundy/detail/arena.hpp>
#include <grundy/detail/level_index.hpp>
#include <grundy/detail/page_allocator.hpp>
#include <grundy/detail/parallel.hpp>
#include <grundy/detail/work_meter.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace grundy::detail {

// Parents expanded between two synchronisations: enough to keep the threads busy, few enough
// for the successors in flight to take tens of megabytes, not hundreds.
inline constexpr std::size_t parents_per_chunk = 1u << 16;
// A chunk is cut into this many units of work per thread, taken by the threads as they come
// free: parents differ in their number of moves, and threads in their speed on a shared
// machine. Each unit keeps its own successors, so that the numbering does not depend on which
// thread expanded it.
inline constexpr unsigned units_per_thread = 4;
inline constexpr std::size_t min_parallel_parents = 1u << 15;

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
      on_move(c, shard_of_state(c));
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

} // namespace grundy::detail
