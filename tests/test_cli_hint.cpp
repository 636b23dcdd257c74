// grundy hint run as a separate process: on large octal heaps, the answer from the proven period
// at once, and a stop by SIGINT or SIGTERM within a second whatever the hint is doing; its text
// as it always was; and --format json read back by Boost.JSON, for normal and misère play, the
// misère quotient, draws, finished positions and --all.
#define BOOST_TEST_MODULE cli_hint
#include <boost/test/unit_test.hpp>

#include "cli_runner.hpp"

#include <boost/json/src.hpp>

#include <chrono>
#include <csignal>
#include <string>
#include <thread>
#include <vector>

namespace {

namespace json = boost::json;
using grundy_test::run_cli;
using grundy_test::slurp;
using result = grundy_test::cli_result;
using clock_type = std::chrono::steady_clock;

double since(clock_type::time_point t) {
  return std::chrono::duration<double>(clock_type::now() - t).count();
}

// Runs grundy with `args`; with a signal, sends it after `delay` seconds. Returns the result
// and the seconds from the signal (or the start) to the end of the process.
std::pair<result, double> run_grundy(const std::vector<std::string>& args, int signal = 0, double delay = 0) {
  const grundy_test::process p(args);
  auto from = clock_type::now();
  if (signal) {
    std::this_thread::sleep_for(std::chrono::duration<double>(delay));
    from = clock_type::now();
    p.signal(signal);
  }
  auto r = p.wait();
  return {std::move(r), since(from)};
}

json::object parse_object(const std::string& text) {
  boost::system::error_code ec;
  auto v = json::parse(text, ec);
  BOOST_TEST_REQUIRE(!ec, "not JSON: " << text);
  BOOST_TEST_REQUIRE(v.is_object(), text);
  return v.as_object();
}

// `grundy hint ARGS --format json`, which must succeed with one object on one line.
json::object hint_json(const std::string& args) {
  const auto r = run_cli("hint " + args + " --format json");
  BOOST_TEST_REQUIRE(r.status == 0, args << ": " << r.err);
  BOOST_TEST(grundy_test::count_lines(r.out) == 1u, r.out);
  return parse_object(r.out);
}

std::string text_of(const json::value& v) { return std::string(v.as_string()); }

// The moves of a JSON hint as the text prints them: "WORDS  ->  POSITION".
std::vector<std::string> move_lines(const json::value& moves) {
  std::vector<std::string> lines;
  for (const auto& m : moves.as_array())
    lines.push_back(text_of(m.at("move")) + "  ->  " + text_of(m.at("position")));
  return lines;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The digraph game of tests/test_cli_loopy.cpp: a <-> b, b -> c, c -> d, e <-> f, f -> d; a
// and b are draws, c is 1, d is 0, f wins by moving to d and e is lost.
std::string graph_file() {
  const auto path = grundy_test::scratch_directory("test-cli-hint") / "g.txt";
  grundy_test::put(path, "a b\nb a\nb c\nc d\ne f\nf e\nf d\n");
  return path.string();
}

} // namespace

// Dawson's Kayles' period is proven after a couple of hundred values: a heap of 10^7 (or of
// 2^32 - 1) is answered from it, where every split used to be tried (702 s at 10^7, past the
// test's time-out). How fast it answers is a benchmark's matter, not this test's.
BOOST_AUTO_TEST_CASE(octal_hint_from_the_period) {
  for (const std::string heap : {"10000000", "4294967295"}) {
    const auto [r, seconds] = run_grundy({"hint", "octal", "0.07", heap});
    BOOST_TEST_MESSAGE("hint octal 0.07 " << heap << ": " << seconds << " s");
    BOOST_TEST(r.status == 0, r.err);
    BOOST_TEST(r.out.find("N: the player to move wins") != std::string::npos, r.out);
    BOOST_TEST(r.out.find("take 2 from the heap of " + heap) != std::string::npos, r.out);
    BOOST_TEST(r.out.find("winning moves in all: --all lists them") != std::string::npos, r.out);
  }
}

// A stop 0.3 s in ends the hint within a second, with one line and the signal's exit status:
// while the values of a code with no period are computed (0.6), and while a long list of
// winning moves is made (--all from a heap of 3 x 10^7 tokens: about 1.8 million moves).
BOOST_AUTO_TEST_CASE(octal_hint_stops_on_a_signal) {
  const std::vector<std::vector<std::string>> commands{{"hint", "octal", "0.6", "3000000"},
                                                       {"hint", "octal", "0.07", "30000000", "--all"}};
  for (const auto& args : commands)
    for (const int number : {SIGTERM, SIGINT}) {
      const auto [r, seconds] = run_grundy(args, number, 0.3);
      BOOST_TEST_MESSAGE(args[2] << " " << args[3] << ", signal " << number << ": ended " << seconds
                                 << " s after it: " << r.err);
      BOOST_TEST(r.status == 128 + number, r.err);
      BOOST_TEST(seconds < 1.5);
      BOOST_TEST(r.err_lines() == 1u, r.err);
      BOOST_TEST(r.err.find("interrupted") != std::string::npos, r.err);
    }
}

// The text is what grundy hint printed before hints were a library service, byte for byte, with
// the remoteness line after the outcome (for these rules, that it needs the game graph).
BOOST_AUTO_TEST_CASE(text_output_unchanged) {
  const auto nim = run_cli("hint nim 2 6 7");
  BOOST_TEST(nim.status == 0);
  BOOST_TEST(nim.out ==
             "heap 1 (2)    1 0\n"
             "heap 2 (6)  1 1 0\n"
             "heap 3 (7)  1 1 1\n"
             "-----------------\n"
             "parity      0 1 1\n"
             "The parity row is not all 0: the position is odd. To make it even, change one heap:\n"
             "heap 3 (7)  1 1 1\n"
             "parity      0 1 1\n"
             "-----------------\n"
             "new size    1 0 0  = 4: leave 4 in the heap of 7 (take 3).\n"
             "\n"
             "position  [2,6,7] (normal play)\n"
             "outcome   N: the player to move wins\n"
             "remoteness needs the game graph, which this game's own rule does not build\n"
             "move      take 3 from the heap of 7, leaving 4  ->  [2,4,6]\n"
             "          (3 winning moves in all: --all lists them)\n");
  BOOST_TEST(run_cli("hint octal 0.07 25 27 29 30 --misere --format text").out ==
             "position  [25,27,29,30] (misère play)\n"
             "outcome   N: the player to move wins\n"
             "remoteness needs the game graph, which this game's own rule does not build\n"
             "move      take 2 from the heap of 30 and split the rest into 25 and 3  ->  [3,25,25,27,29]\n"
             "          (12 winning moves in all: --all lists them)\n"
             "method    the misère quotient of 0.07 on heaps 1..30 (order 360)\n");
  BOOST_TEST(run_cli("hint wythoff 5 7 --all").out ==
             "position  (5,7) (normal play)\n"
             "outcome   N: the player to move wins\n"
             "remoteness needs the game graph, which this game's own rule does not build\n"
             "moves     take 4 from the pile of 7, leaving 3  ->  (3,5)\n"
             "          take 1 from the pile of 5, leaving 4  ->  (4,7)\n");
  BOOST_TEST(run_cli("hint nim 1 2 3 --misere")
                 .out.ends_with("position  [1,2,3] (misère play)\n"
                                "outcome   P: the player to move loses against perfect play\n"
                                "remoteness needs the game graph, which this game's own rule does not build\n"
                                "move      none wins: every move leaves the opponent a winning position\n"));
  BOOST_TEST(run_cli("hint digraph '" + graph_file() + "' --start b").out ==
             "position  b (normal play)\n"
             "outcome   D: a draw: neither player can force a win, and perfect play never ends\n"
             "move      none wins; this one keeps the draw (any other loses):\n"
             "          move the token from b to a  ->  a\n");
}

// Normal play: the head first, typed as grundy graph --format json types it, then the answer.
BOOST_AUTO_TEST_CASE(json_normal_play) {
  const auto r = run_cli("hint nim 3 4 5 --format json");
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(
      r.out.starts_with(R"({"game": "nim", "start": "[3,4,5]", "convention": "normal", "outcome": "N", )"
                        R"("finished": false, "winning_move_count": 1, "moves": [{"move": "take 2 from the )"
                        R"(heap of 3, leaving 1", "position": "[1,4,5]"}], "drawing_moves": [], )"
                        R"("method": null, "explanation": "heap 1 (3)    1 1\n)"),
      r.out);
  const auto o = parse_object(r.out);
  // Nim's explanation is the text's table.
  BOOST_TEST(contains(run_cli("hint nim 3 4 5").out, text_of(o.at("explanation"))));

  const auto moore = hint_json("moore --k 2 3 4 5");
  BOOST_TEST(moore.at("k").as_int64() == 2);
  BOOST_TEST(moore.at("explanation").is_null());
  const auto tablettes = hint_json("tablettes --colors 2 --tablets 2");
  BOOST_TEST(tablettes.at("colors").as_int64() == 2);
  BOOST_TEST(tablettes.at("tablets").as_int64() == 2);
  BOOST_TEST(text_of(tablettes.at("start")) == "[[0,1],[0,1],[1,1],[1,1]]");
  const auto octal = hint_json("octal 0.07 20");
  BOOST_TEST(text_of(octal.at("code")) == "0.07");
  BOOST_TEST(text_of(octal.at("outcome")) == "N");
  BOOST_TEST(octal.at("method").is_null());
  const auto lost = hint_json("octal 0.07 9");
  BOOST_TEST(text_of(lost.at("outcome")) == "P");
  BOOST_TEST(lost.at("moves").as_array().empty());
  BOOST_TEST(lost.at("winning_move_count").as_int64() == 0);
  BOOST_TEST(!lost.at("finished").as_bool());
}

// Misère play, by Bouton's rule for Nim, through the misère quotient for a sum of heaps of
// Dawson's Kayles no game graph could hold, and through the game graph for a small one.
BOOST_AUTO_TEST_CASE(json_misere_play) {
  const auto nim = hint_json("nim 1 1 --misere");
  BOOST_TEST(text_of(nim.at("convention")) == "misere");
  BOOST_TEST(text_of(nim.at("outcome")) == "N");
  BOOST_TEST((move_lines(nim.at("moves")) == std::vector<std::string>{"take the whole heap of 1  ->  [1]"}));
  BOOST_TEST(contains(text_of(nim.at("explanation")), "Misère play, where the last move loses"));

  const auto q = hint_json("octal 0.07 25 27 29 30 --misere");
  BOOST_TEST(text_of(q.at("game")) == "octal");
  BOOST_TEST(text_of(q.at("start")) == "[25,27,29,30]");
  BOOST_TEST(text_of(q.at("convention")) == "misere");
  BOOST_TEST(text_of(q.at("outcome")) == "N");
  BOOST_TEST(q.at("winning_move_count").as_int64() == 12);
  BOOST_TEST((move_lines(q.at("moves")) ==
              std::vector<std::string>{
                  "take 2 from the heap of 30 and split the rest into 25 and 3  ->  [3,25,25,27,29]"}));
  BOOST_TEST(text_of(q.at("method")) == "the misère quotient of 0.07 on heaps 1..30 (order 360)");
  BOOST_TEST(q.at("explanation").is_null());
  // Every winning move, as the text lists them.
  const auto all = hint_json("octal 0.07 25 27 29 30 --misere --all");
  BOOST_TEST(all.at("moves").as_array().size() == 12u);
  const auto text = run_cli("hint octal 0.07 25 27 29 30 --misere --all").out;
  for (const auto& line : move_lines(all.at("moves")))
    BOOST_TEST(contains(text, line + "\n"), line);

  const auto small = hint_json("octal 0.07 4 --misere");
  BOOST_TEST(text_of(small.at("convention")) == "misere");
  BOOST_TEST(small.at("moves").as_array().size() <= 1u);
}

// A draw: no winning move, every move that keeps the draw listed whether or not --all is given.
BOOST_AUTO_TEST_CASE(json_draws) {
  const auto g = graph_file();
  const auto b = hint_json("digraph '" + g + "' --start b");
  BOOST_TEST(text_of(b.at("game")) == "digraph");
  BOOST_TEST(text_of(b.at("graph")) == "6 vertices, 7 edges");
  BOOST_TEST(text_of(b.at("outcome")) == "D");
  BOOST_TEST(!b.at("finished").as_bool());
  BOOST_TEST(b.at("winning_move_count").as_int64() == 0);
  BOOST_TEST(b.at("moves").as_array().empty());
  BOOST_TEST(
      (move_lines(b.at("drawing_moves")) == std::vector<std::string>{"move the token from b to a  ->  a"}));
  // f wins by moving to d: no draw to keep.
  const auto f = hint_json("digraph '" + g + "' --start f");
  BOOST_TEST(text_of(f.at("outcome")) == "N");
  BOOST_TEST((move_lines(f.at("moves")) == std::vector<std::string>{"move the token from f to d  ->  d"}));
  BOOST_TEST(f.at("drawing_moves").as_array().empty());
}

// No move is left: lost in normal play, won in misère play.
BOOST_AUTO_TEST_CASE(json_finished_position) {
  const auto normal = hint_json("nim 0");
  BOOST_TEST(normal.at("finished").as_bool());
  BOOST_TEST(text_of(normal.at("outcome")) == "P");
  BOOST_TEST(text_of(normal.at("start")) == "[]");
  BOOST_TEST(normal.at("moves").as_array().empty());
  const auto misere = hint_json("wythoff 0 0 --misere");
  BOOST_TEST(misere.at("finished").as_bool());
  BOOST_TEST(text_of(misere.at("outcome")) == "N");
  const auto d = hint_json("digraph '" + graph_file() + "' --start d");
  BOOST_TEST(d.at("finished").as_bool());
  BOOST_TEST(text_of(d.at("outcome")) == "P");
}

// --all lists every winning move; without it the first, with the same count.
BOOST_AUTO_TEST_CASE(json_all_moves) {
  for (const std::string game : {"nim 2 6 7", "wythoff 5 7", "octal 0.07 20 21"}) {
    const auto first = hint_json(game);
    const auto all = hint_json(game + " --all");
    const auto count = first.at("winning_move_count").as_int64();
    BOOST_TEST(count > 1, game);
    BOOST_TEST(all.at("winning_move_count").as_int64() == count, game);
    BOOST_TEST(first.at("moves").as_array().size() == 1u, game);
    BOOST_TEST(all.at("moves").as_array().size() == static_cast<std::size_t>(count), game);
    BOOST_TEST(all.at("moves").as_array().front() == first.at("moves").as_array().front(), game);
    // In the text's order.
    const auto text = run_cli("hint " + game + " --all").out;
    std::size_t at = 0;
    for (const auto& line : move_lines(all.at("moves"))) {
      const auto found = text.find(line + "\n", at);
      BOOST_TEST(found != std::string::npos, game << ": " << line);
      at = found;
    }
  }
  BOOST_TEST(run_cli("hint nim 3 4 5 --format xml").status == 2);
}

// A rule whose misère quotient the periodicity test settles (0.75 from heap 32) is answered
// from it for heaps of any size, as the game graph answers a heap past the settling one.
BOOST_AUTO_TEST_CASE(misere_hint_past_the_settled_quotient) {
  const auto big = hint_json("octal 0.75 1000000 7 --misere");
  BOOST_TEST(contains(text_of(big.at("method")), "every heap size"), text_of(big.at("method")));
  for (const std::string heap : {"41", "44"}) {
    const auto h = hint_json("octal 0.75 " + heap + " --misere");
    BOOST_TEST(contains(text_of(h.at("method")), "every heap size"));
    const auto g = run_cli("graph octal 0.75 " + heap + " --misere");
    BOOST_TEST_REQUIRE(g.status == 0, g.err);
    BOOST_TEST(contains(g.out, "misere              " + text_of(h.at("outcome"))), heap << ": " << g.out);
  }
}

// 0.07's misère quotient grows without bound: a heap of 10^5 tokens passes the quotient's
// budget and falls back to the game graph. --max-memory bounds both (one line past it, exit
// status 1), and a signal at any moment ends the run within a second.
BOOST_AUTO_TEST_CASE(misere_hint_memory_and_stop) {
  const std::vector<std::string> args{"hint", "octal", "0.07", "100000", "--misere"};
  auto capped = args;
  capped.insert(capped.end(), {"--max-memory", "300M"});
  const auto [r, seconds] = run_grundy(capped);
  BOOST_TEST(r.status == 1, "status " << r.status << " after " << seconds << " s: " << r.err);
  BOOST_TEST(r.err_lines() == 1u, r.err);
  BOOST_TEST(contains(r.err, "memory"), r.err);
  for (const double delay : {0.1, 0.7, 1.9, 3.3}) {
    const auto [s, after] = run_grundy(args, SIGINT, delay);
    BOOST_TEST_MESSAGE("SIGINT at " << delay << " s: ended " << after << " s after it: " << s.err);
    BOOST_TEST(s.status == 128 + SIGINT, s.err);
    BOOST_TEST(after < 1.0);
    BOOST_TEST(s.err_lines() == 1u, s.err);
  }
  const auto bad = run_cli("hint octal 0.07 10 --misere --max-memory lots");
  BOOST_TEST(bad.status == 2, bad.err);
  BOOST_TEST(contains(bad.err, "--max-memory"), bad.err);
}

// Remoteness of graph_file()'s vertices: d has no move (0), c and f move to it (won in 1), e
// only to f (lost in 2), a and b keep a draw for ever (none).
BOOST_AUTO_TEST_CASE(remoteness_in_text_and_json) {
  const auto g = "digraph '" + graph_file() + "'";
  BOOST_TEST(run_cli("hint " + g + " --start e").out ==
             "position  e (normal play)\n"
             "outcome   P: the player to move loses against perfect play\n"
             "remoteness 2: the player to move loses in 2 moves against the fastest win\n"
             "move      none wins: every move leaves the opponent a winning position\n");
  BOOST_TEST(run_cli("hint " + g + " --start c").out ==
             "position  c (normal play)\n"
             "outcome   N: the player to move wins\n"
             "remoteness 1: the player to move wins in 1 move against any defence\n"
             "move      move the token from c to d  ->  d  (remoteness 0)\n");
  for (const auto& [start, expected] :
       std::vector<std::pair<std::string, long>>{{"c", 1}, {"d", 0}, {"e", 2}}) {
    const auto o = hint_json(g + " --start " + start);
    BOOST_TEST(o.at("remoteness_known").as_bool());
    BOOST_TEST(o.at("remoteness").as_int64() == expected, start);
  }
  const auto draw = hint_json(g + " --start b");
  BOOST_TEST(draw.at("remoteness_known").as_bool());
  BOOST_TEST(draw.at("remoteness").is_null());
  BOOST_TEST(draw.at("drawing_move_remoteness").as_array()[0].is_null());
  // Several tokens make a sum whose graph is never built.
  const auto sum = hint_json(g + " --tokens c,e");
  BOOST_TEST(!sum.at("remoteness_known").as_bool());
  BOOST_TEST(sum.at("remoteness").is_null());
  // Nim is answered by Bouton's rule: no graph, no remoteness, one line saying so.
  const auto nim = hint_json("nim 3 4 5");
  BOOST_TEST(!nim.at("remoteness_known").as_bool());
  BOOST_TEST(contains(run_cli("hint nim 3 4 5").out,
                      "\nremoteness needs the game graph, which this game's own rule does not build\n"));
}

// x -> u wins in 3 (u -> v -> t), x -> t at once: the fastest is listed first, and shown alone.
BOOST_AUTO_TEST_CASE(the_fastest_win_comes_first) {
  const auto path = grundy_test::scratch_directory("test-cli-hint") / "fastest.txt";
  grundy_test::put(path, "x u\nx t\nu v\nv t\n");
  const auto g = "digraph '" + path.string() + "' --start x";
  const auto all = hint_json(g + " --all");
  BOOST_TEST(all.at("remoteness").as_int64() == 1);
  BOOST_TEST((move_lines(all.at("moves")) == std::vector<std::string>{"move the token from x to t  ->  t",
                                                                      "move the token from x to u  ->  u"}));
  const auto& after = all.at("move_remoteness").as_array();
  BOOST_TEST_REQUIRE(after.size() == 2u);
  BOOST_TEST(after[0].as_int64() == 0);
  BOOST_TEST(after[1].as_int64() == 2);
  const auto one = hint_json(g);
  BOOST_TEST(one.at("winning_move_count").as_int64() == 2);
  BOOST_TEST((move_lines(one.at("moves")) == std::vector<std::string>{"move the token from x to t  ->  t"}));
}
