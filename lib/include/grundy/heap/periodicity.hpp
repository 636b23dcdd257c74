#pragma once
// Periodicity of a heap game's values, proven where a theorem about its kind of rule applies.

#include <grundy/heap/rule.hpp>
#include <grundy/octal/periodicity.hpp>
#include <grundy/periodicity.hpp>

#include <atomic>
#include <cstddef>
#include <optional>

namespace grundy {

// How many values G(0..N-1) a theorem about the rule's kind needs to prove `period`, given the
// values computed so far; empty when no theorem applies (Grundy's game, take-a-square, user
// rules) or when the values do not satisfy its hypotheses (yet). The theorems:
// - octal codes, ordinary periodicity: the octal periodicity theorem (values_to_prove);
// - octal and hexadecimal codes, arithmetic periodicity: the test proven in
//   lib/src/octal/hex_periodicity.cpp (arithmetic_values_to_prove);
// - a finite subtraction set S: each value depends only on the max(S) values before it, so
//   max(S) consecutive values repeating p later repeat forever: preperiod + max(S) + period;
// - all but a finite set S: arithmetic periodicity by the test proven in
//   lib/src/heap/periodicity.cpp, which needs a + max(S) + period values for a preperiod
//   a >= the preperiod at which the values seen so far pass it.
// Throws grundy::stopped within milliseconds of *stop turning true.
std::optional<std::size_t> heap_values_to_prove(const heap_rule& rule, const grundy_sequence& values,
                                                const periodicity& period,
                                                const std::atomic<bool>* stop = nullptr);

// The periodicity the values show, ordinary or arithmetic (smallest preperiod, then smallest
// period), proven when heap_values_to_prove says the values suffice. Octal codes answer as
// find_periodicity does. Empty when none shows. Throws grundy::stopped within milliseconds
// of *stop turning true.
std::optional<periodicity> find_heap_periodicity(const grundy_sequence& values, const heap_rule& rule,
                                                 const std::atomic<bool>* stop = nullptr);

} // namespace grundy
