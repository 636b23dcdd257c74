// Conway's genus: the symbol, the tests against Nim, and the entry points over the engine.

#include "genus_engine.hpp"

#include <grundy/misere/genus.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <vector>

namespace grundy {

grundy_value genus::gamma(std::uint64_t k) const {
  // gammas ends with the first two values of the alternation, which never ends.
  if (k < gammas.size()) return gammas[k];
  const std::size_t first = gammas.size() - 2;
  return gammas[first + (k - first) % 2];
}

std::string genus::symbol() const {
  const bool wide = std::any_of(gammas.begin(), gammas.end(), [](grundy_value g) { return g > 9; });
  return fmt::format("{}^{}", normal, fmt::join(gammas, wide ? "," : ""));
}

bool genus::of_nim_heap() const {
  using v = std::vector<grundy_value>;
  if (normal == 0) return gammas == v{1, 2, 0};
  if (normal == 1) return gammas == v{0, 3, 1};
  return gammas == v{normal, normal ^ 2};
}

bool genus::of_nim_position() const {
  // A sum of Nim heaps with a heap of 2 or more has M = N, however many *2 are added: its
  // genus is g^{g, g XOR 2}; with heaps of 0 and 1 only, it is *0 or *1.
  return of_nim_heap() || gammas == std::vector<grundy_value>{normal, normal ^ 2};
}

std::vector<genus> heap_genera(const heap_rule& rule, heap_size max_heap, const genus_options& options) {
  detail::genus_engine engine(rule, max_heap, options);
  std::vector<genus> result;
  for (heap_size h = 0; h <= max_heap; ++h) {
    const heap_size one[1] = {h};
    auto g = engine.genus_of(engine.node_of(h == 0 ? std::span<const heap_size>{} : one));
    // The results are charged to the engine's limit as they grow: one a heap, up to 2^32 heaps.
    if (result.size() == result.capacity()) {
      const std::size_t more = std::max<std::size_t>(16, result.capacity());
      engine.charge(detail::heap_block_bytes((result.capacity() + more) * sizeof(genus)));
      result.reserve(result.capacity() + more);
    }
    engine.charge(detail::heap_block_bytes(g.gammas.capacity() * sizeof(grundy_value)));
    result.push_back(std::move(g));
  }
  return result;
}

genus position_genus(const heap_rule& rule, std::span<const heap_size> heaps, const genus_options& options) {
  std::vector<heap_size> sorted;
  for (heap_size h : heaps)
    if (h != 0) sorted.push_back(h);
  std::sort(sorted.begin(), sorted.end());
  detail::genus_engine engine(rule, sorted.empty() ? 0 : sorted.back(), options);
  return engine.genus_of(engine.node_of(sorted));
}

tameness heap_tameness(const heap_rule& rule, heap_size max_heap, const genus_options& options) {
  detail::genus_engine engine(rule, max_heap, options);
  tameness result;
  // One bit a heap, up to 2^32 heaps: charged to the engine's limit before it is held.
  engine.charge((std::uint64_t{max_heap} + 1) / 8 + 1);
  result.heap_tame.reserve(std::size_t{max_heap} + 1);
  for (heap_size h = 0; h <= max_heap; ++h) {
    const heap_size one[1] = {h};
    const auto wild = engine.wild_reached(engine.node_of(h == 0 ? std::span<const heap_size>{} : one));
    result.heap_tame.push_back(wild == detail::genus_engine::no_node);
    if (wild == detail::genus_engine::no_node || !result.tame) continue;
    // The first heap that reaches a wild position is the smallest one; any wild position it
    // reaches is reported, as the heap itself when it is wild.
    const auto heaps = engine.heaps_of(wild);
    result.tame = false;
    result.heap = h;
    result.position.assign(heaps.begin(), heaps.end());
    result.position_genus = engine.genus_of(wild);
  }
  return result;
}

} // namespace grundy
