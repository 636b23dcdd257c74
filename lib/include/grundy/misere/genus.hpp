#pragma once
// Conway's genus of heaps of a heap game: the normal value and the misère values beside *2s.

#include <grundy/heap/rule.hpp>
#include <grundy/values.hpp>

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace grundy {

// The genus g^{γ0 γ1 γ2 ...} of a game H: g its normal-play value, γk the misère value of
// H + k·*2 (k Nim heaps of size 2; the misère value of the empty game is 1). The γk end by
// alternating between two values for ever; `gammas` holds γ0, γ1, ... up to and including the
// first two digits of that alternation, so gamma(k) answers every k.
struct genus {
  grundy_value normal = 0;
  std::vector<grundy_value> gammas;

  grundy_value gamma(std::uint64_t k) const;
  // Conway's notation: "0^120", "1^031", "2^20"; with a digit past 9 the digits are separated
  // by commas ("12^12,14").
  std::string symbol() const;
  // True for the genus of a Nim heap: 0^120, 1^031, or g^{g, g XOR 2} (g >= 2).
  bool of_nim_heap() const;

  friend bool operator==(const genus&, const genus&) = default;
};

struct genus_options {
  std::uint64_t max_memory = 4ull << 30;
  const std::atomic<bool>* stop = nullptr;
};

// The genus of heaps 0..max_heap of `rule` (index h for heap h).
std::vector<genus> heap_genera(const heap_rule& rule, heap_size max_heap, const genus_options& options = {});

} // namespace grundy
