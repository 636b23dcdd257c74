#include <grundy/io/text.hpp>

#include <boost/json/serialize.hpp>

namespace grundy {

std::string json_quoted(std::string_view text) {
  // Boost.JSON escapes what JSON requires but copies bytes as they are, so invalid UTF-8 would
  // pass through into a text no JSON parser takes: it is replaced first.
  std::string valid;
  bool replaced = false;
  for (std::size_t i = 0; i < text.size();) {
    const auto c = detail::utf8_at(text, i);
    if (c) {
      if (replaced) valid.append(text.substr(i, c->length));
      i += c->length;
      continue;
    }
    if (!replaced) valid.assign(text.substr(0, i)), replaced = true;
    valid += "\xEF\xBF\xBD"; // U+FFFD REPLACEMENT CHARACTER
    ++i;
  }
  return boost::json::serialize(boost::json::string_view(replaced ? valid : text));
}

} // namespace grundy
