#include <grundy/io/read_digraph.hpp>

#include <fmt/format.h>

#include <utility>

namespace grundy::io {

digraph_game read_digraph(const std::string& path, const read_options& options) {
  named_graph g;
  try {
    g = read_graph(path, options);
  } catch (const undirected_graph_error& e) {
    throw undirected_digraph_error(e.what(), e.description());
  } catch (const graph_file_error& e) {
    throw digraph_error(e.what(), e.system_error());
  }
  if (g.names.empty()) throw digraph_error(fmt::format("the graph file {} has no vertex", path));
  return digraph_game::from_edges(std::move(g.names), std::move(g.edges));
}

} // namespace grundy::io
