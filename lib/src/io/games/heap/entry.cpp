#include <grundy/io/games/heap/entry.hpp>
#include <grundy/io/games/octal/entry.hpp>

#include <fmt/format.h>

#include <type_traits>
#include <variant>

namespace grundy {

game_position<heap_game> heap_entry::make(const position_text& t) {
  const auto example = t.example(name, "'S(1,3,4)' 5 7");
  if (t.words.empty())
    throw notation_error(fmt::format("heap needs a rule and heap sizes, as in: {}", example));
  // The octal game's reading of a code refuses a sign with a message of its own.
  const auto& rule_text = t.words[0];
  if (!rule_text.empty() && (rule_text.front() == '-' || rule_text.front() == '+'))
    parse_octal_code(rule_text);
  const heap_game g(heap_rule::parse(rule_text));
  const auto typed = parse_heap_words({t.words.begin() + 1, t.words.end()}, example);
  return {g, heap_game::position(typed), typed};
}

std::string heap_entry::title(const heap_game& g) {
  return std::visit(
      [&](const auto& k) -> std::string {
        using kind = std::decay_t<decltype(k)>;
        if constexpr (std::is_same_v<kind, octal_code>)
          return "the octal game " + k.str();
        else if constexpr (std::is_same_v<kind, subtraction_rule>)
          return "the subtraction game " + g.rule().str();
        else if constexpr (std::is_same_v<kind, grundys_game_rule>)
          return "Grundy's game";
        else if constexpr (std::is_same_v<kind, take_a_square_rule>)
          return "take-a-square";
        else
          return "the heap game " + g.rule().str();
      },
      g.rule().kind());
}

std::string heap_entry::move_example(const heap_game& g) {
  const auto& kind = g.rule().kind();
  if (std::holds_alternative<subtraction_rule>(kind) || std::holds_alternative<take_a_square_rule>(kind))
    return "8>5 (the heap of 8 becomes 5)";
  if (std::holds_alternative<grundys_game_rule>(kind)) return "10>3+7 (the heap of 10 splits into 3 and 7)";
  return "8>5, or 10>3+4 to split";
}

bool heap_entry::has_move(const heap_game& g, const heaps& s) {
  if (const auto* code = g.rule().octal()) return octal_entry::has_move(octal_game(*code), s);
  for (std::size_t i = 0; i < s.size(); ++i)
    if ((i == 0 || s[i] != s[i - 1]) && heap_has_option(g.rule(), s[i])) return true;
  return false;
}

void heap_entry::check_moves(const game_position<heap_game>& p, bool listing) {
  if (const auto* code = p.game.rule().octal())
    return octal_entry::check_moves({octal_game(*code), p.start, p.typed}, listing);
  if (listing) {
    // Play lists every move: counted by the rule, three a heap under S(1,3,4) whatever its size.
    constexpr std::uint64_t most_moves = 100'000;
    std::uint64_t moves = 0;
    for (std::size_t i = 0; i < p.start.size() && moves <= most_moves; ++i)
      if (i == 0 || p.start[i] != p.start[i - 1]) moves += heap_option_count(p.game.rule(), p.start[i]);
    if (moves > most_moves) refuse_too_many_moves(fmt::format("{} moves, more than {}", moves, most_moves));
  }
  // A finite subtraction set's values repeat with a period its strategy proves.
  const auto* subtraction = std::get_if<subtraction_rule>(&p.game.rule().kind());
  if (subtraction && !subtraction->all_but) return;
  if (!p.start.empty() && p.start.back() > most_tokens_for_values)
    throw notation_error(
        fmt::format("a heap of more than {} tokens under {} is too large: its value needs the "
                    "values of every smaller heap; try smaller heaps",
                    most_tokens_for_values, p.game.rule().str()));
}

void heap_entry::check_expansion(const game_position<heap_game>& p, std::uint64_t max_memory) {
  check_heap_expansion(p.start, p.game.rule(), max_memory);
}

} // namespace grundy
