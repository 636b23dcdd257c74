// grundy compound run as a separate process: the worked example of the docs as text and JSON,
// each kind and convention on positions whose answers are known by hand, components written
// between '+', a game with cycles (decided, or refused in one line), every bad input refused in
// one line with a non-zero status, and a stop by SIGINT within a second.
#define BOOST_TEST_MODULE cli_compound
#include <boost/test/unit_test.hpp>

#include "cli_runner.hpp"

#include <boost/json/src.hpp>

#include <chrono>
#include <csignal>
#include <string>
#include <thread>

namespace {

namespace json = boost::json;
using grundy_test::run_cli;

json::object compound_json(const std::string& args, const std::string& input = {}) {
  const auto r = run_cli("compound " + args + " --format json", input);
  BOOST_TEST_REQUIRE(r.status == 0, args << ": " << r.err);
  BOOST_TEST(grundy_test::count_lines(r.out) == 1u, r.out);
  boost::system::error_code ec;
  auto v = json::parse(r.out, ec);
  BOOST_TEST_REQUIRE((!ec && v.is_object()), r.out);
  return v.as_object();
}

std::string text(const json::value& v) { return std::string(v.as_string()); }

// The loopy graph of docs/loopy-games.md: a and b go round for ever, c then d end.
const std::string loopy = "s a\ns e\ns g\na b\nb a\nb c\nc d\ne f\nf e\nf d\ng g\ng d\n";

} // namespace

BOOST_AUTO_TEST_CASE(conjunctive_heaps_of_s12) {
  const auto r = run_cli("compound conjunctive heap 'S(1,2)' 5 7 9");
  BOOST_TEST_REQUIRE(r.status == 0, r.err);
  BOOST_TEST(r.out.find("outcome      N: the player to move wins") != std::string::npos, r.out);
  BOOST_TEST(r.out.find("remoteness   3 ") != std::string::npos, r.out);
  const auto j = compound_json("conjunctive heap 'S(1,2)' 5 7 9");
  BOOST_TEST(text(j.at("outcome")) == "N");
  BOOST_TEST(j.at("remoteness").as_int64() == 3);
  const auto& parts = j.at("components").as_array();
  BOOST_TEST_REQUIRE(parts.size() == 3u);
  BOOST_TEST(parts[0].at("remoteness").as_int64() == 3);
  BOOST_TEST(parts[1].at("remoteness").as_int64() == 5);
  BOOST_TEST(parts[2].at("remoteness").as_int64() == 6);
  // Hurry where the player to move wins (5 > 3, 7 > 6), delay where it loses (9 > 8).
  BOOST_TEST(text(parts[0].at("move")) == "[3]");
  BOOST_TEST(text(parts[1].at("move")) == "[6]");
  BOOST_TEST(text(parts[2].at("move")) == "[8]");
}

BOOST_AUTO_TEST_CASE(continued_conjunctive_and_selective) {
  // S(1,2): a heap of 9 is lost and its suspense is the longest, 6 (the loser takes 2 each time,
  // the winner 1); the compound's is the largest, so it is lost.
  auto j = compound_json("continued-conjunctive heap 'S(1,2)' 4 9");
  BOOST_TEST(text(j.at("outcome")) == "P");
  BOOST_TEST(j.at("suspense").as_int64() == j.at("components").as_array()[1].at("suspense").as_int64());
  // Nim: selective compounds of heaps are won unless every heap is empty, in normal play.
  j = compound_json("selective nim 3 3");
  BOOST_TEST(text(j.at("outcome")) == "N");
  BOOST_TEST(text(j.at("components").as_array()[0].at("move")) == "[]");
  // Misère: one heap of 1 alone loses; two go by the normal rule, and are won.
  BOOST_TEST(text(compound_json("selective nim 1 --misere").at("outcome")) == "P");
  BOOST_TEST(text(compound_json("selective nim 1 1 --misere").at("outcome")) == "N");
  BOOST_TEST(text(compound_json("selective nim 2 --misere").at("outcome")) == "N");
  // A terminal component ends a conjunctive compound: no move, remoteness 0.
  j = compound_json("conjunctive nim 3 + 0");
  BOOST_TEST(text(j.at("outcome")) == "P");
  BOOST_TEST(j.at("remoteness").as_int64() == 0);
  BOOST_TEST(!j.at("has_move").as_bool());
}

BOOST_AUTO_TEST_CASE(components_between_plus_signs) {
  // Wythoff (1,2) is lost at once; (0,3) is won in one move: the least remoteness wins.
  const auto j = compound_json("conjunctive wythoff 1 2 + 0 3");
  BOOST_TEST(j.at("components").as_array().size() == 2u);
  BOOST_TEST(text(j.at("outcome")) == "N");
  BOOST_TEST(j.at("remoteness").as_int64() == 1);
  // Whole positions of several heaps: [1,2,3] is lost in Nim, so is the selective compound.
  BOOST_TEST(text(compound_json("selective nim 1 2 3 + 1 1").at("outcome")) == "P");
}

BOOST_AUTO_TEST_CASE(games_with_cycles) {
  // Tokens on a (a draw: a and b go round) and c (won in one move): the conjunctive compound is
  // decided by c's remoteness.
  const auto j = compound_json("conjunctive digraph /dev/stdin --tokens a,c", loopy);
  BOOST_TEST(text(j.at("outcome")) == "N");
  BOOST_TEST(j.at("remoteness").as_int64() == 1);
  BOOST_TEST(j.at("components").as_array()[0].at("remoteness").is_null());
  BOOST_TEST(text(compound_json("selective digraph /dev/stdin --tokens a,c", loopy).at("outcome")) == "D");
  for (const auto* args : {"continued-conjunctive digraph /dev/stdin --tokens a,c",
                           "selective digraph /dev/stdin --tokens a,c --misere"}) {
    const auto r = run_cli(std::string("compound ") + args, loopy);
    BOOST_TEST(r.status == 2, args);
    BOOST_TEST(r.err_lines() == 1u, r.err);
    BOOST_TEST(r.err.find("cycle") != std::string::npos, r.err);
    BOOST_TEST(r.out.empty());
  }
}

BOOST_AUTO_TEST_CASE(bad_inputs_get_one_line) {
  for (const auto* args :
       {"compound disjunctive nim 3 4", "compound conjunctive", "compound conjunctive chess 3",
        "compound conjunctive wythoff 1 2 +", "compound selective wythoff + 1 2",
        "compound conjunctive heap 'S(1,2)' x", "compound conjunctive nim 3 --format xml",
        "compound conjunctive nim 3 --bogus", "compound conjunctive nim 3 --max-states 0",
        "compound selective nim 100 100 --max-states 10"}) {
    const auto r = run_cli(args);
    BOOST_TEST(r.status != 0, args);
    BOOST_TEST(r.err_lines() == 1u, args << ": " << r.err);
    BOOST_TEST(r.out.empty(), args << ": " << r.out);
  }
  const auto r = run_cli("compound continued nim 3 + 4 x");
  BOOST_TEST(r.status == 2);
  BOOST_TEST(r.err.find("x") != std::string::npos, r.err);
}

BOOST_AUTO_TEST_CASE(sigint_stops_within_a_second) {
  const grundy_test::process p({"compound", "conjunctive", "heap", "S(1,2,3)", "60000000", "60000001"});
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  const auto from = std::chrono::steady_clock::now();
  p.signal(SIGINT);
  const auto r = p.wait();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - from).count();
  BOOST_TEST(r.status == 128 + SIGINT, r.err);
  BOOST_TEST(seconds < 1.0);
  BOOST_TEST(r.err_lines() == 1u, r.err);
}
