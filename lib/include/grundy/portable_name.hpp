#pragma once
// Names as text that is safe wherever it goes: a terminal, an error line, JSON, XML, a DOT label.
//
// A game writes a position as bytes, and nothing makes them UTF-8 or printable: a digraph file
// may name a vertex with any byte, escape sequences included, which a terminal would obey (a
// new window title, a cleared screen), JSON cannot carry (it must be valid UTF-8) and XML 1.0
// cannot hold at all. So every name that reaches a person or a file is written as its portable
// form: valid UTF-8 without any control character, from which the bytes come back exactly
// (original_name). The same portable name appears on the screen, in the JSON, GraphML and CSV
// exports and in the statistics' "start", so that one name matches across them.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace grundy {

namespace detail {

// The length of the UTF-8 sequence at s[i] and the code point it encodes, or nullopt when the
// bytes there are no well-formed sequence (RFC 3629: no overlong forms, no surrogates, nothing
// past U+10FFFF).
struct utf8_char {
  std::size_t length;
  char32_t code_point;
};

inline std::optional<utf8_char> utf8_at(std::string_view s, std::size_t i) noexcept {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char b = byte(i);
  if (b < 0x80) return utf8_char{1, b};
  std::size_t length = 0;
  char32_t c = 0, least = 0;
  if (b >= 0xC2 && b <= 0xDF) {
    length = 2, c = b & 0x1F, least = 0x80;
  } else if (b >= 0xE0 && b <= 0xEF) {
    length = 3, c = b & 0x0F, least = 0x800;
  } else if (b >= 0xF0 && b <= 0xF4) {
    length = 4, c = b & 0x07, least = 0x10000;
  } else {
    return std::nullopt; // a continuation byte, C0, C1 or F5..FF where a sequence must start
  }
  if (i + length > s.size()) return std::nullopt;
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return std::nullopt;
    c = (c << 6) | (byte(i + k) & 0x3F);
  }
  if (c < least || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return std::nullopt;
  return utf8_char{length, c};
}

// A character a name may show as it is: no C0 control (tab, line feed and carriage return
// included, which would break a message's one line or a table's columns), no DEL, no C1
// control (U+009B is a terminal's CSI as surely as ESC [ is), and none of U+FFFE and U+FFFF,
// which XML 1.0 refuses (surrogates never decode).
constexpr bool shown_as_is(char32_t c) noexcept {
  return c >= 0x20 && c != 0x7F && !(c >= 0x80 && c <= 0x9F) && c != 0xFFFE && c != 0xFFFF;
}

} // namespace detail

// A name as it is shown and exported: its bytes kept where they are valid UTF-8 for a
// character shown as it is; any other byte (a byte of invalid UTF-8, of a control character,
// of U+FFFE or U+FFFF) written as \xNN with two lowercase hex digits; and a backslash doubled,
// so that the form is reversible and two names never share it. Names without a backslash or an
// odd byte are unchanged.
inline std::string portable_name(std::string_view bytes) {
  static constexpr char hex[] = "0123456789abcdef";
  // Most names are printable ASCII, kept whole: an export writes a name per vertex and per edge.
  std::size_t plain = 0;
  while (plain < bytes.size() && bytes[plain] >= 0x20 && bytes[plain] < 0x7F && bytes[plain] != '\\')
    ++plain;
  std::string text(bytes.substr(0, plain));
  if (plain == bytes.size()) return text;
  text.reserve(bytes.size() + 8);
  for (std::size_t i = plain; i < bytes.size();) {
    if (bytes[i] == '\\') {
      text += "\\\\";
      ++i;
      continue;
    }
    const auto c = detail::utf8_at(bytes, i);
    if (c && detail::shown_as_is(c->code_point)) {
      text.append(bytes.substr(i, c->length));
      i += c->length;
      continue;
    }
    // A control character's bytes are escaped all; after a bad byte the next may well start a
    // good character, so invalid UTF-8 goes one byte at a time.
    const std::size_t end = i + (c ? c->length : 1);
    for (; i < end; ++i) {
      const auto b = static_cast<unsigned char>(bytes[i]);
      text += "\\x";
      text += hex[b >> 4];
      text += hex[b & 0xF];
    }
  }
  return text;
}

// The bytes a portable name stands for: portable_name's inverse. Returns nullopt for text no
// portable name can be (a lone backslash, \x without two hex digits, any other escape, or an
// escape portable_name never writes, as \x41 for A), so that one name has one spelling.
inline std::optional<std::string> original_name(std::string_view text) {
  const auto digit = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
  };
  std::string bytes;
  bytes.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\\') {
      bytes += text[i];
      continue;
    }
    if (i + 1 < text.size() && text[i + 1] == '\\') {
      bytes += '\\';
      ++i;
    } else if (i + 3 < text.size() && text[i + 1] == 'x' && digit(text[i + 2]) >= 0 &&
               digit(text[i + 3]) >= 0) {
      bytes += static_cast<char>(digit(text[i + 2]) * 16 + digit(text[i + 3]));
      i += 3;
    } else {
      return std::nullopt;
    }
  }
  if (portable_name(bytes) != text) return std::nullopt;
  return bytes;
}

// A game whose format() already writes portable names says so with
// `static constexpr bool formats_portable_names = true;` (the digraph game, whose names come
// from files), so that its positions are not escaped twice.
template <class G>
concept formats_portable_names = requires {
  requires G::formats_portable_names;
};

// A position's name as it is shown and exported: the portable name of the game's text for it.
template <class G, class State> std::string position_name(const G& g, const State& s) {
  if constexpr (formats_portable_names<G>)
    return std::string(g.format(s));
  else
    return portable_name(g.format(s));
}

} // namespace grundy
