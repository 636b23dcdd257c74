#include "dot_lexer.hpp"

#include <fmt/format.h>

#include <cctype>

namespace grundy::io::detail {

namespace {

bool starts_name(int c) { return c == '_' || c >= 0x80 || std::isalpha(c); }
bool continues_name(int c) { return starts_name(c) || std::isdigit(c); }

bool equal_folded(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != b[i]) return false;
  return true;
}

} // namespace

dot_lexer::dot_lexer(reading& r) : reading_(r), in_(r), buffer_(std::make_unique<char[]>(chunk_size)) {}

dot_lexer::~dot_lexer() { reading_.charge(-static_cast<std::int64_t>(charged_)); }

bool dot_lexer::fill() {
  if (at_end_) return false;
  end_ = in_.read(buffer_.get(), chunk_size);
  pos_ = 0;
  at_end_ = end_ == 0;
  return pos_ < end_ || (!at_end_ && fill());
}

void dot_lexer::charge_text() {
  reading_.charge(static_cast<std::int64_t>(text_.capacity()) - static_cast<std::int64_t>(charged_));
  charged_ = text_.capacity();
}

void dot_lexer::skip_space_and_comments() {
  for (;;) {
    const int c = peek();
    if (c == '\n' || c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f') {
      get();
    } else if (c == '#' && column0_) {
      while (peek() >= 0 && peek() != '\n') // a C preprocessor's line marker
        get();
    } else if (c == '/') {
      get();
      const int d = get();
      if (d == '/') {
        while (peek() >= 0 && peek() != '\n')
          get();
      } else if (d == '*') {
        const auto opened = line_;
        for (int prev = 0;;) {
          const int e = get();
          if (e < 0) reading_.fail(opened, "a comment /* that is never closed");
          if (prev == '*' && e == '/') break;
          prev = e;
        }
      } else {
        reading_.fail(line_, "a '/' that starts no comment");
      }
    } else {
      return;
    }
  }
}

void dot_lexer::quoted() {
  const auto opened = line_;
  for (;;) {
    const int c = get();
    if (c < 0) reading_.fail(opened, "a quoted string that is never closed");
    if (c == '"') return;
    if (c == '\\') {
      const int d = peek();
      if (d == '"') {
        add(static_cast<char>(get()));
        continue;
      }
      if (d == '\n') { // a line continued
        get();
        continue;
      }
      if (d == '\\') { // kept as the pair it is, as Graphviz keeps it: "b\\" ends after it
        add('\\');
        add(static_cast<char>(get()));
        continue;
      }
    }
    add(static_cast<char>(c));
  }
}

void dot_lexer::html() {
  const auto opened = line_;
  for (int depth = 1;;) {
    const int c = get();
    if (c < 0) reading_.fail(opened, "an HTML string '<' that is never closed by its '>'");
    if (c == '<') ++depth;
    if (c == '>' && --depth == 0) return;
    add(static_cast<char>(c));
  }
}

void dot_lexer::plain(int first) {
  add(static_cast<char>(first));
  while (continues_name(peek()))
    add(static_cast<char>(get()));
}

// [-]?(.[0-9]+ | [0-9]+(.[0-9]*)?), as Graphviz reads numerals.
void dot_lexer::numeral(int first) {
  add(static_cast<char>(first));
  bool dot = first == '.';
  if (first == '-' && peek() == '.') {
    add(static_cast<char>(get()));
    dot = true;
  }
  bool digits = std::isdigit(first) != 0;
  for (;;) {
    const int c = peek();
    if (std::isdigit(c)) {
      digits = true;
      add(static_cast<char>(get()));
    } else if (c == '.' && !dot) {
      dot = true;
      add(static_cast<char>(get()));
    } else {
      break;
    }
  }
  if (!digits) reading_.fail(line_, fmt::format("'{}' is not a numeral", portable_name(text_)));
}

dot_token dot_lexer::next() {
  skip_space_and_comments();
  token_line_ = line_;
  text_.clear();
  const int c = get();
  switch (c) {
  case -1:
    return dot_token::end;
  case '{':
    return dot_token::open_brace;
  case '}':
    return dot_token::close_brace;
  case '[':
    return dot_token::open_bracket;
  case ']':
    return dot_token::close_bracket;
  case '=':
    return dot_token::equals;
  case ';':
    return dot_token::semicolon;
  case ',':
    return dot_token::comma;
  case ':':
    return dot_token::colon;
  case '+':
    return dot_token::plus;
  case '"':
    quoted();
    return dot_token::quoted;
  case '<':
    html();
    return dot_token::id;
  case '-':
    if (peek() == '>') {
      get();
      return dot_token::directed_edge;
    }
    if (peek() == '-') {
      get();
      return dot_token::undirected_edge;
    }
    numeral(c);
    return dot_token::id;
  default:
    break;
  }
  if (c == '.' || std::isdigit(c)) {
    numeral(c);
    return dot_token::id;
  }
  if (!starts_name(c)) {
    if (c == 0) reading_.fail(line_, "a NUL byte, which no text file holds");
    reading_.fail(line_, std::isprint(c) ? fmt::format("unexpected character '{}'", static_cast<char>(c))
                                         : fmt::format("unexpected byte 0x{:02x}", c));
  }
  plain(c);
  if (text_.size() <= 8) {
    if (equal_folded(text_, "strict")) return dot_token::strict;
    if (equal_folded(text_, "graph")) return dot_token::graph;
    if (equal_folded(text_, "digraph")) return dot_token::digraph;
    if (equal_folded(text_, "subgraph")) return dot_token::subgraph;
    if (equal_folded(text_, "node")) return dot_token::node;
    if (equal_folded(text_, "edge")) return dot_token::edge;
  }
  return dot_token::id;
}

} // namespace grundy::io::detail
