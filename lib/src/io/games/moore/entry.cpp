#include <grundy/io/games/moore/entry.hpp>

#include <fmt/format.h>

namespace grundy {

game_position<moore_game> moore_entry::make(const position_text& t) {
  auto words = t.words;
  unsigned k = 0;
  if (t.find("k")) {
    k = static_cast<unsigned>(t.whole("k", 1, moore_game::max_k));
  } else {
    if (words.empty())
      throw notation_error(
          fmt::format("moore needs k and heap sizes, as in: {}", t.example(name, t.name("k") + " 2 3 4 5")));
    k = static_cast<unsigned>(io::parse_whole(words.front(), "moore's k", 1, moore_game::max_k));
    words.erase(words.begin());
  }
  const moore_game g(k);
  const auto typed = parse_heap_words(words, t.example(name, t.name("k") + " 2 3 4 5"));
  return {g, moore_game::position(typed), typed};
}

std::string moore_entry::title(const moore_game& g) { return fmt::format("Moore's Nim with k = {}", g.k()); }

void moore_entry::check_moves(const game_position<moore_game>& p, bool) {
  constexpr std::uint64_t most_moore_moves = 2'000'000;
  if (moore_move_choices(p.start, p.game.k(), most_moore_moves + 1) > most_moore_moves)
    refuse_too_many_moves("more than 2000000 ways to take");
}

void moore_entry::check_expansion(const game_position<moore_game>& p, std::uint64_t max_memory) {
  if (max_memory == 0) return;
  check_expansion_memory(moore_move_choices(p.start, p.game.k(), std::uint64_t{1} << 40),
                         heap_move_bytes(p.start.size()), max_memory);
}

} // namespace grundy
