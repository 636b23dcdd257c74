#pragma once
// Misère quotients saved to and read from files: JSON holding the rule, the largest heap, the
// multiplication table, the P-portion and the class of every heap, so that a quotient that took
// long to compute is computed once.

#include <grundy/misere/quotient.hpp>

#include <atomic>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace grundy::io {

// A quotient file that cannot be read or does not hold a valid quotient; what() is one line
// naming the file.
class quotient_file_error : public std::invalid_argument {
public:
  using std::invalid_argument::invalid_argument;
};

// The format's version, written in every file; files of other versions are refused.
inline constexpr int quotient_file_version = 1;

// Writes `q` to `path` through write_file (a whole file or nothing). A quotient of a user rule
// is refused (std::invalid_argument): its rule cannot be read back from text.
void write_quotient_file(const std::string& path, const misere_quotient& q,
                         const std::atomic<bool>* stop = nullptr);

// Reads a quotient written by write_quotient_file, refusing files past `max_bytes` and any file
// whose tables are not those of a quotient (misere_quotient::from_tables's checks, which
// `stop` ends by throwing stopped).
misere_quotient read_quotient_file(const std::string& path, std::uint64_t max_bytes = 1ull << 30,
                                   const std::atomic<bool>* stop = nullptr);

} // namespace grundy::io
