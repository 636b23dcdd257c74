#include "request_handling.hpp"

#include "failure.hpp"

#include <grundy/memory_account.hpp>
#include <grundy/stop.hpp>

#include <boost/beast/http/error.hpp>
#include <boost/beast/http/field.hpp>

#include <fmt/format.h>

#include <exception>
#include <utility>

namespace grundy::web {

namespace http = boost::beast::http;

std::optional<answer> refuse_read(const boost::beast::error_code& ec, const limits& bounds) {
  if (ec == http::error::body_limit)
    return error_answer(
        413, fmt::format("the request's body is larger than the limit of {} bytes", bounds.max_body));
  if (ec == http::error::header_limit) return error_answer(431, "the request's headers are too large");
  // The end of the stream is the parser's too, but no request: the client left.
  if (ec == http::error::end_of_stream) return std::nullopt;
  // A request the parser could not read is said to be so once; any other failure (the
  // network's) just ends the connection.
  if (ec.category() != http::make_error_code(http::error::bad_target).category()) return std::nullopt;
  return error_answer(400, fmt::format("malformed HTTP request: {}", ec.message()));
}

std::optional<answer> refuse_repeated_headers(const http_request& request) {
  for (const auto field : {http::field::host, http::field::origin})
    if (request.count(field) > 1)
      return error_answer(400, fmt::format("the request gives its {} header twice", http::to_string(field)));
  if (request.count("Sec-Fetch-Site") > 1)
    return error_answer(400, "the request gives its Sec-Fetch-Site header twice");
  return std::nullopt;
}

incoming incoming_of(http_request& request) {
  incoming in;
  const auto method = request.method_string();
  const auto target = request.target();
  in.method = std::string_view(method.data(), method.size());
  in.target = std::string_view(target.data(), target.size());
  const auto header = [&](auto field) {
    const auto it = request.find(field);
    return it == request.end() ? std::string_view{}
                               : std::string_view(it->value().data(), it->value().size());
  };
  in.headers.host = header(http::field::host);
  in.headers.origin = header(http::field::origin);
  in.headers.fetch_site = header("Sec-Fetch-Site");
  in.body = std::move(request.body());
  return in;
}

answer run_job(std::function<answer(computation&)> job, computation& work, const limits& bounds) {
  answer a;
  {
    const memory_account_scope charged(&work.account());
    try {
      a = job(work);
    } catch (...) {
      a = failure_answer(std::current_exception(), work);
    }
    job = nullptr;
    if (a.status < 400 && work.account().exceeded())
      a = failure_answer(std::make_exception_ptr(stopped("past its memory", stop_reason::interrupted, {})),
                         work);
  }
  if (a.body.size() > bounds.max_answer)
    a = error_answer(422, fmt::format("the answer would take {} bytes, more than the limit of {}",
                                      a.body.size(), bounds.max_answer));
  return a;
}

} // namespace grundy::web
