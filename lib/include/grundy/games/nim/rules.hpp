#pragma once
// Nim: take one or more tokens from one heap.

#include <boost/container/small_vector.hpp>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace grundy {

// A heap game position: heap sizes in increasing order, empty heaps dropped. Positions of Nim
// and of octal games share it, since both are multisets of heaps.
using heap_size = std::uint32_t;
using heaps = boost::container::small_vector<heap_size, 8>;

// Sorted, without empty heaps: the canonical form of a multiset of heaps.
heaps canonical_heaps(heaps h);

// "[3,4,5]"; "[]" for no heap at all.
std::string format_heaps(const heaps& h);

class nim_game {
public:
  using state_type = heaps;

  static state_type position(std::span<const heap_size> sizes);

  state_type canonical(const state_type& s) const { return canonical_heaps(s); }
  void successors(const state_type& s, std::vector<state_type>& out) const;
  std::string format(const state_type& s) const { return format_heaps(s); }
};

} // namespace grundy
