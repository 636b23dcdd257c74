#pragma once
// A saved octal run in a file, to be continued after an interruption (resume_octal).
//
// The file is a few lines of text, then the values in binary, then a checksum line:
//
//   grundy-octal-checkpoint 1
//   code 0.376
//   method sparse
//   max-values 10000000
//   keep-going 0
//   next-check 2097216
//   seconds 12.345678
//   values 1864135 1
//   <1864135 values of 1 byte, little-endian>
//   end 0123456789abcdef
//
// "values N W" gives the count and the bytes per value (1, 2 or 4); "end" is the FNV-1a hash
// (64 bits, in hexadecimal) of every byte before it. Runs are saved under a temporary name and
// renamed, so a file is never half-written; the hash catches a file damaged later, and
// resume_octal recomputes the last values against the code.

#include <grundy/heap/analysis.hpp>

#include <iosfwd>
#include <stdexcept>

namespace grundy {

// A file that is not a checkpoint, or a damaged one; what() is one line meant for the user.
class invalid_checkpoint : public std::invalid_argument {
public:
  using std::invalid_argument::invalid_argument;
};

void write_checkpoint(std::ostream& out, const octal_checkpoint& checkpoint);

// Reads what write_checkpoint wrote, checking every field and the hash; nothing may follow
// the end line. Throws invalid_checkpoint.
octal_checkpoint read_checkpoint(std::istream& in);

} // namespace grundy
