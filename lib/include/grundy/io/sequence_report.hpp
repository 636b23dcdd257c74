#pragma once
// `grundy octal`'s report of one sequence as JSON, as every front end gives it: the command line
// and the web server answer the same object for the same code or rule.

#include <grundy/heap/analysis.hpp>
#include <grundy/io/report.hpp>

#include <string>

namespace grundy::io {

// One JSON object on one line, without its line feed: rule, values computed, max value,
// preperiod and period (null when none was seen), proven, rare count, seconds, engine, saltus,
// and periodicity_checked (false when a stop came before the periodicity was looked for, so
// that a null period does not read as "none seen"). `tail` adds members at the end, their values
// already JSON.
std::string sequence_json(const heap_analysis& a, const fields& tail = {});

// The same as `grundy octal` and /api/octal give it for an octal code's run: code instead of
// rule, and the sparse engine's rare mask. Throws std::invalid_argument for another rule.
std::string octal_sequence_json(const heap_analysis& a, const fields& tail = {});

} // namespace grundy::io
