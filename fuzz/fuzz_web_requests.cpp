// Requests to grundy serve, as the bytes a client sends: the server's HTTP parser (half-sent
// requests, a Content-Length past the body's bound, headers past theirs), the Host and Origin
// checks, the router, the query's parameters (%-escapes, a parameter given twice) and the
// positions they name, down to the computation, which runs under bounds small enough that no
// input runs long. Every answer is a result or a refusal in the 4xx, in JSON when it says so,
// an error in one line; never a failure of the server's own (5xx).

#include "web_answer.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace {

grundy::web::server_options small_server() {
  grundy::web::server_options o;
  o.host = "127.0.0.1";
  o.port = 8080;
  auto& b = o.bounds;
  b.max_states = 3000;
  b.max_memory = 64u << 20;
  b.seconds = 3;
  b.max_body = 2048; // below the fuzzer's longest input, so that a body past it is met
  b.max_drawn = 24;
  b.max_exported = 3000;
  b.max_values = 512;
  b.max_quotient_heap = 12;
  b.max_answer = 1u << 20;
  return o;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const auto options = small_server();
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const auto a = grundy::web::detail::answer_one_request(bytes, options);
  if (!a) return 0;
  grundy::fuzz::check_answer(*a, {200, 400, 403, 404, 405, 413, 422, 431});
  if (a->status == 405) grundy::fuzz::require(!a->allow.empty(), "a 405 says which methods the path takes");
  return 0;
}
