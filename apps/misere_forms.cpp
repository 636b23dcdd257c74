// Misère simplest forms on the command line (docs/cli-guide.md, "Misère simplest forms").

#include "misere_forms.hpp"

#include "cli.hpp"
#include "exploration.hpp"
#include "options.hpp"

#include <grundy/games/heap.hpp>
#include <grundy/games/heap_notation.hpp>
#include <grundy/graph.hpp>
#include <grundy/misere/forms.hpp>
#include <grundy/portable_name.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

namespace grundy::cli {

namespace {

// A form's text grows exponentially with its birthday: past this many characters it is cut.
constexpr std::size_t longest_name = 4000;

} // namespace

heaps read_heap_sum(const std::string& typed, const char* option) {
  std::string text = typed;
  std::replace(text.begin(), text.end(), '+', ',');
  try {
    return parse_heaps_text(text);
  } catch (const std::invalid_argument& e) {
    throw usage_error(fmt::format("{} takes a sum of heaps such as 4+4: {}", option, e.what()));
  }
}

std::string heap_sum_text(const heaps& sum) {
  std::string text;
  for (auto h : sum)
    text += (text.empty() ? "" : "+") + std::to_string(h);
  return text.empty() ? "0" : text;
}

void print_heap_form(const heap_rule& rule, const std::string& typed, std::uint64_t max_memory, bool quiet,
                     const std::string& format) {
  const heaps start = read_heap_sum(typed, "--form");
  const heap_game game(rule);
  const interruption stop;
  progress_line line(quiet);
  exploration_flags flags;
  flags.quiet = quiet;
  auto options = make_build_options(flags, line, stop);
  options.max_memory = max_memory;
  misere_forms forms;
  misere_forms::form form = 0;
  const std::string sum = heap_sum_text(start);
  // A graph past --max-memory or stopped is reported as any exploration is (processes.cpp).
  const auto gg = build_graph(game, game.canonical(start), options);
  line.clear();
  try {
    form = misere_forms_of(gg.graph, forms, stop.flag())[0];
  } catch (const stopped&) {
    throw interrupted_error("interrupted while making the form of " + sum);
  }
  const auto name = forms.name(form, longest_name);
  const auto nim = forms.nim_value(form);
  if (format == "json") {
    fmt::print("{{\"rule\": {}, \"heaps\": [{}], \"form\": {}, \"complete\": {}, \"outcome\": \"{}\", "
               "\"birthday\": {}, \"nim_heap\": {}}}\n",
               json_string(rule.str()), fmt::join(start, ", "), json_string(name),
               name.size() <= longest_name, forms.is_p(form) ? 'P' : 'N', forms.birthday(form),
               nim ? std::to_string(*nim) : "null");
    return;
  }
  fmt::print("rule      {}\nposition  {}\nform      {}\noutcome   {} in misère play\nbirthday  {}\n",
             rule.str(), sum, name, forms.is_p(form) ? 'P' : 'N', forms.birthday(form));
}

void print_born_by(const std::string& typed, const std::string& format) {
  const auto day = static_cast<unsigned>(parse_whole(typed, "--born-by", 0, max_counted_day));
  const interruption stop;
  struct row {
    unsigned day;
    std::uint64_t games;
    double seconds;
  };
  std::vector<row> rows;
  for (unsigned d = 0; d <= day; ++d) {
    const auto started = std::chrono::steady_clock::now();
    std::uint64_t games = 0;
    try {
      games = count_born_by(d, stop.flag());
    } catch (const stopped&) {
      throw interrupted_error(fmt::format("interrupted while counting the games born by day {}", d));
    }
    rows.push_back(
        {d, games, std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count()});
  }
  if (format == "json") {
    std::string items;
    for (const auto& r : rows)
      items += fmt::format("{}{{\"day\": {}, \"games\": {}, \"seconds\": {:.3f}}}", items.empty() ? "" : ", ",
                           r.day, r.games, r.seconds);
    fmt::print("{{\"born_by\": [{}]}}\n", items);
    return;
  }
  fmt::print("day  games born by it  seconds\n");
  for (const auto& r : rows)
    fmt::print("{:>3}  {:>16}  {:.3f}\n", r.day, with_thousands(r.games), r.seconds);
}

} // namespace grundy::cli
