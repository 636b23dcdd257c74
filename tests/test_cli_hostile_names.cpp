// Names from hostile graph files never reach a terminal raw: the tool run on files whose
// vertices hold escape sequences (a new window title, a cleared screen), BEL, the C1 CSI,
// invalid UTF-8, tabs and line feeds, and XML's markup characters, by every command that shows
// them (hint, graph, play), in every format (text, JSON, DOT, an SVG drawn by Graphviz), and in
// the error lines of every reader and of the other words read from files or typed. Whatever the
// tool prints is valid UTF-8 without a control character but the line feeds that end lines.
#define BOOST_TEST_MODULE cli_hostile_names
#include <boost/test/unit_test.hpp>

#include "cli_runner.hpp"

#include <boost/json/src.hpp>

#include <expat.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace {

namespace fs = std::filesystem;
namespace json = boost::json;
using grundy_test::run_cli;

// The names: OSC title and a clear screen, BEL, the C1 CSI (U+009B), invalid UTF-8, DEL, a
// backslash, and the characters XML and JSON escape.
const std::string title_clear = "b\x1b]0;pwned\x07\x1b[2J";
const std::string c1_csi = "c\xc2\x9b"
                           "2J";
const std::string invalid = "d\xff\xfe";
const std::string markup = "g&<>\"h";
const std::string del = "x\x7f";
const std::string backslash = "y\\x1b";

// Text a terminal shows as it is: valid UTF-8, with no control character (C0, DEL, C1) but the
// line feeds that end lines. Says which byte is wrong.
std::string unsafe_byte(std::string_view text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto b = static_cast<unsigned char>(text[i]);
    if (b == '\n') continue;
    if (b < 0x20 || b == 0x7F) return "control byte " + std::to_string(b) + " at " + std::to_string(i);
    if (b < 0x80) continue;
    std::size_t length = b >= 0xF0 && b <= 0xF4 ? 4 : b >= 0xE0 ? 3 : b >= 0xC2 && b <= 0xDF ? 2 : 0;
    if (length == 0 || i + length > text.size()) return "invalid UTF-8 at " + std::to_string(i);
    for (std::size_t k = 1; k < length; ++k)
      if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80)
        return "invalid UTF-8 at " + std::to_string(i);
    if (b == 0xC2 && static_cast<unsigned char>(text[i + 1]) <= 0x9F)
      return "C1 control at " + std::to_string(i);
    i += length - 1;
  }
  return "";
}

void check_shown(const grundy_test::cli_result& r, const std::string& what) {
  BOOST_TEST(unsafe_byte(r.out) == "", what << ": standard output");
  BOOST_TEST(unsafe_byte(r.err) == "", what << ": standard error");
}

// A word for the shell: quoted, so that any byte reaches the tool as it is.
std::string shell_word(std::string_view word) {
  std::string q = "'";
  for (char c : word)
    q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

fs::path directory() {
  static const auto dir = grundy_test::scratch_directory("test-cli-hostile-names");
  return dir;
}

// a -> title_clear -> c1_csi -> invalid -> markup -> del -> backslash -> end, as an edge list:
// a wins by its one move.
std::string edge_list() {
  const auto path = directory() / "hostile.txt";
  grundy_test::put(path, "a " + title_clear + "\n" + title_clear + " " + c1_csi + "\n" + c1_csi + " " +
                             invalid + "\n" + invalid + " " + markup + "\n" + markup + " " + del + "\n" +
                             del + " " + backslash + "\n" + backslash + " end\n");
  return path.string();
}

// Quoted DOT names with a tab, a line feed, ESC and markup inside.
std::string dot_file() {
  const auto path = directory() / "hostile.dot";
  grundy_test::put(
      path, "digraph {\n  a -> \"t\tab\" -> \"n\nl\" -> \"e\x1b[2J\" -> \"q&<>\\\"z\" -> \"\xc2\x9b\" -> "
            "\"amp&amp;\" -> \"ref&#27;\"\n}\n");
  return path.string();
}

// GraphML ids with a tab, a line feed, U+009B and markup, by character references.
std::string graphml_file() {
  const auto path = directory() / "hostile.graphml";
  grundy_test::put(path, "<graphml><graph edgedefault=\"directed\">"
                         "<node id=\"a\"/><node id=\"t&#9;b\"/><node id=\"n&#10;l\"/><node id=\"c&#x9b;2J\"/>"
                         "<node id=\"q&amp;&lt;&gt;&quot;z\"/>"
                         "<edge source=\"a\" target=\"t&#9;b\"/><edge source=\"t&#9;b\" target=\"n&#10;l\"/>"
                         "<edge source=\"n&#10;l\" target=\"c&#x9b;2J\"/>"
                         "<edge source=\"c&#x9b;2J\" target=\"q&amp;&lt;&gt;&quot;z\"/>"
                         "</graph></graphml>");
  return path.string();
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Throws (and so fails the test) for text that is not a JSON object.
json::object parse_object(const std::string& text) { return json::parse(text).as_object(); }

// Whether the bytes are well-formed XML, by expat.
bool well_formed_xml(const std::string& text) {
  XML_Parser parser = XML_ParserCreate(nullptr);
  const bool ok = XML_Parse(parser, text.data(), static_cast<int>(text.size()), XML_TRUE) == XML_STATUS_OK;
  XML_ParserFree(parser);
  return ok;
}

} // namespace

BOOST_AUTO_TEST_CASE(hint_shows_portable_names) {
  const auto file = edge_list();
  for (const auto& start : {std::string("a"), title_clear, c1_csi, invalid, markup, del}) {
    for (const auto* all : {"", " --all"}) {
      const auto r = run_cli("hint digraph " + shell_word(file) + " --start " + shell_word(start) + all);
      BOOST_TEST(r.status == 0, r.err);
      check_shown(r, "hint text from " + start);
      const auto j = run_cli("hint digraph " + shell_word(file) + " --start " + shell_word(start) + all +
                             " --format json");
      BOOST_TEST(j.status == 0, j.err);
      check_shown(j, "hint json from " + start);
    }
  }
  // The move is shown by its names' portable forms, in the text and in JSON's "move" too.
  const auto r = run_cli("hint digraph " + shell_word(file) + " --start a");
  BOOST_TEST(contains(r.out, "move the token from a to b\\x1b]0;pwned\\x07\\x1b[2J"), r.out);
  const auto j = parse_object(run_cli("hint digraph " + shell_word(file) + " --start a --format json").out);
  const auto& move = j.at("moves").as_array().at(0).as_object();
  BOOST_TEST(std::string(move.at("move").as_string()) ==
             "move the token from a to b\\x1b]0;pwned\\x07\\x1b[2J");
  BOOST_TEST(std::string(move.at("position").as_string()) == "b\\x1b]0;pwned\\x07\\x1b[2J");
  // C1 controls and DEL escaped byte by byte; a backslash doubled.
  const auto c = parse_object(
      run_cli("hint digraph " + shell_word(file) + " --start " + shell_word(c1_csi) + " --format json").out);
  BOOST_TEST(std::string(c.at("start").as_string()) == "c\\xc2\\x9b2J");
  const auto x = run_cli("hint digraph " + shell_word(file) + " --start " + shell_word(del));
  BOOST_TEST(contains(x.out, "position  x\\x7f "), x.out);
}

BOOST_AUTO_TEST_CASE(a_vertex_is_named_as_it_is_shown) {
  const auto file = edge_list();
  // The portable name typed back names the vertex, as its bytes do.
  const auto by_bytes = run_cli("hint digraph " + shell_word(file) + " --start " + shell_word(title_clear));
  const auto by_name =
      run_cli("hint digraph " + shell_word(file) + " --start " + shell_word("b\\x1b]0;pwned\\x07\\x1b[2J"));
  BOOST_TEST(by_name.status == 0, by_name.err);
  BOOST_TEST(by_name.out == by_bytes.out);
  // A vertex whose name is itself a backslash escape is found by its bytes first.
  const auto literal = run_cli("hint digraph " + shell_word(file) + " --start " + shell_word(backslash));
  BOOST_TEST(literal.status == 0, literal.err);
  BOOST_TEST(contains(literal.out, "position  y\\\\x1b "), literal.out);
}

BOOST_AUTO_TEST_CASE(graph_files_of_each_format) {
  for (const auto& [file, start] :
       {std::pair{dot_file(), std::string("a")}, std::pair{graphml_file(), std::string("a")},
        std::pair{edge_list(), std::string("a")}}) {
    for (const auto* format : {"text", "json"}) {
      const auto r =
          run_cli("graph digraph " + shell_word(file) + " --start " + start + " --format " + format);
      BOOST_TEST(r.status == 0, r.err);
      check_shown(r, file + " graph " + format);
    }
    const auto h = run_cli("hint digraph " + shell_word(file) + " --start a --all");
    BOOST_TEST(h.status == 0, h.err);
    check_shown(h, file + " hint");
  }
  // DOT names keep their tab and line feed as escapes.
  const auto d = run_cli("hint digraph " + shell_word(dot_file()) + " --start " + shell_word("n\nl"));
  BOOST_TEST(d.status == 0, d.err);
  BOOST_TEST(contains(d.out, "move the token from n\\x0al to e\\x1b[2J"), d.out);
  const auto g = run_cli("hint digraph " + shell_word(graphml_file()) + " --start " + shell_word("t\\x09b"));
  BOOST_TEST(g.status == 0, g.err);
  BOOST_TEST(contains(g.out, "move the token from t\\x09b to n\\x0al"), g.out);
}

BOOST_AUTO_TEST_CASE(dot_output_and_svg_are_well_formed) {
  for (const auto& file : {dot_file(), edge_list(), graphml_file()}) {
    const auto dot = directory() / (fs::path(file).filename().string() + ".out.dot");
    fs::remove(dot);
    const auto r =
        run_cli("graph digraph " + shell_word(file) + " --start a --dot " + shell_word(dot.string()));
    BOOST_TEST_REQUIRE(r.status == 0, r.err);
    const auto text = grundy_test::slurp(dot);
    BOOST_TEST(unsafe_byte(text) == "", file << ": the DOT file");
    // Graphviz reads entities in labels: each name's own & is written as one.
    BOOST_TEST(!contains(text, "&#27;\\n"), text);
    if (std::system("command -v dot >/dev/null 2>&1") != 0) continue;
    const auto svg = dot;
    const auto drawn = run_cli("graph digraph " + shell_word(file) + " --start a --dot " +
                               shell_word(dot.string()) + " --render svg");
    BOOST_TEST_REQUIRE(drawn.status == 0, drawn.err);
    const auto picture = grundy_test::slurp(fs::path(dot).replace_extension(".svg"));
    BOOST_TEST(!picture.empty());
    BOOST_TEST(well_formed_xml(picture), file << ": the SVG is not well-formed XML");
    BOOST_TEST(unsafe_byte(picture) == "", file << ": the SVG");
  }
  // The names are drawn as they are shown, Graphviz's entities and escapes kept out.
  const auto dot = directory() / "names.dot";
  if (std::system("command -v dot >/dev/null 2>&1") == 0) {
    BOOST_TEST_REQUIRE(run_cli("graph digraph " + shell_word(dot_file()) + " --start a --dot " +
                               shell_word(dot.string()) + " --render svg")
                           .status == 0);
    const auto picture = grundy_test::slurp(fs::path(dot).replace_extension(".svg"));
    BOOST_TEST(contains(picture, ">q&amp;&lt;&gt;&quot;z<"), picture);
    BOOST_TEST(contains(picture, ">amp&amp;amp;<"), picture);
    BOOST_TEST(contains(picture, ">ref&amp;#27;<"), picture);
    BOOST_TEST(contains(picture, ">e\\x1b[2J<"), picture);
  }
}

BOOST_AUTO_TEST_CASE(play_shows_and_reads_portable_names) {
  const auto file = edge_list();
  // The moves listed, a hint, a line of escapes echoed, a move by its shown name, then the end.
  const std::string input =
      "moves\nhint\n\x1b]0;typed\x07\x1b[2J\na>b\\x1b]0;pwned\\x07\\x1b[2J\n1\n1\n1\n1\n1\n1\n";
  const auto r = run_cli("play digraph " + shell_word(file) + " --start a --opponent human", input);
  check_shown(r, "play");
  BOOST_TEST(contains(r.out, "a token on b\\x1b]0;pwned\\x07\\x1b[2J"), r.out);
  BOOST_TEST(contains(r.out, "\\x1b]0;typed\\x07\\x1b[2J"), r.out);
  // The move typed by the names as shown was played.
  BOOST_TEST(contains(r.out, "\nPosition b\\x1b]0;pwned\\x07\\x1b[2J:\n"), r.out);
  // A move naming a vertex the graph does not have: the message shows it escaped.
  const auto bad =
      run_cli("play digraph " + shell_word(file) + " --start a --opponent human", "a>\x1b[2Jzz\n");
  check_shown(bad, "play, a move to an unknown vertex");
  BOOST_TEST(contains(bad.out, "The graph has no vertex '\\x1b[2Jzz'"), bad.out);
}

BOOST_AUTO_TEST_CASE(reader_errors_escape_what_they_echo) {
  struct error_case {
    std::string name, text, said;
  };
  const std::vector<error_case> cases{
      {"dup.graphml",
       "<graphml><graph><node id=\"n&#9;&#x9b;\"/><node id=\"n&#9;&#x9b;\"/></graph></graphml>",
       "two nodes have the id 'n\\x09\\xc2\\x9b'"},
      {"edgedefault.graphml", "<graphml><graph edgedefault=\"u&#10;&#x9b;\"/></graphml>",
       "edgedefault is 'u\\x0a\\xc2\\x9b'"},
      {"undeclared.graphml",
       "<graphml><graph><node id=\"a\"/><edge source=\"a\" target=\"&#x9b;&#13;\"/></graph></graphml>",
       "the node '\\xc2\\x9b\\x0d', which is not declared"},
      {"directed.graphml",
       "<graphml><graph><node id=\"a\"/><edge source=\"a\" target=\"a\" "
       "directed=\"&#x9b;\"/></graph></graphml>",
       "an edge's directed is '\\xc2\\x9b'"},
      {"header.dot", "di\xc2\x9bgraph\xff { a }", "not 'di\\xc2\\x9bgraph\\xff'"},
      {"quoted.dot", "digraph \"g\" \"\x1b]0;t\x07\" { a }", "'{' expected, not \"\\x1b]0;t\\x07\""},
      {"control.dot", "digraph { a -> \x1b[2J }", "unexpected byte 0x1b"},
      {"twice.dot", "digraph { \"\x1b\" }", ""},
      {"\x1b]0;file\x07.txt", "a b c\n", "cannot read the graph file "},
  };
  for (const auto& c : cases) {
    const auto path = directory() / c.name;
    grundy_test::put(path, c.text);
    const auto r = run_cli("hint digraph " + shell_word(path.string()) + " --start a");
    check_shown(r, c.name);
    BOOST_TEST(r.err_lines() <= 1u, c.name << ": " << r.err);
    if (!c.said.empty()) BOOST_TEST(contains(r.err, c.said), c.name << ": " << r.err);
  }
  // A start the graph does not have, a file that is not there, and an unknown game.
  const auto file = edge_list();
  const auto none = run_cli("hint digraph " + shell_word(file) + " --start " + shell_word("\x1b[2J\xc2\x9b"));
  check_shown(none, "unknown vertex");
  BOOST_TEST(contains(none.err, "the graph has no vertex '\\x1b[2J\\xc2\\x9b'"), none.err);
  const auto missing =
      run_cli("hint digraph " + shell_word((directory() / "\x1b]0;gone\x07").string()) + " --start a");
  check_shown(missing, "missing file");
  BOOST_TEST(contains(missing.err, "\\x1b]0;gone\\x07"), missing.err);
  const auto game = run_cli("hint " + shell_word("\x1b]0;game\x07") + " 1 2");
  check_shown(game, "unknown game");
  BOOST_TEST(contains(game.err, "\\x1b]0;game\\x07"), game.err);
  const auto command = run_cli(shell_word("\x1b[2Jcmd"));
  check_shown(command, "unknown command");
  const auto option = run_cli("hint nim 1 2 --format " + shell_word("\x1b[2J"));
  check_shown(option, "an option's word");
}

BOOST_AUTO_TEST_CASE(typed_codes_and_rules_are_escaped) {
  for (const auto& args :
       {"octal " + shell_word("0.0\x1b[2J"), "octal " + shell_word("0.\xc2\x9b"),
        "hint octal " + shell_word("\x1b.07") + " 3",
        "misere " + shell_word("S(1,\x1b[2J)") + " --max-heap 5",
        "misere " + shell_word("\x1b]0;t\x07") + " --max-heap 5", "hint nim " + shell_word("3\x1b"),
        "hint wythoff " + shell_word("(3\x1b,5)"), std::string("play nim 3 --opponent human"),
        // Read as piles (a form feed is blank to the reader), then refused for its heights.
        "hint tablettes --colors 1 --tablets 16 " + shell_word("\f\f[]\f"),
        std::string("play wythoff 3 5 --opponent human")}) {
    const auto r = run_cli(args, "3>\x1b[2J\n9\x1b\n");
    check_shown(r, args);
    BOOST_TEST(r.status != 0, args);
  }
}

BOOST_AUTO_TEST_CASE(misere_load_escapes_the_files_rule) {
  const auto saved = directory() / "q.json";
  fs::remove(saved);
  BOOST_TEST_REQUIRE(run_cli("misere 0.07 --max-heap 4 --save " + shell_word(saved.string())).status == 0);
  auto text = grundy_test::slurp(saved);
  const auto at = text.find("\"0.07\"");
  BOOST_TEST_REQUIRE(at != std::string::npos, text);
  for (const auto* rule : {"\"\\u001b]0;pwned\\u0007\\u001b[2J\"", "\"0.0\\u009b\"", "\"S(1,\\u001b)\""}) {
    auto hostile = text;
    hostile.replace(at, 6, rule);
    const auto path = directory() / "hostile_rule.json";
    grundy_test::put(path, hostile);
    const auto r = run_cli("misere --load " + shell_word(path.string()));
    BOOST_TEST(r.status == 2, r.err);
    BOOST_TEST(r.err_lines() == 1u, r.err);
    check_shown(r, rule);
    BOOST_TEST(contains(r.err, "has a rule that does not read"), r.err);
  }
}
