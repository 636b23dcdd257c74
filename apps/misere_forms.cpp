// Misère simplest forms on the command line (docs/cli-guide.md, "Misère simplest forms").

#include "misere_forms.hpp"

#include "cli.hpp"
#include "exploration.hpp"
#include "options.hpp"

#include <grundy/games/heap.hpp>
#include <grundy/graph.hpp>
#include <grundy/io/games/heap_notation.hpp>
#include <grundy/io/json_writer.hpp>
#include <grundy/misere/forms.hpp>
#include <grundy/portable_name.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iterator>
#include <ostream>
#include <span>
#include <sstream>
#include <string>
#include <vector>

namespace grundy::cli {

namespace {

// A form's text grows exponentially with its birthday: past this many characters it is cut.
constexpr std::size_t longest_name = 4000;

// A form's members in JSON: its text, whether the text is whole, its misère outcome, its
// birthday and n when it is *n.
void form_members(io::json_writer& w, const misere_forms& forms, misere_forms::form form) {
  const auto name = forms.name(form, longest_name);
  w.member("form", name).member("complete", name.size() <= longest_name);
  w.member("outcome", forms.is_p(form) ? 'P' : 'N').member("birthday", forms.birthday(form));
  w.member("nim_heap", forms.nim_value(form));
}

} // namespace

form_report start_form_report(const csr_graph& g, const std::atomic<bool>* stop) {
  misere_forms forms;
  misere_forms::form form = 0;
  try {
    form = misere_forms_of(g, forms, stop)[0];
  } catch (const std::invalid_argument&) {
    throw usage_error("--misere-form is for games without cycles: this game graph has a cycle");
  } catch (const stopped&) {
    throw interrupted_error(fmt::format("interrupted while making the misère forms of {} positions",
                                        with_thousands(num_vertices(g))));
  }
  io::json_writer w;
  form_members(w.begin_object(), forms, form);
  return {w.end_object().take(),
          fmt::format("{:<13}{} (born on day {}; {} in misère play)\n", "misere form",
                      forms.name(form, longest_name), forms.birthday(form), forms.is_p(form) ? 'P' : 'N')};
}

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
  if (format == "json") {
    io::json_writer w;
    w.begin_object().member("rule", rule.str()).key("heaps").values(start);
    form_members(w, forms, form);
    fmt::print("{}\n", w.end_object().take());
    return;
  }
  const auto name = forms.name(form, longest_name);
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
    io::json_writer w;
    w.begin_object().key("born_by").begin_array();
    for (const auto& r : rows)
      w.begin_object()
          .member("day", r.day)
          .member("games", r.games)
          .key("seconds")
          .fixed(r.seconds, 3)
          .end_object();
    fmt::print("{}\n", w.end_array().end_object().take());
    return;
  }
  fmt::print("day  games born by it  seconds\n");
  for (const auto& r : rows)
    fmt::print("{:>3}  {:>16}  {:.3f}\n", r.day, with_thousands(r.games), r.seconds);
}

namespace {

// One form a line: its birthday, its misère outcome and its text (JSON: one object a line
// inside the list). The forms' count is known before: `count_born_by` gives it.
void write_forms(std::ostream& os, unsigned day, std::uint64_t count, const std::string& format,
                 const std::atomic<bool>* stop) {
  io::json_writer w;
  if (format == "json") {
    w.begin_object().member("born_by", day).member("count", count).key("forms").begin_array(io::json_lines);
    w.flush_to(os);
  } else
    os << "birthday  outcome  form\n";
  std::string line;
  for_each_born_by(
      day,
      [&](const misere_forms& forms, std::span<const misere_forms::form> options) {
        unsigned born = 0;
        for (const auto x : options)
          born = std::max(born, forms.birthday(x) + 1u);
        const char outcome = forms.is_p(options) ? 'P' : 'N';
        const auto name = forms.name_of(options, longest_name);
        if (format == "json") {
          w.begin_object()
              .member("form", name)
              .member("birthday", born)
              .member("outcome", outcome)
              .end_object();
          w.flush_to(os);
          return;
        }
        line.clear();
        fmt::format_to(std::back_inserter(line), "{:>8}  {:<7}  {}\n", born, outcome, name);
        os << line;
      },
      stop);
  if (format == "json") {
    w.end_array().end_object().flush_to(os);
    os << '\n';
  }
}

} // namespace

void list_born_by(const std::string& typed, const std::string& format, const std::string& out) {
  const auto day = static_cast<unsigned>(parse_whole(typed, "--born-by", 0, max_counted_day));
  if (!out.empty()) check_output_file(out, "--out");
  const interruption stop;
  // The count first (two seconds for day 5), to refuse a listing too long for a terminal
  // before any of it is written.
  std::uint64_t count = 0;
  try {
    count = count_born_by(day, stop.flag());
    if (out.empty()) {
      if (count > most_listed_forms)
        throw usage_error(fmt::format("the {} games born by day {} are too many to print: give --out FILE to "
                                      "write them to a file",
                                      with_thousands(count), day));
      std::ostringstream os;
      write_forms(os, day, count, format, stop.flag());
      fmt::print("{}", os.str());
      return;
    }
    write_file_atomically(
        out, [&](std::ostream& os) { write_forms(os, day, count, format, stop.flag()); }, stop.flag());
  } catch (const stopped&) {
    throw interrupted_error(fmt::format("interrupted while listing the games born by day {}", day));
  }
}

} // namespace grundy::cli
