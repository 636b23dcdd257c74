// grundy misere and grundy hint octal --misere through the misère quotient, run as a separate
// process: published figures, outcomes against the game graph's labelling, JSON keys, saved
// quotients read back, and every bad input refused in one line.
#define BOOST_TEST_MODULE cli_misere
#include <boost/test/unit_test.hpp>

#include "cli_runner.hpp"

#include <boost/json/src.hpp>

#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <string>
#include <thread>
#include <vector>

namespace {

namespace json = boost::json;
using grundy_test::run_cli;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

json::object parse_object(const std::string& text) {
  boost::system::error_code ec;
  auto v = json::parse(text, ec);
  BOOST_TEST_REQUIRE(!ec, "not JSON: " << text);
  BOOST_TEST_REQUIRE(v.is_object(), text);
  return v.as_object();
}

// The misère outcome of a sum of heaps of `game` ("octal 0.07", "heap grundy"), by labelling its
// game graph.
std::string graph_outcome(const std::string& game, const std::string& heaps) {
  const auto r = run_cli("graph " + game + " " + heaps + " --misere --format json -q");
  BOOST_TEST_REQUIRE(r.status == 0, r.err);
  return std::string(parse_object(r.out).at("misere_outcome").as_string());
}

// The position after the move a hint shows: the text after "->  " on its move line.
std::string moved_to(const std::string& hint) {
  const auto line = hint.find("\nmove ");
  BOOST_TEST_REQUIRE(line != std::string::npos, hint);
  const auto arrow = hint.find("->  ", line);
  const auto end = hint.find('\n', arrow);
  auto position = hint.substr(arrow + 4, end - arrow - 4);
  for (char& c : position)
    if (c == '[' || c == ']' || c == ',') c = ' ';
  return position;
}

std::filesystem::path scratch(const std::string& name) {
  return grundy_test::fresh_directory("grundy-cli-misere", name);
}

} // namespace

// Plambeck and Siegel's figure for Dawson's Kayles: Q_30(0.07) has order 360.
BOOST_AUTO_TEST_CASE(dawsons_kayles_quotient_has_order_360) {
  const auto text = run_cli("misere 0.07 --max-heap 30");
  BOOST_TEST_REQUIRE(text.status == 0, text.err);
  BOOST_TEST(contains(text.out, "order         360\n"), text.out);
  BOOST_TEST(contains(text.out, "rule          0.07, heaps 1..30\n"), text.out);
  const auto j = parse_object(run_cli("misere 0.07 --max-heap 30 --format json").out);
  BOOST_TEST(j.at("order").to_number<int>() == 360);
  BOOST_TEST(j.at("max_heap").to_number<int>() == 30);
  BOOST_TEST(j.at("rule").as_string() == "0.07");
  BOOST_TEST(j.at("elements").as_array().size() == 30u);
}

// 0.3 takes one token at a time: a sum of T tokens lasts T moves, so it is a misère P-position
// exactly when T is odd, and the quotient is {1, a} with a^2 = 1, a the heaps of odd size.
BOOST_AUTO_TEST_CASE(one_token_at_a_time_has_a_quotient_of_order_2) {
  const auto j = parse_object(run_cli("misere 0.3 --max-heap 9 --format json").out);
  BOOST_TEST(j.at("order").to_number<int>() == 2);
  const auto& p = j.at("p_portion").as_array();
  BOOST_TEST_REQUIRE(p.size() == 1u);
  const auto& elements = j.at("elements").as_array();
  for (std::size_t h = 1; h <= 9; ++h) {
    const auto& e = elements[h - 1].as_object();
    BOOST_TEST(e.at("heap").to_number<std::size_t>() == h);
    BOOST_TEST(e.at("outcome").as_string() == (h % 2 ? "P" : "N"), "heap " << h);
    BOOST_TEST((e.at("element") == p[0]) == (h % 2 == 1), "heap " << h);
  }
  BOOST_TEST(j.at("presentation").as_object().at("generators").as_array().size() == 1u);
}

// Misère Nim on heaps of 1 and 2 tokens has Plambeck's quotient T_6: <a, b | a^2 = 1, b^3 = b>
// with P-portion {a, b^2}. Subtracting 1 or 2 makes heaps of *1, *2 and *0 (sizes 1, 2, 0 mod
// 3), all tame, so its quotient is that one for every heap size.
BOOST_AUTO_TEST_CASE(subtract_one_or_two_has_t6) {
  const auto r = run_cli("misere 'S(1,2)' --max-heap 12 --genus");
  BOOST_TEST_REQUIRE(r.status == 0, r.err);
  BOOST_TEST(contains(r.out, "order         6\n"), r.out);
  BOOST_TEST(contains(r.out, "presentation  <a, b | a^2 = 1, b^3 = b>\n"), r.out);
  BOOST_TEST(contains(r.out, "P-portion     a, b^2 (2 of 6 elements)\n"), r.out);
  BOOST_TEST(contains(r.out, "tame          yes"), r.out);
}

// The keys, in the documented order.
BOOST_AUTO_TEST_CASE(json_keys_in_their_order) {
  const auto r = run_cli("misere 0.07 --max-heap 12 --format json --genus");
  BOOST_TEST_REQUIRE(r.status == 0, r.err);
  const auto j = parse_object(r.out);
  std::vector<std::string> keys;
  for (const auto& [key, value] : j)
    keys.emplace_back(key);
  // 0.07 is wild from heap 10 on: "wild" names the first heap whose play reaches a wild position.
  const std::vector<std::string> expected{
      "rule",     "max_heap", "order", "p_portion", "presentation", "decides_every_heap",
      "elements", "genus",    "tame",  "wild"};
  BOOST_TEST(keys == expected, boost::test_tools::per_element());
  const auto& presentation = j.at("presentation").as_object();
  BOOST_TEST(presentation.contains("text"));
  BOOST_TEST(presentation.at("generators").as_array().size() >= 1u);
  for (const auto& relation : presentation.at("relations").as_array())
    BOOST_TEST(contains(std::string(presentation.at("text").as_string()),
                        std::string(relation.at("left").as_string()) + " = " +
                            std::string(relation.at("right").as_string())));
  BOOST_TEST(j.at("genus").as_array().size() == 12u);
  // Without --genus, no genus keys.
  const auto plain = parse_object(run_cli("misere 0.07 --max-heap 12 --format json").out);
  BOOST_TEST(!plain.contains("genus"));
  BOOST_TEST(!plain.contains("tame"));
}

// Each heap's outcome in the quotient's table is the outcome of the heap's game graph.
BOOST_AUTO_TEST_CASE(single_heaps_agree_with_the_game_graph) {
  for (const std::string code : {"0.07", "0.137", "0.77"}) {
    const auto j = parse_object(run_cli("misere " + code + " --max-heap 14 --format json").out);
    for (const auto& e : j.at("elements").as_array()) {
      const auto heap = std::to_string(e.at("heap").to_number<int>());
      BOOST_TEST(e.at("outcome").as_string() == graph_outcome("octal " + code, heap),
                 code << " heap " << heap);
    }
  }
}

// Ones genus per heap; a Nim heap's genus is that of heaps of 0.3 (each behaves as *1 or *0
// in any sum, by parity), and a game whose heaps are all tame has a quotient of misère Nim's:
// 0.07's order of 360 says it is not tame.
BOOST_AUTO_TEST_CASE(genus_of_each_heap) {
  const auto nimlike = run_cli("misere 0.3 --max-heap 4 --genus");
  BOOST_TEST_REQUIRE(nimlike.status == 0, nimlike.err);
  BOOST_TEST(contains(nimlike.out, "tame          yes"), nimlike.out);
  BOOST_TEST(contains(nimlike.out, "1^031"), nimlike.out);
  BOOST_TEST(contains(nimlike.out, "0^120"), nimlike.out);
  const auto kayles = run_cli("misere 0.07 --max-heap 30 --genus");
  BOOST_TEST_REQUIRE(kayles.status == 0, kayles.err);
  BOOST_TEST(contains(kayles.out, "tame          no: heap "), kayles.out);
}

BOOST_AUTO_TEST_CASE(save_and_load_round_trip) {
  const auto dir = scratch("round-trip");
  const auto file = (dir / "q.txt").string();
  const auto computed = run_cli("misere 0.07 --max-heap 20 --save '" + file + "'");
  BOOST_TEST_REQUIRE(computed.status == 0, computed.err);
  BOOST_TEST_REQUIRE(std::filesystem::exists(file));
  for (const std::string more : {"", " --format json", " --genus"}) {
    const auto again = run_cli("misere 0.07 --max-heap 20" + more);
    const auto loaded = run_cli("misere --load '" + file + "'" + more);
    BOOST_TEST(loaded.status == 0, loaded.err);
    BOOST_TEST(loaded.out == again.out, more);
  }
  // The rule and --max-heap typed with --load name the file's quotient again.
  BOOST_TEST(run_cli("misere .07 --max-heap 20 --load '" + file + "'").out == computed.out);
  const auto other = run_cli("misere 0.137 --load '" + file + "'");
  BOOST_TEST(other.status == 2);
  BOOST_TEST(contains(other.err, "holds the quotient of 0.07, not of 0.137"), other.err);
  BOOST_TEST(other.err_lines() == 1u);
  const auto smaller = run_cli("misere --max-heap 10 --load '" + file + "'");
  BOOST_TEST(smaller.status == 2);
  BOOST_TEST(contains(smaller.err, "--max-heap"), smaller.err);
}

BOOST_AUTO_TEST_CASE(malformed_files_are_refused) {
  const auto dir = scratch("malformed");
  const auto good = (dir / "good").string();
  BOOST_TEST_REQUIRE(run_cli("misere 0.07 --max-heap 12 --save '" + good + "'").status == 0);
  const auto text = grundy_test::slurp(good);
  std::vector<std::string> bad{"", "hello\n", text.substr(0, text.size() / 2)};
  // A product changed: the table is no longer that of the heaps, or no longer a monoid.
  std::string changed = text;
  for (std::size_t i = changed.size() / 2; i < changed.size(); ++i)
    if (changed[i] >= '0' && changed[i] <= '8') {
      changed[i] = static_cast<char>(changed[i] + 1);
      break;
    }
  bad.push_back(changed);
  for (std::size_t i = 0; i < bad.size(); ++i) {
    const auto file = dir / ("bad" + std::to_string(i));
    grundy_test::put(file, bad[i]);
    const auto r = run_cli("misere --load '" + file.string() + "'");
    BOOST_TEST(r.status == 2, "file " << i << ": " << r.err);
    BOOST_TEST(r.err_lines() == 1u, r.err);
    BOOST_TEST(r.out.empty());
  }
  const auto missing = run_cli("misere --load '" + (dir / "none").string() + "'");
  BOOST_TEST(missing.status == 1);
  BOOST_TEST(contains(missing.err, "cannot read"), missing.err);
  const auto folder = run_cli("misere --load '" + dir.string() + "'");
  BOOST_TEST(folder.status == 2);
  BOOST_TEST(folder.err_lines() == 1u);
}

BOOST_AUTO_TEST_CASE(bad_inputs_one_line_each) {
  struct bad {
    std::string args;
    int status;
    std::string says;
  };
  const std::vector<bad> cases{
      {"misere", 2, "give a heap rule"},
      {"misere 0.07", 2, "--max-heap"},
      {"misere 0.07 --max-heap 0", 2, "--max-heap"},
      {"misere 0.07 --max-heap x", 2, "--max-heap"},
      {"misere 0.07 --max-heap ''", 2, "--max-heap"},
      {"misere 0.9z --max-heap 5", 2, ""},
      {"misere 'S()' --max-heap 5", 2, ""},
      {"misere 0.07 --max-heap 5 --format xml", 2, "--format"},
      {"misere 0.07 --max-heap 5 --max-order 0", 2, "--max-order"},
      {"misere 0.07 --max-heap 5 --max-memory lots", 2, "--max-memory"},
      {"misere 0.07 --max-heap 30 --max-order 10", 1, "--max-order"},
      {"misere 0.07 --max-heap 5 --save /", 2, "--save"},
  };
  for (const auto& c : cases) {
    const auto r = run_cli(c.args);
    BOOST_TEST(r.status == c.status, c.args << ": " << r.err);
    BOOST_TEST(r.err_lines() == 1u, c.args << ": " << r.err);
    BOOST_TEST(contains(r.err, c.says), c.args << ": " << r.err);
    BOOST_TEST(r.out.empty(), c.args);
  }
}

// Far beyond graph labelling (millions of positions), the quotient answers a sum: the method line
// says it was used, and the move it gives leaves a P-position. Its speed is a benchmark's matter.
BOOST_AUTO_TEST_CASE(big_misere_sums_from_the_quotient) {
  const auto start = std::chrono::steady_clock::now();
  const auto r = run_cli("hint octal 0.07 25 27 29 30 28 26 --misere");
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  BOOST_TEST_MESSAGE("hint octal 0.07 25 27 29 30 28 26 --misere: " << seconds << " s");
  BOOST_TEST_REQUIRE(r.status == 0, r.err);
  BOOST_TEST(contains(r.out, "method    the misère quotient of 0.07 on heaps 1..30 (order 360)"), r.out);
  if (contains(r.out, "N: the player to move wins")) {
    const auto after = run_cli("hint octal 0.07 " + moved_to(r.out) + " --misere");
    BOOST_TEST(after.status == 0, after.err);
    BOOST_TEST(contains(after.out, "P: the player to move loses"), after.out);
  } else {
    BOOST_TEST(contains(r.out, "none wins"), r.out);
  }
}

// On sums small enough for their game graph, the quotient's outcome and every winning move it
// lists agree with the graph's labelling: octal games and the heap game's other rules.
BOOST_AUTO_TEST_CASE(quotient_hints_agree_with_graph_labelling) {
  for (const std::string game :
       {"octal 0.07", "octal 0.137", "octal 4.7", "heap 'S(1,3,4)'", "heap grundy", "heap squares"})
    for (const std::string heaps : {"1", "2", "5", "3 4", "5 6 7", "2 2 9", "1 4 8", "6 6", "10 3 1"}) {
      const auto q = run_cli("hint " + game + " " + heaps + " --misere --all");
      BOOST_TEST_REQUIRE(q.status == 0, q.err);
      BOOST_TEST(contains(q.out, "method    the misère quotient"), q.out);
      const auto outcome = graph_outcome(game, heaps);
      BOOST_TEST(contains(q.out, "outcome   " + outcome + ":"), game << " " << heaps << ":\n" << q.out);
      // Every listed move leads to a P-position of the graph.
      std::size_t moves = 0;
      for (std::size_t at = q.out.find("->  "); at != std::string::npos; at = q.out.find("->  ", at + 1)) {
        const auto end = q.out.find('\n', at);
        auto position = q.out.substr(at + 4, end - at - 4);
        for (char& c : position)
          if (c == '[' || c == ']' || c == ',') c = ' ';
        ++moves;
        if (position.find_first_not_of(' ') == std::string::npos) continue; // no heap left: N in misère
        BOOST_TEST(graph_outcome(game, position) == "P", game << " " << heaps << " -> " << position);
      }
      // A sum with no move left is won by the player to move, who has no move to list.
      const bool finished = contains(q.out, "no move is left");
      BOOST_TEST((moves > 0) == (outcome == "N" && !finished), game << " " << heaps);
    }
}

// Officers' quotient passes the hint's order budget by heap 30: the game graph answers, as it
// did before the quotient, and says nothing of a method.
BOOST_AUTO_TEST_CASE(past_the_budget_the_graph_answers) {
  const auto r = run_cli("hint octal 0.6 30 --misere");
  BOOST_TEST_REQUIRE(r.status == 0, r.err);
  BOOST_TEST(!contains(r.out, "method"), r.out);
  BOOST_TEST(contains(r.out, "outcome   " + graph_outcome("octal 0.6", "30") + ":"), r.out);
}

// Ctrl-C while a hint computes its quotient: exit status 130 within a second, in one line.
BOOST_AUTO_TEST_CASE(hint_stops_on_a_signal) {
  const grundy_test::process p({"hint", "octal", "0.137", "40", "--misere"});
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  const auto from = std::chrono::steady_clock::now();
  p.signal(SIGINT);
  const auto r = p.wait();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - from).count();
  BOOST_TEST(seconds < 1.5);
  BOOST_TEST(r.status == 130, r.err);
  BOOST_TEST(r.err_lines() == 1u, r.err);
}

// Ctrl-C while the quotient grows ends the command within a second, in one line, with 130.
BOOST_AUTO_TEST_CASE(stops_on_a_signal) {
  const grundy_test::process p({"misere", "0.6", "--max-heap", "400", "--max-order", "1000000000"});
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  const auto from = std::chrono::steady_clock::now();
  p.signal(SIGINT);
  const auto r = p.wait();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - from).count();
  BOOST_TEST(seconds < 1.5);
  BOOST_TEST(r.status == 130, r.err);
  BOOST_TEST(r.err_lines() == 1u, r.err);
  BOOST_TEST(contains(r.err, "interrupted"), r.err);
}

// A saved file edited, relabelled or with a key twice is refused in one line saying what is
// false; each claim is checked against the rule, not against the file's own consistency.
BOOST_AUTO_TEST_CASE(load_checks_the_file_against_its_rule) {
  const auto dir = scratch("checked");
  const auto kayles = (dir / "kayles.q").string();
  BOOST_TEST_REQUIRE(run_cli("misere 0.07 --max-heap 12 --save '" + kayles + "'").status == 0);
  const auto original = parse_object(grundy_test::slurp(kayles));
  const auto refused = [&](const json::object& o, const std::string& name) {
    const auto file = (dir / name).string();
    grundy_test::put(file, json::serialize(o));
    const auto r = run_cli("misere --load '" + file + "'");
    BOOST_TEST(r.status == 2, name << ": " << r.err);
    BOOST_TEST(r.err_lines() == 1u, r.err);
    BOOST_TEST(r.out.empty(), name);
    return r.err;
  };
  // Heap 1 moved into a class of the P-portion: the game graph says heap 1 is N (no move).
  auto edited = original;
  edited["heaps"].as_array()[1] = edited["p"].as_array()[0];
  BOOST_TEST(graph_outcome("octal 0.07", "1") == "N");
  const auto heap1 = refused(edited, "heap1.q");
  BOOST_TEST(contains(heap1, "is false for 0.07: its tables make heap 1 a misère P-position, but it is an "
                             "N-position"),
             heap1);
  // Another rule's quotient under this rule's name.
  const auto dawson = (dir / "dawson.q").string();
  BOOST_TEST_REQUIRE(run_cli("misere 0.33 --max-heap 12 --save '" + dawson + "'").status == 0);
  auto relabelled = parse_object(grundy_test::slurp(dawson));
  relabelled["rule"] = "0.07";
  BOOST_TEST(contains(refused(relabelled, "relabelled.q"), "0.07"));
  // A P-portion with one more element.
  auto more_p = original;
  auto& p = more_p["p"].as_array();
  for (std::int64_t x = 1; x < original.at("order").to_number<std::int64_t>(); ++x)
    if (std::find(p.begin(), p.end(), json::value(x)) == p.end()) {
      p.push_back(x);
      break;
    }
  refused(more_p, "more_p.q");
  // A key twice: a parser building a tree would keep the last one.
  const auto file = (dir / "twice.q").string();
  grundy_test::put(file, "{\"rule\":\"0.33\"," + grundy_test::slurp(kayles).substr(1));
  const auto twice = run_cli("misere --load '" + file + "'");
  BOOST_TEST(twice.status == 2);
  BOOST_TEST(contains(twice.err, "has the key \"rule\" twice"), twice.err);
  // A rule of control characters reaches the terminal made portable.
  auto escape = original;
  escape["rule"] = "\x1b]0;owned\x07";
  const auto escaped = refused(escape, "escape.q");
  BOOST_TEST(!contains(escaped, "\x1b"), escaped);
  BOOST_TEST(contains(escaped, "\\x1b"), escaped);
}

// A pipe nobody writes to: Ctrl-C ends the wait within a second, in one line, with 130.
BOOST_AUTO_TEST_CASE(load_stops_on_a_silent_pipe) {
  const auto fifo = (scratch("fifo") / "q.fifo").string();
  BOOST_TEST_REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const grundy_test::process p({"misere", "--load", fifo});
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  const auto from = std::chrono::steady_clock::now();
  p.signal(SIGINT);
  const auto r = p.wait();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - from).count();
  BOOST_TEST(seconds < 1.5);
  BOOST_TEST(r.status == 130, r.err);
  BOOST_TEST(r.err_lines() == 1u, r.err);
  BOOST_TEST(contains(r.err, "interrupted"), r.err);
}

// The table of Q_30(0.07) takes 360² entries: a limit below what the program holds already
// leaves no room for it, and the run says which option to raise.
BOOST_AUTO_TEST_CASE(load_honours_max_memory) {
  const auto file = (scratch("memory") / "kayles30.q").string();
  BOOST_TEST_REQUIRE(run_cli("misere 0.07 --max-heap 30 --save '" + file + "' -q").status == 0);
  BOOST_TEST(run_cli("misere --load '" + file + "' --max-memory 100M").status == 0);
  const auto r = run_cli("misere --load '" + file + "' --max-memory 1M");
  BOOST_TEST(r.status == 1, r.err);
  BOOST_TEST(r.err_lines() == 1u, r.err);
  BOOST_TEST(contains(r.err, "raise --max-memory"), r.err);
}

// --genus 4+4: one sum's genus, without a quotient. Dawson's Kayles' heap of 4 is 2^20 (a *2 in
// any company), so 4+4 has the genus of *2 + *2, 0^02 (Conway); 2+2 is *1 + *1, 0^120.
BOOST_AUTO_TEST_CASE(genus_of_a_sum) {
  const auto r = run_cli("misere 0.07 --genus 4+4");
  BOOST_TEST_REQUIRE(r.status == 0, r.err);
  BOOST_TEST(r.out == "rule      0.07\nposition  4+4\ngenus     0^02 (a position of Nim's genus)\n");
  const auto j = parse_object(run_cli("misere 0.07 --genus 10+2+2 --format json").out);
  BOOST_TEST(j.at("heaps").as_array().size() == 3u);
  BOOST_TEST(j.at("genus").as_object().at("symbol").as_string() == "3^1431");
  BOOST_TEST(j.at("nim_position").as_bool() == false);
  for (const auto* bad : {"misere 0.07 --genus 4+x", "misere --genus 4+4",
                          "misere 0.07 --genus 4+4 --max-heap 5", "misere 0.07 --genus 4+4 --load q.json"}) {
    const auto e = run_cli(bad);
    BOOST_TEST(e.status == 2, bad);
    BOOST_TEST(e.err_lines() == 1u, bad << ": " << e.err);
    BOOST_TEST(e.out.empty(), bad);
  }
}

// --form: a sum's simplest misère form, from its graph; --born-by: On Numbers and Games' counts.
BOOST_AUTO_TEST_CASE(simplest_forms) {
  const auto four = run_cli("misere 0.07 --form 4");
  BOOST_TEST_REQUIRE(four.status == 0, four.err);
  BOOST_TEST(contains(four.out, "form      *2\n"), four.out); // Dawson's Kayles' heap of 4 is *2
  const auto pair = parse_object(run_cli("misere 0.07 --form 2+2 --format json").out);
  BOOST_TEST(pair.at("form").as_string() == "0"); // * + * = 0
  BOOST_TEST(pair.at("outcome").as_string() == "N");
  const auto days = run_cli("misere --born-by 4 --format json");
  BOOST_TEST_REQUIRE(days.status == 0, days.err);
  const auto born = parse_object(days.out);
  std::vector<std::int64_t> counts;
  for (const auto& d : born.at("born_by").as_array())
    counts.push_back(d.as_object().at("games").as_int64());
  BOOST_TEST(counts == (std::vector<std::int64_t>{1, 2, 3, 5, 22}), boost::test_tools::per_element());
  for (const auto* bad : {"misere 0.07 --form 4+x", "misere --form 4", "misere 0.07 --form 4 --max-heap 5",
                          "misere --born-by 6", "misere 0.07 --born-by 3"}) {
    const auto e = run_cli(bad);
    BOOST_TEST(e.status == 2, bad);
    BOOST_TEST(e.err_lines() == 1u, bad << ": " << e.err);
  }
  const auto big = run_cli("misere 0.77 --form 60+60 --max-memory 20M");
  BOOST_TEST(big.status == 1, big.err);
  BOOST_TEST(big.err_lines() == 1u, big.err);
}
