#pragma once
// What the web fuzz targets check of every answer the server gives: a status it may give to a
// request of the fuzz's (a refusal in the 4xx or a result, never a failure of its own), and a
// body that is what its type says, an error being one line of JSON without control characters.

#include "check.hpp"

#include <grundy/web/detail/one_request.hpp>

#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>

#include <string_view>

namespace grundy::fuzz {

inline boost::json::value parsed_json(std::string_view text, const char* property) {
  boost::json::error_code ec;
  auto v = boost::json::parse(text, ec);
  require(!ec, property);
  return v;
}

// `allowed` lists the statuses the target's requests may get.
inline void check_answer(const web::detail::one_answer& a, std::initializer_list<unsigned> allowed) {
  bool known = false;
  for (auto s : allowed)
    known = known || s == a.status;
  if (!known) std::fprintf(stderr, "status %u: %s\n", a.status, a.body.c_str());
  require(known, "the answer's status is one the request may get");
  for (const auto& line : a.progress) {
    const auto v = parsed_json(line, "a progress line is JSON");
    require(v.is_object() && v.as_object().contains("progress"), "a progress line is {\"progress\": ...}");
    require(line.find('\n') == std::string::npos, "a progress line is one line");
  }
  if (!a.content_type.starts_with("application/json")) return;
  if (a.body.empty()) return; // HEAD
  const auto v = parsed_json(a.body, "a JSON answer is JSON");
  if (a.status < 400) return;
  // {"error": message}, or with the refusal's code and its parameters for the page's words.
  require(v.is_object() && v.as_object().contains("error") && v.as_object().at("error").is_string(),
          "an error is {\"error\": message, ...}");
  const auto& body = v.as_object();
  const bool coded = body.size() == 3 && body.contains("code") && body.at("code").is_string() &&
                     body.contains("details") && body.at("details").is_object();
  require(body.size() == 1 || coded, "an error is {\"error\": message} or has its code and details");
  const auto& message = body.at("error").as_string();
  require(!message.empty(), "an error says what is wrong");
  require(message.find('\n') == boost::json::string::npos, "an error is one line");
  require(shown_as_is(message), "an error holds no control character");
}

} // namespace grundy::fuzz
