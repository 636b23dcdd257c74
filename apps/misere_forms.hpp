#pragma once
// grundy misere RULE --form 4+4 and grundy misere --born-by N: misère simplest forms.

#include <grundy/games/nim/rules.hpp>
#include <grundy/graph.hpp>
#include <grundy/heap/rule.hpp>

#include <atomic>
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

// The start's (vertex 0's) simplest misère form in a report, as grundy graph --misere-form adds
// it: the JSON object of "misere_form" and a text line. usage_error for a graph with a cycle,
// interrupted_error once *stop is true.
struct form_report {
  std::string json, text;
};
form_report start_form_report(const csr_graph& g, const std::atomic<bool>* stop);

// The number of simplest forms born by each day 0..`day`.
void print_born_by(const std::string& day, const std::string& format);

// Every simplest form born by `day`, to standard output, or to the file `out` when not empty
// (day 5's 4171780 are refused on standard output).
void list_born_by(const std::string& day, const std::string& format, const std::string& out);

// The most forms --list prints on standard output: day 4's 22; day 5's need --out.
inline constexpr std::uint64_t most_listed_forms = 1000;

} // namespace grundy::cli
