#include "router.hpp"

#include "assets.hpp"
#include "endpoints.hpp"

#include <grundy/portable_name.hpp>

#include <fmt/format.h>

#include <memory>
#include <string>
#include <utility>

namespace grundy::web {

namespace {

using endpoint = answer (*)(const endpoint_request&);

struct api_path {
  std::string_view path;
  endpoint run;
  bool takes_body; // the digraph game's graph file, posted
};

constexpr api_path api_paths[] = {
    {"/api/graph", api_graph, true},   {"/api/graph.svg", api_graph_svg, true},
    {"/api/export", api_export, true}, {"/api/hint", api_hint, true},
    {"/api/moves", api_moves, true},   {"/api/digraph", api_graph, true},
    {"/api/octal", api_octal, false},  {"/api/misere", api_misere, false},
    {"/api/table", api_table, false},
};

answer method_not_allowed(std::string_view method, std::string allow) {
  auto a = error_answer(405, fmt::format("{} is not a method this path takes ({})", method, allow));
  a.allow = std::move(allow);
  return a;
}

} // namespace

route router::dispatch(incoming request) const {
  route r;
  try {
    const auto p = parameters::parse(request.target);
    request.headers.api = p.path().starts_with("/api/");
    if (auto refused = guard_.refuse(request.headers)) {
      r.now = error_answer(403, *refused);
      return r;
    }
    if (request.headers.api) return dispatch_api(p, request);
    if (request.method != "GET" && request.method != "HEAD") {
      r.now = method_not_allowed(request.method, "GET, HEAD");
      return r;
    }
    r.head = request.method == "HEAD";
    const auto* file = find_asset(p.path());
    if (!file) {
      r.now = error_answer(404, fmt::format("there is no page at {}", portable_name(p.path())));
      return r;
    }
    r.now = answer{200, std::string(file->type), std::string(file->body), true};
  } catch (const http_error& e) {
    r.now = error_answer(e.status(), e.what());
  }
  return r;
}

route router::dispatch_api(const parameters& p, incoming& request) const {
  route r;
  if (p.path() == "/api/games") {
    if (request.method != "GET" && request.method != "HEAD") {
      r.now = method_not_allowed(request.method, "GET, HEAD");
      return r;
    }
    r.head = request.method == "HEAD";
    r.now = api_games(bounds_);
    return r;
  }
  const api_path* found = nullptr;
  for (const auto& a : api_paths)
    if (a.path == p.path()) found = &a;
  if (!found) {
    r.now = error_answer(404, fmt::format("there is no API endpoint {}", portable_name(p.path())));
    return r;
  }
  const bool post = request.method == "POST";
  if (!(request.method == "GET" || (post && found->takes_body))) {
    r.now = method_not_allowed(request.method, found->takes_body ? "GET, POST" : "GET");
    return r;
  }
  if (!post && !request.body.empty()) {
    r.now = error_answer(400, "a GET request has no body: POST the digraph game's graph");
    return r;
  }
  auto params = p;
  if (p.path() == "/api/digraph") {
    // /api/digraph is /api/graph of the digraph game.
    if (params.has("game")) {
      r.now = error_answer(400, "/api/digraph is the digraph game: it takes no game parameter");
      return r;
    }
    // The fragment (never sent by browsers) would hide the game added after it.
    const auto target_text = request.target.substr(0, request.target.find('#'));
    const auto question = target_text.find('?');
    auto target =
        "/api/graph" + std::string(question == std::string_view::npos ? "" : target_text.substr(question));
    params = parameters::parse(target + (question == std::string_view::npos ? "?" : "&") + "game=digraph");
  }
  try {
    r.streams = params.flag("progress");
  } catch (const http_error& e) {
    r.now = error_answer(e.status(), e.what(), e.code());
    return r;
  }
  r.job = [run = found->run, params = std::move(params), body = std::move(request.body),
           &bounds = bounds_](computation& work) {
    return run(endpoint_request{params, body, bounds, work});
  };
  return r;
}

} // namespace grundy::web
