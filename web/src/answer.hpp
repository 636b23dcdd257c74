#pragma once
// What the server says back to one request: a status, a type and a body, or an error in one line.

#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace grundy::web {

struct answer {
  answer() = default;
  answer(unsigned status, std::string content_type, std::string body, bool cacheable = false)
      : status(status), content_type(std::move(content_type)), body(std::move(body)), cacheable(cacheable) {}

  unsigned status = 200;
  std::string content_type = "application/json; charset=utf-8";
  std::string body;
  // Set for the page's own files, which may be cached; answers to the API never are.
  bool cacheable = false;
  std::string allow;  // for 405: the methods the path takes
  std::string timing; // a computation's Server-Timing header: the time it waited and ran
};

// A request the server refuses, with the status and the one line said to the user; code, when
// given, names the refusal for a page that words it itself (else a 400 is "input").
class http_error : public std::runtime_error {
public:
  http_error(unsigned status, const std::string& message, std::string code = {})
      : std::runtime_error(message), status_(status), code_(std::move(code)) {}
  unsigned status() const noexcept { return status_; }
  std::string_view code() const noexcept {
    return !code_.empty() ? std::string_view(code_) : status_ == 400 ? "input" : "";
  }

private:
  unsigned status_;
  std::string code_;
};

// {"error": "message"}, and beside the English line what a page words in its own language:
// {"error": ..., "code": "limit.memory", "details": {"limit": "1 GiB"}}. details is a JSON
// object's text ("" for none).
std::string error_json(std::string_view message, std::string_view code = {}, std::string_view details = {});

inline answer json_answer(std::string body, unsigned status = 200) {
  return {status, "application/json; charset=utf-8", std::move(body)};
}

inline answer error_answer(unsigned status, std::string_view message, std::string_view code = {},
                           std::string_view details = {}) {
  return json_answer(error_json(message, code, details), status);
}

} // namespace grundy::web
