#pragma once
// Pictures of DOT files, drawn by Graphviz's dot.

#include <atomic>
#include <cstddef>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

namespace grundy::io {

// dot could not be run, or failed on the file: the message says which, with dot's own words.
class render_failed : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// The picture `format` ("svg" or "png") of a DOT file is written beside it: the file's name
// with the format's extension. Graphviz's dot draws it onto a pipe, and the picture is written
// as every output is (write_file), so that no name in the folder is ever written through.
// Throws std::invalid_argument for another format, render_failed when dot is missing or fails,
// output_refused/output_failed for the picture's file, output_interrupted once *stop is set
// (dot is then ended). Returns the picture's path.
std::string render_dot(const std::string& dot_path, std::string_view format,
                       const std::atomic<bool>* stop = nullptr, std::span<const std::string> inputs = {});

// The picture `format` ("svg" or "png") of a graph in DOT, drawn by Graphviz's dot through pipes:
// nothing is written to disk. Throws std::invalid_argument for another format, render_failed when
// dot is missing or fails or the picture passes `max_output` bytes, grundy::stopped once
// *stop is set (dot is then ended).
std::string render_dot_text(std::string_view dot_text, std::string_view format,
                            const std::atomic<bool>* stop = nullptr, std::size_t max_output = 64u << 20);

// The picture's path render_dot writes for `dot_path`.
std::string picture_path(const std::string& dot_path, std::string_view format);

} // namespace grundy::io
