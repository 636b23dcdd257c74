#pragma once
// Conway's genus of heaps of a heap game: the normal value and the misère values beside *2s.

#include <grundy/heap/rule.hpp>
#include <grundy/values.hpp>

#include <atomic>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace grundy {

// The genus g^{γ0 γ1 γ2 ...} of a game H: g its normal-play value, γk the misère value of
// H + k·*2 (k Nim heaps of size 2; the misère value of the empty game is 1). The γk end by
// alternating between two values for ever; `gammas` holds γ0, γ1, ... up to and including the
// first two digits of that alternation, so gamma(k) answers every k.
//
// gammas is exact: the engine (lib/src/misere/genus_engine.cpp) computes γk until it has proved,
// by the inductive argument stated there, that they alternate from there on, and only then cuts
// the sequence where the alternation starts. The values it ends on need not be normal play's
// g, g XOR 2, g, ... (the normal values of the position plus k·*2): Kayles' heap of 5 is 4^146,
// out of phase, and Dawson's Kayles' heap of 25 is 0^31.
struct genus {
  grundy_value normal = 0;
  std::vector<grundy_value> gammas;

  grundy_value gamma(std::uint64_t k) const;
  // Conway's notation: "0^120", "1^031", "2^20"; with a digit past 9 the digits are separated
  // by commas ("12^12,14").
  std::string symbol() const;
  // True for the genus of a Nim heap: 0^120, 1^031, or g^{g, g XOR 2} (g >= 2).
  bool of_nim_heap() const;
  // True for the genus of a sum of Nim heaps: a Nim heap's, or 0^02 (*2+*2) or 1^13 (*2+*3).
  bool of_nim_position() const;

  friend bool operator==(const genus&, const genus&) = default;
};

struct genus_options {
  std::uint64_t max_memory = 4ull << 30;
  const std::atomic<bool>* stop = nullptr;
};

// The genus of heaps 0..max_heap of `rule` (index h for heap h). Past options.max_memory it
// throws grundy::stopped (a limit); once *options.stop is true, `stopped` within a fraction of a second.
std::vector<genus> heap_genera(const heap_rule& rule, heap_size max_heap, const genus_options& options = {});

// The genus of a sum of heaps of `rule` (any order, zeros allowed; the empty sum is 0^120).
genus position_genus(const heap_rule& rule, std::span<const heap_size> heaps,
                     const genus_options& options = {});

// Whether `rule` is tame on heaps 0..max_heap, in Conway's sense (On Numbers and Games ch. 12,
// Winning Ways ch. 13): every position that play from a heap <= max_heap can reach, the heap
// itself included, has the genus of a position of Nim (of_nim_position). Sums of tame games
// are tame, so every sum of such heaps is then tame too and plays like Nim with the heaps'
// normal values (misère Nim's rule: play as in normal play unless every heap is 0 or 1).
// Conway's wider classes (restive and restless games, which behave tamely only in some
// company) are not recognised: a game tame only in that sense counts as wild here.
struct tameness {
  // Every heap 0..max_heap is tame.
  bool tame = true;
  // When wild: the smallest heap whose play reaches a wild position, that position (heap sizes
  // increasing; the heap itself, or a sum it leaves) and its genus.
  heap_size heap = 0;
  std::vector<heap_size> position;
  genus position_genus;
  // heap_tame[h]: whether heap h alone is tame, every position its own play reaches having a
  // Nim position's genus. A heap past the first wild one can be tame again: a heap of 11 of
  // 0.07 never reaches the wild heap of 10, a move taking two tokens at a time.
  std::vector<bool> heap_tame;
};
tameness heap_tameness(const heap_rule& rule, heap_size max_heap, const genus_options& options = {});

} // namespace grundy
