// Edge lists: "u v" per line, a line of one name for a vertex, '#' to the end of a line a comment.

#include "reader_support.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <memory>

namespace grundy::io::detail {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

class edge_list_reader {
public:
  explicit edge_list_reader(reading& r) : reading_(r), graph_(r) {}

  named_graph run() {
    input in(reading_);
    auto buffer = std::make_unique<char[]>(chunk_size);
    while (const auto n = in.read(buffer.get(), chunk_size))
      take(std::string_view(buffer.get(), n));
    if (!carry_.empty()) line(carry_);
    reading_.charge(-static_cast<std::int64_t>(carry_.capacity()));
    return std::move(graph_).take();
  }

private:
  // Whole lines straight from the chunk; a line cut by the chunk's end waits in carry_.
  void take(std::string_view chunk) {
    // Checked as it arrives: a binary file may hold no newline at all (/dev/zero).
    if (const auto nul = chunk.find('\0'); nul != std::string_view::npos) {
      const auto lines = static_cast<std::uint64_t>(std::count(chunk.begin(), chunk.begin() + nul, '\n'));
      reading_.fail(number_ + lines + 1, "it holds a NUL byte, which no text file does");
    }
    while (!chunk.empty()) {
      const auto end = chunk.find('\n');
      if (end == std::string_view::npos) {
        const auto before = carry_.capacity();
        carry_.append(chunk);
        reading_.charge(static_cast<std::int64_t>(carry_.capacity() - before));
        return;
      }
      if (carry_.empty()) {
        line(chunk.substr(0, end));
      } else {
        const auto before = carry_.capacity();
        carry_.append(chunk.substr(0, end));
        reading_.charge(static_cast<std::int64_t>(carry_.capacity() - before));
        line(carry_);
        carry_.clear();
      }
      chunk.remove_prefix(end + 1);
    }
  }

  void line(std::string_view text) {
    ++number_;
    if (const auto hash = text.find('#'); hash != std::string_view::npos) text = text.substr(0, hash);
    std::array<std::string_view, 2> words;
    std::size_t count = 0;
    for (std::size_t pos = 0;;) {
      while (pos < text.size() && is_space(text[pos]))
        ++pos;
      if (pos == text.size()) break;
      auto end = pos;
      while (end < text.size() && !is_space(text[end]))
        ++end;
      if (count < 2) words[count] = text.substr(pos, end - pos);
      ++count;
      pos = end;
    }
    if (count == 0) return;
    if (count > 2) reading_.fail(number_, fmt::format("{} words, not an edge 'u v' or a vertex 'v'", count));
    const auto u = graph_.vertex(words[0]);
    if (count == 2) graph_.edge(u, graph_.vertex(words[1]));
  }

  reading& reading_;
  graph_builder graph_;
  std::string carry_;
  std::uint64_t number_ = 0;
};

} // namespace

named_graph read_edge_list(reading& r) { return edge_list_reader(r).run(); }

} // namespace grundy::io::detail
