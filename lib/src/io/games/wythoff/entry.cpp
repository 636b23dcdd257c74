#include <grundy/io/games/heap_notation.hpp>
#include <grundy/io/games/wythoff/entry.hpp>
#include <grundy/portable_name.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <sstream>

namespace grundy {

namespace {

constexpr std::string_view pile_size = "pile size";

std::vector<std::uint64_t> piles_of(std::string_view text) {
  return parse_sizes_text(text, wythoff_max_pile, pile_size);
}

wythoff_game::state_type two_piles(std::span<const std::uint64_t> sizes, std::string_view example) {
  if (sizes.size() != 2)
    throw notation_error(fmt::format("wythoff needs two piles, not {}, as in: {}", sizes.size(), example));
  return {sizes[0], sizes[1]};
}

// "3 5", "3,5", "(3,5)": two piles, either of them possibly 0.
wythoff_game::state_type read_piles(std::string_view text) {
  std::string plain(text);
  std::replace(plain.begin(), plain.end(), '(', ' ');
  std::replace(plain.begin(), plain.end(), ')', ' ');
  const auto sizes = piles_of(plain);
  if (sizes.size() != 2)
    throw notation_error(
        fmt::format("cannot read '{}': give the two piles left, as in 3 5", portable_name(text)));
  return {sizes[0], sizes[1]};
}

} // namespace

game_position<wythoff_game> wythoff_entry::make(const position_text& t) {
  const auto example = t.example(name, "5 7");
  if (t.words.empty()) throw notation_error(fmt::format("wythoff needs two piles, as in: {}", example));
  // "(3,5)", as format() writes a position, reads back as [3,5] would.
  auto words = t.words;
  for (auto& w : words)
    if (w.size() >= 2 && w.front() == '(' && w.back() == ')') {
      w.front() = '[';
      w.back() = ']';
    }
  const auto typed = parse_size_words(words, example, wythoff_max_pile, pile_size);
  const wythoff_game g;
  return {g, g.canonical(two_piles(typed, example)), {}};
}

std::string wythoff_entry::show(const wythoff_game&, const wythoff_game::state_type& s) {
  // Both piles are drawn, an empty one too: a position always has two.
  const auto width = std::to_string(std::max(s[0], s[1])).size();
  std::string text;
  for (auto pile : s)
    text += fmt::format("  {:>{}}  {}{}\n", pile, width, std::string(std::min<std::uint64_t>(pile, 60), '|'),
                        pile > 60   ? "..."
                        : pile == 0 ? "(empty)"
                                    : "");
  return text;
}

wythoff_game::state_type wythoff_entry::read_move(const wythoff_game& g, const wythoff_game::state_type& s,
                                                  std::string_view text) {
  const auto arrow = text.find('>');
  if (arrow == std::string_view::npos) return g.canonical(read_piles(text));
  // "5 7 > 3 5": the position before, then after.
  const auto before_text = text.substr(0, arrow);
  if (piles_of(before_text).size() == 2 && text.find('>', arrow + 1) == std::string_view::npos) {
    if (g.canonical(read_piles(before_text)) != g.canonical(s))
      throw notation_error(
          fmt::format("the piles are {}, not {}", g.format(g.canonical(s)), portable_name(before_text)));
    return g.canonical(read_piles(text.substr(arrow + 1)));
  }
  // "7>4" or "7>5 5>3": piles changed, as heaps are; an emptied pile stays as 0.
  auto after = g.canonical(s);
  std::string changes(text);
  std::replace(changes.begin(), changes.end(), ',', ' ');
  std::istringstream words(changes);
  std::string change;
  bool changed[2] = {false, false};
  while (words >> change) {
    const auto at = change.find('>');
    if (at == std::string::npos || at == 0)
      throw notation_error(
          fmt::format("cannot read '{}': write a change as PILE>LEFT, as in 7>4", portable_name(change)));
    const auto from = piles_of(change.substr(0, at));
    std::string left = change.substr(at + 1); // "10>3+4" splits a heap, which no pile does
    std::replace(left.begin(), left.end(), '+', ' ');
    const auto to = piles_of(left);
    if (from.size() != 1 || to.size() > 1) throw notation_error("a move of Wythoff's game leaves two piles");
    // The pile of that size not changed yet: "5>4 5>4" from (5,5) takes one from both.
    const int i = after[0] == from[0] && !changed[0] ? 0 : after[1] == from[0] && !changed[1] ? 1 : -1;
    if (i < 0) throw notation_error(fmt::format("there is no pile of {}", from[0]));
    after[i] = to.empty() ? 0 : to[0];
    changed[i] = true;
  }
  return g.canonical(after);
}

void wythoff_entry::check_moves(const game_position<wythoff_game>& p, bool listing) {
  // Play lists every move; a hint's normal play needs none of them (Wythoff's theorem).
  if (listing && p.start[0] + p.start[1] > 100'000) refuse_too_many_moves("more than 100000 tokens");
}

void wythoff_entry::check_expansion(const game_position<wythoff_game>& p, std::uint64_t max_memory) {
  check_expansion_memory(wythoff_move_count(p.start), sizeof(wythoff_game::state_type), max_memory);
}

} // namespace grundy
