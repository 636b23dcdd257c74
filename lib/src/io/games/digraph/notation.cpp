#include <grundy/io/games/digraph/entry.hpp>
#include <grundy/io/games/digraph/notation.hpp>

#include <grundy/io/read_digraph.hpp>
#include <grundy/memory.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

namespace grundy {

namespace {

// The names of "a,b,c" (or "a+b"), empty ones included.
std::vector<std::string> split_names(std::string_view text, char separator) {
  std::vector<std::string> names;
  for (std::size_t pos = 0; pos <= text.size();) {
    const auto end = std::min(text.find(separator, pos), text.size());
    names.emplace_back(text.substr(pos, end - pos));
    pos = end + 1;
  }
  return names;
}

} // namespace

std::vector<std::string> parse_token_names(std::string_view text, std::string_view what) {
  auto names = split_names(text, ',');
  if (std::any_of(names.begin(), names.end(), [](const std::string& n) { return n.empty(); }))
    throw notation_error(fmt::format("{} '{}' has an empty vertex name", what, portable_name(text)));
  return names;
}

digraph_game::state_type read_digraph_move(const digraph_game& g, const digraph_game::state_type& before,
                                           std::string_view text) {
  const auto arrow = text.find('>');
  if (arrow == std::string_view::npos) return g.position(split_names(text, '+'));
  const std::string from(text.substr(0, arrow)), to(text.substr(arrow + 1));
  const auto u = g.find(from), v = g.find(to);
  if (!u) throw notation_error(fmt::format("the graph has no vertex '{}'", portable_name(from)));
  if (!v) throw notation_error(fmt::format("the graph has no vertex '{}'", portable_name(to)));
  auto after = before;
  const auto it = std::find(after.begin(), after.end(), *u);
  if (it == after.end()) throw notation_error(fmt::format("there is no token on {}", portable_name(from)));
  *it = *v;
  return g.canonical(std::move(after));
}

std::string show_tokens(const digraph_game& g, const digraph_game::state_type& s) {
  std::string text;
  for (auto v : s) {
    std::vector<std::string> next;
    for (auto w : g.moves_from(v))
      next.push_back(g.shown_name(w));
    text += fmt::format("  a token on {}{}\n", g.shown_name(v),
                        next.empty() ? " (no move from there)"
                                     : fmt::format(" (moves to {})", fmt::join(next, ", ")));
  }
  return text;
}

game_position<digraph_game> digraph_entry::make(const position_text& t) {
  const auto* start = t.find("start");
  const auto* tokens = t.find("tokens");
  if (t.words.size() != 1)
    throw notation_error(fmt::format("digraph needs one graph file, as in: {}",
                                     t.example(name, "game.dot " + t.name("start") + " a")));
  if (t.words[0].empty()) throw notation_error("digraph needs a graph file name, not ''");
  if (start && tokens)
    throw notation_error(fmt::format("digraph takes {} V (one token) or {} a,b,c (several), not both",
                                     t.name("start"), t.name("tokens")));
  if (!start && !tokens)
    throw notation_error(fmt::format("digraph needs {} V (one token) or {} a,b,c (several)", t.name("start"),
                                     t.name("tokens")));
  const auto names = start ? std::vector<std::string>{*start} : parse_token_names(*tokens, t.name("tokens"));
  io::read_options options;
  options.undirected = t.flag("undirected");
  options.max_memory = t.max_memory ? t.max_memory : default_memory_limit();
  options.stop = t.stop;
  try {
    const auto& file = t.words[0];
    auto g = !t.file_text ? io::read_digraph(file, options)
                          : io::read_digraph_text(*t.file_text,
                                                  file.find('.') == std::string::npos
                                                      ? io::format_of_text(*t.file_text)
                                                      : io::format_of(file),
                                                  file, options);
    auto s = g.position(names);
    return {std::move(g), std::move(s), {}};
  } catch (const undirected_digraph_error& e) {
    throw notation_error(fmt::format("{}; {} to let a token move both ways along each edge", e.description(),
                                     t.set_flag("undirected")));
  }
}

game_fields digraph_entry::head(const digraph_game& g) {
  return {{"game", "digraph"},
          {"graph", fmt::format("{} vertices, {} edges", g.vertex_count(), g.edge_count())}};
}

std::string digraph_entry::title(const digraph_game& g) {
  return fmt::format("the digraph game on {} vertices and {} edges", g.vertex_count(), g.edge_count());
}

bool digraph_entry::has_move(const digraph_game& g, const digraph_game::state_type& s) {
  return std::any_of(s.begin(), s.end(), [&](vertex_id v) { return !g.moves_from(v).empty(); });
}

} // namespace grundy
