#pragma once
// How graph statistics are shown: the library's reports (grundy/io/report.hpp), under the names
// the commands use.

#include <grundy/io/report.hpp>

namespace grundy::cli {

using io::fields;
using io::format_bytes;
using io::json_fields;
using io::statistics_json;
using io::statistics_text;

} // namespace grundy::cli
