#include <grundy/io/games/octal/entry.hpp>
#include <grundy/portable_name.hpp>

#include <fmt/format.h>

#include <algorithm>

namespace grundy {

octal_code parse_octal_code(std::string_view text) {
  if (!text.empty() && (text.front() == '-' || text.front() == '+'))
    throw notation_error(fmt::format("an octal code has no sign: write it as 0.07, .07, 4.7 or 0.F, not '{}'",
                                     portable_name(text)));
  return octal_code::parse(text);
}

game_position<octal_game> octal_entry::make(const position_text& t) {
  const auto example = t.example(name, "0.07 5 7");
  if (t.words.empty())
    throw notation_error(fmt::format("octal needs a code and heap sizes, as in: {}", example));
  const octal_game g(parse_octal_code(t.words[0]));
  const auto typed = parse_heap_words({t.words.begin() + 1, t.words.end()}, example);
  return {g, octal_game::position(typed), typed};
}

bool octal_entry::has_move(const octal_game& g, const heaps& s) {
  const auto& code = g.code();
  for (auto h : s)
    for (std::size_t n = code.splits_without_removing() ? 0 : 1; n <= std::min<std::size_t>(h, code.length());
         ++n) {
      const auto d = code.digit(n);
      const std::size_t r = h - n;
      if (((d & octal_bits::vanish) && r == 0) || ((d & octal_bits::one_heap) && r >= 1 && n >= 1) ||
          ((d & octal_bits::two_heaps) && r >= 2) || ((d & octal_bits::three_heaps) && r >= 3))
        return true;
    }
  return false;
}

void octal_entry::check_moves(const game_position<octal_game>& p, bool listing) {
  check_heap_moves(p.start, listing);
  constexpr heap_size most_for_three_heaps = 1000; // a heap of h splits into three about h^2/12 ways
  if (p.game.code().max_heaps_left() == 3 && !p.start.empty() && p.start.back() > most_for_three_heaps)
    refuse_too_many_moves("a heap of more than 1000 tokens in a game that splits heaps in three");
}

} // namespace grundy
