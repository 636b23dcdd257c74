#pragma once
// Graph files read as a stream, under bounds: Graphviz DOT, GraphML and edge lists. No reader
// holds the whole file: each takes it in chunks, so that its size, its memory and a request to
// stop are checked as it goes, and none recurses on the file's nesting, which is bounded, so
// that no file can crash the process or exhaust its memory.

#include <grundy/graph.hpp>

#include <atomic>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace grundy::io {

// A graph file that cannot be used: missing, a directory, unreadable, malformed (with its line),
// larger or deeper than the bounds. One line that names the file.
class graph_file_error : public std::invalid_argument {
public:
  explicit graph_file_error(const std::string& what, int system_error = 0)
      : std::invalid_argument(what), system_error_(system_error) {}
  // The system's error number when the file could not be opened or read (ENOENT, EISDIR...), so
  // that a front end can say it as its language does; 0 for a file read and refused.
  int system_error() const noexcept { return system_error_; }

private:
  int system_error_;
};

// An undirected graph (DOT's `graph`, GraphML's edgedefault="undirected" or an edge with
// directed="false") read without read_options::undirected: its edges say no direction, so that
// which way a token moves would be a guess.
class undirected_graph_error : public graph_file_error {
public:
  // `description` says what makes the file undirected; what() adds how to ask for the reading.
  explicit undirected_graph_error(const std::string& description)
      : graph_file_error(description +
                         "; read it as undirected (read_options::undirected) to let a token move "
                         "both ways along each edge"),
        description_(description) {}
  const std::string& description() const noexcept { return description_; }

private:
  std::string description_;
};

struct read_options {
  // Once *stop is true, reading throws grundy::stopped (within a chunk of input: a fraction
  // of a second, even on a pipe that sends nothing).
  const std::atomic<bool>* stop = nullptr;
  // Bytes the reading may hold (the graph read so far, the reader's buffers and names); past it,
  // grundy::stopped (a limit). 0: no limit.
  std::uint64_t max_memory = 0;
  // Bytes of input past which the file is refused: a bound for endless inputs (/dev/zero, a pipe).
  std::uint64_t max_input_bytes = std::uint64_t{16} << 30;
  // The deepest nesting of DOT subgraphs or XML elements accepted; at most max_depth_bound.
  unsigned max_depth = 1000;
  // Reads an undirected graph, each edge both ways; without it such a graph is refused
  // (undirected_graph_error).
  bool undirected = false;
};

// The largest read_options::max_depth. No reader recurses on nesting (each keeps a stack of its
// own), so that the bound is the file's, not the thread's stack size.
inline constexpr unsigned max_depth_bound = 100'000;

enum class graph_format { edge_list, dot, graphml };

// By the file's name: .dot and .gv are DOT, .graphml and .xml GraphML, any other an edge list.
graph_format format_of(const std::string& path);

// Vertices by name, in the order the file first names them, and edges as (from, to) indices;
// an edge may appear twice.
struct named_graph {
  std::vector<std::string> names;
  std::vector<std::pair<vertex_id, vertex_id>> edges;
};

// By the text itself, for a file that comes without a name: XML is GraphML, text that opens as a
// DOT graph does (graph, digraph, strict, a // or /* comment) is DOT, anything else an edge list.
graph_format format_of_text(std::string_view text);

// Reads the graph in `path` in the format its name says (format_of). Throws graph_file_error
// (undirected_graph_error for an undirected graph), grundy::stopped once options.stop is set,
// grundy::stopped past options.max_memory, std::invalid_argument for options out of range.
named_graph read_graph(const std::string& path, const read_options& options = {});
named_graph read_graph(const std::string& path, graph_format format, const read_options& options = {});

// The same for a file's text already in memory (a graph sent to a server), called `name` in the
// messages. Nothing is read from disk.
named_graph read_graph_text(std::string_view text, graph_format format, const std::string& name,
                            const read_options& options = {});

} // namespace grundy::io
