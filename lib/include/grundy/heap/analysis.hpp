#pragma once
// One heap game computed until its periodicity is proven, as analyse_octal does for octal codes.

#include <grundy/heap/periodicity.hpp>
#include <grundy/heap/rule.hpp>
#include <grundy/octal/analysis.hpp>

#include <atomic>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>

namespace grundy {

struct heap_analysis_options {
  // Values at most: analysis_options::default_max_values for octal codes, this for the others
  // (Grundy's game and take-a-square are not known to be periodic, so they run to the end).
  static constexpr std::size_t default_max_values = 1'000'000;

  std::optional<std::size_t> max_values;
  bool keep_going = false; // compute all max_values values even once a period is proven
  unsigned threads = 0;    // octal codes' sparse engine only (analysis_options::threads; 0: chosen)
  std::function<void(const octal_progress&)> on_progress;
  // Once *stop is true, the run ends within a fraction of a second with `interrupted` set, even
  // in the middle of the search for a period (its periodicity then not looked for).
  const std::atomic<bool>* stop = nullptr;
};

struct heap_analysis {
  heap_rule rule = octal_code{};
  grundy_sequence values;
  std::optional<periodicity> period;
  // The values the theorem about this kind of rule needs to prove `period`; empty when none
  // applies (see heap_values_to_prove).
  std::optional<std::size_t> values_to_prove;
  std::string method; // the engine that ran: naive, sparse, subtraction, all-but, squares, ...
  rare_split split;   // octal codes' sparse engine: its split at the end
  std::size_t rare_count = 0;
  double seconds = 0;
  bool interrupted = false;
  // False when a stop came before the periodicity of the values was looked for: `period` and
  // `values_to_prove` are then empty, which says nothing of the values.
  bool periodicity_checked = true;
};

// Computes G(0), G(1), ... until a periodicity is proven (checked at points about 1/8 apart)
// or until max_values values; with keep_going, all of them. Octal codes run analyse_octal, so
// their results are exactly its own.
heap_analysis analyse_heap_rule(const heap_rule& rule, const heap_analysis_options& options = {});

} // namespace grundy
