#pragma once
// Misère quotients saved to and read from files: JSON holding the rule, the largest heap, the
// multiplication table, the P-portion and the class of every heap, so that a quotient that took
// long to compute is computed once. A file read is checked against its rule, not trusted: what
// it loads is the quotient of that rule, or it is refused.

#include <grundy/misere/quotient.hpp>

#include <atomic>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace grundy::io {

// A quotient file that cannot be read or does not hold the quotient it names; what() is one
// line naming the file and saying what is wrong.
class quotient_file_error : public std::invalid_argument {
public:
  explicit quotient_file_error(const std::string& what, int system_error = 0)
      : std::invalid_argument(what), system_error_(system_error) {}
  // The system's error number when the file could not be opened or read (ENOENT, EISDIR...), so
  // that a front end can say it as its language does; 0 for a file read and refused.
  int system_error() const noexcept { return system_error_; }

private:
  int system_error_;
};

// The format's version, written in every file; files of other versions are refused.
inline constexpr int quotient_file_version = 1;

// Writes `q` to `path` through write_file (a whole file or nothing). A quotient of a user rule
// is refused (std::invalid_argument): its rule cannot be read back from text.
void write_quotient_file(const std::string& path, const misere_quotient& q,
                         const std::atomic<bool>* stop = nullptr);

struct quotient_read_options {
  // Once *stop is true, reading throws grundy::stopped (within a second, even on a pipe that
  // sends nothing).
  const std::atomic<bool>* stop = nullptr;
  // Bytes the reading and the check may hold, the tables counted before they are allocated;
  // past it, grundy::stopped (a limit). 0: no limit.
  std::uint64_t max_memory = 0;
  // Bytes of input past which the file is refused: a bound for endless inputs (a pipe).
  std::uint64_t max_input_bytes = std::uint64_t{1} << 30;
};

// Reads a quotient written by write_quotient_file. The file must be one JSON object of the
// format's keys, each once; its tables must be a reduced commutative monoid its heaps generate
// (misere_quotient::from_tables's checks, with the periodicity test behind a claim to decide
// every heap); and they must be true for the rule: every sum of heaps up to the file's largest
// has the misère outcome they give (least_misclassified_sum, the verification that accepts each
// computed candidate). Together these make the tables the rule's quotient on those heaps.
// Throws quotient_file_error for a file that cannot be opened or is refused, grundy::stopped
// once options.stop is set or past options.max_memory.
misere_quotient read_quotient_file(const std::string& path, const quotient_read_options& options = {});

// The same for a file's text already in memory, called `name` in messages.
misere_quotient read_quotient_text(const std::string& name, std::string_view text,
                                   const quotient_read_options& options = {});

} // namespace grundy::io
