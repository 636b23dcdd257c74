#pragma once
// The escaping each export format needs, over the portable names of grundy/portable_name.hpp.

#include <grundy/portable_name.hpp>

#include <string>
#include <string_view>

namespace grundy {

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
