// grundy compound KIND GAME POSITION: the conjunctive, continued conjunctive or selective
// compound of positions of a built-in game. The components are the heaps (or tokens) of the
// position, or the positions written between `+` words; the answer is the library's
// (grundy/io/compound.hpp), this command reads the options and prints it.

#include "cli.hpp"
#include "commands.hpp"
#include "exploration.hpp"
#include "options.hpp"
#include "positions.hpp"

#include <grundy/io/compound.hpp>
#include <grundy/memory.hpp>

#include <fmt/format.h>

#include <memory>
#include <string>
#include <vector>

namespace grundy::cli {

namespace {

struct compound_command_options {
  std::string kind;
  position_words where;
  bool misere = false;
  std::string format = "text";
  std::uint64_t max_states = build_options{}.max_states;
  std::string max_memory; // empty: default_memory_limit()
};

// The positions the words stand for: those between `+` words, each read as a whole position
// of the game, or else the parts of the one position written.
std::vector<any_position> components_of(const position_words& where) {
  std::vector<std::vector<std::string>> groups(1);
  for (const auto& word : where.args)
    if (word == "+")
      groups.emplace_back();
    else
      groups.back().push_back(word);
  if (groups.size() == 1) return io::compound_components(parse_position(where));
  std::vector<any_position> parts;
  for (std::size_t i = 0; i < groups.size(); ++i) {
    if (groups[i].empty())
      throw usage_error(
          fmt::format("component {} is empty: write a position on each side of every '+'", i + 1));
    auto one = where;
    one.args = groups[i];
    parts.push_back(parse_position(one));
  }
  return parts;
}

void run(const compound_command_options& o) {
  const auto kind = as_usage([&] { return io::parse_compound_kind(o.kind); });
  const auto parts = components_of(o.where);
  const interruption stop;
  auto limits = graph_limits(o.max_states, stop.flag());
  limits.max_memory =
      o.max_memory.empty() ? default_memory_limit() : parse_size(o.max_memory, "--max-memory");
  try {
    const auto a = io::compute_compound(kind, parts,
                                        o.misere ? play_convention::misere : play_convention::normal, limits);
    if (o.format == "json")
      fmt::print("{}\n", io::compound_json(a));
    else
      fmt::print("{}", io::compound_text(a));
  } catch (const stopped& e) {
    // Stopped while labelling or deciding: no exploration's figures to give.
    if (!e.by_limit() && !e.has_figures()) throw interrupted_error(e.what());
    throw;
  }
}

} // namespace

void add_compound_command(CLI::App& app) {
  auto o = std::make_shared<compound_command_options>();
  auto* cmd = app.add_subcommand(
      "compound", "Who wins a conjunctive, continued conjunctive or selective compound of positions");
  cmd->add_option("kind", o->kind,
                  "conjunctive (move in every component; over when one is), continued-conjunctive "
                  "(move in every component that can; over when none can) or selective (move in any "
                  "non-empty set of components)")
      ->required();
  add_position_arguments(*cmd, o->where);
  cmd->add_flag("--misere", o->misere, "misère play: the player who makes the last move loses");
  cmd->add_option("--format", o->format, "text or json (one object on one line)")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  add_whole_option(*cmd, "--max-states", o->max_states,
                   "stop past this many positions in a component's graph", 1, 0xFFFF'FFFFu)
      ->default_str(std::to_string(o->max_states));
  add_memory_option(*cmd, o->max_memory,
                    "memory each component's graph may hold: 800M, 6G (default: 3/4 of the memory free "
                    "at start)");
  cmd->footer(cmd->get_footer() +
              "\nCOMPONENTS: the heaps of a Nim, octal or heap position, the tokens of a digraph position, "
              "or whole positions separated by '+' (grundy compound selective wythoff 3 4 + 2 5).");
  cmd->callback([o, cmd] {
    take_position_words(*cmd, o->where);
    run(*o);
  });
}

} // namespace grundy::cli
