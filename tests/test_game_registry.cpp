// The list of built-in games and their notation, as every front end reads positions: names,
// named parameters, the words of a position, typed moves, and the messages of each mistake in
// the front end's own words.
#define BOOST_TEST_MODULE game_registry
#include <boost/test/unit_test.hpp>

#include <grundy/io/games/builtin.hpp>
#include <grundy/io/games/entry_traits.hpp>

#include <fmt/format.h>

#include "stop_checks.hpp"
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

namespace {

using namespace grundy;

static_assert(game_entry<nim_entry> && game_entry<octal_entry> && game_entry<moore_entry> &&
              game_entry<tablettes_entry> && game_entry<digraph_entry>);
static_assert(std::is_same_v<entry_for_t<octal_game, builtin_games>, octal_entry>);

// A front end whose words are easy to tell apart from the library's defaults.
position_text typed(std::vector<std::string> words,
                    std::map<std::string, std::string, std::less<>> named = {}) {
  position_text t;
  t.words = std::move(words);
  t.named = std::move(named);
  t.say.parameter = [](std::string_view p) { return fmt::format("<{}>", p); };
  t.say.set_flag = [](std::string_view f) { return fmt::format("turn <{}> on", f); };
  t.say.example = [](std::string_view g, std::string_view w) { return fmt::format("play {} {}", g, w); };
  return t;
}

std::string message_of(std::string_view game, const position_text& t) {
  try {
    parse_position(builtin_games{}, game, t);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "accepted";
}

template <class G> game_position<G> read(std::string_view game, const position_text& t) {
  return std::get<game_position<G>>(parse_position(builtin_games{}, game, t));
}

} // namespace

BOOST_AUTO_TEST_CASE(names_of_the_list) {
  BOOST_TEST(game_names(builtin_games{}) == "nim, octal, moore, tablettes, digraph, heap or wythoff");
  BOOST_TEST(message_of("chess", typed({"1"})) ==
             "unknown game 'chess': nim, octal, moore, tablettes, digraph, heap or wythoff");
  // Each parameter once, whichever game has it.
  std::vector<std::string> names;
  for (const auto& p : all_parameters(builtin_games{}))
    names.emplace_back(p.name);
  BOOST_TEST((names == std::vector<std::string>{"k", "colors", "tablets", "symmetry", "start", "tokens",
                                                "undirected"}));
}

// The entries' help is every front end's: it names no front end's option (--start), whose
// spelling only the front end knows.
BOOST_AUTO_TEST_CASE(help_names_no_front_ends_option) {
  for_each_game(builtin_games{}, [](auto entry) {
    using E = typename decltype(entry)::type;
    BOOST_TEST(std::string_view(E::position_help).find("--") == std::string_view::npos, E::name);
    for (const auto& p : E::parameters)
      BOOST_TEST(p.help.find("--") == std::string_view::npos, p.name);
  });
}

// One notation for heaps, whatever the game: "3 4 5", "3,4,5", "[3,4,5]", in the order typed.
BOOST_AUTO_TEST_CASE(heaps_in_every_spelling) {
  for (const auto& words : {std::vector<std::string>{"3", "4", "5"}, std::vector<std::string>{"3,4,5"},
                            std::vector<std::string>{"[3,4,5]"}, std::vector<std::string>{"5", "3,4"}}) {
    const auto nim = read<nim_game>("nim", typed(words));
    BOOST_TEST((nim.start == heaps{3, 4, 5}));
    auto with_code = words;
    with_code.insert(with_code.begin(), "0.07");
    BOOST_TEST((read<octal_game>("octal", typed(with_code)).start == heaps{3, 4, 5}));
    auto with_k = words;
    with_k.insert(with_k.begin(), "2");
    const auto moore = read<moore_game>("moore", typed(with_k));
    BOOST_TEST(moore.game.k() == 2u);
    BOOST_TEST((moore.start == heaps{3, 4, 5}));
    BOOST_TEST((read<moore_game>("moore", typed(words, {{"k", "2"}})).start == heaps{3, 4, 5}));
  }
  BOOST_TEST((read<nim_game>("nim", typed({"5", "3,4"})).typed == std::vector<heap_size>{5, 3, 4}));
}

// Mistakes are said in the front end's words, and never with another front end's.
BOOST_AUTO_TEST_CASE(mistakes_in_the_front_ends_words) {
  BOOST_TEST(message_of("nim", typed({})) == "give at least one heap size, as in: play nim 3 4 5");
  BOOST_TEST(message_of("nim", typed({"-3"})) == "heap sizes cannot be negative, not '-3'");
  BOOST_TEST(message_of("nim", typed({"4294967296"})) ==
             "heap size 4294967296 is too large (at most 4294967295)");
  BOOST_TEST(message_of("nim", typed({"3"}, {{"k", "2"}})) == "<k> is for moore only");
  BOOST_TEST(message_of("nim", typed({"3"}, {{"tablets", "2"}})) ==
             "<colors> and <tablets> are for tablettes only");
  BOOST_TEST(message_of("nim", typed({"3"}, {{"symmetry", "true"}})) == "<symmetry> is for tablettes only");
  BOOST_TEST(message_of("tablettes", typed({}, {{"colors", "2"}, {"undirected", "true"}})) ==
             "<undirected> is for digraph only");
  BOOST_TEST(message_of("moore", typed({})) == "moore needs k and heap sizes, as in: play moore <k> 2 3 4 5");
  BOOST_TEST(message_of("moore", typed({"65", "3"})) ==
             "moore's k takes a whole number from 1 to 64, not '65'");
  BOOST_TEST(message_of("moore", typed({"3"}, {{"k", "0"}})) ==
             "<k> takes a whole number from 1 to 64, not '0'");
  BOOST_TEST(message_of("octal", typed({"-0.07", "3"})) ==
             "an octal code has no sign: write it as 0.07, .07, 4.7 or 0.F, not '-0.07'");
  BOOST_TEST(message_of("tablettes", typed({})) == "tablettes need <colors> C and <tablets> N");
  BOOST_TEST(message_of("tablettes", typed({}, {{"colors", "3"}, {"tablets", "2,2"}})) ==
             "<colors> 3 does not match the 2 counts of <tablets>");
  BOOST_TEST(message_of("digraph", typed({"g.dot"})) ==
             "digraph needs <start> V (one token) or <tokens> a,b,c (several)");
  BOOST_TEST(message_of("digraph", typed({"g.dot"}, {{"tokens", "a,,b"}})) ==
             "<tokens> 'a,,b' has an empty vertex name");
  BOOST_TEST(message_of("digraph", typed({})) ==
             "digraph needs one graph file, as in: play digraph game.dot <start> a");
}

// --colors in the billions once built a list of counts of 16 GB before the game refused it.
BOOST_AUTO_TEST_CASE(regression_huge_colour_count_in_a_position) {
  for (const char* colors : {"4000000000", "4294967295", "43"})
    BOOST_CHECK_THROW(
        parse_position(builtin_games{}, "tablettes", typed({}, {{"colors", colors}, {"tablets", "1"}})),
        std::invalid_argument);
  // 2 x 42 + 42 = 126 bits: the largest that fits.
  BOOST_CHECK_NO_THROW(
      parse_position(builtin_games{}, "tablettes", typed({}, {{"colors", "42"}, {"tablets", "1"}})));
  BOOST_CHECK_THROW(
      parse_position(builtin_games{}, "tablettes", typed({}, {{"colors", "2"}, {"tablets", "4000000000"}})),
      std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(positions_and_moves) {
  const auto p = read<tablettes_game>(
      "tablettes", typed({"[[0,2],", "[1,1],[1,1]]"}, {{"colors", "2"}, {"tablets", "2"}}));
  BOOST_TEST(p.game.format(p.start) == "[[0,2],[1,1],[1,1]]");
  const auto after = read_tablettes_move(p.game, p.start, "[1,1] on [1,1]");
  BOOST_TEST(p.game.format(after) == "[[0,2],[1,2]]");
  BOOST_CHECK_THROW(read_tablettes_move(p.game, p.start, "[1,1] on [0,1]"), notation_error);
  BOOST_CHECK_THROW(read_tablettes_move(p.game, p.start, " on "), notation_error);

  const heaps h{3, 4, 5};
  BOOST_TEST((read_heap_move(h, "5>1+2") == heaps{1, 2, 3, 4}));
  BOOST_TEST((read_heap_move(h, "5>3 4>0") == heaps{3, 3}));
  BOOST_TEST((read_heap_move(h, "3 4") == heaps{3, 4}));
  for (auto bad : {">", "9>1", ">3", "5>-1", "5>x", "5>>1", "5>4294967296"})
    BOOST_CHECK_THROW(read_heap_move(h, bad), notation_error);
}

// What play shows and reads, from each entry or from the defaults a game on heaps gets.
BOOST_AUTO_TEST_CASE(play_notation_of_each_game) {
  const auto nim = read<nim_game>("nim", typed({"3", "12"}));
  BOOST_TEST(entry_traits::title<nim_entry>(nim.game) == "Nim");
  BOOST_TEST(entry_traits::show<nim_entry>(nim.game, nim.start) == "   3  |||\n  12  ||||||||||||\n");
  BOOST_TEST((entry_traits::read_move<nim_entry>(nim.game, nim.start, "12>1") == heaps{1, 3}));
  BOOST_TEST(entry_traits::has_move<nim_entry>(nim.game, nim.start));
  BOOST_TEST(!entry_traits::has_move<nim_entry>(nim.game, heaps{}));
  const auto octal = read<octal_game>("octal", typed({"0.07", "1"}));
  BOOST_TEST(entry_traits::title<octal_entry>(octal.game) == "the octal game 0.07");
  BOOST_TEST(!entry_traits::has_move<octal_entry>(octal.game, octal.start)); // 0.07 takes two
  const auto t = read<tablettes_game>("tablettes", typed({}, {{"colors", "2"}, {"tablets", "1"}}));
  BOOST_TEST(entry_traits::has_move<tablettes_entry>(t.game, t.start));
  BOOST_TEST((tablettes_entry::head(t.game) ==
              game_fields{{"game", "tablettes"}, {"colors", "2"}, {"tablets", "1"}}));
  const auto uneven = read<tablettes_game>("tablettes", typed({}, {{"tablets", "1,2"}}));
  BOOST_TEST(tablettes_entry::head(uneven.game)[2].second == "1,2");
}

// Past what a front end can list, positions are refused before any work.
BOOST_AUTO_TEST_CASE(positions_with_too_many_moves) {
  const auto big = read<nim_game>("nim", typed({"100001"}));
  BOOST_CHECK_THROW(entry_traits::check_moves<nim_entry>(big, true), notation_error);
  BOOST_CHECK_NO_THROW(entry_traits::check_moves<nim_entry>(big, false));
  const auto hex = read<octal_game>("octal", typed({"0.F", "1001"}));
  BOOST_CHECK_NO_THROW(
      entry_traits::check_moves<octal_entry>(read<octal_game>("octal", typed({"0.7", "1001"})), false));
  const auto split3 = read<octal_game>("octal", typed({"0.0F", "1001"}));
  if (split3.game.code().max_heaps_left() == 3)
    BOOST_CHECK_THROW(entry_traits::check_moves<octal_entry>(split3, false), notation_error);
  (void)hex;
  const auto moore = read<moore_game>("moore", typed({"20", "100", "100", "100", "100", "100", "100"}));
  BOOST_CHECK_THROW(entry_traits::check_moves<moore_entry>(moore, false), notation_error);
  BOOST_CHECK_EXCEPTION(
      entry_traits::check_expansion<nim_entry>(read<nim_game>("nim", typed({"100000000"})), 1u << 20),
      grundy::stopped, grundy::test::stopped_by_limit);
}

// A character of several bytes in an octal code was quoted by its first byte alone: the message
// was not valid UTF-8, printed as '\xc3' and left Python's ValueError empty.
BOOST_AUTO_TEST_CASE(regression_non_ascii_character_in_an_octal_code) {
  BOOST_TEST(message_of("octal", typed({"0.é", "3"})) ==
             "invalid octal code '0.é': 'é' is not an octal or hexadecimal digit");
  BOOST_TEST(message_of("octal", typed({"0.7€", "3"})) ==
             "invalid octal code '0.7€': '€' is not an octal or hexadecimal digit");
  // One character before the point, though of two bytes, is a wrong digit, not two digits.
  BOOST_TEST(message_of("octal", typed({"é.7", "3"})) == "invalid octal code 'é.7': 'é' is not a digit");
  BOOST_TEST(message_of("octal", typed({"12.7", "3"})) ==
             "invalid octal code '12.7': at most one digit may stand before the point");
}

// "--tablets 2," was refused with "not ''", which hid the count that was missing.
BOOST_AUTO_TEST_CASE(regression_empty_count_in_a_list_of_tablets) {
  for (const char* tablets : {",", "2,", ",2", "2,,3"})
    BOOST_TEST(message_of("tablettes", typed({}, {{"colors", "2"}, {"tablets", tablets}})) ==
               fmt::format("<tablets> '{}' has an empty count", tablets));
  BOOST_TEST(message_of("tablettes", typed({}, {{"colors", "2"}, {"tablets", "0"}})) ==
             "<tablets> takes a whole number from 1 to 63, not '0'");
}

// Regression: the command line knew the digraph game's file by the game's name, and the entry's
// own inputs() served only Python; both front ends now ask the entry. The file is protected even
// when more words make the position wrong, whichever mistake is reported first.
BOOST_AUTO_TEST_CASE(files_a_position_reads) {
  using strings = std::vector<std::string>;
  BOOST_TEST(entry_traits::inputs<digraph_entry>(typed({"g.dot"}, {{"start", "a"}})) == strings{"g.dot"});
  BOOST_TEST(entry_traits::inputs<digraph_entry>(typed({"g.dot", "extra"})) == strings{"g.dot"});
  BOOST_TEST(entry_traits::inputs<digraph_entry>(typed({})).empty());
  BOOST_TEST(entry_traits::inputs<nim_entry>(typed({"3", "4"})).empty());
  BOOST_TEST(entry_traits::inputs<tablettes_entry>(typed({}, {{"colors", "2"}, {"tablets", "1"}})).empty());
}

namespace {

// A game of two unrelated parameters (group 0), for a list of the test's own. Its own type:
// the entries of a list have distinct games.
struct two_game : nim_game {};
struct two_options_entry {
  using game_type = two_game;
  static constexpr std::string_view name = "two";
  static constexpr std::string_view position_help = "heap sizes";
  static constexpr std::array parameters{
      game_parameter{
          .name = "depth", .help = "a whole number", .kind = parameter_kind::whole, .low = 1, .high = 9},
      game_parameter{.name = "fast", .help = "a flag", .kind = parameter_kind::flag}};
  static game_position<two_game> make(const position_text& t) {
    auto p = nim_entry::make(t);
    return {two_game{}, p.start, p.typed};
  }
  static game_fields head(const two_game&) { return {{"game", "two"}}; }
};

} // namespace

// Regression: parameters left in group 0 were named together, as if they went as a pair
// ("<depth> and <fast> are for two only" for <fast> alone given to nim).
BOOST_AUTO_TEST_CASE(ungrouped_parameters_are_refused_alone) {
  const game_list<nim_entry, two_options_entry> list;
  const auto refusal = [&](std::map<std::string, std::string, std::less<>> named) {
    try {
      parse_position(list, "nim", typed({"3"}, std::move(named)));
    } catch (const notation_error& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  BOOST_TEST(refusal({{"fast", "true"}}) == "<fast> is for two only");
  BOOST_TEST(refusal({{"depth", "2"}}) == "<depth> is for two only");
  // The built-in groups still go together.
  BOOST_TEST(message_of("nim", typed({"3"}, {{"colors", "2"}})) ==
             "<colors> and <tablets> are for tablettes only");
}
