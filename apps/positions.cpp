#include "positions.hpp"

#include "cli.hpp"
#include "exploration.hpp"
#include "options.hpp"

#include <grundy/memory.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cctype>
#include <utility>

namespace grundy::cli {

namespace {

// The words of the command line: --k, "give --undirected", "grundy hint nim 3 4 5".
front_end_words command_line_words(const std::string& command) {
  return {[](std::string_view parameter) { return fmt::format("--{}", parameter); },
          [](std::string_view flag) { return fmt::format("give --{}", flag); },
          [command](std::string_view game, std::string_view words) {
            return fmt::format("grundy {} {} {}", command, game, words);
          }};
}

// The command line's one-letter options, its own words for the games' parameters of the same
// name (-c for --colors): the entries name a parameter once for every front end.
constexpr std::pair<std::string_view, char> short_flags[] = {{"colors", 'c'}, {"tablets", 'n'}, {"k", 'k'}};

std::string option_names(std::string_view parameter) {
  for (const auto& [name, letter] : short_flags)
    if (name == parameter) return fmt::format("--{},-{}", parameter, letter);
  return fmt::format("--{}", parameter);
}

// The games owning each parameter, for its help: "tablettes: number of colours C".
std::string owners(std::string_view parameter) {
  std::vector<std::string_view> names;
  for_each_game(builtin_games{}, [&](auto entry) {
    using E = typename decltype(entry)::type;
    for (const auto& p : E::parameters)
      if (p.name == parameter) names.push_back(E::name);
  });
  return fmt::format("{}", fmt::join(names, ", "));
}

std::vector<std::string> game_name_list() {
  std::vector<std::string> names;
  for_each_game(builtin_games{}, [&](auto entry) { names.emplace_back(decltype(entry)::type::name); });
  return names;
}

} // namespace

void add_position_arguments(CLI::App& cmd, position_words& w, bool graph) {
  cmd.add_option("game", w.game, game_names(builtin_games{}))
      ->required()
      ->check(CLI::IsMember(game_name_list()));
  // The position's words are collected as extras, not by a CLI11 positional, which would read
  // a word in brackets ("[[0,1],[1,2]]") as a list and drop its commas, and would take a
  // negative heap for an unknown option.
  cmd.allow_extras();
  std::string footer = "POSITION:";
  for_each_game(builtin_games{}, [&](auto entry) {
    using E = typename decltype(entry)::type;
    footer += fmt::format("{} {}: {}", footer.back() == ':' ? "" : ";", E::name, E::position_help);
  });
  cmd.footer(footer);
  for (const auto& p : all_parameters(builtin_games{})) {
    if (p.graph_only && !graph) continue;
    const auto name = std::string(p.name);
    const auto option = option_names(p.name);
    const auto help = fmt::format("{}: {}", owners(p.name), p.help);
    auto& named = w.named;
    switch (p.kind) {
    case parameter_kind::flag:
      cmd.add_flag_callback(
          option, [&named, name] { named[name] = "true"; }, help);
      break;
    case parameter_kind::whole:
      cmd.add_option_function<std::string>(
             option,
             [&named, name, p](const std::string& text) {
               parse_whole(text, "--" + name, p.low, p.high);
               named[name] = text;
             },
             help)
          ->type_name("UINT");
      break;
    case parameter_kind::whole_list:
      // '' is refused as a count, not read as the parameter left out.
      cmd.add_option_function<std::string>(
          option,
          [&named, name, p](const std::string& text) {
            if (text.empty()) parse_whole(text, "--" + name, p.low, p.high);
            named[name] = text;
          },
          help);
      break;
    case parameter_kind::text:
      refuse_empty(cmd.add_option_function<std::string>(
                       option, [&named, name](const std::string& text) { named[name] = text; }, help),
                   p.needs.empty() ? std::string_view("a value") : p.needs);
      break;
    }
  }
}

void take_position_words(const CLI::App& cmd, position_words& w) {
  w.command = cmd.get_name();
  w.args = cmd.remaining();
  for (auto& word : w.args)
    if (word.size() > 1 && word[0] == '-' && !std::isdigit(static_cast<unsigned char>(word[1])))
      throw usage_error(
          fmt::format("unknown option '{}' (see grundy {} --help)", portable_name(word), cmd.get_name()));
}

std::vector<std::string> input_files(const position_words& w) {
  position_text text;
  text.words = w.args;
  std::vector<std::string> files;
  for_each_game(builtin_games{}, [&](auto entry) {
    using E = typename decltype(entry)::type;
    if (E::name == w.game) files = entry_traits::inputs<E>(text);
  });
  return files;
}

build_options graph_limits(std::uint64_t max_states, const std::atomic<bool>* stop) {
  build_options options;
  options.max_states = max_states;
  options.max_memory = default_memory_limit();
  options.stop = stop;
  return options;
}

any_position parse_position(const position_words& w) {
  position_text text;
  text.words = w.args;
  text.named = w.named;
  text.say = command_line_words(w.command);
  text.max_memory = w.max_memory;
  const interruption stop; // a big file, or a pipe that never ends, stops on Ctrl-C
  text.stop = stop.flag();
  try {
    return grundy::parse_position(builtin_games{}, w.game, text);
  } catch (const stopped& e) {
    if (!e.has_figures()) throw;
    if (e.by_limit()) {
      if (w.memory_option.empty()) throw run_error(e.what());
      throw run_error(fmt::format("{} (set by {})", e.what(), w.memory_option));
    }
    const auto inputs = input_files(w);
    throw interrupted_error(inputs.empty() ? std::string("interrupted while reading the position")
                                           : fmt::format("interrupted while reading the graph file {}",
                                                         portable_name(inputs[0])));
  }
}

void check_moves_fit(const any_position& position, bool listing) {
  visit_position(position, [&](auto entry, const auto& p) {
    entry_traits::check_moves<typename decltype(entry)::type>(p, listing);
  });
}

void check_expansion_fits(const any_position& position, std::uint64_t max_memory) {
  visit_position(position, [&](auto entry, const auto& p) {
    entry_traits::check_expansion<typename decltype(entry)::type>(p, max_memory);
  });
}

} // namespace grundy::cli
