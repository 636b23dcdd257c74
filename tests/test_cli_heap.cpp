// grundy graph, hint and play for heap games under any rule and for Wythoff's game, run as a
// user runs them, and their bad input: one line on stderr each.
#define BOOST_TEST_MODULE cli_heap
#include <boost/test/unit_test.hpp>

#include "cli_runner.hpp"

#include <cmath>
#include <string>

using grundy_test::run_cli;

namespace {

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

void expect_error(const std::string& args, const std::string& part, int status = 2) {
  const auto r = run_cli(args);
  BOOST_TEST(r.status == status, "exit status of: grundy " << args << " was " << r.status);
  BOOST_TEST(r.err_lines() == 1u, "stderr of: grundy " << args << " was: " << r.err);
  BOOST_TEST(r.err.rfind("grundy: ", 0) == 0u, "stderr of: grundy " << args);
  BOOST_TEST(contains(r.err, part), "stderr of: grundy " << args << " was: " << r.err);
}

// The first word after the line's name in a report.
std::string field(const std::string& out, const std::string& name) {
  const auto at = ("\n" + out).find("\n" + name + " ");
  if (at == std::string::npos) return {};
  const auto from = out.find_first_not_of(' ', at + name.size());
  return out.substr(from, out.find_first_of(" \n", from) - from);
}

} // namespace

// S(1,3,4) has period 7 (0,1,0,1,2,3,2): heaps 5 and 7 are worth 3 and 0, so the first player
// wins by taking 3 from the heap of 5 (to 2, worth 0); 5 and 12 (3 and 3) lose.
BOOST_AUTO_TEST_CASE(hint_subtraction_game) {
  auto r = run_cli("hint heap 'S(1,3,4)' 5 7");
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(contains(r.out, "N: the player to move wins"), r.out);
  BOOST_TEST(contains(r.out, "take 3 from the heap of 5, leaving 2  ->  [2,7]"), r.out);
  r = run_cli("hint heap 'S(1,3,4)' 5 12");
  BOOST_TEST(contains(r.out, "P: the player to move loses"), r.out);
  // A heap of 10^6 is answered from the values of every heap up to it.
  r = run_cli("hint heap 'S(1,3,4)' 1000000");
  BOOST_TEST(r.status == 0, r.err);
  // 10^6 = 7 x 142857 + 1 is worth G(1) = 1: taking 1 leaves 7 x 142857, worth 0.
  BOOST_TEST(contains(r.out, "take 1 from the heap of 1000000, leaving 999999"), r.out);
}

// Grundy's game: heaps 1, 2, 4, 7, 10 and 20 are worth 0 (OEIS A002188), so their sums lose;
// graph's value of a single heap of 12 is G(12) = 1.
BOOST_AUTO_TEST_CASE(grundys_game) {
  auto r = run_cli("hint heap grundy 4 7 10 20");
  BOOST_TEST(contains(r.out, "P: the player to move loses"), r.out);
  r = run_cli("hint heap grundy 12 --all");
  BOOST_TEST(contains(r.out, "N: the player to move wins"), r.out);
  // G(12) = 1: the winning splits leave parts worth 0 in all: 2 + 10 (0 ^ 0) and 3 + 9 (1 ^ 1).
  BOOST_TEST(contains(r.out, "->  [2,10]"), r.out);
  BOOST_TEST(contains(r.out, "->  [3,9]"), r.out);
  BOOST_TEST(!contains(r.out, "->  [1,11]"), r.out);
  r = run_cli("graph heap grundy 12");
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(field(r.out, "grundy") == "1", r.out);
  BOOST_TEST(field(r.out, "rule") == "grundy", r.out);
}

// Take-a-square: 10 is a P-position (A014586: 0 at 0, 2, 5, 7, 10, ...), 11 is not.
BOOST_AUTO_TEST_CASE(take_a_square) {
  auto r = run_cli("hint heap squares 10");
  BOOST_TEST(contains(r.out, "P: the player to move loses"), r.out);
  r = run_cli("hint heap squares 11");
  BOOST_TEST(contains(r.out, "take 1 from the heap of 11, leaving 10"), r.out);
  r = run_cli("graph heap squares 30 --format json");
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(contains(r.out, "\"rule\": \"squares\""), r.out);
}

// An octal code as a heap rule answers as the octal game does, from the proven period.
BOOST_AUTO_TEST_CASE(octal_rule_as_the_octal_game) {
  const auto heap = run_cli("hint heap 0.07 5 7 --all"), octal = run_cli("hint octal 0.07 5 7 --all");
  BOOST_TEST(heap.status == 0, heap.err);
  BOOST_TEST(heap.out == octal.out);
  const auto big = run_cli("hint heap 0.07 10000000");
  BOOST_TEST(contains(big.out, "take 2 from the heap of 10000000"), big.out);
}

// The computer, moving first from a winning position (11 is worth 1 in take-a-square), wins
// whatever the person plays; a split of Grundy's game is typed as 7>3+4.
BOOST_AUTO_TEST_CASE(play_heap_game) {
  const auto r = run_cli("play heap squares 11 --first computer --seed 1", "1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n");
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(contains(r.out, "take-a-square, normal play"), r.out);
  BOOST_TEST(contains(r.out, "The computer wins!"), r.out);
  const auto split = run_cli("play heap grundy 7 --opponent human", "7>3+4\nquit\n");
  BOOST_TEST(contains(split.out, "Position [3,4]:"), split.out);
  const auto equal = run_cli("play heap grundy 6 --opponent human", "6>3+3\nquit\n");
  BOOST_TEST(contains(equal.out, "That is not a legal move here."), equal.out);
}

// Wythoff's pairs (a_k, a_k + k), a_k = floor(k phi): (3,5) and (4,7) lose; (5,7) wins by
// moving to (3,5) or (4,7).
BOOST_AUTO_TEST_CASE(wythoff_hint_and_graph) {
  auto r = run_cli("hint wythoff 5 7 --all");
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(contains(r.out, "N: the player to move wins"), r.out);
  BOOST_TEST(contains(r.out, "->  (3,5)"), r.out);
  BOOST_TEST(contains(r.out, "->  (4,7)"), r.out);
  for (const char* p : {"3 5", "4 7", "7 4", "0 0", "6 10"}) {
    r = run_cli(std::string("hint wythoff ") + p);
    BOOST_TEST(contains(r.out, "P: "), p << ": " << r.out);
  }
  // Huge piles: k = 10^9 gives a_k = floor(10^9 phi) = 1618033988, from long double here.
  const long double phi = (1 + std::sqrt(5.0L)) / 2;
  const auto a = static_cast<unsigned long long>(std::floor(1e9L * phi));
  r = run_cli("hint wythoff " + std::to_string(a) + " " + std::to_string(a + 1'000'000'000ull));
  BOOST_TEST(contains(r.out, "P: "), r.out);
  r = run_cli("hint wythoff " + std::to_string(a + 1) + " " + std::to_string(a + 1'000'000'000ull));
  BOOST_TEST(contains(r.out, "N: "), r.out);
  r = run_cli("graph wythoff 4 4");
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(field(r.out, "vertices") == "15", r.out); // all pairs x <= y <= 4
  BOOST_TEST(field(r.out, "grundy") == "7", r.out);
}

// Moves typed in each notation: the piles left, one pile changed, the whole move.
BOOST_AUTO_TEST_CASE(wythoff_play) {
  for (const char* move : {"3 5", "7>3", "5 7 > 3 5", "(3,5)"}) {
    const auto r = run_cli("play wythoff 5 7 --opponent human", std::string(move) + "\nquit\n");
    BOOST_TEST(contains(r.out, "Position (3,5):"), move << ": " << r.out);
  }
  const auto both = run_cli("play wythoff 5 7 --opponent human", "7>6 5>4\nquit\n");
  BOOST_TEST(contains(both.out, "Position (4,6):"), both.out);
  const auto bad = run_cli("play wythoff 5 7 --opponent human", "7>6 5>2\nquit\n");
  BOOST_TEST(contains(bad.out, "That is not a legal move here."), bad.out);
  // A perfect computer from a winning position wins whatever the person plays.
  const auto r = run_cli("play wythoff 5 7 --first computer --seed 3",
                         "1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n");
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(contains(r.out, "The computer wins!"), r.out);
}

BOOST_AUTO_TEST_CASE(bad_input) {
  expect_error("hint heap 'S(1,3' 5", "invalid heap rule 'S(1,3': the set is not closed by ')'");
  expect_error("hint heap 'S()' 5", "invalid heap rule");
  expect_error("hint heap foo 5", "invalid heap rule 'foo'");
  expect_error("hint heap 0.9z 5", "0.9z");
  expect_error("hint heap -0.07 5", "an octal code has no sign");
  expect_error("hint heap grundy x", "'x'");
  expect_error("hint heap grundy -3", "cannot be negative");
  expect_error("hint heap grundy", "give at least one heap size, as in: grundy hint heap 'S(1,3,4)' 5 7");
  expect_error("graph heap", "heap needs a rule and heap sizes, as in: grundy graph heap 'S(1,3,4)' 5 7");
  expect_error("hint heap grundy 20000000", "a heap of more than 10000000 tokens under grundy");
  expect_error("play heap grundy 300000",
               "this position has too many moves (149999 moves, more than 100000)");
  expect_error("hint wythoff", "wythoff needs two piles, as in: grundy hint wythoff 5 7");
  expect_error("hint wythoff 5", "wythoff needs two piles, not 1");
  expect_error("play wythoff 5 6 7", "wythoff needs two piles, not 3");
  expect_error("graph wythoff 5 x", "'x'");
  expect_error("hint wythoff 5 7 --k 2", "--k is for moore only");
}

// allbut() excludes nothing: Nim, where heaps of 5 and 7 (5 XOR 7 = 2) are won by taking 2
// from the 7. It is how the rule names itself, so it must be read back.
BOOST_AUTO_TEST_CASE(all_but_nothing_is_nim) {
  const auto r = run_cli("hint heap 'allbut()' 5 7");
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(field(r.out, "outcome") == "N:", r.out);
  BOOST_TEST(contains(r.out, "->  [5,5]"), r.out);
}

// Misère hints explore the game graph, which takes the start position's moves at once: these
// positions (10^10 moves and more) ran for a minute to 16 GB and "out of memory"; they are
// refused at once, as graph refuses them.
BOOST_AUTO_TEST_CASE(misere_hint_refuses_moves_past_the_memory_limit) {
  expect_error("hint --misere wythoff 4294967295 4294967295", "more than the memory limit", 1);
  expect_error("hint --misere heap 0.07 4294967295 4294967295 4294967295", "more than the memory limit", 1);
  expect_error("hint --misere octal 0.07 4294967295 4294967295 4294967295", "more than the memory limit", 1);
}

// Wythoff's piles past 2^32, up to 2^63 - 1, are answered by the theorem at once: the pairs
// here were computed with Python's integers, (k + math.isqrt(5 k^2)) // 2.
BOOST_AUTO_TEST_CASE(wythoff_piles_past_2_to_the_32) {
  auto r = run_cli("hint wythoff 1618033988812 2618033988851"); // k = 10^12 + 39
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(field(r.out, "outcome") == "P:", r.out);
  r = run_cli("hint wythoff 5700357409661599242 9223372036854775807 --format json");
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(contains(r.out, "\"outcome\": \"P\""), r.out);
  r = run_cli("hint wythoff 1618033988749 2618033988750 --all");
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(field(r.out, "outcome") == "N:", r.out);
  BOOST_TEST(contains(r.out, "take 1 from the pile of 2618033988750, leaving 2618033988749  ->  "
                             "(1618033988749,2618033988749)"),
             r.out);
  r = run_cli("hint wythoff 9223372036854775807 9223372036854775807");
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(field(r.out, "outcome") == "N:", r.out);
  expect_error("hint wythoff 9223372036854775808 1",
               "pile size 9223372036854775808 is too large (at most 9223372036854775807)");
  expect_error("hint wythoff 1 99999999999999999999999", "pile size 99999999999999999999999 is too large");
  // The graph needs every pair below: refused by its memory check, which counts the position's
  // real moves, x + y + min(x, y).
  expect_error("graph wythoff 10000000000 10000000001", "about 30000000001 moves", 1);
  expect_error("hint --misere wythoff 10000000000 10000000001", "about 30000000001 moves", 1);
}

// The memory check counts a rule's own moves: S(1,3,4) has three a heap, so a heap of 10^9
// is explored until the limit of positions, not refused for 10^9 moves; and a hint of it
// comes from the proven period 0, 1, 0, 1, 2, 3, 2 (10^9 = 6 mod 7: worth 2; taking 4 leaves
// 999999996 = 2 mod 7, worth 0).
BOOST_AUTO_TEST_CASE(heap_moves_counted_by_the_rule) {
  expect_error("graph heap 'S(1,3,4)' 1000000000 --max-states 100000",
               "more than the limit of 100000 positions", 1);
  const auto r = run_cli("hint heap 'S(1,3,4)' 1000000000");
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(field(r.out, "outcome") == "N:", r.out);
  BOOST_TEST(contains(r.out, "take 4 from the heap of 1000000000, leaving 999999996"), r.out);
  expect_error("graph heap grundy 1000000000 --max-memory 1G", "about 499999999 moves", 1);
  // play lists the moves a rule gives, not one a token: three here.
  const auto play =
      run_cli("play heap 'S(1,3,4)' 1000000000 --opponent human", "1000000000>999999996\nquit\n");
  BOOST_TEST(contains(play.out, "Position [999999996]:"), play.out + play.err);
}
