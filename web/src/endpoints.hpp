#pragma once
// The API's endpoints, each a function from a request to its answer, run on a worker thread
// under the request's computation (its stop flag, memory account and progress). Each mirrors a
// command: /api/graph is `grundy graph ... --format json`, /api/octal `grundy octal ... --format
// json`, and so on (docs/web.md lists them).

#include "answer.hpp"
#include "computation.hpp"
#include "parameters.hpp"

#include <grundy/graph.hpp>
#include <grundy/web/server.hpp>

#include <string_view>

namespace grundy::web {

struct endpoint_request {
  const parameters& params;
  std::string_view body;
  const limits& bounds;
  computation& work;
};

// The build options of a request's exploration: the server's bounds (max_states lowered by the
// request's own), one thread (the server's parallelism is its requests), its stop flag and
// progress.
build_options exploration_options(const endpoint_request& r);

answer api_games(const limits& bounds);
answer api_graph(const endpoint_request& r);
answer api_graph_svg(const endpoint_request& r);
answer api_export(const endpoint_request& r);
answer api_hint(const endpoint_request& r);
answer api_moves(const endpoint_request& r);
answer api_octal(const endpoint_request& r);
answer api_misere(const endpoint_request& r);
answer api_table(const endpoint_request& r);

} // namespace grundy::web
