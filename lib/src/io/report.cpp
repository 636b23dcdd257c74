#include <grundy/io/graph_report.hpp>
#include <grundy/io/json_writer.hpp>
#include <grundy/io/report.hpp>
#include <grundy/io/text.hpp>

#include <fmt/format.h>

#include <charconv>
#include <optional>
#include <string_view>

namespace grundy::io {

std::string format_seconds(double seconds) {
  return seconds < 10 ? fmt::format("{:.3f}", seconds) : fmt::format("{:.1f}", seconds);
}

std::string with_thousands(std::uint64_t n) {
  const auto digits = std::to_string(n);
  std::string text;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) text += ',';
    text += digits[i];
  }
  return text;
}

std::string describe_stop(const stopped& e, std::string_view advice) {
  const auto& r = e.reached();
  return fmt::format("{}{}{}{}; reached {} positions and {} moves in {} levels, {} s, {} of memory", e.what(),
                     advice.empty() ? "" : " (", advice, advice.empty() ? "" : ")", with_thousands(r.states),
                     with_thousands(r.edges), r.levels, format_seconds(r.seconds),
                     format_bytes(r.memory_bytes));
}

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

namespace {

std::optional<std::uint64_t> whole_number(std::string_view text) {
  std::uint64_t n = 0;
  const auto* end = text.data() + text.size();
  const auto [p, ec] = std::from_chars(text.data(), end, n);
  if (text.empty() || ec != std::errc{} || p != end) return std::nullopt;
  return n;
}

// "3" as 3, "3,3,2" as [3, 3, 2]; nullopt for text that is not such a list.
std::optional<std::string> number_list(std::string_view text) {
  std::vector<std::uint64_t> numbers;
  for (std::size_t begin = 0;;) {
    const auto comma = text.find(',', begin);
    const auto n = whole_number(
        text.substr(begin, comma == std::string_view::npos ? std::string_view::npos : comma - begin));
    if (!n) return std::nullopt;
    numbers.push_back(*n);
    if (comma == std::string_view::npos) break;
    begin = comma + 1;
  }
  if (numbers.size() == 1) return std::to_string(numbers[0]);
  return json_writer().values(numbers).take();
}

std::string json_field(std::string_view key, std::string_view text) {
  if (key == "colors" || key == "k") {
    if (const auto n = whole_number(text)) return std::to_string(*n);
  } else if (key == "tablets") {
    if (auto list = number_list(text)) return *std::move(list);
  }
  // A field whose text does not fit its type is still given, as the string it is.
  return json_quoted(text);
}

} // namespace

fields json_fields(const fields& head) {
  fields typed;
  typed.reserve(head.size());
  for (const auto& [key, value] : head)
    typed.emplace_back(key, json_field(key, value));
  return typed;
}

namespace {

// The statistics' members, after `head` (values already JSON), in the object being written.
void statistics_members(json_writer& w, const fields& head, const graph_statistics& s) {
  for (const auto& [key, value] : head)
    w.key(key).raw(value);
  if (s.symmetric) w.member("classes", s.classes).member("class_edges", s.class_edges);
  w.member("vertices", s.vertices).member("edges", s.edges).member("terminals", s.terminals);
  w.member("depth", s.depth);
  // A finite value is a number; ∞(K) is null, with K beside it.
  if (s.start_value == infinity)
    w.member("grundy", nullptr).key("infinite_set").values(s.start_infinite_set);
  else
    w.member("grundy", s.start_value);
  w.member("outcome", to_char(s.start_outcome())).member("max_value", s.max_value);
  w.key("value_counts").values(s.value_counts).member("infinite", s.infinite).member("draws", s.draws);
  w.key("seconds").fixed(s.explore_seconds + s.label_seconds, 6);
  w.key("explore_seconds").fixed(s.explore_seconds, 6).key("label_seconds").fixed(s.label_seconds, 6);
  w.member("peak_memory_bytes", s.peak_memory_bytes);
}

} // namespace

std::string statistics_json(const fields& head, const graph_statistics& s) {
  json_writer w;
  w.begin_object();
  statistics_members(w, head, s);
  return w.end_object().take();
}

std::string graph_text(fields head, const graph_statistics& s, const std::optional<misere_figures>& misere,
                       const std::string& tail) {
  if (misere) {
    head.emplace_back("misere", fmt::format("{} (misère play: the player to move {})", to_char(misere->start),
                                            misere->start == outcome::n ? "wins" : "loses"));
    head.emplace_back("misere P-positions", std::to_string(misere->p_positions));
  }
  return statistics_text(head, s) + tail;
}

std::string graph_json(fields head, const graph_statistics& s, const std::optional<misere_figures>& misere,
                       const fields& tail) {
  head = json_fields(head);
  if (misere) {
    head.emplace_back("misere_outcome", json_quoted(std::string(1, to_char(misere->start))));
    head.emplace_back("misere_p_positions", std::to_string(misere->p_positions));
  }
  json_writer w;
  w.begin_object();
  statistics_members(w, head, s);
  for (const auto& [key, value] : tail)
    w.key(key).raw(value);
  return w.end_object().take();
}

std::string table_row_json(unsigned colors, unsigned tablets, const graph_statistics& s,
                           const std::optional<misere_figures>& misere) {
  fields head{{"colors", std::to_string(colors)}, {"tablets", std::to_string(tablets)}};
  if (misere) {
    head.emplace_back("misere_outcome", json_quoted(std::string(1, to_char(misere->start))));
    head.emplace_back("misere_p_positions", std::to_string(misere->p_positions));
  }
  return statistics_json(head, s);
}

} // namespace grundy::io
