#pragma once
// What grundy octal shares between octal codes and the other heap rules: --max, --out and the
// words for a periodicity.

#include <grundy/heap/rule.hpp>
#include <grundy/octal/sequence.hpp>
#include <grundy/periodicity.hpp>

#include <atomic>
#include <cstddef>
#include <optional>
#include <span>
#include <string>

namespace grundy::cli {

// --max N, checked against what `runs` runs at once can hold.
std::size_t parse_max(const std::string& text, unsigned runs);

// Writes G(0..n-1) to `path`, one value per line.
void write_values(const std::string& path, const grundy_sequence& values, const std::atomic<bool>* stop,
                  std::span<const std::string> inputs);

// The "period" row of the text report for an arithmetic periodicity or a rule other than an
// octal code: "arithmetic period 3, saltus 1, from heap 1 on, not proven (...)". `needed` is
// what the rule's theorem needs, empty when none applies.
std::string period_text(const periodicity& p, const std::optional<std::size_t>& needed);

// The "period" row of a run stopped before its values' periodicity was looked for, which "none
// seen" would misreport.
inline constexpr const char* not_looked_for = "not looked for: the run was stopped first";

struct heap_sequence_options {
  std::string max;
  bool keep_going = false;
  std::string out;
  std::string format;
  bool quiet = false;
  unsigned threads = 0;
};

// grundy octal RULE for a rule that is not an octal code: S(1,3,4), allbut(1,2), grundy, squares.
void run_heap_sequence(const heap_rule& rule, const heap_sequence_options& options);

} // namespace grundy::cli
