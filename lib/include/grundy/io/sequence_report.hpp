#pragma once
// `grundy octal`'s report of one sequence as JSON, as every front end gives it: the command line
// and the web server answer the same object for the same code or rule.

#include <grundy/heap/analysis.hpp>
#include <grundy/octal/analysis.hpp>

#include <string>

namespace grundy::io {

// One JSON object on one line, without its line feed: code, values computed, max value,
// preperiod and period (null when none was seen), proven, rare mask and count, seconds, engine,
// saltus, and periodicity_checked (false when a stop came before the periodicity was looked
// for, so that a null period does not read as "none seen").
std::string sequence_json(const octal_analysis& a);

// The same for a heap rule other than an octal code: rule instead of code, no rare mask.
std::string sequence_json(const heap_analysis& a);

} // namespace grundy::io
