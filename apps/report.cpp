#include "report.hpp"

#include "cli.hpp"

#include <fmt/format.h>

namespace grundy::cli {

std::string format_bytes(std::uint64_t bytes) {
  if (bytes < 1024 * 1024) return fmt::format("{:.1f} KB", bytes / 1024.0);
  if (bytes < 1024ull * 1024 * 1024) return fmt::format("{:.1f} MB", bytes / (1024.0 * 1024));
  return fmt::format("{:.2f} GB", bytes / (1024.0 * 1024 * 1024));
}

std::string statistics_text(const fields& head, const graph_statistics& s) {
  fields rows = head;
  rows.emplace_back("vertices", fmt::format("{}", s.vertices));
  rows.emplace_back("edges", fmt::format("{}", s.edges));
  if (s.symmetric) {
    rows.emplace_back("classes", fmt::format("{} (one explored vertex per colour relabelling)", s.classes));
    rows.emplace_back("class edges", fmt::format("{}", s.class_edges));
  }
  rows.emplace_back("terminals", fmt::format("{}", s.terminals));
  rows.emplace_back("depth", fmt::format("{} levels", s.depth));
  const auto start = s.start_outcome();
  rows.emplace_back("grundy", fmt::format("{} ({}: {})", format_value(s.start_value, s.start_infinite_set),
                                          to_char(start),
                                          start == outcome::p   ? "the player to move loses"
                                          : start == outcome::n ? "the player to move wins"
                                                                : "a draw, perfect play never ends"));
  std::string counts;
  for (std::size_t g = 0; g < s.value_counts.size(); ++g)
    counts += fmt::format("{}{}:{}", g ? " " : "", g, s.value_counts[g]);
  // Games with cycles: the positions of value ∞(K), and how many of them are draws.
  if (s.infinite) counts += fmt::format("{}∞:{}", counts.empty() ? "" : " ", s.infinite);
  rows.emplace_back("values", counts);
  if (s.infinite) rows.emplace_back("draws", fmt::format("{}", s.draws));
  rows.emplace_back("time", fmt::format("{} s ({} exploring, {} labelling)",
                                        format_seconds(s.explore_seconds + s.label_seconds),
                                        format_seconds(s.explore_seconds), format_seconds(s.label_seconds)));
  rows.emplace_back("peak memory", format_bytes(s.peak_memory_bytes));

  std::size_t width = 0;
  for (auto& [key, value] : rows)
    width = std::max(width, key.size());
  std::string text;
  for (auto& [key, value] : rows)
    text += fmt::format("{:<{}}  {}\n", key, width, value);
  return text;
}

std::string statistics_json(const fields& head, const graph_statistics& s) {
  std::string text = "{";
  for (auto& [key, value] : head)
    text += fmt::format("{}: {}, ", json_string(key), value);
  if (s.symmetric) text += fmt::format("\"classes\": {}, \"class_edges\": {}, ", s.classes, s.class_edges);
  // A finite value is a number; ∞(K) is null, with K beside it.
  const std::string grundy = s.start_value == infinity ? fmt::format("null, \"infinite_set\": [{}]",
                                                                     fmt::join(s.start_infinite_set, ", "))
                                                       : std::to_string(s.start_value);
  text += fmt::format(
      "\"vertices\": {}, \"edges\": {}, \"terminals\": {}, \"depth\": {}, \"grundy\": {}, "
      "\"outcome\": \"{}\", \"max_value\": {}, \"value_counts\": [{}], \"infinite\": {}, "
      "\"draws\": {}, \"seconds\": {:.6f}, \"explore_seconds\": {:.6f}, \"label_seconds\": {:.6f}, "
      "\"peak_memory_bytes\": {}}}",
      s.vertices, s.edges, s.terminals, s.depth, grundy, to_char(s.start_outcome()), s.max_value,
      fmt::join(s.value_counts, ", "), s.infinite, s.draws, s.explore_seconds + s.label_seconds,
      s.explore_seconds, s.label_seconds, s.peak_memory_bytes);
  return text;
}

} // namespace grundy::cli
