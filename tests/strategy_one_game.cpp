// A program about one game includes that game's header alone (not grundy/strategy.hpp, which
// holds every game) and still gets the game's own rule: make_strategy and describe_move find
// Nim's overloads because they come with Nim.
#include <boost/test/unit_test.hpp>

#include <grundy/games/nim.hpp>

#include <concepts>
#include <utility>

using grundy::heaps;

static_assert(std::same_as<decltype(make_strategy(grundy::nim_game{}, std::declval<const heaps&>())),
                           grundy::nim_strategy>);

BOOST_AUTO_TEST_CASE(nim_header_alone_plays_by_bouton_rule) {
  const grundy::nim_game nim;
  const heaps start{3, 4, 5};
  // 3 ^ 4 ^ 5 = 2: only the heap of 3 can be lowered to 3 ^ 2 = 1.
  const auto moves = grundy::winning_moves(nim, start);
  BOOST_TEST_REQUIRE(moves.size() == 1u);
  BOOST_TEST(grundy::format_heaps(moves.front()) == "[1,4,5]");
  BOOST_TEST(grundy::describe_move(nim, start, moves.front()) == "take 2 from the heap of 3, leaving 1");
  // Far past any graph: 2^31 tokens in a heap.
  BOOST_TEST((grundy::position_outcome(nim, heaps{1u << 31, 1u << 31}) == grundy::outcome::p));
}
