#pragma once
// One level's index for the graded builder and the labelling that regenerates moves: the
// level's states spread over shards by hash, a list and a table per shard. Included by
// graph.hpp, after the ids it stores (stored_id).

#include <grundy/detail/arena.hpp>

#include <boost/container_hash/hash.hpp>
#include <boost/unordered/unordered_flat_set.hpp>

#include <cstddef>
#include <cstdint>
#include <deque>
#include <vector>

namespace grundy::detail {

// Successors are spread over a fixed number of shards by hash, whatever the thread count, so
// the vertex numbering (shard by shard, in the order parents were expanded) does not depend on
// the number of threads. Shards are also small enough for their index to stay in cache.
inline constexpr unsigned shard_bits = 8;
inline constexpr unsigned shard_count = 1u << shard_bits;
inline constexpr unsigned local_bits = 32 - shard_bits;
inline constexpr std::uint32_t local_limit = 1u << local_bits;

inline unsigned shard_of(std::size_t hash) {
  return static_cast<unsigned>((static_cast<std::uint64_t>(hash) * 0x9E3779B97F4A7C15ull) >>
                               (64 - shard_bits));
}

// A state's shard: the one rule by which the builder files each successor and the labelling
// without edges files the level below, whose lookups find a state only in the shard it was
// filed in.
template <class State> unsigned shard_of_state(const State& s) { return shard_of(boost::hash<State>{}(s)); }

template <class T> using shard_vector = std::vector<T, arena_allocator<T>>;

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

} // namespace grundy::detail
