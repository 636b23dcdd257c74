#pragma once
// What the subcommands share: errors for the user, ranges, output files.

#include <atomic>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

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

// A run stopped by Ctrl-C or SIGTERM after saying what it reached: exit status 128 + the
// signal's number, as a shell reports a process the signal ended.
class interrupted_error : public std::runtime_error {
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

// --tablets N with `colors` colours (0: not given), or one count per colour ("3,3,2,4", the
// colours implied, or checked against `colors`). Each count from 1 to 63. Throws usage_error.
std::vector<unsigned> parse_tablets(unsigned colors, std::string_view tablets);

// A size in bytes typed as 800M, 6G, 1.5T, 64K or plain bytes (K = 1024). Throws usage_error
// naming `what`.
std::uint64_t parse_size(std::string_view text, std::string_view what);

// Checks, before a long run, that `path` can become the output file of `option` (--dot, --out,
// --checkpoint...): not a directory, in a directory that exists and may be written. Throws
// usage_error for a directory given where a file is expected, run_error when the file cannot be
// created; both name the option and the path, never a temporary file.
void check_output_file(const std::string& path, std::string_view option);

// Writes a file under a temporary name in the same directory, flushes it to the disk and
// renames it only once complete, so that an interrupted or failed run never leaves a truncated
// file under the real name. When *stop is set by the end of the writing, the file is dropped
// and interrupted_error thrown: an interrupted command leaves no output file.
void write_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& write,
                           const std::atomic<bool>* stop = nullptr);

// Runs Graphviz's dot on a DOT file to produce `format` (svg or png) beside it, through a
// temporary name as above. Returns the picture's path.
std::string render_dot(const std::string& dot_path, std::string_view format,
                       const std::atomic<bool>* stop = nullptr);

// Seconds as people read them: "0.012", "3.4".
std::string format_seconds(double seconds);

// Any text as a JSON string literal, valid UTF-8 whatever its bytes (grundy::json_quoted).
std::string json_string(std::string_view s);

} // namespace grundy::cli
