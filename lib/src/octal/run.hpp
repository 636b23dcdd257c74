#pragma once
// The octal engines' run behind analyse (grundy/heap/analysis.hpp), for an octal or
// hexadecimal code.

#include <grundy/heap/analysis.hpp>

namespace grundy::detail {

heap_analysis analyse_octal_code(const octal_code& code, const analysis_options& options);

} // namespace grundy::detail
