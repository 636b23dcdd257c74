#pragma once
// grundy misere RULE --form 4+4 and grundy misere --born-by N: misère simplest forms.

#include <grundy/heap/rule.hpp>

#include <cstdint>
#include <string>

namespace grundy::cli {

// The simplest form of the sum of heaps `heaps` ("4+4") of `rule`, from its game graph.
void print_heap_form(const heap_rule& rule, const std::string& heaps, std::uint64_t max_memory, bool quiet,
                     const std::string& format);

// The number of simplest forms born by each day 0..`day`.
void print_born_by(const std::string& day, const std::string& format);

} // namespace grundy::cli
