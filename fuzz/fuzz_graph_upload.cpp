// The page's graph uploads: a graph file POSTed to /api/graph for the digraph game, read from the
// request's body as the server reads it (graph_format, or the format told by the text itself)
// and solved under small bounds. The first byte chooses the endpoint, the format given and
// whether the graph is read as undirected; the rest up to the first line feed names the token's
// vertex (several, with commas), the remainder is the file.
//
// Beyond every answer being a result or a refusal in the 4xx (web_answer.hpp), a graph read
// without graph_format is read as the format io::format_of_text names: the answer is the same
// with that format given (but for its timings), and no string of an answer holds a control
// character, whatever bytes the file's names hold: names are shown as portable names.

#include "web_answer.hpp"

#include <grundy/io/graph_readers.hpp>

#include <fmt/format.h>

#include <array>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

using grundy::fuzz::require;
namespace io = grundy::io;

namespace {

grundy::web::server_options small_server() {
  grundy::web::server_options o;
  o.host = "127.0.0.1";
  o.port = 8080;
  o.bounds.max_states = 3000;
  o.bounds.max_memory = 64u << 20;
  o.bounds.seconds = 3;
  o.bounds.max_body = 1u << 16;
  o.bounds.max_exported = 3000;
  o.bounds.max_answer = 1u << 20;
  return o;
}

// Every byte but letters and digits as %XX, so that any vertex name reaches the server.
std::string encoded(std::string_view text) {
  std::string out;
  for (unsigned char c : text)
    out += std::isalnum(c) ? std::string(1, static_cast<char>(c)) : fmt::format("%{:02X}", c);
  return out;
}

std::string_view format_name(io::graph_format f) {
  return f == io::graph_format::dot ? "dot" : f == io::graph_format::graphml ? "graphml" : "edges";
}

// The answer without the figures that vary from run to run: seconds, memory.
boost::json::value without_timings(boost::json::value v) {
  if (auto* o = v.if_object()) {
    for (auto it = o->begin(); it != o->end();) {
      const std::string_view key = it->key();
      if (key.find("seconds") != std::string_view::npos || key.find("memory") != std::string_view::npos) {
        it = o->erase(it);
      } else {
        it->value() = without_timings(std::move(it->value()));
        ++it;
      }
    }
  } else if (auto* a = v.if_array()) {
    for (auto& x : *a)
      x = without_timings(std::move(x));
  }
  return v;
}

// Whether every string of the answer, keys included, is free of control characters.
bool strings_free_of_controls(const boost::json::value& v) {
  if (const auto* s = v.if_string()) return grundy::fuzz::shown_as_is(*s);
  if (const auto* o = v.if_object()) {
    for (const auto& [key, value] : *o)
      if (!grundy::fuzz::shown_as_is(key) || !strings_free_of_controls(value)) return false;
  } else if (const auto* a = v.if_array()) {
    for (const auto& x : *a)
      if (!strings_free_of_controls(x)) return false;
  }
  return true;
}

bool same_answer(const grundy::web::detail::one_answer& a, const grundy::web::detail::one_answer& b) {
  if (a.status != b.status || a.content_type != b.content_type) return false;
  if (!a.content_type.starts_with("application/json")) return a.body == b.body;
  return without_timings(grundy::fuzz::parsed_json(a.body, "a JSON answer is JSON")) ==
         without_timings(grundy::fuzz::parsed_json(b.body, "a JSON answer is JSON"));
}

std::string post(std::string_view path, const std::string& query, std::string_view body) {
  return fmt::format("POST {}?{} HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nContent-Length: {}\r\n\r\n{}", path,
                     query, body.size(), body);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const auto options = small_server();
  if (size == 0) return 0;
  const unsigned choice = data[0];
  std::string_view rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  const auto newline = rest.find('\n');
  const auto vertices = rest.substr(0, newline);
  const auto body = newline == std::string_view::npos ? std::string_view{} : rest.substr(newline + 1);

  static constexpr std::array<std::string_view, 4> paths{"/api/graph", "/api/digraph", "/api/moves",
                                                         "/api/export"};
  const auto path = paths[choice & 3];
  std::string query = path == "/api/digraph" ? "" : "game=digraph&";
  query += fmt::format("{}={}", vertices.find(',') == std::string_view::npos ? "start" : "tokens",
                       encoded(vertices));
  if (choice & 4) query += "&undirected=1";
  if (path == "/api/export") query += "&format=json";
  if (path == "/api/moves") query += "&misere=1";
  const unsigned given = (choice >> 3) & 3; // 0: none, else the format's number
  if (given) query += fmt::format("&graph_format={}", format_name(static_cast<io::graph_format>(given - 1)));

  const auto a = grundy::web::detail::answer_one_request(post(path, query, body), options);
  require(a.has_value(), "a whole request gets an answer");
  grundy::fuzz::check_answer(*a, {200, 400, 413, 422});
  if (a->content_type.starts_with("application/json") && !a->body.empty())
    require(strings_free_of_controls(grundy::fuzz::parsed_json(a->body, "a JSON answer is JSON")),
            "no string of an answer holds a control character");
  if (given || a->status != 200) return 0;
  const auto detected = io::format_of_text(body);
  const auto b = grundy::web::detail::answer_one_request(
      post(path, query + fmt::format("&graph_format={}", format_name(detected)), body), options);
  require(b && same_answer(*a, *b), "a graph sent without its format reads as the format its text tells");
  return 0;
}
