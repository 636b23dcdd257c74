#include "request_position.hpp"

#include "answer.hpp"

#include <grundy/io/graph_readers.hpp>
#include <grundy/portable_name.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

namespace grundy::web {

namespace {

// How the games' messages speak to a user of the page or the API: parameters by their names in
// the request, flags as name=1.
front_end_words web_words() {
  return {[](std::string_view parameter) { return std::string(parameter); },
          [](std::string_view flag) { return fmt::format("add {}=1", flag); },
          [](std::string_view game, std::string_view words) {
            // The games quote a word as a shell or Python would ('S(1,3,4)'); a request's
            // words are taken as they are.
            std::string unquoted;
            for (char c : words)
              if (c != '\'') unquoted += c;
            return fmt::format("game={}&position={}", game, unquoted);
          }};
}

// Whether the graph sent has no vertex at all, a refusal the page words itself. Asked only once
// the game refused the graph, so that a graph is read twice only when it cannot be used.
bool has_no_vertex(const position_text& t) {
  if (!t.file_text || t.words.size() != 1) return false;
  try {
    const auto& name = t.words[0];
    const auto format =
        name.find('.') == std::string::npos ? io::format_of_text(*t.file_text) : io::format_of(name);
    io::read_options options;
    options.undirected = true; // an empty graph is empty either way
    options.max_memory = t.max_memory;
    options.stop = t.stop;
    return io::read_graph_text(*t.file_text, format, name, options).names.empty();
  } catch (const std::exception&) {
    return false;
  }
}

std::vector<std::string> split_words(std::string_view text) {
  std::vector<std::string> words;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r'))
      ++i;
    const auto begin = i;
    while (i < text.size() && !(text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r'))
      ++i;
    if (i > begin) words.emplace_back(text.substr(begin, i - begin));
  }
  return words;
}

bool is_game_parameter(std::string_view name) {
  const auto all = all_parameters(builtin_games{});
  return std::any_of(all.begin(), all.end(), [&](const game_parameter& p) { return p.name == name; });
}

} // namespace

bool is_position_parameter(std::string_view name) {
  return name == "game" || name == "position" || name == "graph_format" || name == "name" ||
         is_game_parameter(name);
}

any_builtin_position read_position(const parameters& p, std::string_view body, const limits& bounds,
                                   const std::atomic<bool>* stop, position_use use) {
  const auto& game = p.required("game");
  position_text text;
  text.say = web_words();
  text.stop = stop;
  text.max_memory = bounds.max_memory;
  if (const auto* words = p.find("position")) text.words = split_words(*words);
  for (const auto& parameter : all_parameters(builtin_games{})) {
    const auto* value = p.find(parameter.name);
    if (!value) continue;
    if (parameter.kind == parameter_kind::flag) {
      bool ok = false;
      if (read_flag(*value, ok)) text.named[std::string(parameter.name)] = "true";
      if (!ok) throw http_error(400, fmt::format("{}={} is neither 1 nor 0", parameter.name, portable_name(*value)));
    } else {
      text.named[std::string(parameter.name)] = *value;
    }
  }
  if (game == digraph_entry::name) {
    // The graph is the body: the server reads no file of its own disk for a request.
    if (body.empty())
      throw http_error(400, "the digraph game's graph is sent as the request's body (POST), in DOT, GraphML "
                            "or as an edge list");
    if (!text.words.empty())
      throw http_error(400, "the digraph game takes start=V or tokens=a,b,c, not position");
    const auto* format = p.find("graph_format");
    std::string name = "graph";
    if (const auto* given = p.find("name"); given && !given->empty()) name = *given;
    if (format) {
      if (*format == "dot")
        name += ".dot";
      else if (*format == "graphml")
        name += ".graphml";
      else if (*format == "edges")
        name += ".edges";
      else
        throw http_error(
            400, fmt::format("graph_format={} is not a graph format: dot, graphml or edges", portable_name(*format)));
    }
    text.words = {name};
    text.file_text = body;
  } else if (!body.empty()) {
    throw http_error(400, fmt::format("the {} game takes no request body: only the digraph game's graph is "
                                      "sent in one",
                                      portable_name(game)));
  } else if (p.has("graph_format") || p.has("name")) {
    throw http_error(400, "graph_format and name are for the digraph game's graph file");
  }
  try {
    auto position = parse_position(builtin_games{}, game, text);
    visit_position(position, [&](auto entry, const auto& q) {
      using E = typename decltype(entry)::type;
      entry_traits::check_moves<E>(q, false);
      if (use == position_use::graph) entry_traits::check_expansion<E>(q, bounds.max_memory);
    });
    return position;
  } catch (const std::invalid_argument& e) {
    if (game == digraph_entry::name && has_no_vertex(text))
      throw http_error(400, e.what(), "input.graph.empty");
    throw http_error(400, e.what());
  }
}

} // namespace grundy::web
