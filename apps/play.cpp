// grundy play GAME POSITION: a game in the terminal, against the computer or another person.

#include "cli.hpp"
#include "commands.hpp"
#include "exploration.hpp"
#include "options.hpp"
#include "positions.hpp"

#include <grundy/strategy/make_strategy.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <variant>
#include <vector>

#include <unistd.h>

namespace grundy::cli {

namespace {

struct play_options {
  position_words where;
  std::string opponent = "perfect";
  std::string first = "me";
  bool hints = false;
  bool misere = false;
  std::optional<std::uint64_t> seed;
  std::uint64_t max_states = build_options{}.max_states;
};

// Longer lists are not printed at every turn; 'moves' shows them on demand.
constexpr std::size_t listed_moves = 40;

// What differs from game to game (its name, how a position is drawn, how a typed move reads)
// is said by its entry in the list of built-in games.
template <class G> using entry_of = entry_for_t<G, builtin_games>;
template <class G> std::string title(const G& g) { return entry_traits::title<entry_of<G>>(g); }
template <class G> std::string show(const G& g, const state_t<G>& s) {
  return entry_traits::show<entry_of<G>>(g, s);
}
template <class G> state_t<G> read_move(const G& g, const state_t<G>& s, std::string_view text) {
  return entry_traits::read_move<entry_of<G>>(g, s, text);
}
template <class G> std::string notation_example(const G& g) {
  return entry_traits::move_example<entry_of<G>>(g);
}

std::string trim(const std::string& line) {
  const auto first = line.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return {};
  return line.substr(first, line.find_last_not_of(" \t\r\n") - first + 1);
}

// A whole number typed alone, or nothing when the text is not one.
std::optional<std::size_t> move_number(const std::string& text) {
  std::size_t n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return n;
}

// One game in progress. Player 0 is the person at the keyboard ("you"); player 1 is the
// computer, or a second person with --opponent human, both typing on the same input. The
// position is kept in canonical form, and a typed move is accepted exactly when it is one of
// the legal moves, so the rules live in the game alone and no input can put the game in a
// state it could not reach. The strategy is built on first use: random play without hints
// never needs it, and for games solved through their graph it is the costly part.
template <class G> class session {
public:
  using state = state_t<G>;

  session(const game_position<G>& p, const play_options& o)
      : game_(p.game), position_(p.start), options_(o),
        convention_(o.misere ? play_convention::misere : play_convention::normal),
        rng_(o.seed ? *o.seed : std::random_device{}()) {}

  void run() {
    fmt::print("{}, {} play: whoever makes the last move {}.\n", title(game_), to_string(convention_),
               convention_ == play_convention::normal ? "wins" : "loses");
    int player = options_.first == "me" ? 0 : 1;
    int last_mover = -1;
    for (;;) {
      fmt::print("\nPosition {}:\n{}", game_.format(position_), show(game_, position_));
      const auto moves = legal_moves(game_, position_);
      if (moves.empty()) return announce(last_mover, player);
      const state next = human(player) ? ask(player, moves) : computer_move(moves);
      if (!human(player)) fmt::print("The computer plays: {}.\n", describe_move(game_, position_, next));
      position_ = next;
      last_mover = player;
      player = 1 - player;
    }
  }

private:
  using strategy_type = decltype(make_strategy(std::declval<const G&>(), std::declval<const state&>()));

  bool human(int player) const { return player == 0 || options_.opponent == "human"; }

  std::string name(int player) const {
    if (options_.opponent == "human") return fmt::format("Player {}", player + 1);
    return player == 0 ? "You" : "The computer";
  }
  std::string wins(int player) const { return name(player) + (name(player) == "You" ? " win" : " wins"); }

  void announce(int last_mover, int to_move) {
    // Normal play: the player who cannot move has lost. Misère play: that player has won.
    const int winner = convention_ == play_convention::normal ? 1 - to_move : to_move;
    if (last_mover < 0)
      fmt::print("No move is possible from this position.\n");
    else
      fmt::print("No move is left: {} made the last move.\n", options_.opponent == "human" ? name(last_mover)
                                                              : last_mover == 0            ? "you"
                                                                                           : "the computer");
    fmt::print("{}!\n", wins(winner));
    std::fflush(stdout);
  }

  // Ctrl-C stops a long graph build, and only that: while the game waits for a move it ends
  // the process, as in any program reading the terminal.
  const strategy_type& strategy() {
    if (!strategy_) {
      const interruption stop;
      strategy_.emplace(
          make_strategy(game_, position_, convention_, graph_limits(options_.max_states, stop.flag())));
    }
    return *strategy_;
  }

  // In a game with cycles, the moves that keep a draw when none wins.
  std::vector<state> drawing_moves() {
    if constexpr (requires { strategy().drawing_moves(position_); })
      return strategy().drawing_moves(position_);
    else
      return {};
  }

  // The remoteness of s where the strategy has it (the game graph's), else nothing.
  std::optional<remoteness_value> remoteness_of(const state& s) {
    if constexpr (requires { strategy().remoteness_of(s); })
      return strategy().remoteness_of(s);
    else
      return std::nullopt;
  }

  // The winning move that ends the game soonest: the first of the fastest, or the first
  // winning move where the strategy has no remoteness.
  state fastest_win(const std::vector<state>& winning) {
    return *std::min_element(winning.begin(), winning.end(), [&](const state& a, const state& b) {
      return remoteness_of(a).value_or(no_remoteness) < remoteness_of(b).value_or(no_remoteness);
    });
  }

  // In a lost position, the move after which the game lasts longest, giving the opponent the
  // most chances to go wrong; nothing where the strategy has no remoteness.
  std::optional<state> slowest_loss(const std::vector<state>& moves) {
    if (!remoteness_of(position_)) return std::nullopt;
    return *std::max_element(moves.begin(), moves.end(), [&](const state& a, const state& b) {
      return remoteness_of(a).value_or(0) < remoteness_of(b).value_or(0);
    });
  }

  state computer_move(const std::vector<state>& moves) {
    if (options_.opponent == "perfect") {
      const auto winning = strategy().winning_moves(position_);
      if (!winning.empty()) return fastest_win(winning);
      const auto drawing = drawing_moves();
      if (!drawing.empty()) return drawing.front();
      if (const auto slowest = slowest_loss(moves)) return *slowest;
    }
    // Random play, and the perfect player's choice in a lost position without remoteness: any
    // move may be the one after which the opponent goes wrong.
    return moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng_)];
  }

  // " You win in 3 moves." after the winning move to s, where the strategy knows it, else nothing.
  std::string after_it(const state& s) {
    const auto r = remoteness_of(s);
    return r ? fmt::format(" You win in {} move{}.", *r + 1, *r == 0 ? "" : "s") : std::string();
  }

  void show_hint(const std::vector<state>& moves) {
    const auto winning = strategy().winning_moves(position_);
    if (winning.empty()) {
      if (const auto drawing = drawing_moves(); !drawing.empty()) {
        const auto number = std::find(moves.begin(), moves.end(), drawing.front()) - moves.begin() + 1;
        fmt::print("Hint: no move wins, but {} (move {}) keeps the draw: the game can go on for ever.\n",
                   describe_move(game_, position_, drawing.front()), number);
        return;
      }
      if (const auto slowest = slowest_loss(moves)) {
        const auto number = std::find(moves.begin(), moves.end(), *slowest) - moves.begin() + 1;
        fmt::print("Hint: no move wins against perfect play here; {} (move {}) holds out longest: the game "
                   "lasts {} more moves against perfect play.\n",
                   describe_move(game_, position_, *slowest), number, *remoteness_of(position_));
        return;
      }
      fmt::print("Hint: no move wins against perfect play here; choose one and hope for a mistake.\n");
      return;
    }
    const auto best = fastest_win(winning);
    const auto number = std::find(moves.begin(), moves.end(), best) - moves.begin() + 1;
    fmt::print("Hint: {} (move {}).{}\n", describe_move(game_, position_, best), number, after_it(best));
  }

  void list(const std::vector<state>& moves) const {
    for (std::size_t i = 0; i < moves.size(); ++i)
      fmt::print("  {:>{}}. {}\n", i + 1, std::to_string(moves.size()).size(),
                 describe_move(game_, position_, moves[i]));
  }

  state ask(int player, const std::vector<state>& moves) {
    if (options_.hints) show_hint(moves);
    if (moves.size() <= listed_moves)
      list(moves);
    else
      fmt::print("{} legal moves ('moves' lists them).\n", moves.size());
    for (;;) {
      fmt::print("{} move (1-{}, or as {}; 'moves', 'hint', 'quit'): ",
                 options_.opponent == "human" ? name(player) + "'s" : std::string("Your"), moves.size(),
                 notation_example(game_));
      std::fflush(stdout);
      std::string line;
      if (!std::getline(std::cin, line)) {
        fmt::print("\n");
        throw run_error("end of input before the game was over");
      }
      // Typed lines show on a terminal; piped ones are echoed so that a transcript reads right.
      if (!echoed_) fmt::print("{}\n", portable_name(line));
      if (auto chosen = understand(trim(line), moves)) return *chosen;
    }
  }

  // The move a line names, or nothing after saying what is wrong with it (or answering a command).
  std::optional<state> understand(const std::string& text, const std::vector<state>& moves) {
    if (text.empty()) return std::nullopt;
    if (text == "quit" || text == "q" || text == "exit")
      throw run_error("the game was abandoned before it was over");
    if (text == "moves" || text == "m") {
      list(moves);
      return std::nullopt;
    }
    if (text == "hint" || text == "h" || text == "?") {
      show_hint(moves);
      return std::nullopt;
    }
    if (const auto n = move_number(text)) {
      if (*n >= 1 && *n <= moves.size()) return moves[*n - 1];
      fmt::print("There is no move {}: choose from 1 to {}.\n", text, moves.size());
      return std::nullopt;
    }
    try {
      const auto after = read_move(game_, position_, text);
      if (std::find(moves.begin(), moves.end(), after) != moves.end()) return after;
      fmt::print("That is not a legal move here.\n");
    } catch (const std::exception& e) { // usage_error and std::invalid_argument: unreadable text
      std::string message = e.what();
      if (!message.empty())
        message[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(message[0])));
      fmt::print("{}.\n", message);
    }
    return std::nullopt;
  }

  G game_;
  state position_;
  play_options options_;
  play_convention convention_;
  std::mt19937_64 rng_;
  std::optional<strategy_type> strategy_;
  bool echoed_ = ::isatty(STDIN_FILENO) != 0;
};

void run(const play_options& o) {
  const auto position = parse_position(o.where);
  check_moves_fit(position, true);
  std::visit([&](const auto& p) { session(p, o).run(); }, position);
}

} // namespace

void add_play_command(CLI::App& app) {
  auto o = std::make_shared<play_options>();
  auto* cmd =
      app.add_subcommand("play", "Play a game in the terminal against the computer or another person");
  add_position_arguments(*cmd, o->where);
  cmd->add_option("--opponent", o->opponent, "perfect, random or human (a second person at the keyboard)")
      ->check(CLI::IsMember({"perfect", "random", "human"}))
      ->capture_default_str();
  cmd->add_option("--first", o->first, "who moves first: me or computer (the second person with human)")
      ->check(CLI::IsMember({"me", "computer"}))
      ->capture_default_str();
  cmd->add_flag("--hints", o->hints, "show a winning move before each of your turns");
  cmd->add_flag("--misere", o->misere, "misère play: the player who makes the last move loses");
  add_whole_option(*cmd, "--seed", o->seed,
                   "seed of the computer's random choices, for a game that can be replayed", 0,
                   std::numeric_limits<std::uint64_t>::max());
  add_whole_option(*cmd, "--max-states", o->max_states,
                   "games solved by their graph: stop past this many positions", 1, 0xFFFF'FFFFu)
      ->default_str(std::to_string(o->max_states));
  cmd->callback([o, cmd] {
    take_position_words(*cmd, o->where);
    run(*o);
  });
}

} // namespace grundy::cli
