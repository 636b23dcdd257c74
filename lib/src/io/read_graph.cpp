// The readers' common ground (reader_support.hpp) and the entry point that picks a reader.

#include "reader_support.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <limits>
#include <utility>

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

namespace grundy::io {

namespace detail {

namespace {

std::string mebibytes(std::uint64_t bytes) {
  return fmt::format("{:.1f} MiB", static_cast<double>(bytes) / (1024.0 * 1024.0));
}

} // namespace

reading::reading(const std::string& path, const read_options& options, std::string noun)
    : path_(path), shown_path_(portable_name(path)), noun_(std::move(noun)), options_(options) {
  if (options.max_depth == 0 || options.max_depth > max_depth_bound)
    throw std::invalid_argument(
        fmt::format("the nesting bound must be from 1 to {}, not {}", max_depth_bound, options.max_depth));
}

reading::reading(const std::string& name, std::string_view text, const read_options& options,
                 std::string noun)
    : reading(name, options, std::move(noun)) {
  text_ = text;
  in_memory_ = true;
}

void reading::charge(std::int64_t bytes) {
  if (bytes < 0) { // never throws: memory given back
    held_ -= std::min<std::uint64_t>(held_, static_cast<std::uint64_t>(-bytes));
    return;
  }
  if (options_.max_memory != 0 && held_ + static_cast<std::uint64_t>(bytes) > options_.max_memory) {
    build_progress reached;
    reached.memory_bytes = held_ + static_cast<std::uint64_t>(bytes);
    throw stopped(fmt::format("reading the {} {} needs more than the memory limit of {}", noun_, shown_path_,
                              mebibytes(options_.max_memory)),
                  stop_reason::memory, reached);
  }
  held_ += static_cast<std::uint64_t>(bytes);
}

void reading::check_stop() const {
  if (options_.stop && options_.stop->load(std::memory_order_relaxed))
    throw stopped(fmt::format("interrupted while reading the {} {}", noun_, shown_path_),
                  stop_reason::interrupted, build_progress{});
}

void reading::fail(std::uint64_t line, std::string_view what) const {
  if (line == 0) throw graph_file_error(fmt::format("cannot read the {} {}: {}", noun_, shown_path_, what));
  throw graph_file_error(fmt::format("cannot read the {} {}: line {}: {}", noun_, shown_path_, line, what));
}

void reading::too_deep(std::uint64_t line) const {
  throw graph_file_error(fmt::format("the graph file {} nests deeper than {} levels (line {})", shown_path_,
                                     options_.max_depth, line));
}

void reading::undirected(std::uint64_t line, std::string_view how) const {
  throw undirected_graph_error(
      fmt::format("the graph file {} is undirected ({}, line {})", shown_path_, how, line));
}

input::input(reading& r) : reading_(r) {
  if (r.text()) {
    r.charge(static_cast<std::int64_t>(chunk_size));
    return;
  }
  fd_ = ::open(r.path().c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd_ < 0) {
    const int error = errno;
    throw graph_file_error(
        fmt::format("cannot open the {} {}: {}", r.noun(), r.shown_path(), std::strerror(error)), error);
  }
  struct stat st {};
  if (::fstat(fd_, &st) != 0 || S_ISDIR(st.st_mode)) {
    const int error = S_ISDIR(st.st_mode) ? EISDIR : errno;
    ::close(fd_);
    throw graph_file_error(
        fmt::format("cannot read the {} {}: {}", r.noun(), r.shown_path(), std::strerror(error)), error);
  }
  regular_ = S_ISREG(st.st_mode);
  // Opened without blocking so that a FIFO with no writer yet does not hang the open; reads
  // block again, each behind a poll that wakes up to look at the stop flag.
  ::fcntl(fd_, F_SETFL, ::fcntl(fd_, F_GETFL) & ~O_NONBLOCK);
  r.charge(static_cast<std::int64_t>(chunk_size));
}

input::~input() {
  if (fd_ >= 0) ::close(fd_);
  reading_.charge(-static_cast<std::int64_t>(chunk_size));
}

std::size_t input::read(char* buffer, std::size_t size) {
  if (started_) return read_some(buffer, size);
  started_ = true;
  // A UTF-8 byte-order mark is dropped here, once for every format, after at least its three
  // bytes have come: a pipe may hand them over one at a time.
  std::size_t got = 0;
  while (got < 3 && got < size)
    if (const auto n = read_some(buffer + got, size - got); n > 0)
      got += n;
    else
      break;
  if (got >= 3 && std::string_view(buffer, 3) == "\xEF\xBB\xBF") {
    std::memmove(buffer, buffer + 3, got - 3);
    got -= 3;
    if (got == 0) return read_some(buffer, size);
  }
  return got;
}

std::size_t input::read_some(char* buffer, std::size_t size) {
  if (const auto* text = reading_.text()) {
    reading_.check_stop();
    const auto n = std::min(size, text->size() - offset_);
    std::memcpy(buffer, text->data() + offset_, n);
    offset_ += n;
    total_ += n;
    if (total_ > reading_.options().max_input_bytes)
      throw graph_file_error(fmt::format("the {} {} is larger than the bound of {} bytes", reading_.noun(),
                                         reading_.shown_path(), reading_.options().max_input_bytes));
    return n;
  }
  for (;;) {
    reading_.check_stop();
    if (!regular_) {
      pollfd p{fd_, POLLIN, 0};
      const int ready = ::poll(&p, 1, 200);
      if (ready == 0 || (ready < 0 && errno == EINTR)) continue;
    }
    const auto n = ::read(fd_, buffer, size);
    if (n < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      reading_.fail(0, std::strerror(errno));
    }
    total_ += static_cast<std::uint64_t>(n);
    if (total_ > reading_.options().max_input_bytes)
      throw graph_file_error(fmt::format("the {} {} is larger than the bound of {} bytes", reading_.noun(),
                                         reading_.shown_path(), reading_.options().max_input_bytes));
    return static_cast<std::size_t>(n);
  }
}

vertex_id graph_builder::vertex(std::string_view name) {
  if (const auto it = index_.find(name); it != index_.end()) return it->second;
  if (graph_.names.size() >= std::numeric_limits<vertex_id>::max() - 1)
    reading_.fail(0, "it has more than 2^32 - 2 vertices");
  // Each name is held twice (the list and the index) with the index's slot; the list's and the
  // index's growth are charged in advance, at their largest.
  const auto heap = name.size() > 15 ? name.size() + 1 : 0;
  reading_.charge(static_cast<std::int64_t>(2 * (sizeof(std::string) + heap) + 3 * sizeof(std::string) + 16));
  const auto v = static_cast<vertex_id>(graph_.names.size());
  graph_.names.emplace_back(name);
  index_.emplace(graph_.names.back(), v);
  return v;
}

const vertex_id* graph_builder::find(std::string_view name) const {
  const auto it = index_.find(name);
  return it == index_.end() ? nullptr : &it->second;
}

void graph_builder::edge(vertex_id from, vertex_id to) {
  auto& edges = graph_.edges;
  if (edges.size() == edges.capacity()) {
    // Grown by hand so that the bytes charged are the bytes asked for; while it moves, the old
    // block is held too.
    const auto old_bytes = static_cast<std::int64_t>(edges.capacity() * sizeof(edges[0]));
    const auto grown = std::max<std::size_t>(1024, 2 * edges.capacity());
    reading_.charge(static_cast<std::int64_t>(grown * sizeof(edges[0])));
    edges.reserve(grown);
    reading_.charge(-old_bytes);
  }
  edges.emplace_back(from, to);
}

} // namespace detail

graph_format format_of(const std::string& path) {
  const auto ends_with = [&](std::string_view suffix) {
    return path.size() >= suffix.size() &&
           std::equal(suffix.rbegin(), suffix.rend(), path.rbegin(),
                      [](char a, char b) { return a == std::tolower(static_cast<unsigned char>(b)); });
  };
  if (ends_with(".dot") || ends_with(".gv")) return graph_format::dot;
  if (ends_with(".graphml") || ends_with(".xml")) return graph_format::graphml;
  return graph_format::edge_list;
}

graph_format format_of_text(std::string_view text) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return graph_format::edge_list;
  text.remove_prefix(first);
  if (text.starts_with("<")) return graph_format::graphml;
  if (text.starts_with("//") || text.starts_with("/*")) return graph_format::dot;
  std::string word;
  for (char c : text.substr(0, 8)) {
    if (!std::isalpha(static_cast<unsigned char>(c))) break;
    word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  const auto rest = text.substr(word.size());
  const bool ends_word = rest.empty() || !std::isalnum(static_cast<unsigned char>(rest[0]));
  // An edge list may name a vertex "graph" too ("graph a" is an edge): DOT opens its body with a
  // brace on the same line, after at most a name.
  if (ends_word && (word == "digraph" || word == "graph" || word == "strict")) {
    const auto next = rest.find_first_not_of(" \t\r\n");
    if (next != std::string_view::npos && (rest[next] == '{' || word == "strict")) return graph_format::dot;
    const auto brace = rest.find('{'), newline = rest.find('\n');
    if (brace != std::string_view::npos && (newline == std::string_view::npos || brace < newline))
      return graph_format::dot;
  }
  return graph_format::edge_list;
}

named_graph read_graph(const std::string& path, const read_options& options) {
  return read_graph(path, format_of(path), options);
}

namespace {

named_graph read_with(detail::reading& r, graph_format format) {
  r.check_stop();
  switch (format) {
  case graph_format::dot:
    return detail::read_dot(r);
  case graph_format::graphml:
    return detail::read_graphml(r);
  case graph_format::edge_list:
    break;
  }
  return detail::read_edge_list(r);
}

} // namespace

named_graph read_graph(const std::string& path, graph_format format, const read_options& options) {
  detail::reading r(path, options);
  return read_with(r, format);
}

named_graph read_graph_text(std::string_view text, graph_format format, const std::string& name,
                            const read_options& options) {
  detail::reading r(name, text, options);
  return read_with(r, format);
}

} // namespace grundy::io
