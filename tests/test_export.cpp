// The exports of a labelled graph (grundy/io/export.hpp) read back by parsers that owe nothing to
// grundy: Boost.JSON for JSON, xml.etree and networkx for GraphML and Python's csv module for
// CSV (tests/read_export.py), on names that look like numbers or hold commas, quotes, markup,
// control characters or invalid UTF-8, on a graph with cycles, and with misère outcomes.
#define BOOST_TEST_MODULE export
#include <boost/test/unit_test.hpp>

#include "cli_runner.hpp"
#include "export_checks.hpp"

#include <grundy/games/digraph.hpp>
#include <grundy/io/export.hpp>
#include <grundy/io/read_digraph.hpp>
#include <grundy/misere.hpp>
#include <grundy/remoteness.hpp>
#include <grundy/solve.hpp>

#include <boost/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <random>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace export_checks;
using grundy::digraph_game;
using grundy::export_format;
using grundy::original_name;
using grundy::portable_name;

namespace {

const std::filesystem::path dir = grundy_test::scratch_directory("test-export");

// Names of every kind a file may give a vertex, by index.
const std::vector<std::string> odd_names = {
    "007",                    // 0: s, looks like a number
    "1,2",                    // 1: a, looks like a list
    "x,\"y\"\n",              // 2: b, comma, quotes, newline
    "<&>'",                   // 3: c, markup
    "\\x01",                  // 4: d, a backslash, x, 0, 1: not the byte 1
    std::string("\x01", 1),   // 5: the byte 1, which XML 1.0 cannot hold
    "bad\xff\xfe",            // 6: invalid UTF-8
    "tab\tcr\rnl\n",          // 7: the control characters XML keeps
    "\xc3\xa9\xe2\x88\x9e",   // 8: é∞, valid UTF-8
    " lead",                  // 9: a leading space
    "\xef\xbf\xbe",           // 10: U+FFFE, valid UTF-8 that XML 1.0 refuses
    "\xed\xa0\x80",           // 11: an encoded surrogate, invalid UTF-8
    std::string("nul\0!", 5), // 12: a NUL byte
    "\xc0\xaf",               // 13: an overlong '/'
};

// s -> a and s -> every name from 5 on; a <-> b, b -> c, c -> d: the graph of
// docs/loopy-games.md, where a and b draw (a is ∞(∅), b ∞(1)), c is 1 and d 0.
digraph_game loopy_game() {
  std::vector<std::pair<grundy::vertex_id, grundy::vertex_id>> edges{{0, 1}, {1, 2}, {2, 1}, {2, 3}, {3, 4}};
  for (grundy::vertex_id v = 5; v < odd_names.size(); ++v)
    edges.emplace_back(0, v);
  return digraph_game::from_edges(odd_names, edges);
}

// s -> a -> c, s -> t, c and t terminal: misère play makes c and t N (the player to move has
// no move, so the opponent moved last and lost), a P and s N; normal play makes s 2, a 1.
digraph_game acyclic_game() {
  return digraph_game::from_edges({"007", "1,2", "<&>\x01", "bad\xff"}, {{0, 1}, {1, 2}, {0, 3}});
}

std::string write(export_format f, const digraph_game& g, const grundy::solved_graph<digraph_game>& s,
                  const std::vector<grundy::outcome>* misere = nullptr,
                  const std::vector<grundy::grundy_value>* misere_values = nullptr) {
  std::ostringstream os;
  grundy::write_labelled_graph(os, f, g, s.graph, s.values, &s.infinite, misere, misere_values);
  return os.str();
}

std::string save(const std::string& name, const std::string& text) {
  const auto path = dir / name;
  std::ofstream(path, std::ios::binary) << text;
  return path.string();
}

} // namespace

BOOST_AUTO_TEST_CASE(portable_names_are_reversible_and_distinct) {
  // The forms docs/cli-guide.md gives.
  BOOST_TEST(portable_name("007") == "007");
  BOOST_TEST(portable_name("x,\"y\"<&>") == "x,\"y\"<&>");
  // Every control character is escaped, tab, line feed and carriage return too, and C1 by its
  // two bytes: none reaches a terminal, an error line or a table's columns.
  BOOST_TEST(portable_name("a\n\t\r") == "a\\x0a\\x09\\x0d");
  BOOST_TEST(portable_name("\x1b]0;t\x07") == "\\x1b]0;t\\x07");
  BOOST_TEST(portable_name("\xc2\x9b\xc2\x80\xc2\x9f\xc2\xa0") == "\\xc2\\x9b\\xc2\\x80\\xc2\\x9f\xc2\xa0");
  BOOST_TEST(portable_name("\xc3\xa9\xe2\x88\x9e") == "\xc3\xa9\xe2\x88\x9e");
  BOOST_TEST(portable_name("a\\b") == "a\\\\b");
  BOOST_TEST(portable_name(std::string("a\x01z\x7f", 4)) == "a\\x01z\\x7f");
  BOOST_TEST(portable_name("bad\xff\xfe") == "bad\\xff\\xfe");
  BOOST_TEST(portable_name("\xef\xbf\xbe") == "\\xef\\xbf\\xbe");
  BOOST_TEST(portable_name("\xed\xa0\x80") == "\\xed\\xa0\\x80");
  BOOST_TEST(portable_name("\xc0\xaf") == "\\xc0\\xaf");
  BOOST_TEST(portable_name(std::string("\0", 1)) == "\\x00");
  // A truncated sequence, then a good character: only the bad byte is escaped.
  BOOST_TEST(portable_name("\xe2\x88z") == "\\xe2\\x88z");

  std::vector<std::string> names = odd_names;
  for (int b = 0; b < 256; ++b)
    names.emplace_back(1, static_cast<char>(b));
  names.push_back("\\\\x01");
  names.push_back("\\");
  std::set<std::string> forms;
  for (const auto& n : names) {
    const auto p = portable_name(n);
    BOOST_TEST((original_name(p) == n), "original_name(portable_name(s)) is not s");
    forms.insert(p);
    // Valid UTF-8 (Boost.JSON's parser checks it) that XML 1.0 can hold (expat checks that, below).
    BOOST_TEST(is_json_string(grundy::json_quoted(p), p));
  }
  BOOST_TEST(forms.size() == std::set<std::string>(names.begin(), names.end()).size());
  BOOST_TEST(!original_name("\\"));
  BOOST_TEST(!original_name("\\x4"));
  BOOST_TEST(!original_name("\\n"));
  // One spelling per name: an escape portable_name never writes is refused.
  BOOST_TEST(!original_name("\\x41"));
}

BOOST_AUTO_TEST_CASE(json_strings_are_valid_for_any_bytes) {
  for (int b = 0; b < 256; ++b) {
    const std::string one(1, static_cast<char>(b));
    const auto quoted = grundy::json_quoted(one);
    // Every byte below 0x80 is a character of its own and comes back as it was; the others
    // alone are invalid UTF-8 and become U+FFFD.
    BOOST_TEST(is_json_string(quoted, b < 0x80 ? one : std::string("\xef\xbf\xbd")), quoted);
  }
  BOOST_TEST(is_json_string(grundy::json_quoted("\xc3\xa9 \"\\ \x1f\xc3"), "\xc3\xa9 \"\\ \x1f\xef\xbf\xbd"));
}

BOOST_AUTO_TEST_CASE(every_format_carries_odd_names_and_infinite_values) {
  const auto g = loopy_game();
  const auto s = grundy::solve(g, g.position(std::vector<std::string>{"007"}));
  const auto expected = expected_vertices(g, s, nullptr);
  BOOST_TEST_REQUIRE(expected.size() == odd_names.size());
  // What the graph's shape decides, independently of the labelling.
  const auto& at = [&](std::size_t i) -> const expected_vertex& { return expected.at(odd_names[i]); };
  BOOST_TEST(at(0).outcome == 'N'); // s moves to a terminal
  BOOST_TEST((!at(1).grundy && at(1).k.empty() && at(1).outcome == 'D'));
  BOOST_TEST((!at(2).grundy && at(2).k == std::vector<std::int64_t>{1} && at(2).outcome == 'D'));
  BOOST_TEST((at(3).grundy == 1 && at(3).outcome == 'N' && at(4).grundy == 0));
  for (std::size_t i = 5; i < odd_names.size(); ++i)
    BOOST_TEST((at(i).grundy == 0 && at(i).outcome == 'P' && at(i).value == "0"));
  BOOST_TEST(at(2).value == "∞(1)");
  BOOST_TEST(at(1).value == "∞(∅)");

  check_json(write(export_format::json, g, s), expected, expected_edges(g, s), false);
  const auto graphml = save("loopy.graphml", write(export_format::graphml, g, s));
  const auto csv = save("loopy.csv", write(export_format::csv, g, s));
  if (!python_available()) return;
  check_graphml(read_with_python(graphml), expected, expected_edges(g, s), false);
  check_csv(read_with_python(csv), expected, expected_edges(g, s), false);
}

BOOST_AUTO_TEST_CASE(misere_outcomes_in_every_format) {
  const auto g = acyclic_game();
  const auto s = grundy::solve(g, g.position(std::vector<std::string>{"007"}));
  const auto misere = grundy::misere_outcomes(s.graph.graph);
  const auto expected = expected_vertices(g, s, &misere);
  const std::map<std::string, std::pair<char, char>> facts{
      {"007", {'N', 'N'}}, {"1,2", {'N', 'P'}}, {"<&>\x01", {'P', 'N'}}, {"bad\xff", {'P', 'N'}}};
  for (const auto& [name, outcomes] : facts) {
    BOOST_TEST(expected.at(name).outcome == outcomes.first, name);
    BOOST_TEST((expected.at(name).misere == outcomes.second), name);
  }
  check_json(write(export_format::json, g, s, &misere), expected, expected_edges(g, s), true);
  // Without misère outcomes, no format names them.
  for (auto f : {export_format::json, export_format::graphml, export_format::csv})
    BOOST_TEST(write(f, g, s).find("misere") == std::string::npos);
  const auto graphml = save("misere.graphml", write(export_format::graphml, g, s, &misere));
  const auto csv = save("misere.csv", write(export_format::csv, g, s, &misere));
  if (!python_available()) return;
  check_graphml(read_with_python(graphml), expected, expected_edges(g, s), true);
  check_csv(read_with_python(csv), expected, expected_edges(g, s), true);
}

// Misère values beside the outcomes: c and t have no move (1), a moves to c only (mex{1} = 0),
// s to a or t (mex{0, 1} = 2). Outputs given outcomes alone stay as they were.
BOOST_AUTO_TEST_CASE(misere_values_in_every_format) {
  const auto g = acyclic_game();
  const auto s = grundy::solve(g, g.position(std::vector<std::string>{"007"}));
  const auto values = grundy::misere_values(s.graph.graph);
  const auto misere = grundy::outcomes_of(values);
  const auto expected = expected_vertices(g, s, &misere, &values);
  const std::map<std::string, std::int64_t> facts{{"007", 2}, {"1,2", 0}, {"<&>\x01", 1}, {"bad\xff", 1}};
  for (const auto& [name, value] : facts)
    BOOST_TEST(*expected.at(name).misere_value == value, name);
  check_json(write(export_format::json, g, s, &misere, &values), expected, expected_edges(g, s), true);
  for (auto f : {export_format::json, export_format::graphml, export_format::csv})
    BOOST_TEST(write(f, g, s, &misere).find("misere_value") == std::string::npos);
  const auto graphml = save("misere_values.graphml", write(export_format::graphml, g, s, &misere, &values));
  const auto csv = save("misere_values.csv", write(export_format::csv, g, s, &misere, &values));
  if (!python_available()) return;
  check_graphml(read_with_python(graphml), expected, expected_edges(g, s), true);
  check_csv(read_with_python(csv), expected, expected_edges(g, s), true);
}

// Any bytes at all: random names, most bytes odd ones, as terminals of one start; every format
// still parses, and every name comes back.
BOOST_AUTO_TEST_CASE(random_bytes_in_names) {
  std::mt19937 rng(20261125);
  const std::string odd =
      std::string("\\x\"<>&',\t\n\r "
                  "\x01\x1f\x7f\x80\xbf\xc0\xc3\xa9\xe2\x88\x9e\xed\xef\xbf\xbe\xf0\x9f\xf4\xf5\xff") +
      std::string(1, '\0');
  std::set<std::string> names{"start"};
  while (names.size() < 400) {
    std::string name(std::uniform_int_distribution<std::size_t>(1, 8)(rng), ' ');
    for (auto& c : name)
      c = std::uniform_int_distribution<int>(0, 3)(rng) == 0
              ? static_cast<char>(std::uniform_int_distribution<int>(0, 255)(rng))
              : odd[std::uniform_int_distribution<std::size_t>(0, odd.size() - 1)(rng)];
    names.insert(name);
  }
  std::vector<std::string> list(names.begin(), names.end());
  const auto start =
      static_cast<grundy::vertex_id>(std::find(list.begin(), list.end(), "start") - list.begin());
  std::vector<std::pair<grundy::vertex_id, grundy::vertex_id>> edges;
  for (grundy::vertex_id v = 0; v < list.size(); ++v) {
    BOOST_TEST((original_name(portable_name(list[v])) == list[v]),
               "original_name(portable_name(s)) is not s");
    if (v != start) edges.emplace_back(start, v);
  }
  const auto g = digraph_game::from_edges(list, edges);
  const auto s = grundy::solve(g, g.position(std::vector<std::string>{"start"}));
  const auto expected = expected_vertices(g, s, nullptr);
  check_json(write(export_format::json, g, s), expected, expected_edges(g, s), false);
  const auto graphml = save("random.graphml", write(export_format::graphml, g, s));
  const auto csv = save("random.csv", write(export_format::csv, g, s));
  if (!python_available()) return;
  check_graphml(read_with_python(graphml), expected, expected_edges(g, s), false);
  check_csv(read_with_python(csv), expected, expected_edges(g, s), false);
}

namespace {

// A game that prints every position alike, as a game written in Python may.
struct alike_game {
  using state_type = int;
  int canonical(int s) const { return s; }
  void successors(int s, std::vector<int>& out) const {
    for (int t = 0; t < s; ++t)
      out.push_back(t);
  }
  std::string format(int s) const { return s == 3 ? "other" : "same"; }
};

} // namespace

BOOST_AUTO_TEST_CASE(names_printed_alike_get_distinct_graphml_ids) {
  const alike_game g;
  const auto s = grundy::solve(g, 4);
  std::ostringstream os;
  grundy::write_labelled_graph(os, export_format::graphml, g, s.graph, s.values);
  const auto path = save("alike.graphml", os.str());
  if (!python_available()) return;
  const auto read = read_with_python(path);
  const auto& vertices = read.at("vertices").as_array();
  BOOST_TEST(vertices.size() == 5u);
  std::set<std::string> ids, states;
  for (const auto& v : vertices) {
    ids.insert(std::string(v.at("id").as_string()));
    states.insert(std::string(v.at("state").as_string()));
  }
  BOOST_TEST(ids.size() == 5u);
  BOOST_TEST((states == std::set<std::string>{"same", "other"}));
  BOOST_TEST(ids.count("other") == 1u); // a name no other vertex prints keeps its id
  BOOST_TEST(read.at("edges").as_array().size() == 10u);
}

BOOST_AUTO_TEST_CASE(an_export_needs_a_value_per_vertex) {
  const auto g = acyclic_game();
  const auto s = grundy::solve(g, g.position(std::vector<std::string>{"007"}));
  const std::vector<grundy::outcome> too_few(2, grundy::outcome::p);
  std::ostringstream os;
  BOOST_CHECK_THROW(
      grundy::write_labelled_graph(os, export_format::csv, g, s.graph, s.values, nullptr, &too_few),
      std::invalid_argument);
}

// The statistics' head fields, grundy graph --format json: the start is a string whatever it
// looks like, the counts are numbers.
BOOST_AUTO_TEST_CASE(statistics_head_fields_have_one_type_each) {
  const auto parse = [](const std::string& args) {
    const auto r = grundy_test::run_cli(args + " --format json");
    BOOST_TEST_REQUIRE(r.status == 0, args << ": " << r.err);
    return json::parse(r.out).as_object();
  };
  const auto file = save("numbers.txt", "007 1,2\n1,2 007\n1,2 x\n");
  for (const std::string start : {"007", "1,2"}) {
    const auto o = parse("graph digraph '" + file + "' --start '" + start + "'");
    BOOST_TEST(o.at("start").as_string() == start);
    BOOST_TEST(o.at("game").as_string() == "digraph");
    BOOST_TEST(o.at("graph").as_string() == "3 vertices, 3 edges");
  }
  const auto per_colour = parse("graph tablettes --tablets 1,3");
  BOOST_TEST(per_colour.at("colors").as_int64() == 2);
  BOOST_TEST((per_colour.at("tablets").as_array() == json::array{1, 3}));
  BOOST_TEST(per_colour.at("start").is_string());
  const auto same = parse("graph tablettes -c 2 -n 3");
  BOOST_TEST(same.at("tablets").as_int64() == 3);
  BOOST_TEST(parse("graph octal 0.07 10 7").at("code").as_string() == "0.07");
  const auto moore = parse("graph moore 2 3 4");
  BOOST_TEST(moore.at("k").as_int64() == 2);
  BOOST_TEST(moore.at("start").as_string() == "[3,4]");
  BOOST_TEST(parse("graph nim 7").at("start").as_string() == "[7]");
}

// grundy graph --export writes what the library writes, and --misere adds the misère outcomes
// and values;
// on a graph with cycles --misere is refused before any file is written.
BOOST_AUTO_TEST_CASE(the_cli_exports_misere_outcomes_and_refuses_them_with_cycles) {
  const auto file = save("acyclic.txt", "007 1,2\n1,2 <&>\n007 \xc3\xa9\xe2\x88\x9e\n");
  const auto g = grundy::io::read_digraph(file);
  const auto s = grundy::solve(g, g.position(std::vector<std::string>{"007"}));
  const auto values = grundy::misere_values(s.graph.graph);
  const auto misere = grundy::misere_outcomes(s.graph.graph);
  const auto expected = expected_vertices(g, s, &misere, &values);
  BOOST_TEST((expected.at("1,2").misere == 'P')); // its one move leaves the opponent without one
  BOOST_TEST(*expected.at("1,2").misere_value == 0);
  for (const auto& [ext, format] :
       {std::pair{"json", export_format::json}, std::pair{"graphml", export_format::graphml},
        std::pair{"csv", export_format::csv}}) {
    const auto out = (dir / (std::string("misere.cli.") + ext)).string();
    const auto r =
        grundy_test::run_cli("graph digraph '" + file + "' --start 007 --misere -q --export '" + out + "'");
    BOOST_TEST_REQUIRE(r.status == 0, r.err);
    BOOST_TEST(grundy_test::slurp(out) == write(format, g, s, &misere, &values), ext);
    const auto plain = (dir / (std::string("plain.cli.") + ext)).string();
    BOOST_TEST(
        grundy_test::run_cli("graph digraph '" + file + "' --start 007 -q --export '" + plain + "'").status ==
        0);
    BOOST_TEST(grundy_test::slurp(plain) == write(format, g, s), ext);
  }
  check_json(grundy_test::slurp(dir / "misere.cli.json"), expected, expected_edges(g, s), true);

  const auto cyclic = save("cyclic.txt", "a b\nb a\nb c\n");
  const auto out = dir / "never.json";
  const auto r = grundy_test::run_cli("graph digraph '" + cyclic + "' --start a --misere --export '" +
                                      out.string() + "'");
  BOOST_TEST(r.status == 2);
  BOOST_TEST(r.err_lines() == 1u, r.err);
  BOOST_TEST(r.err.find("cycle") != std::string::npos, r.err);
  BOOST_TEST(!std::filesystem::exists(out));
  BOOST_TEST(!grundy_test::temporary_left(dir));
}

// s -> a -> b -> c -> d and b -> a: a and b draw (b can go back to a for ever, and a's only
// move is to b); c is won in 1, d lost at once. s -> c, s -> a: s's moves lead to a draw or a
// win, so s draws too. t -> c: lost in 2. The remoteness field, written by each format, is read
// back: a number, and nothing (null, an empty field, no data) for a draw.
BOOST_AUTO_TEST_CASE(remoteness_round_trip) {
  const auto g = digraph_game::from_edges({"s", "a", "b", "c", "d", "t"},
                                          {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {2, 1}, {0, 3}, {5, 3}});
  for (grundy::vertex_id start : {0u, 5u}) {
    const auto s = grundy::solve(g, digraph_game::state_type{start});
    const auto remote = grundy::remoteness(s.graph.graph);
    std::map<std::string, std::optional<std::int64_t>> by_name;
    for (grundy::vertex_id v = 0; v < s.graph.vertex_count(); ++v)
      by_name[position_bytes(g, s.graph.states[v])] =
          remote[v] == grundy::no_remoteness ? std::nullopt : std::optional<std::int64_t>(remote[v]);
    const std::map<std::string, std::optional<std::int64_t>> by_hand =
        start == 0 ? std::map<std::string, std::optional<std::int64_t>>{{"s", {}},
                                                                        {"a", {}},
                                                                        {"b", {}},
                                                                        {"c", 1},
                                                                        {"d", 0}}
                   : std::map<std::string, std::optional<std::int64_t>>{{"t", 2}, {"c", 1}, {"d", 0}};
    BOOST_TEST((by_name == by_hand));

    const auto write_with = [&](export_format f) {
      std::ostringstream os;
      grundy::write_labelled_graph(os, f, g, s.graph, s.values, &s.infinite, nullptr, nullptr, &remote);
      return os.str();
    };
    std::map<std::string, std::optional<std::int64_t>> json_read, csv_read, graphml_read;
    const auto doc = json::parse(write_with(export_format::json));
    for (const auto& item : doc.at("vertices").as_array()) {
      const auto& o = item.as_object();
      BOOST_TEST(keys_of(o).back() == "remoteness");
      json_read[bytes_of(o.at("state").as_string())] =
          o.at("remoteness").is_null() ? std::nullopt : std::optional(o.at("remoteness").as_int64());
    }
    std::istringstream csv(write_with(export_format::csv));
    std::string line;
    std::getline(csv, line);
    BOOST_TEST(line == "id,state,value,grundy,infinite_set,outcome,remoteness,successors");
    while (std::getline(csv, line)) {
      std::vector<std::string> cells;
      std::istringstream row(line);
      for (std::string cell; std::getline(row, cell, ',');)
        cells.push_back(cell);
      if (line.back() == ',') cells.emplace_back();
      BOOST_TEST_REQUIRE(cells.size() == 8u, line);
      csv_read[cells[1]] =
          cells[6].empty() ? std::nullopt : std::optional<std::int64_t>(std::stoll(cells[6]));
    }
    const auto graphml = write_with(export_format::graphml);
    BOOST_TEST(
        graphml.find("<key id=\"remoteness\" for=\"node\" attr.name=\"remoteness\" attr.type=\"int\"/>") !=
        std::string::npos);
    static const std::regex node(R"re(<node id="([^"]*)">(.*?)</node>)re");
    static const std::regex data(R"re(<data key="remoteness">(\d+)</data>)re");
    for (auto it = std::sregex_iterator(graphml.begin(), graphml.end(), node); it != std::sregex_iterator();
         ++it) {
      const std::string body = (*it)[2];
      std::smatch m;
      graphml_read[(*it)[1]] =
          std::regex_search(body, m, data) ? std::optional<std::int64_t>(std::stoll(m[1])) : std::nullopt;
    }
    BOOST_TEST((json_read == by_hand));
    BOOST_TEST((csv_read == by_hand));
    BOOST_TEST((graphml_read == by_hand));
  }
}
