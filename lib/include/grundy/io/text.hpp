#pragma once
// Positions' names as text every export format can carry, and the escaping each format needs.
//
// A game writes a position as bytes, and nothing makes them UTF-8 (a digraph file may name a
// vertex with any byte). JSON must be valid UTF-8, and XML 1.0 cannot hold most control
// characters at all, not even as character references. So every export writes a name as its
// portable form: valid UTF-8 without any character XML 1.0 refuses, from which the bytes come
// back exactly (original_name). The same portable name appears in the JSON, GraphML and CSV
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

// XML 1.0's Char production: tab, line feed, carriage return and U+0020 up, less U+FFFE and
// U+FFFF (surrogates never decode).
constexpr bool xml_char(char32_t c) noexcept {
  return c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c != 0xFFFE && c != 0xFFFF);
}

} // namespace detail

// A name as every export writes it: its bytes kept where they are valid UTF-8 for a character
// XML 1.0 allows; any other byte (a byte of invalid UTF-8, a control character other than tab,
// line feed and carriage return, the bytes of U+FFFE and U+FFFF) written as \xNN with two
// lowercase hex digits; and a backslash doubled, so that the form is reversible and two names
// never share it. Names without a backslash or an odd byte are unchanged.
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
    if (c && detail::xml_char(c->code_point)) {
      text.append(bytes.substr(i, c->length));
      i += c->length;
      continue;
    }
    // One byte at a time: after a bad byte the next may well start a good character.
    const auto b = static_cast<unsigned char>(bytes[i++]);
    text += "\\x";
    text += hex[b >> 4];
    text += hex[b & 0xF];
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

// Any bytes as a JSON string literal, quotes included, written by Boost.JSON: valid UTF-8 is
// kept (control characters escaped as JSON requires), and each byte of invalid UTF-8 becomes
// U+FFFD, since a JSON text must be UTF-8. Names go through portable_name first, which leaves
// nothing to replace; this is for messages and other free text.
std::string json_quoted(std::string_view text);

// Text made of XML 1.0 characters (a portable name, a value) escaped for an attribute value
// or an element's content: the markup characters as entities, and tab, line feed and carriage
// return as character references, which an XML parser gives back as they were (written raw in
// an attribute, it would turn them into spaces).
inline std::string xml_escaped(std::string_view text) {
  const auto first = text.find_first_of("&<>\"\t\n\r");
  if (first == std::string_view::npos) return std::string(text);
  std::string r(text.substr(0, first));
  r.reserve(text.size() + 16);
  for (char c : text.substr(first)) {
    switch (c) {
    case '&':
      r += "&amp;";
      break;
    case '<':
      r += "&lt;";
      break;
    case '>':
      r += "&gt;";
      break;
    case '"':
      r += "&quot;";
      break;
    case '\t':
      r += "&#9;";
      break;
    case '\n':
      r += "&#10;";
      break;
    case '\r':
      r += "&#13;";
      break;
    default:
      r += c;
    }
  }
  return r;
}

// A CSV field as RFC 4180 writes it: quoted, with quotes doubled, when it holds a comma, a
// quote, a line feed or a carriage return (or starts or ends with a space, which some readers
// trim); as it is otherwise.
inline std::string csv_field(std::string_view text) {
  const bool quote = text.find_first_of(",\"\r\n") != std::string_view::npos ||
                     (!text.empty() && (text.front() == ' ' || text.back() == ' '));
  if (!quote) return std::string(text);
  std::string r = "\"";
  for (char c : text) {
    if (c == '"') r += '"';
    r += c;
  }
  return r + '"';
}

} // namespace grundy
