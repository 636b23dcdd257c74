#pragma once
// How a rank stores its share of the graph: arrays growing by blocks, vertex numbers across
// ranks, and which rank and shard own a state.

#include <grundy/graph.hpp>

#include <boost/container_hash/hash.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace grundy::distributed::detail {

// An array that grows by fixed blocks: never moved, so that growing it does not hold two
// copies for a moment (a vector doubling its storage does), and its slack is one block.
template <class T> class block_array {
public:
  static constexpr unsigned block_bits = 16;
  static constexpr std::size_t block_size = std::size_t{1} << block_bits;

  std::size_t size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }
  T& operator[](std::size_t i) noexcept { return blocks_[i >> block_bits][i & (block_size - 1)]; }
  const T& operator[](std::size_t i) const noexcept { return blocks_[i >> block_bits][i & (block_size - 1)]; }

  void push_back(T value) {
    if (size_ == blocks_.size() * block_size) blocks_.push_back(std::make_unique<T[]>(block_size));
    (*this)[size_++] = std::move(value);
  }
  // n more elements, value-initialised.
  void grow(std::size_t n) {
    while (blocks_.size() * block_size < size_ + n)
      blocks_.push_back(std::make_unique<T[]>(block_size));
    size_ += n;
  }
  void clear() noexcept {
    blocks_.clear();
    size_ = 0;
  }

private:
  std::vector<std::unique_ptr<T[]>> blocks_;
  std::size_t size_ = 0;
};

// A vertex of the whole graph: its rank in the high half, its number on that rank in the low.
using global_vertex = std::uint64_t;
constexpr global_vertex global(int rank, std::uint64_t local) noexcept {
  return (static_cast<std::uint64_t>(rank) << 32) | local;
}
constexpr int rank_of(global_vertex v) noexcept { return static_cast<int>(v >> 32); }
constexpr vertex_id local_of(global_vertex v) noexcept { return static_cast<vertex_id>(v); }

// A rank's index of states is cut into shards by hash, and the states it receives are looked up
// shard by shard: each shard's table is small enough to stay in cache meanwhile, as in the
// single-process builder. The shard takes other bits of the hash than the owner does.
inline constexpr unsigned shard_bits = 8;
inline constexpr unsigned shard_count = 1u << shard_bits;
inline unsigned shard_of(std::size_t hash) noexcept {
  return static_cast<unsigned>((static_cast<std::uint64_t>(hash) * 0x9E3779B97F4A7C15ull) >>
                               (64 - shard_bits));
}

// The set bits of x, written out: without a popcnt instruction in the target architecture,
// std::popcount is a library call, and labelling counts bits once per edge.
constexpr unsigned bit_count(std::uint64_t x) noexcept {
  x -= (x >> 1) & 0x5555555555555555ull;
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  return static_cast<unsigned>((x * 0x0101010101010101ull) >> 56);
}

// The rank owning a state, from its hash mixed again, so that which rank owns a state does not
// depend on the bits the owner's hash table uses for it.
inline int owner_of(std::size_t hash, int ranks) noexcept {
  auto x = static_cast<std::uint64_t>(hash);
  x ^= x >> 31;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 29;
  return static_cast<int>(((x >> 32) * static_cast<std::uint64_t>(ranks)) >> 32);
}

// The index of a rank's states holds their numbers and reaches the states through the array,
// so that each state is stored once. Numbers are wrapped so that they never mix with states
// that are integers themselves.
struct stored_vertex {
  vertex_id v;
};

template <class State> struct index_hash {
  using is_transparent = void;
  const block_array<State>* states;
  std::size_t operator()(stored_vertex s) const { return boost::hash<State>{}((*states)[s.v]); }
  std::size_t operator()(const State& s) const { return boost::hash<State>{}(s); }
};

template <class State> struct index_equal {
  using is_transparent = void;
  const block_array<State>* states;
  bool operator()(stored_vertex a, stored_vertex b) const { return a.v == b.v; }
  bool operator()(const State& s, stored_vertex x) const { return s == (*states)[x.v]; }
  bool operator()(stored_vertex x, const State& s) const { return s == (*states)[x.v]; }
};

} // namespace grundy::distributed::detail
