#pragma once
// The digraph game: tokens on the vertices of a directed graph given as a file; a move slides
// one token along an edge.

#include <grundy/graph.hpp>
#include <grundy/portable_name.hpp>

#include <boost/container/small_vector.hpp>

#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace grundy {

// A digraph file that cannot be used: missing, unreadable, not parsed, without any vertex, or
// naming a vertex that is not there. The message is one line that names the file.
class digraph_error : public std::invalid_argument {
public:
  explicit digraph_error(const std::string& what, int system_error = 0)
      : std::invalid_argument(what), system_error_(system_error) {}
  // The system's error number when the file could not be opened or read; 0 otherwise.
  int system_error() const noexcept { return system_error_; }

private:
  int system_error_;
};

// An undirected graph file read without read_options::undirected. Its message says so; a front
// end adds how its user asks for an undirected reading.
class undirected_digraph_error : public digraph_error {
public:
  undirected_digraph_error(const std::string& what, const std::string& description)
      : digraph_error(what), description_(description) {}
  // Why the file is undirected, without how to ask for it.
  const std::string& description() const noexcept { return description_; }

private:
  std::string description_;
};

// Any finite impartial game is a token on a directed graph: the vertices are its positions,
// the edges its moves. This game takes such a graph as it is, read from a file (people arrive
// with one from an exercise sheet, or from networkx), so that it needs no C++ at all; its
// graph may have cycles, and then positions have generalized values (loopy.hpp). Several
// tokens make the sum of the one-token games: the player to move slides one of them. The
// graph is shared, immutable, between copies, so that the game stays a cheap value to copy.
// Vertices keep the names the file gives them, and positions are written with their portable
// names (grundy/portable_name.hpp): a file's name reaches no screen with its control bytes.
class digraph_game {
public:
  static constexpr bool formats_portable_names = true;

  // The token vertices, in increasing order: tokens are alike, so two positions that differ
  // only in which token is where are one.
  using state_type = boost::container::small_vector<vertex_id, 4>;

  // A graph given in the program, or read from a file (io::read_digraph, grundy/io/read_digraph.hpp):
  // names[v] is vertex v's name, and (u, v) an edge from u to v; an edge given twice is one.
  // Throws digraph_error for no vertex, an edge naming no vertex, or two vertices of one name.
  static digraph_game from_edges(std::vector<std::string> names,
                                 std::vector<std::pair<vertex_id, vertex_id>> edges);

  std::size_t vertex_count() const noexcept { return names().size(); }
  std::size_t edge_count() const noexcept; // distinct edges
  // The name's bytes, as the file gives them.
  const std::string& name(vertex_id v) const { return names()[v]; }
  // The name as it is shown: its portable name.
  std::string shown_name(vertex_id v) const { return portable_name(name(v)); }
  // The vertex of that name, given as its bytes or, when no vertex has those bytes, as it is
  // shown (its portable name), so that a name shown escaped can be typed back as it is shown.
  std::optional<vertex_id> find(std::string_view name) const;
  // The distinct successors of v, increasing.
  std::span<const vertex_id> moves_from(vertex_id v) const;
  // The whole graph, for labelling every vertex at once.
  const csr_graph& graph() const noexcept;

  // The position of tokens on the named vertices. Throws digraph_error for an unknown name.
  state_type position(std::span<const std::string> token_names) const;

  state_type canonical(state_type s) const;
  void successors(const state_type& s, std::vector<state_type>& out) const;
  // "a" for one token, "a+b+c" for several, by the vertices' portable names.
  std::string format(const state_type& s) const;

private:
  struct data;
  // The graph on `names` with `edges`, sorted in place (a file's edges are not copied).
  static std::shared_ptr<const data> build(std::vector<std::string> names,
                                           std::vector<std::pair<vertex_id, vertex_id>>& edges);
  explicit digraph_game(std::shared_ptr<const data> d) : data_(std::move(d)) {}
  const std::vector<std::string>& names() const noexcept;
  std::shared_ptr<const data> data_;
};

} // namespace grundy
