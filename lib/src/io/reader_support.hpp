#pragma once
// What the graph-file readers share: the file taken in chunks under the size bound and the stop
// flag, the memory they hold charged against the limit, and the graph built by vertex names.

#include <grundy/io/graph_readers.hpp>
#include <grundy/portable_name.hpp>

#include <boost/container_hash/hash.hpp>
#include <boost/unordered/unordered_flat_map.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace grundy::io::detail {

// The reading of one file: its name for messages, the options, and the bytes held so far.
// `noun` says in messages what the file is ("graph file", "quotient file").
class reading {
public:
  reading(const std::string& path, const read_options& options, std::string noun = "graph file");
  // A file's text already in memory (a graph sent to a server), named `name` in messages.
  reading(const std::string& name, std::string_view text, const read_options& options,
          std::string noun = "graph file");

  const std::string& path() const noexcept { return path_; }
  // The path as messages show it: its portable name, since a file's name is any bytes.
  const std::string& shown_path() const noexcept { return shown_path_; }
  // The text read from memory, or null when the file is read.
  const std::string_view* text() const noexcept { return in_memory_ ? &text_ : nullptr; }
  const read_options& options() const noexcept { return options_; }
  const std::string& noun() const noexcept { return noun_; }
  // The bytes charged and not given back.
  std::uint64_t held() const noexcept { return held_; }

  // Adds (or, negative, removes) bytes held; throws grundy::stopped past options().max_memory.
  void charge(std::int64_t bytes);
  // Throws grundy::stopped once options().stop is set.
  void check_stop() const;

  // "cannot read the graph file X: line N: what" (line 0: no line).
  [[noreturn]] void fail(std::uint64_t line, std::string_view what) const;
  // "the graph file X nests deeper than N levels (line L)"
  [[noreturn]] void too_deep(std::uint64_t line) const;
  // The graph says its edges have no direction, and options().undirected was not given.
  [[noreturn]] void undirected(std::uint64_t line, std::string_view how) const;

private:
  std::string path_;
  std::string shown_path_;
  std::string noun_;
  std::string_view text_;
  bool in_memory_ = false;
  read_options options_;
  std::uint64_t held_ = 0;
};

// The file, read in chunks. Opening refuses a directory; each chunk checks the stop flag and
// the size bound, and waits for a pipe a fraction of a second at a time, so that a pipe that
// never writes still sees a stop.
class input {
public:
  explicit input(reading& r);
  ~input();
  input(const input&) = delete;
  input& operator=(const input&) = delete;

  // Up to `size` bytes into `buffer`, a UTF-8 byte-order mark at the start left out; 0 at the
  // end of the file.
  std::size_t read(char* buffer, std::size_t size);

private:
  std::size_t read_some(char* buffer, std::size_t size);

  reading& reading_;
  int fd_ = -1; // -1: the reading's text in memory
  std::size_t offset_ = 0;
  bool regular_ = false;
  bool started_ = false;
  std::uint64_t total_ = 0;
};

inline constexpr std::size_t chunk_size = 64 * 1024;

struct name_hash {
  using is_transparent = void;
  std::size_t operator()(std::string_view s) const noexcept { return boost::hash<std::string_view>{}(s); }
};

// The graph being read: a vertex for each new name, edges by index, all charged to the reading.
class graph_builder {
public:
  explicit graph_builder(reading& r) : reading_(r) {}

  vertex_id vertex(std::string_view name);
  // The vertex of that name, if there is one already.
  const vertex_id* find(std::string_view name) const;
  void edge(vertex_id from, vertex_id to);
  std::size_t vertex_count() const noexcept { return graph_.names.size(); }
  const std::string& name(vertex_id v) const { return graph_.names[v]; }

  named_graph take() && { return std::move(graph_); }

private:
  reading& reading_;
  named_graph graph_;
  boost::unordered_flat_map<std::string, vertex_id, name_hash, std::equal_to<>> index_;
};

named_graph read_edge_list(reading& r);
named_graph read_dot(reading& r);
named_graph read_graphml(reading& r);

} // namespace grundy::io::detail
