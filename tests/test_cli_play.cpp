// grundy hint and grundy play run as a user runs them: the seeds' tables and moves, scripted
// games piped in, misère labels in graph and table, and every kind of bad input.
#define BOOST_TEST_MODULE cli_play
#include <boost/test/unit_test.hpp>

#include "cli_runner.hpp"

#include <boost/json/src.hpp>

#include <random>
#include <regex>
#include <string>
#include <vector>

using grundy_test::run_cli;
namespace json = boost::json;

namespace {

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

void expect_error(const std::string& args, int status = 2, const std::string& input = {}) {
  const auto r = run_cli(args, input);
  BOOST_TEST(r.status == status, "exit status of: grundy " << args << " was " << r.status);
  BOOST_TEST(r.err_lines() == 1u, "stderr of: grundy " << args << " was: " << r.err);
  BOOST_TEST(r.err.rfind("grundy: ", 0) == 0u, "stderr of: grundy " << args);
}

json::object parse_object(const std::string& text) {
  boost::system::error_code ec;
  auto v = json::parse(text, ec);
  BOOST_TEST_REQUIRE(!ec, "invalid JSON: " << text);
  return v.as_object();
}

// Plays a whole game by following the hints: the input grows by the hinted move number after
// each run, and the game is replayed from the start with the same seed, until it is over.
grundy_test::cli_result follow_hints(const std::string& args) {
  static const std::regex hint(R"(Hint: .*\(move (\d+)\)\.)");
  std::string input;
  for (int turn = 0; turn < 200; ++turn) {
    const auto r = run_cli(args, input);
    if (r.status != 1) return r; // finished (0) or failed for another reason than the end of input
    std::smatch last;
    for (auto it = std::sregex_iterator(r.out.begin(), r.out.end(), hint); it != std::sregex_iterator(); ++it)
      last = *it;
    BOOST_TEST_REQUIRE(!last.empty(), "no winning hint in: " << r.out);
    input += last[1].str() + "\n";
  }
  BOOST_FAIL("the game did not end");
  return {};
}

} // namespace

// Seed 002's tables: 7, 2, 6 (parity 0 1 1, leave 4 in the heap of 7) and 8, 6, 3 (parity
// 1 1 0 1, leave 5 in the largest heap); seed 003's 4, 2, 3 (XOR 1 0 1, leave 1 in the heap of 4).
BOOST_AUTO_TEST_CASE(hint_gives_the_seeds_moves) {
  const auto a = run_cli("hint nim 7 2 6");
  BOOST_TEST_REQUIRE(a.status == 0, a.err);
  BOOST_TEST(contains(a.out, "heap 1 (7)  1 1 1\nheap 2 (2)    1 0\nheap 3 (6)  1 1 0\n"), a.out);
  BOOST_TEST(contains(a.out, "parity      0 1 1"), a.out);
  BOOST_TEST(contains(a.out, "take 3 from the heap of 7, leaving 4"), a.out);
  const auto b = run_cli("hint nim 8 6 3");
  BOOST_TEST(contains(b.out, "parity      1 1 0 1"), b.out);
  BOOST_TEST(contains(b.out, "heap 1 (8)  1 0 0 0\nparity      1 1 0 1\n-------------------\n"
                             "new size    0 1 0 1  = 5: leave 5 in the heap of 8 (take 3)"),
             b.out);
  BOOST_TEST(contains(b.out, "take 3 from the heap of 8, leaving 5"), b.out);
  const auto c = run_cli("hint nim 4 2 3");
  BOOST_TEST(contains(c.out, "parity      1 0 1"), c.out);
  BOOST_TEST(contains(c.out, "take 3 from the heap of 4, leaving 1"), c.out);
  const auto lost = run_cli("hint nim 1 2 3");
  BOOST_TEST(contains(lost.out, "parity      0 0"), lost.out);
  BOOST_TEST(contains(lost.out, "P: the player to move loses"), lost.out);
}

BOOST_AUTO_TEST_CASE(hint_for_every_game) {
  const auto misere = run_cli("hint nim 1 1 1 1 1 3 --misere");
  BOOST_TEST(contains(misere.out, "take the whole heap of 3"), misere.out);
  const auto all = run_cli("hint nim 7 2 6 --all");
  BOOST_TEST(contains(all.out, "take 1 from the heap of 6, leaving 5"), all.out);
  BOOST_TEST(contains(all.out, "take 1 from the heap of 2, leaving 1"), all.out);
  const auto octal = run_cli("hint octal 0.07 10 7 --all");
  BOOST_TEST(contains(octal.out, "take 2 from the heap of 10 and split the rest into 5 and 3"), octal.out);
  const auto fort_boyard = run_cli("hint octal 0.333 21");
  BOOST_TEST(contains(fort_boyard.out, "take 1 from the heap of 21, leaving 20"), fort_boyard.out);
  const auto fort_boyard_misere = run_cli("hint octal 0.333 20 --misere");
  BOOST_TEST(contains(fort_boyard_misere.out, "take 3 from the heap of 20, leaving 17"),
             fort_boyard_misere.out);
  const auto moore = run_cli("hint moore --k 2 3 4 5");
  BOOST_TEST(
      contains(moore.out, "take 2 from the heap of 5 (leaving 3) and 1 from the heap of 4 (leaving 3)"),
      moore.out);
  BOOST_TEST(run_cli("hint moore 2 3 4 5").out == moore.out); // k as the first word
  const auto tablettes = run_cli("hint tablettes -c 2 -n 2 '[[0,2],[1,1],[1,1]]' --misere");
  BOOST_TEST(contains(tablettes.out, "put the pile [1,1] on the pile [1,1]"), tablettes.out);
  // Unquoted, the piles arrive as several words.
  BOOST_TEST(run_cli("hint tablettes -c 2 -n 2 [[0,2], [1,1], [1,1]] --misere").out == tablettes.out);
  const auto start = run_cli("hint tablettes -c 2 -n 2");
  BOOST_TEST(start.status == 0);
  BOOST_TEST(contains(start.out, "[[0,1],[0,1],[1,1],[1,1]]"), start.out);
}

BOOST_AUTO_TEST_CASE(graph_and_table_label_misere_play) {
  const auto one = parse_object(run_cli("graph nim 1 --misere --format json").out);
  BOOST_TEST(one.at("misere_outcome").as_string() == "P");
  BOOST_TEST(one.at("misere_p_positions").to_number<int>() == 1);
  // Fort Boyard, misère: heaps of 1, 5, 9, 13 and 17 are lost.
  const auto boyard = parse_object(run_cli("graph octal 0.333 20 --misere --format json").out);
  BOOST_TEST(boyard.at("misere_outcome").as_string() == "N");
  BOOST_TEST(boyard.at("misere_p_positions").to_number<int>() == 5);
  BOOST_TEST(boyard.at("outcome").as_string() == "P");
  const auto text = run_cli("graph nim 1 2 3 --misere");
  BOOST_TEST(contains(text.out, "misere P-positions"), text.out);
  const auto moore = parse_object(run_cli("graph moore --k 2 3 4 5 --format json").out);
  BOOST_TEST(moore.at("outcome").as_string() == "N");
  BOOST_TEST(moore.at("vertices").to_number<int>() == 48); // the multisets below [3,4,5]
  BOOST_TEST(moore.at("game").as_string() == "moore");
  const auto table = run_cli("table --colors 2 --tablets 1..2 --misere --format csv");
  BOOST_TEST_REQUIRE(table.status == 0, table.err);
  BOOST_TEST(contains(table.out, "outcome,misere_outcome,misere_p_positions\n"), table.out);
  const auto md = run_cli("table --colors 2 --tablets 2 --misere");
  BOOST_TEST(contains(md.out, "| misère |"), md.out);
}

// A perfect computer beats a player who always takes the first move listed.
BOOST_AUTO_TEST_CASE(perfect_computer_beats_a_bad_player) {
  std::string ones;
  for (int i = 0; i < 60; ++i)
    ones += "1\n";
  for (auto args :
       {"play nim 1 2 3", "play nim 3 4 5 --first computer", "play nim 3 4 5 --first computer --misere",
        "play octal 0.07 10 7 --first computer", "play moore --k 2 3 4 5 --first computer",
        "play octal 0.333 12 --misere --first computer",
        "play tablettes -c 2 -n 2 '[[0,2],[1,1],[1,1]]' --misere --first computer"}) {
    const auto r = run_cli(std::string(args) + " --opponent perfect --seed 7", ones);
    BOOST_TEST(r.status == 0, args << ": " << r.err);
    BOOST_TEST(contains(r.out, "The computer wins!"), args << ":\n" << r.out);
  }
}

// A random computer loses to a player who follows the hints, whatever its seed.
BOOST_AUTO_TEST_CASE(hints_beat_a_random_computer) {
  for (auto args :
       {"play nim 3 4 5", "play nim 3 4 5 --misere", "play octal 0.137 9 6", "play moore --k 2 3 4 5",
        "play octal 0.333 14 --misere", "play tablettes -c 2 -n 2 '[[0,2],[1,1],[1,1]]' --misere"})
    for (int seed : {1, 2}) {
      const auto r =
          follow_hints(std::string(args) + " --opponent random --hints --seed " + std::to_string(seed));
      BOOST_TEST(r.status == 0, args << ": " << r.err);
      BOOST_TEST(contains(r.out, "You win!"), args << ":\n" << r.out);
    }
}

BOOST_AUTO_TEST_CASE(two_people_and_misere_endings) {
  const auto r = run_cli("play nim 1 1 --opponent human", "1\n1\n");
  BOOST_TEST(r.status == 0);
  BOOST_TEST(contains(r.out, "Player 2 wins!"), r.out);
  const auto m = run_cli("play nim 1 --misere", "1\n");
  BOOST_TEST(contains(m.out, "The computer wins!"), m.out);
  const auto over = run_cli("play nim 0");
  BOOST_TEST(over.status == 0);
  BOOST_TEST(contains(over.out, "No move is possible"), over.out);
}

// Bad moves are refused with a short message and the question is asked again; the game then
// goes on with the next good line, and the end of input ends it with one line on stderr.
BOOST_AUTO_TEST_CASE(bad_moves_are_refused) {
  const auto r =
      run_cli("play nim 3 4 5 --opponent random --seed 3",
              "\n   \nabc\n0\n99\n-1\n8>5\n3>3\n3>1+1\n[9]\n99999999999999999999999\n5>4\nmoves\nhint\n");
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.err == "grundy: end of input before the game was over\n");
  BOOST_TEST(contains(r.out, "There is no move 0: choose from 1 to 12."), r.out);
  BOOST_TEST(contains(r.out, "There is no move 99"), r.out);
  BOOST_TEST(contains(r.out, "There is no heap of 8"), r.out);
  BOOST_TEST(contains(r.out, "That is not a legal move here."), r.out);
  BOOST_TEST(contains(r.out, "Heap sizes cannot be negative"), r.out);
  BOOST_TEST(contains(r.out, "The computer plays:"), r.out); // 5>4 was accepted
  BOOST_TEST(contains(r.out, "Hint: "), r.out);
  const auto tablettes = run_cli("play tablettes -c 2 -n 2 --opponent random --seed 1",
                                 "[0,1] on [1,2]\n[0,1 on [0,1]\n[[0,2],[1,2]]\n[0,1] on [0,1]\n");
  BOOST_TEST(contains(tablettes.out, "There is no pile [1,2]"), tablettes.out);
  BOOST_TEST(contains(tablettes.out, "Cannot read a pile"), tablettes.out);
  BOOST_TEST(contains(tablettes.out, "That is not a legal move here."), tablettes.out);
  BOOST_TEST(contains(tablettes.out, "The computer plays: put the pile"), tablettes.out);
  expect_error("play nim 3 4 5", 1, "quit\n");
  expect_error("play nim 3 4 5", 1);
}

// Whatever is typed, the game ends with status 0 (over) or 1 (input ended), never a crash.
BOOST_AUTO_TEST_CASE(any_input_is_survived) {
  std::mt19937 rng(99);
  const std::string alphabet = "0123456789 >+,[]-onqmh?\t\x01\xff";
  for (int trial = 0; trial < 12; ++trial) {
    std::string input;
    for (int i = 0; i < 400; ++i)
      input += rng() % 12 == 0 ? '\n' : alphabet[rng() % alphabet.size()];
    for (auto game : {"nim 3 4 5", "octal 0.137 7 5", "moore --k 2 2 3", "tablettes -c 2 -n 2"}) {
      const auto r = run_cli(std::string("play ") + game + " --opponent random --seed 5", input);
      BOOST_TEST((r.status == 0 || r.status == 1), game << " status " << r.status);
      BOOST_TEST(r.err_lines() <= 1u);
    }
  }
}

BOOST_AUTO_TEST_CASE(bad_positions_get_one_line) {
  for (auto command : {"hint", "play"}) {
    const std::string c = command;
    expect_error(c + " nim 3 -4 5");
    expect_error(c + " nim 3 four");
    expect_error(c + " nim");
    expect_error(c + " nim 99999999999");
    expect_error(c + " chess 3");
    expect_error(c + " octal 0.G 3");
    expect_error(c + " octal");
    expect_error(c + " moore 0 3 4");
    expect_error(c + " moore");
    expect_error(c + " tablettes -c 2 -n 2 '[[0,2],[2,1],[1,1]]'");       // colour 2 of 2 colours
    expect_error(c + " tablettes -c 2 -n 2 '[[0,2],[1,1]]'");             // 3 tablets, not 4
    expect_error(c + " tablettes -c 2 -n 2 '[[0,1],[0,1],[0,1],[1,1]]'"); // three tops of colour 0
    expect_error(c + " tablettes -c 2 -n 2 '[[0,2],[1,1],[1,1]'");        // malformed
    expect_error(c + " tablettes -c 2 -n 2 '[[0,2],[1,0]]'");
    expect_error(c + " tablettes -c 2");
    expect_error(c + " nim 3 --colors 2");
    expect_error(c + " nim 3 --bogus");
  }
  expect_error("play nim 3 --opponent god");
  expect_error("play nim 3 --first nobody");
  expect_error("graph moore 0 3");
  expect_error("graph moore");
}

namespace {

// The remoteness grundy hint gives a position (--format json).
long remoteness_of(const std::string& game) {
  const auto r = run_cli("hint " + game + " --format json");
  BOOST_TEST_REQUIRE(r.status == 0, r.err);
  const auto o = parse_object(r.out);
  BOOST_TEST_REQUIRE(o.at("remoteness_known").as_bool());
  return static_cast<long>(o.at("remoteness").as_int64());
}

std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
    ++n;
  return n;
}

// Every reply of the person at the keyboard, tried one by one (the game replayed from the start
// with the same input before it): the computer, moving first from a won position, must win in
// every game, within the start's remoteness. Returns the games played.
int play_every_reply(const std::string& args, long remoteness, const std::string& input = {}) {
  static const std::regex choices(R"(move \(1-(\d+),)");
  const auto r = run_cli(args, input);
  if (r.status == 0) {
    BOOST_TEST(contains(r.out, "The computer wins!"), args << " after " << input << ":\n" << r.out);
    const auto moves = count_of(r.out, "The computer plays") + count_of(input, "\n");
    BOOST_TEST(static_cast<long>(moves) <= remoteness,
               args << " after " << input << ": " << moves << " moves");
    return 1;
  }
  BOOST_TEST_REQUIRE(r.status == 1, r.err); // the end of input, at the person's turn
  std::smatch last;
  for (auto it = std::sregex_iterator(r.out.begin(), r.out.end(), choices); it != std::sregex_iterator();
       ++it)
    last = *it;
  BOOST_TEST_REQUIRE(!last.empty(), r.out);
  int games = 0;
  for (int k = 1; k <= std::stoi(last[1].str()); ++k)
    games += play_every_reply(args, remoteness, input + std::to_string(k) + "\n");
  return games;
}

// x's first move, to s, wins in 5 moves; its second, to d, in 3. s is lost in 4.
std::string layered_graph() {
  const auto path = grundy_test::scratch_directory("test-cli-play") / "layers.txt";
  grundy_test::put(path, "x s\nx d\ns a\ns b\ns c\na d\na e\nb e\nb f\nc f\nd g\ne g\ne h\nf h\n"
                         "g i\nh i\nh j\nj i\n");
  return "digraph '" + path.string() + "'";
}

} // namespace

// The computer wins as fast as it can: against every defence, no later than the remoteness.
BOOST_AUTO_TEST_CASE(the_computer_wins_within_the_remoteness) {
  int all_games = 0;
  for (const std::string& game : std::vector<std::string>{
           "tablettes -c 2 -n 3 '[[0,1],[0,2],[1,1],[1,1],[1,1]]'",
           "tablettes -c 3 -n 2 '[[0,1],[0,1],[1,2],[2,1],[2,1]]'", layered_graph() + " --start x"}) {
    const auto remoteness = remoteness_of(game);
    BOOST_TEST_REQUIRE(remoteness % 2 == 1, game); // won for the player to move
    const auto games = play_every_reply("play " + game + " --first computer --seed 3", remoteness);
    BOOST_TEST_MESSAGE(game << ": remoteness " << remoteness << ", " << games << " games");
    all_games += games;
  }
  BOOST_TEST(all_games > 3); // replies were tried, not one line of play
}

// And loses as slowly as it can: from a lost position against the hints' fastest wins, the
// game lasts exactly the remoteness.
BOOST_AUTO_TEST_CASE(the_computer_holds_out_as_long_as_the_remoteness) {
  for (const std::string& game : std::vector<std::string>{"tablettes -c 2 -n 4", "tablettes -c 3 -n 2",
                                                          layered_graph() + " --start s"}) {
    const auto remoteness = remoteness_of(game);
    BOOST_TEST_REQUIRE(remoteness % 2 == 0, game);
    const auto r = follow_hints("play " + game + " --first computer --hints --seed 3");
    BOOST_TEST(contains(r.out, "You win!"), r.out);
    const auto moves = count_of(r.out, "The computer plays") + count_of(r.out, "Hint: ");
    BOOST_TEST(static_cast<long>(moves) == remoteness, game << ":\n" << r.out);
  }
}
