#pragma once
// Writing an output file so that no run, however it ends, damages anything but the file it names.
//
// Outputs here are written by people into shared folders (a course's, a cluster's scratch space),
// often over long runs. Three things have gone wrong with the plain "write NAME.tmp, rename it"
// and each shapes this interface:
// - a predictable temporary name lets anyone who can write to the folder plant a link under it,
//   and the run then truncates the file the link points to: the temporary is created
//   exclusively, under a random name, without following links;
// - renaming over the name replaces whatever was there: a named pipe, /dev/stdout, a link the
//   user keeps on purpose. Pipes and terminals are written directly, a link is followed to the
//   file it names (the temporary is made beside that file), sockets and directories refused;
// - an output that is also one of the run's inputs destroys the input: refused before any work.

#include <grundy/stop.hpp>

#include <atomic>
#include <functional>
#include <iosfwd>
#include <span>
#include <stdexcept>
#include <string>

namespace grundy::io {

// An output that can never be written as asked: a directory, a socket or block device, one of
// the run's own inputs, an empty name. The message names the path and why, and no front end's
// option: front ends add theirs.
class output_refused : public std::invalid_argument {
public:
  using std::invalid_argument::invalid_argument;
};

// An output that could not be written now: a folder that does not exist or may not be written,
// a full disk. The message names the path and the system's reason.
class output_failed : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// The writing was stopped (the stop flag was set) before the file took its name: the name
// still holds what it held before, and no temporary is left. A grundy::stopped, as every stop.
class output_interrupted : public stopped {
public:
  explicit output_interrupted(const std::string& what) : stopped(what, stop_reason::interrupted) {}
};

// How a path will be written, decided by what it names now.
enum class output_kind {
  standard_output, // "-", /dev/stdout, /dev/fd/1 ...: the process's own descriptor
  stream,          // a named pipe or a character device (a terminal, /dev/null): written directly
  file,            // a regular file, or nothing yet: a temporary beside it, then renamed
};

// A path resolved for writing: its kind, and for a file the path of the file itself (links
// followed), in whose folder the temporary is made.
struct output_target {
  output_kind kind = output_kind::file;
  std::string path;    // as the user gave it, for messages
  std::string target;  // the file written or renamed over; the path itself for a stream
  int descriptor = -1; // standard_output: the descriptor written
};

// Resolves `path` for writing, refusing what may never be written (output_refused), among it
// any path that is the same file as one of `inputs` (missing inputs are ignored).
output_target resolve_output(const std::string& path, std::span<const std::string> inputs = {});

// Checks, before a long run, that `path` can be written: resolve_output's refusals, then for a
// file that its folder exists and a file may be created in it (output_failed otherwise). Creates
// and removes a temporary to know; leaves anything under the name untouched.
output_target check_output(const std::string& path, std::span<const std::string> inputs = {});

// Writes `path` (see output_kind): a file is written whole under an exclusive temporary in its
// folder, synced to the disk and renamed over the name only once complete, so that readers and
// crashes see either the old file or the new one; an existing file's permissions are kept.
// When *stop is set by the end of the writing, a file's temporary is dropped and
// output_interrupted thrown. Throws output_refused and output_failed as above.
void write_file(const std::string& path, const std::function<void(std::ostream&)>& write,
                const std::atomic<bool>* stop = nullptr, std::span<const std::string> inputs = {});

// True when `a` and `b` name one existing file (links followed).
bool same_file(const std::string& a, const std::string& b);

// True when writing `a` and `b` would write one file, existing or not: one name, one file, or
// names that resolve to one target (./x and x, d/../x, a link to a file not made yet). Two
// outputs of one run must not, or the second replaces the first.
bool same_output(const std::string& a, const std::string& b);

} // namespace grundy::io
