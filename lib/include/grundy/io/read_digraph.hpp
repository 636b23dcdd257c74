#pragma once
// The digraph game of a graph file.

#include <grundy/games/digraph.hpp>
#include <grundy/io/graph_readers.hpp>

#include <string>
#include <string_view>

namespace grundy::io {

// Reads a graph file (read_graph): Graphviz DOT (.dot, .gv), GraphML (.graphml, .xml), and any
// other file as an edge list, "u v" per line (a line of one name adds a vertex without moves;
// '#' starts a comment). Throws digraph_error (undirected_digraph_error for an undirected graph
// without options.undirected), grundy::stopped once options.stop is set, and
// grundy::stopped past options.max_memory.
digraph_game read_digraph(const std::string& path, const read_options& options = {});

// The same for a graph file's text in memory, in `format`, called `name` in the messages.
digraph_game read_digraph_text(std::string_view text, graph_format format, const std::string& name,
                               const read_options& options = {});

} // namespace grundy::io
