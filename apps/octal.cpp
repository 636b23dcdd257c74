// grundy octal CODE ...: the Grundy values of an octal game, computed until their periodicity
// is proven; grundy octal --survey DIGITS: every code with that many digits at once. A long
// run saves itself with --checkpoint FILE and continues with --resume FILE.

#include "cli.hpp"
#include "commands.hpp"
#include "exploration.hpp"
#include "options.hpp"
#include "positions.hpp"
#include "sequence_output.hpp"

#include <grundy/heap/analysis.hpp>
#include <grundy/io/json_writer.hpp>
#include <grundy/io/output_file.hpp>
#include <grundy/io/sequence_report.hpp>
#include <grundy/memory.hpp>
#include <grundy/octal/checkpoint.hpp>
#include <grundy/octal/survey.hpp>

#include <fmt/format.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <memory>
#include <new>
#include <optional>
#include <ostream>
#include <string>
#include <thread>
#include <unistd.h>

#if GRUNDY_MPI
#include <grundy/distributed.hpp>
#include <grundy/distributed/octal.hpp>
#endif

namespace grundy::cli {

namespace {

struct octal_options {
  std::string code;
  std::string max;
  std::string method = "auto";
  bool keep_going = false;
  std::string out;
  std::string format;
  bool quiet = false;
  std::string survey;
  std::string checkpoint;
  std::string resume;
  double checkpoint_every = 300;
  unsigned threads = 0;
  bool rank_stats = false;
};

// Text with a point and no parenthesis is an octal code, refused in the words of codes when
// it is not one; anything else is read as a heap rule.
bool looks_octal(const std::string& text) {
  return text.find('.') != std::string::npos && text.find('(') == std::string::npos;
}

bool show_progress(const octal_options& o) { return !o.quiet && ::isatty(STDERR_FILENO) == 1; }

void clear_progress() { fmt::print(stderr, "\r\033[K"); }

// `out` is standard error when the values themselves went to standard output (--out -), so
// that the two can be told apart in a pipe.
void print_analysis(const heap_analysis& a, const std::string& format, std::FILE* out) {
  const auto& p = a.period;
  if (format == "json") {
    fmt::print(out, "{}\n", io::octal_sequence_json(a));
    return;
  }
  std::string period = a.periodicity_checked ? "none seen" : not_looked_for;
  if (p && p->saltus != 0) // hexadecimal codes only: proven by the arithmetic-periodicity test
    period = period_text(*p, a.values_to_prove);
  else if (p && p->proven)
    period = fmt::format("{} from heap {} on (proven: the theorem needs {} values)", p->period, p->preperiod,
                         a.values_to_prove.value_or(0));
  else if (p)
    period = fmt::format("{} from heap {} on, not proven (the theorem needs {} values)", p->period,
                         p->preperiod, a.values_to_prove.value_or(0));
  std::string rare = "-";
  if (a.split.mask != 0)
    rare = fmt::format("mask {}{}, {} rare heaps", a.split.mask,
                       a.split.heap_parity ? " with heap parity" : "", a.rare_count);
  std::string first;
  if (a.values.empty()) first = "-"; // a run interrupted before its first value
  const std::size_t shown = std::min<std::size_t>(a.values.size(), 40);
  for (std::size_t n = 0; n < shown; ++n)
    first += fmt::format("{}{}", n ? " " : "", a.values[n]);
  if (shown < a.values.size()) first += " ...";
  const std::pair<const char*, std::string> rows[] = {
      {"code", a.rule.str()},
      {"values",
       fmt::format("{} in {} s, {} engine",
                   a.values.empty() ? std::string("none") : fmt::format("G(0..{})", a.values.size() - 1),
                   format_seconds(a.seconds), a.method)},
      {"max value", fmt::format("{}", a.values.max_value())},
      {"period", period},
      {"rare", rare},
      {"first", first},
  };
  for (const auto& [key, value] : rows)
    fmt::print(out, "{:<9}  {}\n", key, value);
}

octal_checkpoint load_checkpoint(const std::string& path) {
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored))
    throw usage_error(
        fmt::format("--resume '{}' is a directory: give the checkpoint file", portable_name(path)));
  std::ifstream in(path, std::ios::binary);
  if (!in) throw run_error(fmt::format("cannot read '{}': {}", portable_name(path), std::strerror(errno)));
  try {
    return read_checkpoint(in);
  } catch (const invalid_checkpoint& e) {
    throw usage_error(fmt::format("'{}' is {}", portable_name(path), e.what()));
  }
}

// The saved run, with what the command line may change: a larger --max (a run carried
// further), --keep-going. The code and the engine, when given, must be the saved ones.
octal_checkpoint resumed_run(const octal_options& o) {
  auto saved = load_checkpoint(o.resume);
  if (!o.code.empty() && octal_code::parse(o.code) != saved.code)
    throw usage_error(fmt::format("'{}' holds a run of {}, not {}", portable_name(o.resume), saved.code.str(),
                                  portable_name(o.code)));
  if (o.method != "auto" && o.method != to_string(saved.method))
    throw usage_error(fmt::format("'{}' holds a run of the {} engine, not {}", portable_name(o.resume),
                                  to_string(saved.method), o.method));
  if (!o.max.empty()) {
    const auto n = parse_max(o.max, 1);
    if (n < saved.values.size())
      throw usage_error(fmt::format("--max {} is below the {} values '{}' holds", n, saved.values.size(),
                                    portable_name(o.resume)));
    saved.max_values = n;
  }
  saved.keep_going = saved.keep_going || o.keep_going;
  return saved;
}

#if GRUNDY_MPI
// What the distribution cost, on stderr: the figures of docs/cluster.md.
void print_rank_stats(const distributed::octal_figures& f) {
  const double per_value = f.values ? static_cast<double>(f.messages) / static_cast<double>(f.values) : 0;
  fmt::print(
      stderr,
      "ranks {}, batch {}, lag {}, round trip {:.1f} us; {} values, {} in the workers' batches; rank 0 "
      "sent and received {} messages ({:.4f} a value), {:.1f} MB, waited {:.3f} s, scanned pairs for {} "
      "proofs ({} pairs, {} through every pair)\n",
      f.ranks, f.batch, f.lag, f.round_trip_seconds * 1e6, f.values, f.distributed_values, f.messages,
      per_value, static_cast<double>(f.bytes) / (1 << 20), f.master_wait_seconds, f.master_proofs,
      f.master_proof_pairs, f.full_scans);
}
#endif

void run_one(const octal_options& o) {
  if (o.code.empty() && o.resume.empty())
    throw usage_error("give an octal code, as in: grundy octal 0.137 (or --survey DIGITS, or --resume FILE)");
  const auto format = o.format.empty() ? std::string("text") : o.format;
  if (format != "text" && format != "json")
    throw usage_error(
        fmt::format("--format takes text or json for one code, not '{}'", portable_name(format)));
  // Taken by the signals from here on, so that a run under mpirun can pass a stop on.
  const interruption stop;
#if GRUNDY_MPI
  // Under mpirun, rank 0 runs as one process would, with the other ranks marking pairs for it
  // (grundy/distributed/octal.hpp) until it lets them go, whatever ends it.
  bool leading = false;
  if (distributed::running()) {
    int rank = 0, ranks = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    if (!o.max.empty()) parse_max(o.max, 1);
    if (rank != 0) {
      distributed::detail::on_this_rank(rank, [&] { distributed::octal_worker(stop.flag(), stop_signal); });
      if (stop.requested()) throw interrupted_error("interrupted");
      return;
    }
    leading = ranks > 1;
  }
  std::optional<octal_checkpoint> saved;
  try {
    if (!o.resume.empty()) saved = resumed_run(o);
  } catch (const run_error& e) {
    if (!leading) throw;
    // The workers end normally, told so: rank 0 alone reports, and no rank aborts the job.
    distributed::release_octal_workers();
    throw distributed::on_all_ranks<run_error>(e.what());
  } catch (...) {
    if (leading) distributed::release_octal_workers();
    throw;
  }
  const auto code = saved ? saved->code : octal_code::parse(o.code);
  std::unique_ptr<distributed::octal_master> master;
  // A worker's stop (its Ctrl-C or SIGTERM) ends the run here as that signal would.
  if (leading)
    master = std::make_unique<distributed::octal_master>(code, stop.flag(),
                                                         [&stop](int signal) { stop.request(signal); });
#else
  if (o.rank_stats) throw usage_error("--rank-stats is for runs under mpirun");
  std::optional<octal_checkpoint> saved;
  if (!o.resume.empty()) saved = resumed_run(o);
  const auto code = saved ? saved->code : octal_code::parse(o.code);
#endif
  analysis_options options;
  if (!o.max.empty()) options.max_values = parse_max(o.max, 1);
  options.method = o.method == "naive"    ? octal_method::naive
                   : o.method == "sparse" ? octal_method::sparse
                                          : octal_method::automatic;
  options.keep_going = o.keep_going;
  options.threads = o.threads; // 0: one or two, as the run measures
  const bool progress = show_progress(o);
  if (progress) {
    options.on_progress = [&,
                           last = std::chrono::steady_clock::time_point{}](const octal_progress& p) mutable {
      const auto now = std::chrono::steady_clock::now();
      if (now - last < std::chrono::milliseconds(200)) return;
      last = now;
      fmt::print(stderr, "\r\033[K{}: heap {}, {:.0f} values/s, {} rare", code.str(), p.values,
                 p.seconds > 0 ? static_cast<double>(p.values) / p.seconds : 0.0, p.rare_count);
    };
  }
  // A resumed run goes on saving itself where it was saved unless told otherwise, so that a
  // second interruption loses no more than the first.
  const std::string checkpoint = o.checkpoint.empty() ? o.resume : o.checkpoint;
  // The run's only input is the checkpoint it resumes from, which it may save to again (as
  // documented); no other output may replace it, and --out may not be the checkpoint.
  std::vector<std::string> inputs;
  if (!o.resume.empty()) inputs.push_back(o.resume);
  const auto checkpoint_option = o.checkpoint.empty() ? "--resume" : "--checkpoint";
  bool checkpoint_failed = false;
  if (!checkpoint.empty()) {
    // A long run should not end in "cannot write": the file is tried before the first value.
    check_output_file(checkpoint, checkpoint_option);
    options.checkpoint_seconds = o.checkpoint_every;
    // Written on interruption too, so without the stop flag. A checkpoint that cannot be
    // written (its folder removed, the disk full) costs the run nothing but the checkpoint: the
    // values computed so far still reach their output, so it warns and goes on.
    options.on_checkpoint = [&](const octal_checkpoint& c) {
      try {
        write_file_atomically(checkpoint, [&](std::ostream& os) { write_checkpoint(os, c); });
        if (checkpoint_failed) {
          if (progress) clear_progress();
          fmt::print(stderr, "grundy: note: {} '{}' is saved again\n", checkpoint_option,
                     portable_name(checkpoint));
        }
        checkpoint_failed = false;
      } catch (const std::exception& e) {
        if (!checkpoint_failed) {
          if (progress) clear_progress();
          fmt::print(stderr, "grundy: warning: {} '{}' was not saved ({}); the run goes on\n",
                     checkpoint_option, portable_name(checkpoint), e.what());
        }
        checkpoint_failed = true;
      }
    };
  }
  if (!o.out.empty()) {
    auto reserved = inputs;
    if (!checkpoint.empty()) reserved.push_back(checkpoint);
    check_output_file(o.out, "--out", reserved);
    if (!checkpoint.empty() && io::same_output(o.out, checkpoint))
      throw usage_error(fmt::format("--out and {} both write '{}': give them different files",
                                    checkpoint_option, portable_name(o.out)));
  }
  std::FILE* summary =
      !o.out.empty() && io::resolve_output(o.out).kind == io::output_kind::standard_output ? stderr : stdout;
  options.stop = stop.flag();
#if GRUNDY_MPI
  if (master) {
    options.engine = master.get();
    auto progress_callback = std::move(options.on_progress);
    options.on_progress = [&master, progress_callback](const octal_progress& p) {
      master->poll(); // between chunks, and through a run that leaves the workers idle
      if (progress_callback) progress_callback(p);
    };
  }
#endif
  const auto a = saved ? resume_octal(std::move(*saved), options) : analyse(code, options);
  if (progress) clear_progress();
  if (a.interrupted) {
    print_analysis(a, format, summary);
    std::fflush(summary);
    throw interrupted_error(fmt::format(
        "interrupted after {} values in {} s{}", a.values.size(), format_seconds(a.seconds),
        checkpoint.empty()  ? std::string(" (--checkpoint FILE saves a run)")
        : checkpoint_failed ? fmt::format("; '{}' could not be saved", portable_name(checkpoint))
                            : fmt::format("; saved in '{}' for --resume", portable_name(checkpoint))));
  }
#if GRUNDY_MPI
  if (master && o.rank_stats) print_rank_stats(master->figures());
  master.reset(); // the workers have nothing more to do
#endif
  if (!o.out.empty()) write_values(o.out, a.values, stop.flag(), inputs);
  print_analysis(a, format, summary);
}

void run_survey(const octal_options& o) {
  const auto format = o.format.empty() ? std::string("md") : o.format;
  if (format != "md" && format != "csv" && format != "json")
    throw usage_error(
        fmt::format("--format takes md, csv or json with --survey, not '{}'", portable_name(format)));
  if (!o.code.empty()) throw usage_error("--survey runs every code itself: give no code with it");
  if (o.rank_stats) throw usage_error("--rank-stats is for one code under mpirun");
  if (o.keep_going || !o.out.empty() || o.method != "auto" || !o.checkpoint.empty() || !o.resume.empty())
    throw usage_error("--survey does not take --keep-going, --out, --method, --checkpoint or --resume");
  if (o.max.empty()) throw usage_error("--survey needs --max N, the values to compute per code at most");
  survey_options options;
  const auto digits = parse_whole(o.survey, "--survey", 1, 8);
  options.digits = static_cast<std::size_t>(digits);
  options.threads = o.threads ? o.threads : std::max(1u, std::thread::hardware_concurrency());
  options.max_values = parse_max(o.max, options.threads);
  if (show_progress(o))
    options.on_progress = [](std::size_t done, std::size_t total) {
      fmt::print(stderr, "\r\033[Ksurvey: {} of {} codes", done, total);
    };
  const interruption stop;
  options.stop = stop.flag();
  const auto rows = survey_octal(options);
  if (show_progress(o)) clear_progress();
  const std::size_t total = std::size_t{7} << (3 * (options.digits - 1)); // 7 * 8^(digits - 1) codes

  const auto cell = [](const std::optional<periodicity>& p, bool period) -> std::string {
    if (!p) return "";
    if (!period) return fmt::format("{}", p->preperiod);
    // Finite octal codes are never arithmetic-periodic, but the last values of an open code may
    // look so: the saltus keeps such a period from reading as an ordinary one.
    return p->saltus ? fmt::format("{} (saltus {})", p->period, p->saltus) : fmt::format("{}", p->period);
  };
  std::size_t settled = 0, failed = 0;
  for (const auto& r : rows) {
    settled += r.settled();
    failed += r.failed();
  }
  const auto status = [](const survey_row& r) {
    return r.failed() ? "error" : r.settled() ? "periodic" : "open";
  };
  // A message is one line of the table: its cell separators and line ends would break it.
  const auto message = [](const survey_row& r, char separator) {
    // A code that ran out of memory says what governs it, not the exception's name.
    std::string m = r.error == std::bad_alloc().what() ? "out of memory: lower --max or --threads" : r.error;
    for (char& c : m)
      if (c == separator || c == '\n' || c == '\r') c = ' ';
    return m;
  };
  if (format == "md") {
    fmt::print("| code | status | preperiod | period | max value | values | seconds |{}\n",
               failed ? " error |" : "");
    fmt::print("|:--|:--|--:|--:|--:|--:|--:|{}\n", failed ? ":--|" : "");
    for (const auto& r : rows)
      fmt::print("| {} | {} | {} | {} | {} | {} | {} |{}\n", r.code.str(), status(r), cell(r.period, false),
                 cell(r.period, true), r.max_value, r.values, format_seconds(r.seconds),
                 failed ? fmt::format(" {} |", message(r, '|')) : std::string());
    fmt::print("\n{} of {} codes proven periodic within {} values{}.\n", settled, rows.size(),
               options.max_values, failed ? fmt::format("; {} failed", failed) : std::string());
  } else if (format == "csv") {
    fmt::print("code,status,preperiod,period,max_value,values,seconds{}\n", failed ? ",error" : "");
    for (const auto& r : rows)
      fmt::print("{},{},{},{},{},{},{:.6f}{}\n", r.code.str(), status(r), cell(r.period, false),
                 cell(r.period, true), r.max_value, r.values, r.seconds,
                 failed ? "," + message(r, ',') : std::string());
  } else {
    io::json_writer w;
    w.begin_array(io::json_lines);
    for (const auto& r : rows) {
      const auto& p = r.period;
      w.begin_object().member("code", r.code.str()).member("status", status(r)).member("values", r.values);
      w.member("max_value", r.max_value).member("preperiod", p ? std::optional(p->preperiod) : std::nullopt);
      w.member("period", p ? std::optional(p->period) : std::nullopt).member("proven", r.settled());
      w.key("seconds").fixed(r.seconds, 6);
      if (r.failed()) w.member("error", r.error);
      fmt::print("{}", w.end_object().take());
    }
    fmt::print("{}\n", w.end_array().take());
  }
  // The finished rows stand as output, as a table's do when a cell is stopped.
  if (rows.size() < total) {
    std::fflush(stdout);
    throw interrupted_error(fmt::format("interrupted after {} of {} codes", rows.size(), total));
  }
  // The table stands, the failures in it; the exit status says that it is not whole.
  if (failed) {
    std::fflush(stdout);
    throw run_error(fmt::format("{} of {} codes failed: status error in the table", failed, total));
  }
}

} // namespace

void add_octal_command(CLI::App& app) {
  auto o = std::make_shared<octal_options>();
  auto* cmd = app.add_subcommand(
      "octal", "Grundy values of an octal game or any heap rule, until their periodicity is proven");
  cmd->add_option("code", o->code,
                  "the code, as in 0.137, .137, 4.7 or 0.F (hexadecimal), or a heap rule: S(1,3,4), "
                  "allbut(1,2), grundy, squares");
  // Checked as typed, so that '' is refused rather than read as no --max.
  cmd->add_option("--max", o->max, "compute at most N values G(0..N-1) (default 10000000)")
      ->each([](const std::string& text) {
        parse_whole(text, "--max", 1, std::numeric_limits<std::uint32_t>::max());
      });
  cmd->add_option("--method", o->method, "auto, naive or sparse")
      ->check(CLI::IsMember({"auto", "naive", "sparse"}));
  cmd->add_flag("--keep-going", o->keep_going, "compute all N values even once the period is proven");
  refuse_empty(cmd->add_option("--out", o->out, "write G(0..n) to FILE, one value per line"), "a file name");
  refuse_empty(cmd->add_option("--format", o->format, "text or json; with --survey: md, csv or json"),
               "text or json (md, csv or json with --survey)");
  cmd->add_flag("--quiet,-q", o->quiet, "no progress line on stderr");
  cmd->add_option("--survey", o->survey, "run every octal code with DIGITS digits after the point")
      ->each([](const std::string& text) { parse_whole(text, "--survey", 1, 8); });
  add_whole_option(
      *cmd, "--threads,-j", o->threads,
      "threads: for one code, to compute its sequence (two at most help; default: one or two, "
      "whichever the run measures faster); with --survey, codes run at once (default: every core)",
      1, 1024);
  refuse_empty(cmd->add_option("--checkpoint", o->checkpoint,
                               "save the run to FILE now and then, and when it ends or is interrupted"),
               "a file name");
  // A week at most: a longer interval is no checkpoint at all, which --checkpoint alone says.
  add_seconds_option(*cmd, "--checkpoint-every", o->checkpoint_every, "seconds between checkpoints", 0,
                     7 * 24 * 3600)
      ->default_str(fmt::format("{}", o->checkpoint_every));
  refuse_empty(
      cmd->add_option(
          "--resume", o->resume,
          "continue the run saved in FILE (its code, engine and --max unless a larger --max is given)"),
      "a file name");
  cmd->add_flag("--rank-stats", o->rank_stats,
                "under mpirun: also print what the distribution cost (batch, lag, messages) on stderr");
  cmd->callback([o] {
#if GRUNDY_MPI
    // Only one octal code's sequence is shared among the ranks of an MPI job.
    if (distributed::running() && (!o->survey.empty() || (!o->code.empty() && !looks_octal(o->code))))
      throw usage_error(
          "under mpirun, grundy octal runs one octal code: --survey and other heap rules run as "
          "one process");
#endif
    // Any other heap rule (S(1,3,4), allbut(1,2), grundy, squares) has its own run: no engine
    // to choose, no checkpoints, no survey.
    if (!o->code.empty() && o->survey.empty() && !looks_octal(o->code)) {
      const auto rule = heap_rule::parse(o->code);
      if (o->method != "auto") throw usage_error("--method chooses an engine for octal codes only");
      if (!o->checkpoint.empty() || !o->resume.empty())
        throw usage_error("--checkpoint and --resume are for octal codes only");
      if (o->rank_stats) throw usage_error("--rank-stats is for octal codes under mpirun");
      run_heap_sequence(rule, {o->max, o->keep_going, o->out, o->format, o->quiet, o->threads});
      return;
    }
    // A code typed with a sign (-0.7) reaches here as the code: refused in the words of codes.
    if (!o->code.empty()) parse_octal_code(o->code);
    if (o->survey.empty())
      run_one(*o);
    else
      run_survey(*o);
  });
}

} // namespace grundy::cli
