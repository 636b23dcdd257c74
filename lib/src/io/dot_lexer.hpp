#pragma once
// The tokens of Graphviz's DOT language, read from the file in chunks.

#include "reader_support.hpp"

#include <cstdint>
#include <memory>
#include <string>

namespace grundy::io::detail {

enum class dot_token {
  id,     // a name, numeral, quoted string or HTML string: text() holds it
  quoted, // a quoted string (which '+' may join to the next one): text() holds it unquoted
  strict, // the keywords, in any case
  graph,
  digraph,
  subgraph,
  node,
  edge,
  directed_edge,   // ->
  undirected_edge, // --
  open_brace,
  close_brace,
  open_bracket,
  close_bracket,
  equals,
  semicolon,
  comma,
  colon,
  plus,
  end,
};

class dot_lexer {
public:
  explicit dot_lexer(reading& r);
  ~dot_lexer();
  dot_lexer(const dot_lexer&) = delete;
  dot_lexer& operator=(const dot_lexer&) = delete;

  // Reads the next token; throws graph_file_error for a character that starts none.
  dot_token next();
  const std::string& text() const noexcept { return text_; }
  // The line the last token started on.
  std::uint64_t line() const noexcept { return token_line_; }

private:
  int peek() {
    if (pos_ == end_ && !fill()) return -1;
    return static_cast<unsigned char>(buffer_[pos_]);
  }
  int get() {
    const int c = peek();
    if (c >= 0) {
      ++pos_;
      column0_ = c == '\n';
      if (c == '\n') ++line_;
    }
    return c;
  }
  bool fill();
  void add(char c) {
    text_ += c;
    if (text_.capacity() != charged_) charge_text();
  }
  void charge_text();
  void skip_space_and_comments();
  void quoted();
  void html();
  void plain(int first);
  void numeral(int first);

  reading& reading_;
  input in_;
  std::unique_ptr<char[]> buffer_;
  std::size_t pos_ = 0, end_ = 0;
  bool at_end_ = false;
  bool column0_ = true; // nothing read yet on this line
  std::uint64_t line_ = 1, token_line_ = 1;
  std::string text_;
  std::size_t charged_ = 0;
};

} // namespace grundy::io::detail
