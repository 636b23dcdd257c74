#pragma once
// One request answered in the calling process, without a socket: the bytes a client sends, read
// by the server's HTTP parser under its bounds, checked and routed as a connection does, and the
// computation they ask for run on the calling thread under the server's limits (its deadline
// too). The fuzz targets drive the server's reading of requests and the API's parameters
// through it as a client would, at the speed of a call.

#include <grundy/web/server.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace grundy::web::detail {

struct one_answer {
  unsigned status = 0;
  std::string content_type;
  std::string body;  // empty for a HEAD request
  std::string allow; // for 405: the methods the path takes
  // The progress lines a request with progress=1 gets before its answer, each one JSON object.
  std::vector<std::string> progress;
};

// The answer to the first request in `bytes`, whatever follows it; nullopt when the connection
// would end without an answer (the bytes stop before a whole request). The guard is the one of a
// server listening on options.host and options.port.
std::optional<one_answer> answer_one_request(std::string_view bytes, const server_options& options);

} // namespace grundy::web::detail
