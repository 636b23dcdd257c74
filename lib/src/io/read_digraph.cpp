#include <grundy/io/read_digraph.hpp>

#include <grundy/portable_name.hpp>

#include <fmt/format.h>

#include <utility>

namespace grundy::io {

namespace {

template <class Read> digraph_game read_digraph_with(const std::string& path, Read&& read) {
  named_graph g;
  try {
    g = read();
  } catch (const undirected_graph_error& e) {
    throw undirected_digraph_error(e.what(), e.description());
  } catch (const graph_file_error& e) {
    throw digraph_error(e.what(), e.system_error());
  }
  if (g.names.empty())
    throw digraph_error(fmt::format("the graph file {} has no vertex", portable_name(path)));
  return digraph_game::from_edges(std::move(g.names), std::move(g.edges));
}

} // namespace

digraph_game read_digraph(const std::string& path, const read_options& options) {
  return read_digraph_with(path, [&] { return read_graph(path, options); });
}

digraph_game read_digraph_text(std::string_view text, graph_format format, const std::string& name,
                               const read_options& options) {
  return read_digraph_with(name, [&] { return read_graph_text(text, format, name, options); });
}

} // namespace grundy::io
