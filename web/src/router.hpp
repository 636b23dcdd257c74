#pragma once
// Where a request goes: the page's files and /api/games are answered at once; every other API
// path is a computation, run on a worker with the request's bounds.

#include "answer.hpp"
#include "computation.hpp"
#include "guard.hpp"
#include "parameters.hpp"

#include <grundy/web/server.hpp>

#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace grundy::web {

struct incoming {
  std::string_view method; // GET, HEAD, POST...
  std::string_view target;
  std::string body;
  request_headers headers;
};

struct route {
  std::optional<answer> now;               // answered at once
  std::function<answer(computation&)> job; // else the computation to run
  bool streams = false;                    // the job's answer is a progress stream
  bool head = false;                       // a HEAD request: headers alone
};

class router {
public:
  router(const limits& bounds, const request_guard& guard) : bounds_(bounds), guard_(guard) {}
  // Never throws: a refused request is an answer.
  route dispatch(incoming request) const;

private:
  route dispatch_api(const parameters& p, incoming& request) const;

  const limits& bounds_;
  const request_guard& guard_;
};

} // namespace grundy::web
