#pragma once
// The digraph game in the list of built-in games: a graph file with the parameter start (one
// token) or tokens (a sum of games), the file read under the position's limits.

#include <grundy/games/digraph.hpp>
#include <grundy/io/games/digraph/notation.hpp>
#include <grundy/io/games/registry.hpp>

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace grundy {

struct digraph_entry {
  using game_type = digraph_game;
  static constexpr std::string_view name = "digraph";
  static constexpr std::string_view position_help = "a graph file (.dot, .graphml, or an edge list 'u v' per "
                                                    "line) and, given by name, start V or tokens a,b,c";
  static constexpr std::array parameters{
      game_parameter{
          .name = "start", .help = "the vertex the token starts on", .needs = "a vertex name", .group = 1},
      game_parameter{.name = "tokens",
                     .help = "several tokens' vertices, as a,b,c (a sum of games)",
                     .needs = "vertex names, as a,b,c",
                     .group = 1},
      game_parameter{.name = "undirected",
                     .help = "read an undirected graph file (DOT graph, GraphML edgedefault=\"undirected\"), "
                             "each edge both ways",
                     .kind = parameter_kind::flag,
                     .group = 2}};
  static constexpr std::string_view display_name = "A graph of your own";
  static constexpr std::string_view rules = "A token moves along the arrows of the graph, one arrow a move. "
                                            "Play that never ends is a draw.";
  static constexpr std::string_view board = "list";
  // A position is the vertex the token is on.
  static constexpr std::string_view position_parameter = "start";
  static constexpr std::array fields{
      game_field{.name = "graph",
                 .role = field_role::body,
                 .example = "a b\nb a\nb c\nc d\n",
                 .help = "the graph: an edge list 'u v' per line, DOT or GraphML"},
      game_field{.name = "start", .role = field_role::parameter, .example = "a"},
      game_field{.name = "undirected", .role = field_role::parameter}};

  // Throws notation_error, digraph_error for a file that cannot be used, grundy::stopped past
  // the memory limit and once *t.stop is set.
  static game_position<digraph_game> make(const position_text& t);
  static game_fields head(const digraph_game& g);
  static std::string title(const digraph_game& g);
  static std::string show(const digraph_game& g, const digraph_game::state_type& s) {
    return show_tokens(g, s);
  }
  static digraph_game::state_type read_move(const digraph_game& g, const digraph_game::state_type& s,
                                            std::string_view text) {
    return read_digraph_move(g, s, text);
  }
  static std::string_view move_example(const digraph_game&) { return "a>b (the token on a moves to b)"; }
  static bool has_move(const digraph_game& g, const digraph_game::state_type& s);
  static void check_moves(const game_position<digraph_game>&, bool) {}
  static void check_expansion(const game_position<digraph_game>&, std::uint64_t) {}
  // The graph file, which no output may replace: the first word, even when more words make
  // the position wrong, since which mistake is reported first must not let a file be replaced.
  static std::vector<std::string> inputs(const position_text& t) {
    return t.words.empty() ? std::vector<std::string>{} : std::vector<std::string>{t.words.front()};
  }
};

} // namespace grundy
