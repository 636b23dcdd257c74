#pragma once
// What the subcommands share: errors for the user, ranges, output files.

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <stdexcept>
#include <string>
#include <string_view>

namespace grundy::cli {

// Bad input found after parsing (an impossible size, an unreadable position): exit status 2.
class usage_error : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// A run that could not finish (a limit reached, a file not written): exit status 1.
class run_error : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

struct range {
  std::uint32_t first = 0;
  std::uint32_t last = 0;
};

// "3" or "1..4"; both ends at least `minimum`. Throws usage_error naming `what`.
range parse_range(std::string_view text, std::string_view what, std::uint32_t minimum = 1);

// A non-negative integer typed by the user, such as a heap size. Throws usage_error.
std::uint64_t parse_count(std::string_view text, std::string_view what);

// Writes a file under a temporary name and renames it only once complete, so that an
// interrupted or failed run never leaves a truncated file under the real name.
void write_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& write);

// Runs Graphviz's dot on a DOT file to produce `format` (svg or png) beside it.
// Returns the picture's path.
std::string render_dot(const std::string& dot_path, std::string_view format);

// Seconds as people read them: "0.012", "3.4".
std::string format_seconds(double seconds);

// A string as a JSON string literal.
std::string json_string(std::string_view s);

// A field typed by its text: "12" as a number, "3,3,2" as an array of numbers, anything else
// as a string.
std::string json_value(std::string_view text);

} // namespace grundy::cli
