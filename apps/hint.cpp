// grundy hint GAME POSITION: who wins, and how, in words a player understands. What a hint says
// is the library's (grundy/io/hint.hpp); this command reads the options and prints it.

#include "cli.hpp"
#include "commands.hpp"
#include "exploration.hpp"
#include "misere_forms.hpp"
#include "options.hpp"
#include "positions.hpp"

#include <grundy/io/games/builtin.hpp>
#include <grundy/io/hint.hpp>
#include <grundy/memory.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <memory>
#include <string>
#include <type_traits>
#include <variant>

namespace grundy::cli {

namespace {

struct hint_command_options {
  position_words where;
  bool misere = false;
  bool all = false;
  bool misere_form = false;
  std::string format = "text";
  std::uint64_t max_states = build_options{}.max_states;
  std::string max_memory; // empty: default_memory_limit()
};

// The cap on the process: the misère quotient is tried within the smaller of its own budget
// and the cap, then any game graph the hint falls back to is held to the cap (the quotient's
// tables are freed before the graph is built, so the two never add up).
std::uint64_t memory_cap(const hint_command_options& o) {
  return o.max_memory.empty() ? default_memory_limit() : parse_size(o.max_memory, "--max-memory");
}

// The octal, heap and Wythoff rules explore no positions but for a misère hint or form: the
// figures of a stopped exploration would all be 0, so their stop is said in one plain line.
template <class G> bool explores(const game_position<G>&, const hint_command_options& o) {
  return !(std::is_same_v<G, octal_game> || std::is_same_v<G, heap_game> ||
           std::is_same_v<G, wythoff_game>) ||
         o.misere || o.misere_form;
}

// The position's simplest misère form, from the game graph below it: any game, heap games
// included (their hint needs no graph, the form does), within the hint's limits.
form_report position_form(const any_builtin_position& position, const build_options& limits) {
  form_report form;
  visit_position(position, [&](auto entry, const auto& p) {
    using E = typename decltype(entry)::type;
    entry_traits::explore<E>(p, [&](const auto& g, const auto& start) {
      const auto gg = build_graph(g, start, limits);
      form = start_form_report(gg.graph, limits.stop);
    });
  });
  return form;
}

void run(const hint_command_options& o) {
  const auto position = parse_position(o.where);
  const interruption stop;
  io::hint_options options;
  options.convention = o.misere ? play_convention::misere : play_convention::normal;
  options.all = o.all;
  options.limits = graph_limits(o.max_states, stop.flag());
  options.limits.max_memory = memory_cap(o);
  if (options.limits.max_memory != 0)
    options.quotient.max_memory = std::min(options.quotient.max_memory, options.limits.max_memory);
  options.listing_advice = "leave out --all, or try smaller heaps";
  try {
    const auto hint = io::compute_hint(position, options);
    // Before anything is printed: a game with a cycle refuses the form, and then no hint is half
    // written.
    const auto form = o.misere_form ? position_form(position, options.limits) : form_report{};
    if (o.format == "json") {
      fmt::print("{}\n",
                 o.misere_form ? io::hint_json(hint, {{"misere_form", form.json}}) : io::hint_json(hint));
    } else {
      io::write_hint_text(std::cout, hint, "--all", stop.flag());
      std::cout << form.text;
    }
  } catch (const stopped& e) {
    // Stopped outside any exploration (the misère quotient, a search for moves, a long list
    // written): no figures to give, one plain line.
    if (!e.by_limit() &&
        (!e.has_figures() || !std::visit([&](const auto& p) { return explores(p, o); }, position)))
      throw interrupted_error(e.what());
    throw;
  }
}

} // namespace

void add_hint_command(CLI::App& app) {
  auto o = std::make_shared<hint_command_options>();
  auto* cmd = app.add_subcommand("hint", "Say whether the player to move wins, and give a winning move");
  add_position_arguments(*cmd, o->where);
  cmd->add_flag("--misere", o->misere, "misère play: the player who makes the last move loses");
  cmd->add_flag("--all", o->all, "list every winning move");
  cmd->add_flag("--misere-form", o->misere_form,
                "also give the position's simplest form in misère play (Conway), from its game graph: "
                "for games without cycles");
  cmd->add_option("--format", o->format, "text or json (one object on one line)")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  add_whole_option(*cmd, "--max-states", o->max_states,
                   "games solved by their graph: stop past this many positions", 1, 0xFFFF'FFFFu)
      ->default_str(std::to_string(o->max_states));
  add_memory_option(*cmd, o->max_memory,
                    "memory the process may hold, the misère quotient and any game graph included: "
                    "800M, 6G (default: 3/4 of the memory free at start)");
  cmd->callback([o, cmd] {
    take_position_words(*cmd, o->where);
    run(*o);
  });
}

} // namespace grundy::cli
