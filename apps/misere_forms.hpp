#pragma once
// grundy misere RULE --form 4+4 and grundy misere --born-by N: misère simplest forms.

#include <grundy/games/nim/rules.hpp>
#include <grundy/heap/rule.hpp>

#include <cstdint>
#include <string>

namespace grundy::cli {

// A sum of heaps typed after `option` ("4+4", "4,4" or "4 4"); usage_error when it does not read.
heaps read_heap_sum(const std::string& typed, const char* option);
// "4+4", or "0" for the empty sum.
std::string heap_sum_text(const heaps& sum);

// The simplest form of the sum of heaps `heaps` ("4+4") of `rule`, from its game graph.
void print_heap_form(const heap_rule& rule, const std::string& heaps, std::uint64_t max_memory, bool quiet,
                     const std::string& format);

// The number of simplest forms born by each day 0..`day`.
void print_born_by(const std::string& day, const std::string& format);

} // namespace grundy::cli
