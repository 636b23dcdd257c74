// grundy misere RULE --max-heap N: the misère quotient of a heap game on heaps 1..N (its order,
// P-portion, presentation and the element of each heap), the genus of each heap with --genus,
// and a quotient saved with --save FILE and shown again with --load FILE.

#include "cli.hpp"
#include "commands.hpp"
#include "exploration.hpp"
#include "misere_forms.hpp"
#include "options.hpp"

#include <grundy/io/json_writer.hpp>
#include <grundy/io/output_file.hpp>
#include <grundy/io/quotient_file.hpp>
#include <grundy/io/quotient_report.hpp>
#include <grundy/io/quotient_text.hpp>
#include <grundy/memory.hpp>
#include <grundy/misere/genus.hpp>
#include <grundy/misere/quotient.hpp>
#include <grundy/portable_name.hpp>
#include <grundy/stop.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <unistd.h>
#include <vector>

namespace grundy::cli {

namespace {

struct misere_options {
  std::string rule;
  std::string max_heap;
  std::uint64_t max_order = quotient_options{}.max_order;
  std::string max_memory;
  bool genus = false;
  // --genus 4+4: the genus of that sum of heaps alone, without a quotient.
  std::string genus_of;
  std::string form;    // --form 4+4: that sum's simplest misère form
  std::string born_by; // --born-by N: how many simplest forms each day 0..N has
  bool list = false;   // --list: with --born-by, the forms themselves
  std::string out;     // --out FILE: where --list writes them
  std::string save;
  std::string load;
  std::string format = "text";
  bool quiet = false;
};

constexpr std::uint64_t largest_heap = std::numeric_limits<std::uint32_t>::max() - 1;

heap_rule parse_rule(const std::string& text) {
  try {
    return heap_rule::parse(text);
  } catch (const std::invalid_argument& e) {
    throw usage_error(e.what());
  }
}

// A limit or a stop of the engines, in this command's words: the options that govern it.
[[noreturn]] void rethrow_stop(const stopped& e, const std::string& reached) {
  if (!e.by_limit()) throw interrupted_error(fmt::format("interrupted {}", reached));
  const char* advice = e.reason() == stop_reason::memory ? "raise --max-memory if the machine has more"
                                                         : "raise --max-order, or try a smaller --max-heap";
  throw run_error(fmt::format("{} ({}); {}", e.what(), advice, reached));
}

std::uint64_t memory_limit(const misere_options& o) {
  return o.max_memory.empty() ? default_memory_limit() : parse_size(o.max_memory, "--max-memory");
}

misere_quotient compute(const heap_rule& rule, heap_size max_heap, const misere_options& o,
                        const std::atomic<bool>* stop) {
  quotient_options options;
  options.max_order = static_cast<std::size_t>(o.max_order);
  options.max_memory = memory_limit(o);
  options.stop = stop;
  quotient_progress last;
  const bool progress = !o.quiet && ::isatty(STDERR_FILENO) == 1;
  auto shown = std::chrono::steady_clock::time_point{};
  options.on_progress = [&](const quotient_progress& p) {
    last = p;
    if (!progress) return;
    const auto now = std::chrono::steady_clock::now();
    if (now - shown < std::chrono::milliseconds(200)) return;
    shown = now;
    fmt::print(stderr, "\r\033[K{}: heap {} of {}, order {}, {} candidates, {} s", rule.str(), p.heap,
               max_heap, p.order, p.candidates, format_seconds(p.seconds));
  };
  const auto clear = [&] {
    if (progress) fmt::print(stderr, "\r\033[K");
  };
  try {
    auto q = compute_misere_quotient(rule, max_heap, options);
    clear();
    return q;
  } catch (const stopped& e) {
    clear();
    rethrow_stop(e, fmt::format("after heaps 1..{} (order {}) in {} s", last.heap, last.order,
                                format_seconds(last.seconds)));
  }
}

misere_quotient load_quotient(const std::string& path, const misere_options& o,
                              const std::atomic<bool>* stop) {
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored))
    throw usage_error(
        fmt::format("--load '{}' is a directory: give a file --save wrote", portable_name(path)));
  io::quotient_read_options options;
  options.stop = stop;
  // The limit is on the process: what it holds already (the program, its libraries) leaves
  // that much less for the tables.
  const auto limit = memory_limit(o);
  const auto resident = current_memory_bytes();
  options.max_memory = limit == 0 ? 0 : limit > resident ? limit - resident : 1;
  try {
    return io::read_quotient_file(path, options);
  } catch (const io::quotient_file_error& e) {
    // A file that cannot be opened is a run failure; one that is not a quotient, a usage error.
    if (e.system_error() != 0)
      throw run_error(
          fmt::format("cannot read --load '{}': {}", portable_name(path), std::strerror(e.system_error())));
    throw usage_error(fmt::format("--load: {}", e.what()));
  } catch (const stopped& e) {
    // The library's figure is what was left beside the program: the user's is --max-memory.
    if (e.reason() == stop_reason::memory)
      throw run_error(
          fmt::format("loading '{}' needs more than the memory limit of {} (raise --max-memory if "
                      "the machine has more)",
                      portable_name(path), memory_limit_text(limit)));
    rethrow_stop(e, fmt::format("while loading '{}'", portable_name(path)));
  }
}

void save_quotient(const std::string& path, const misere_quotient& q, const std::atomic<bool>* stop) {
  try {
    io::write_quotient_file(path, q, stop);
  } catch (const io::output_refused& e) {
    throw usage_error(fmt::format("--save: {}", e.what()));
  } catch (const io::output_failed& e) {
    throw run_error(fmt::format("--save: {}", e.what()));
  } catch (const io::output_interrupted& e) {
    throw interrupted_error(e.what());
  }
}

using io::heap_genus_report;

heap_genus_report genera(const heap_rule& rule, heap_size max_heap, const misere_options& o,
                         const std::atomic<bool>* stop) {
  genus_options options;
  options.max_memory = memory_limit(o);
  options.stop = stop;
  try {
    return {heap_genera(rule, max_heap, options), heap_tameness(rule, max_heap, options)};
  } catch (const stopped& e) {
    rethrow_stop(e, "while computing the genus of the heaps");
  }
}

std::string heaps_text(const std::vector<heap_size>& heaps) {
  std::string text;
  for (auto h : heaps)
    text += (text.empty() ? "" : ",") + std::to_string(h);
  return "[" + text + "]";
}

std::string names(const misere_quotient& q, const std::vector<misere_quotient::element>& elements) {
  std::string text;
  for (auto x : elements)
    text += (text.empty() ? "" : ", ") + q.name(x);
  return text;
}

char heap_outcome(const misere_quotient& q, heap_size h) { return q.is_p(q.heap(h)) ? 'P' : 'N'; }

void print_text(const misere_quotient& q, const heap_genus_report* g) {
  const auto& p = q.presentation();
  const auto p_portion = q.p_portion();
  const std::pair<const char*, std::string> rows[] = {
      {"rule", fmt::format("{}, heaps 1..{}", q.rule().str(), q.max_heap())},
      {"order", fmt::format("{}", q.order())},
      {"P-portion", fmt::format("{} ({} of {} elements)", names(q, p_portion), p_portion.size(), q.order())},
      {"presentation", p.str()},
      {"decides", q.decides_every_heap()
                      ? std::string("every heap size: heaps past the last add nothing (periodicity test)")
                      : fmt::format("sums of heaps 1..{} only", q.max_heap())},
  };
  for (const auto& [key, value] : rows)
    fmt::print("{:<12}  {}\n", key, value);
  if (g) {
    const auto& t = g->tame;
    fmt::print("{:<12}  {}\n", "tame",
               t.tame ? fmt::format("yes: every position of heaps 1..{} has a tame genus, so misère play "
                                    "follows misère Nim with the heaps' normal values",
                                    q.max_heap())
                      : fmt::format("no: heap {} leads to {}, of genus {}", t.heap, heaps_text(t.position),
                                    t.position_genus.symbol()));
  }
  fmt::print("\n");
  std::size_t width = 7;
  for (heap_size h = 1; h <= q.max_heap(); ++h)
    width = std::max(width, q.name(q.heap(h)).size());
  const auto heap_width = std::max<std::size_t>(4, std::to_string(q.max_heap()).size());
  fmt::print("{:>{}}  {:<{}}  outcome{}\n", "heap", heap_width, "element", width, g ? "  genus" : "");
  for (heap_size h = 1; h <= q.max_heap(); ++h) {
    const auto name = q.name(q.heap(h));
    if (g)
      fmt::print("{:>{}}  {:<{}}  {:<7}  {}\n", h, heap_width, name, width, heap_outcome(q, h),
                 g->heaps[h].symbol());
    else
      fmt::print("{:>{}}  {:<{}}  {}\n", h, heap_width, name, width, heap_outcome(q, h));
  }
}

void print_json(const misere_quotient& q, const heap_genus_report* g) {
  fmt::print("{}\n", io::quotient_json(q, g));
}

// grundy misere RULE --genus 4+4: one sum's genus, which needs no quotient.
void run_sum_genus(const misere_options& o, const std::optional<heap_rule>& rule) {
  if (!rule)
    throw usage_error("--genus 4+4 needs the heap rule first, as in: grundy misere 0.07 --genus 4+4");
  const std::pair<const std::string*, const char*> others[] = {
      {&o.max_heap, "--max-heap"}, {&o.load, "--load"}, {&o.save, "--save"}};
  for (const auto& [given, name] : others)
    if (!given->empty())
      throw usage_error(fmt::format("--genus {} gives the genus of that sum alone; it takes no {} (use "
                                    "--genus without a sum for each heap of a quotient)",
                                    portable_name(o.genus_of), name));
  const heaps sum = read_heap_sum(o.genus_of, "--genus");
  genus_options options;
  options.max_memory = memory_limit(o);
  const interruption stop;
  options.stop = stop.flag();
  genus g;
  try {
    g = position_genus(*rule, sum, options);
  } catch (const stopped& e) {
    rethrow_stop(e, "while computing the genus of the sum");
  }
  if (o.format == "json") {
    io::json_writer w;
    w.begin_object().member("rule", rule->str()).key("heaps").values(sum).key("genus").begin_object();
    w.member("symbol", g.symbol()).member("normal", g.normal).key("gammas").values(g.gammas).end_object();
    fmt::print("{}\n", w.member("nim_position", g.of_nim_position()).end_object().take());
    return;
  }
  fmt::print("rule      {}\nposition  {}\ngenus     {}{}\n", rule->str(), heap_sum_text(sum), g.symbol(),
             g.of_nim_position() ? " (a position of Nim's genus)" : "");
}

void run(const misere_options& o) {
  if (o.format != "text" && o.format != "json")
    throw usage_error(fmt::format("--format takes text or json, not '{}'", portable_name(o.format)));
  if (!o.born_by.empty()) {
    if (!o.rule.empty() || !o.max_heap.empty() || !o.form.empty() || o.genus)
      throw usage_error("--born-by counts every misère game born by a day; it takes no rule, "
                        "--max-heap, --form or --genus");
    if (o.list)
      list_born_by(o.born_by, o.format, o.out);
    else if (!o.out.empty())
      throw usage_error("--out FILE writes the list of --born-by N --list");
    else
      print_born_by(o.born_by, o.format);
    return;
  }
  if (o.list || !o.out.empty()) throw usage_error("--list and --out go with --born-by N");
  std::optional<heap_rule> rule;
  if (!o.rule.empty()) rule = parse_rule(o.rule);
  if (!o.form.empty()) {
    if (!rule)
      throw usage_error("--form 4+4 needs the heap rule first, as in: grundy misere 0.07 --form 4+4");
    if (!o.max_heap.empty() || !o.load.empty() || !o.save.empty() || o.genus)
      throw usage_error(fmt::format("--form {} gives the simplest form of that sum alone; it takes no "
                                    "--max-heap, --load, --save or --genus",
                                    portable_name(o.form)));
    print_heap_form(*rule, o.form, memory_limit(o), o.quiet, o.format);
    return;
  }
  if (!o.genus_of.empty()) {
    run_sum_genus(o, rule);
    return;
  }
  std::optional<heap_size> max_heap;
  if (!o.max_heap.empty())
    max_heap = static_cast<heap_size>(parse_whole(o.max_heap, "--max-heap", 1, largest_heap));
  if (o.load.empty()) {
    if (!rule)
      throw usage_error("give a heap rule, as in: grundy misere 0.07 --max-heap 30 (or --load FILE)");
    if (!max_heap)
      throw usage_error("give --max-heap N, the largest heap of the quotient, as in: grundy misere "
                        "0.07 --max-heap 30");
  }
  std::vector<std::string> inputs;
  if (!o.load.empty()) inputs.push_back(o.load);
  if (!o.save.empty()) check_output_file(o.save, "--save", inputs);

  const interruption stop;
  std::optional<misere_quotient> q;
  if (!o.load.empty()) {
    q = load_quotient(o.load, o, stop.flag());
    // The file is the quotient: what was typed may only name it again.
    if (rule && !(*rule == q->rule()))
      throw usage_error(fmt::format("'{}' holds the quotient of {}, not of {}", portable_name(o.load),
                                    q->rule().str(), rule->str()));
    if (max_heap && *max_heap != q->max_heap())
      throw usage_error(fmt::format("'{}' holds the quotient on heaps 1..{}, not 1..{} (--max-heap)",
                                    portable_name(o.load), q->max_heap(), *max_heap));
  } else {
    q = compute(*rule, *max_heap, o, stop.flag());
  }
  heap_genus_report g;
  if (o.genus) g = genera(q->rule(), q->max_heap(), o, stop.flag());
  if (!o.save.empty()) save_quotient(o.save, *q, stop.flag());
  if (o.format == "json")
    print_json(*q, o.genus ? &g : nullptr);
  else
    print_text(*q, o.genus ? &g : nullptr);
}

} // namespace

void add_misere_command(CLI::App& app) {
  auto o = std::make_shared<misere_options>();
  auto* cmd =
      app.add_subcommand("misere", "The misère quotient of a heap game on heaps 1..N, and the genus of "
                                   "each heap");
  cmd->add_option(
      "rule", o->rule,
      "the heap rule: an octal or hexadecimal code (0.07), S(1,3,4), allbut(1,3,4), grundy or squares");
  refuse_empty(cmd->add_option("--max-heap", o->max_heap, "the quotient of sums of heaps 1..N"),
               "a heap size");
  add_whole_option(*cmd, "--max-order", o->max_order, "give up past a quotient of this order", 1,
                   1'000'000'000)
      ->default_str(std::to_string(o->max_order));
  refuse_empty(cmd->add_option("--max-memory", o->max_memory,
                               "memory the computation may hold: 800M, 6G (default: 3/4 of the memory free)"),
               "a size such as 800M or 6G");
  auto* genus =
      cmd->add_option("--genus", o->genus_of,
                      "also the genus of each heap, and whether the game is tame on them; with a sum of "
                      "heaps (--genus 4+4), the genus of that sum alone")
          ->expected(0, 1);
  refuse_empty(
      cmd->add_option("--form", o->form,
                      "the simplest misère form of a sum of heaps (--form 4+4), from its game graph"),
      "a sum of heaps such as 4+4");
  refuse_empty(cmd->add_option("--born-by", o->born_by,
                               "count the misère games in simplest form born by each day 0..N (N <= 5)"),
               "a day from 0 to 5");
  cmd->add_flag("--list", o->list,
                "with --born-by N: list the games born by day N (their birthday, misère outcome and form)");
  refuse_empty(cmd->add_option("--out", o->out, "with --list: write the list to FILE (day 5's needs one)"),
               "a file name");
  refuse_empty(cmd->add_option("--save", o->save, "write the quotient to FILE, for --load"), "a file name");
  refuse_empty(
      cmd->add_option("--load", o->load,
                      "show the quotient FILE holds, without computing it (a RULE or --max-heap typed "
                      "must be the file's)"),
      "a file name");
  refuse_empty(cmd->add_option("--format", o->format, "text or json"), "text or json");
  cmd->add_flag("--quiet,-q", o->quiet, "no progress line on stderr");
  cmd->callback([o, genus] {
    o->genus = genus->count() > 0;
    run(*o);
  });
}

} // namespace grundy::cli
