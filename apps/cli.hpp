#pragma once
// What the subcommands share: errors for the user, ranges, output files.

#include <grundy/io/notation.hpp>
#include <grundy/io/report.hpp>
#include <grundy/io/text.hpp>

#include <atomic>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <span>
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

// The library's readers of numbers (grundy/io/notation.hpp), their refusals as usage_error.

// f(), with the library's refusal of a number (io::notation_error) as a usage error.
template <class F> auto as_usage(F&& f) {
  try {
    return f();
  } catch (const io::notation_error& e) {
    throw usage_error(e.what());
  }
}

using io::range;

// "3" or "1..4"; both ends at least `minimum`. Throws usage_error naming `what`.
range parse_range(std::string_view text, std::string_view what, std::uint32_t minimum = 1);

// A non-negative integer typed by the user, such as a heap size. Throws usage_error.
std::uint64_t parse_count(std::string_view text, std::string_view what);

// --tablets N with `colors` colours (0: not given), or one count per colour ("3,3,2,4", the
// colours implied, or checked against `colors`), in the tablettes entry's ranges. Throws usage_error.
std::vector<unsigned> parse_tablets(unsigned colors, std::string_view tablets,
                                    std::string_view colors_name = "--colors",
                                    std::string_view tablets_name = "--tablets");

// A size in bytes typed as 800M, 6G, 1.5T, 64K or plain bytes (K = 1024). Throws usage_error
// naming `what`.
std::uint64_t parse_size(std::string_view text, std::string_view what);

// Outputs go through the library's io::write_file (grundy/io/output_file.hpp): an exclusive
// temporary beside the file, renamed once whole; "-" and /dev/stdout are standard output,
// pipes and devices are written directly, links are followed, and a name that is one of the
// run's `inputs` is refused. These give its errors the CLI's words and exit codes.

// Checks, before a long run, that `path` can become the output of `option` (--dot, --out,
// --checkpoint...): usage_error for a name that may never be written (a directory, a socket, one
// of `inputs`), run_error when the file cannot be created; both name the option and the path.
void check_output_file(const std::string& path, std::string_view option,
                       std::span<const std::string> inputs = {});

// Writes `path` whole or not at all. When *stop is set by the end of the writing, nothing is
// written and interrupted_error thrown: an interrupted command leaves no output file.
void write_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& write,
                           const std::atomic<bool>* stop = nullptr, std::span<const std::string> inputs = {});

// Runs Graphviz's dot on a DOT file to produce `format` (svg or png) beside it. Returns the
// picture's path.
std::string render_dot(const std::string& dot_path, std::string_view format,
                       const std::atomic<bool>* stop = nullptr, std::span<const std::string> inputs = {});

using io::format_seconds;

} // namespace grundy::cli
