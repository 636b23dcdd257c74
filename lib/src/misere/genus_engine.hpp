#pragma once
// The engine behind heap_genera: misère values of sums of heaps plus k·*2 (and *1), memoised.

#include <grundy/detail/memory_budget.hpp>
#include <grundy/heap/rule.hpp>
#include <grundy/misere/genus.hpp>
#include <grundy/octal/sequence.hpp>

#include <boost/unordered/unordered_flat_map.hpp>

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

namespace grundy::detail {

// Positions are H + k·*2 + b·*1 with H a sum of heaps of the rule. Each sum H met is a node
// holding its misère values for k = 0..settled + 1 and b = 0, 1; from `settled` on the values
// are proved to alternate for ever (see genus_engine.cpp), so later ones are not stored. Every
// container it makes is counted against genus_options::max_memory before it allocates
// (grundy/detail/memory_budget.hpp), so the engine stays where it was made.
class genus_engine {
public:
  genus_engine(const heap_rule& rule, heap_size max_heap, const genus_options& options);
  genus_engine(const genus_engine&) = delete;
  genus_engine& operator=(const genus_engine&) = delete;

  // The node of a sum of heaps, each <= max_heap (sorted increasing, no zeros), computed with
  // every sum it can reach when first asked for.
  std::uint32_t node_of(std::span<const heap_size> sorted_heaps);
  genus genus_of(std::uint32_t node) const;

  std::size_t node_count() const noexcept { return nodes_.size(); }
  std::span<const heap_size> heaps_of(std::uint32_t node) const;
  // A node whose genus is not a Nim position's among those play from `node` reaches (`node`
  // itself first), or no_node when every one is tame.
  static constexpr std::uint32_t no_node = 0xFFFF'FFFF;
  std::uint32_t wild_reached(std::uint32_t node) const { return nodes_[node].wild; }
  // Charges what a caller holds beside the engine (its results, one a heap) to the engine's
  // limit: throws grundy::stopped (a limit) when it would pass it.
  void charge(std::uint64_t bytes) { budget_.take(bytes); }

private:
  struct node {
    std::uint32_t heaps_start; // its heaps: heaps_[heaps_start, heaps_start + heap_count)
    std::uint32_t heap_count;
    std::uint32_t values_start; // misère value of H + k·*2 + b·*1 at values_[values_start + 2k + b]
    std::uint32_t settled;      // from this k on the misère values alternate with period 2
    grundy_value normal;
    std::uint32_t wild; // wild_reached
  };
  // The heaps, sorted: hashable, and short strings stay inline.
  using key = std::basic_string<char32_t, std::char_traits<char32_t>, counted_allocator<char32_t>>;
  template <class T> counted_allocator<T> counted() noexcept { return counted_allocator<T>(&budget_); }

  grundy_value misere(std::uint32_t n, std::uint64_t k, unsigned b) const;
  std::uint32_t finish(const key& heaps, counted_vector<std::uint32_t>& options);
  void options_of(const key& heaps, counted_vector<key>& out) const;
  void check_stop() const;

  heap_rule rule_;
  genus_options options_;
  memory_budget budget_;
  grundy_sequence heap_values_;
  boost::unordered_flat_map<key, std::uint32_t, boost::hash<key>, std::equal_to<key>,
                            counted_allocator<std::pair<const key, std::uint32_t>>>
      index_;
  counted_vector<node> nodes_;
  counted_vector<heap_size> heaps_;
  counted_vector<grundy_value> values_;
  counted_vector<char> seen_;
  std::uint64_t work_ = 0;
};

} // namespace grundy::detail
