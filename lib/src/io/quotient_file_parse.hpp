#pragma once
// A quotient file's fields taken from its JSON as a stream (quotient_file.cpp checks what they
// claim): no document tree is built, so the memory held is the tables' own, charged to the
// reading as they grow, and a key given twice is seen (a tree would keep the last one).

#include "reader_support.hpp"

#include <grundy/misere/quotient.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace grundy::io::detail {

// "the quotient file PATH WHY", as a quotient_file_error.
[[noreturn]] void refuse_quotient_file(const std::string& path, const std::string& why);

// The fields as the file gives them, each at most once; absent ones empty.
struct quotient_fields {
  std::optional<std::string> format, rule;
  std::optional<std::uint64_t> version, max_heap, order;
  std::optional<bool> decides_every_heap;
  std::optional<std::vector<misere_quotient::element>> heaps, p;
  std::optional<std::vector<std::vector<misere_quotient::element>>> products;

  // The bytes the tables hold (their capacity), as charged to the reading.
  std::uint64_t bytes() const noexcept;
};

// Reads the file of `r` through its bounded input. Throws quotient_file_error for a file that is
// not a JSON object of these fields, each of its type, each once, and no other; graph_file_error
// for a file that cannot be opened or read (reader_support's input); stopped past r's memory
// limit or once its stop flag is set.
quotient_fields read_quotient_fields(reading& r);

} // namespace grundy::io::detail
