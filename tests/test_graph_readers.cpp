// The graph-file readers (grundy/io/graph_readers.hpp): DOT's grammar and GraphML's rules, each
// checked against the same graph written as an edge list (the simplest format, read another
// way), and the bounds that keep a file from crashing or exhausting the process: nesting, size,
// memory, a stop flag, files that are not files.
#define BOOST_TEST_MODULE graph_readers
#include <boost/test/unit_test.hpp>

#include "test_files.hpp"

#include <grundy/games/digraph.hpp>
#include <grundy/io/graph_readers.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include <chrono>
#include <thread>

#include "stop_checks.hpp"
#include <sys/stat.h>
#include <unistd.h>

namespace {

namespace io = grundy::io;
using edge_names = std::vector<std::pair<std::string, std::string>>;

std::string write(const std::string& name, const std::string& text) {
  const auto path = grundy_test::scratch_directory("test-graph-readers") / name;
  std::ofstream(path, std::ios::binary) << text;
  return path.string();
}

// The distinct edges by name, sorted, and the names: what two readings must agree on.
std::pair<std::vector<std::string>, edge_names> contents(const io::named_graph& g) {
  edge_names edges;
  for (auto [u, v] : g.edges)
    edges.emplace_back(g.names[u], g.names[v]);
  std::sort(edges.begin(), edges.end());
  edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
  auto names = g.names;
  std::sort(names.begin(), names.end());
  return {names, edges};
}

// The graph in `file` is the one the edge list `list` gives.
void same_as_list(const std::string& file, const std::string& list, const io::read_options& options = {}) {
  static int count = 0;
  const auto expected = contents(io::read_graph(write("list" + std::to_string(++count) + ".txt", list)));
  const auto got = contents(io::read_graph(file, options));
  BOOST_TEST(got.first == expected.first, file);
  BOOST_TEST(got.second == expected.second, file);
}

// The message of the graph_file_error reading `path` throws ("" when none is thrown).
std::string refusal(const std::string& path, const io::read_options& options = {}) {
  try {
    io::read_graph(path, options);
  } catch (const io::graph_file_error& e) {
    return e.what();
  }
  return "";
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::string nested_dot(int levels) {
  std::string text = "digraph {";
  for (int i = 0; i < levels; ++i)
    text += "subgraph { ";
  text += "a -> b";
  for (int i = 0; i < levels; ++i)
    text += " }";
  return text + "}";
}

std::string nested_graphml(int levels) {
  std::string text = R"(<?xml version="1.0"?><graphml><graph edgedefault="directed"><node id="a"/>)";
  for (int i = 0; i < levels; ++i)
    text += "<data>";
  for (int i = 0; i < levels; ++i)
    text += "</data>";
  return text + "</graph></graphml>";
}

} // namespace

BOOST_AUTO_TEST_CASE(dot_edge_groups_stand_for_every_node_in_them) {
  same_as_list(write("groups.dot", "digraph { a -> {c d}; {x y} -> {z w} }"),
               "a c\na d\nx z\nx w\ny z\ny w\n");
  // A chain through a group: each of its nodes to the next end.
  same_as_list(write("chain.dot", "digraph { a -> {b c} -> d }"), "a b\na c\nb d\nc d\n");
}

BOOST_AUTO_TEST_CASE(dot_subgraphs_nested_and_named) {
  same_as_list(write("sub.dot", R"(digraph G {
    subgraph cluster_0 { label = "first"; a -> b; subgraph inner { c } }
    x -> subgraph s { y; subgraph { z } }
    subgraph s
    q -> subgraph cluster_0
  })"),
               "a b\nc\nx y\nx z\nq a\nq b\nq c\n");
}

BOOST_AUTO_TEST_CASE(dot_attributes_ports_html_labels_and_comments) {
  same_as_list(write("attrs.dot", "\xEF\xBB\xBF"
                                  R"(/* a comment
# not a line marker here */
# 1 "a line marker"
strict digraph "the graph" {
  graph [rankdir=LR]; node [shape=box, label=<<b>bold</b> <i>x</i>>]; edge [color="red"]
  rankdir = TB
  a [label=<<table><tr><td>a</td></tr></table>>]
  a:p1:n -> b:s [weight=2][style=dashed] // a comment
  <x> -> "q" -> 12 -> -3.5 -> .5
  "j" + "n" -> a
  a -> b
})"),
               "a b\nx q\nq 12\n12 -3.5\n-3.5 .5\njn a\n");
  // The edge list cannot hold names with spaces and quotes: the DOT names are checked one by one.
  const auto g =
      io::read_graph(write("names.dot", R"(digraph { <html name> -> "quoted \"name\"" -> 12 -> -3.5;
                                                                   "joined" + " name" -> "line \
continued" })"));
  const std::vector<std::string> expected{"html name", "quoted \"name\"", "12",
                                          "-3.5",      "joined name",     "line continued"};
  BOOST_TEST(g.names == expected);
  BOOST_TEST(g.edges.size() == 4u);
}

BOOST_AUTO_TEST_CASE(keywords_are_read_in_any_case) {
  same_as_list(write("case.dot", "DiGraph { Node [shape=box]; SUBGRAPH { a -> b } }"), "a b\n");
}

BOOST_AUTO_TEST_CASE(undirected_files_are_refused_unless_asked) {
  const auto dot = write("u.dot", "graph { x -- y; y -- {z w} }");
  BOOST_CHECK_THROW(io::read_graph(dot), io::undirected_graph_error);
  BOOST_TEST(contains(refusal(dot), "undirected"));
  same_as_list(dot, "x y\ny x\ny z\nz y\ny w\nw y\n", {.undirected = true});
  // '->' in an undirected graph is a mistake, not an undirected edge.
  BOOST_TEST(
      contains(refusal(write("arrow.dot", "graph { a -> b }"), {.undirected = true}), "'->' in a graph"));
  BOOST_TEST(contains(refusal(write("dash.dot", "digraph { a -- b }")), "'--' in a digraph"));

  const auto graphml = write("u.graphml", R"(<graphml><graph edgedefault="undirected">
<node id="x"/><node id="y"/><edge source="x" target="y"/></graph></graphml>)");
  BOOST_CHECK_THROW(io::read_graph(graphml), io::undirected_graph_error);
  same_as_list(graphml, "x y\ny x\n", {.undirected = true});
  // One undirected edge in a directed graph is enough to refuse it.
  const auto mixed = write("mixed.graphml", R"(<graphml><graph edgedefault="directed">
<node id="x"/><node id="y"/><edge source="x" target="y"/><edge source="y" target="x" directed="false"/>
</graph></graphml>)");
  BOOST_CHECK_THROW(io::read_graph(mixed), io::undirected_graph_error);
  same_as_list(mixed, "x y\ny x\n", {.undirected = true});
}

BOOST_AUTO_TEST_CASE(graphml_node_ids_are_the_names) {
  same_as_list(write("ids.graphml", R"(<?xml version="1.0" encoding="UTF-8"?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:y="http://www.yworks.com/xml/graphml">
  <key id="d0" for="node" attr.name="label" attr.type="string"/>
  <graph id="G" edgedefault="directed">
    <edge source="n2" target="n0"/>
    <node id="n2"><data key="d0">two</data></node>
    <node id="n0"/>
    <node id="lonely"/>
    <edge source="n0" target="n2" directed="true"/>
  </graph>
</graphml>)"),
               "n2 n0\nn0 n2\nlonely\n");
  BOOST_TEST(contains(refusal(write("undeclared.graphml",
                                    R"(<graphml><graph edgedefault="directed"><node id="a"/>
<edge source="a" target="b"/></graph></graphml>)")),
                      "'b', which is not declared"));
  BOOST_TEST(contains(refusal(write("twice.graphml", R"(<graphml><graph><node id="a"/>
<node id="a"/></graph></graphml>)")),
                      "line 2: two nodes have the id 'a'"));
  BOOST_TEST(
      contains(refusal(write("broken.graphml", "<graphml>\n<graph>\n<node id=\"a\">\n</graph>")), "line 4"));
}

BOOST_AUTO_TEST_CASE(edge_lists_keep_their_rules) {
  same_as_list(write("comments.edges", "\xEF\xBB\xBF# a comment\na b # an edge\n\n  c\t\td\r\ne\n"),
               "a b\nc d\ne\n");
  BOOST_TEST(contains(refusal(write("three.edges", "a b\nx y z\n")), "line 2: 3 words"));
  BOOST_TEST(
      contains(refusal(write("nul.edges", std::string("a b\n\0\0", 6))), "line 2: it holds a NUL byte"));
}

BOOST_AUTO_TEST_CASE(deep_nesting_is_refused_with_its_depth) {
  // Deep enough to overflow a recursive parser's stack.
  const auto dot = refusal(write("deep.dot", nested_dot(20'000)));
  BOOST_TEST(contains(dot, "nests deeper than 1000 levels"), dot);
  const auto graphml = refusal(write("deep.graphml", nested_graphml(50'000)));
  BOOST_TEST(contains(graphml, "nests deeper than 1000 levels"), graphml);
  // Below the bound, the same shapes are read.
  same_as_list(write("nested.dot", nested_dot(900)), "a b\n");
  same_as_list(write("nested.graphml", nested_graphml(900)), "a\n");
  BOOST_TEST(
      contains(refusal(write("deep10.dot", nested_dot(10)), {.max_depth = 5}), "deeper than 5 levels"));
  // Nesting costs the readers heap, not stack: allowed, 20,000 levels are read (a parser
  // recursing per level would need more than a thread's 8 MiB of stack).
  same_as_list(write("deep_allowed.dot", nested_dot(20'000)), "a b\n", {.max_depth = 30'000});
  same_as_list(write("deep_allowed.graphml", nested_graphml(50'000)), "a\n", {.max_depth = 60'000});
  BOOST_CHECK_THROW(io::read_graph(write("x.dot", "digraph {}"), {.max_depth = io::max_depth_bound + 1}),
                    std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(the_size_bound_stops_a_long_file) {
  std::string list;
  for (int i = 0; i < 100'000; ++i)
    list += fmt::format("v{} v{}\n", i, i + 1);
  const auto path = write("long.edges", list);
  const auto message = refusal(path, {.max_input_bytes = 100'000});
  BOOST_TEST(contains(message, "is larger than the bound of 100000 bytes"), message);
  BOOST_TEST(io::read_graph(path, {.max_input_bytes = list.size()}).edges.size() == 100'000u);
}

BOOST_AUTO_TEST_CASE(the_memory_bound_stops_every_format) {
  std::string list, dot = "digraph {\n", graphml = "<graphml><graph edgedefault=\"directed\">\n";
  for (int i = 0; i < 50'000; ++i) {
    const auto u = fmt::format("v{}", i), v = fmt::format("v{}", i + 1);
    list += u + " " + v + "\n";
    dot += u + " -> " + v + "\n";
    graphml += "<node id=\"" + u + "\"/><edge source=\"" + u + "\" target=\"" + v + "\"/>\n";
  }
  graphml += "<node id=\"v50000\"/></graph></graphml>";
  for (const auto& path :
       {write("big.edges", list), write("big.dot", dot + "}"), write("big.graphml", graphml)}) {
    // 50,000 names and edges hold a few megabytes: one is too little, a hundred is plenty.
    BOOST_CHECK_EXCEPTION(io::read_graph(path, {.max_memory = 1 << 20}), grundy::stopped,
                          grundy::test::stopped_by_limit);
    BOOST_TEST(io::read_graph(path, {.max_memory = 100 << 20}).edges.size() == 50'000u);
  }
}

BOOST_AUTO_TEST_CASE(a_stop_flag_set_stops_the_reading) {
  const std::atomic<bool> stop{true};
  for (const auto& path : {write("s.edges", "a b\n"), write("s.dot", "digraph { a -> b }"),
                           write("s.graphml", "<graphml><graph><node id=\"a\"/></graph></graphml>")})
    BOOST_CHECK_EXCEPTION(io::read_graph(path, {.stop = &stop}), grundy::stopped,
                          grundy::test::stopped_on_request);
}

BOOST_AUTO_TEST_CASE(files_that_are_not_graph_files) {
  const auto missing = refusal("/nonexistent/graph.dot");
  BOOST_TEST(missing == "cannot open the graph file /nonexistent/graph.dot: No such file or directory");
  const auto dir = grundy_test::scratch_directory("test-graph-readers").string();
  BOOST_TEST(contains(refusal(dir), "Is a directory"), refusal(dir));
  // /dev/zero never ends: its first byte is refused.
  BOOST_TEST(contains(refusal("/dev/zero"), "NUL byte"));
  BOOST_TEST(
      contains(refusal("/dev/zero", {.max_input_bytes = 1000}), "larger than the bound of 1000 bytes"));
  for (auto format : {io::graph_format::dot, io::graph_format::graphml})
    BOOST_CHECK_THROW(io::read_graph("/dev/zero", format), io::graph_file_error);
  BOOST_TEST(contains(refusal(write("bad.dot", "digraph { a -> ")), "line 1"));
  BOOST_TEST(contains(refusal(write("open.dot", "digraph {\n a -> b\n")), "a '}' is missing"));
}

// A reading blocked on a pipe still sees the stop flag.
BOOST_AUTO_TEST_CASE(a_pipe_that_never_writes_sees_the_stop) {
  const auto fifo = (grundy_test::scratch_directory("test-graph-readers") / "fifo").string();
  ::unlink(fifo.c_str());
  BOOST_REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  std::atomic<bool> stop{false};
  std::thread writer([&] {
    std::ofstream out(fifo); // opens once the reader has
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    stop = true;
    std::this_thread::sleep_for(std::chrono::milliseconds(2000));
  });
  const auto started = std::chrono::steady_clock::now();
  BOOST_CHECK_EXCEPTION(io::read_graph(fifo, {.stop = &stop}), grundy::stopped,
                        grundy::test::stopped_on_request);
  BOOST_TEST((std::chrono::steady_clock::now() - started < std::chrono::milliseconds(1500)));
  writer.join();
}

// A byte-order mark that a pipe hands over a byte at a time is still dropped, in every format.
BOOST_AUTO_TEST_CASE(a_byte_order_mark_split_by_a_pipe) {
  const auto dir = grundy_test::scratch_directory("test-graph-readers");
  for (const auto& [name, text] : {std::pair<std::string, std::string>{"bom.txt", "a b\nb c\n"},
                                   {"bom.dot", "digraph { a -> b -> c }"}}) {
    const auto fifo = (dir / ("split-" + name)).string();
    ::unlink(fifo.c_str());
    BOOST_REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    std::thread writer([&, text = text] {
      std::ofstream out(fifo, std::ios::binary);
      out << '\xEF' << std::flush;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      out << "\xBB\xBF" << text << std::flush;
    });
    same_as_list(fifo, "a b\nb c\n");
    writer.join();
  }
}

// A named subgraph opened again keeps one list of its nodes, however often it is reopened.
BOOST_AUTO_TEST_CASE(a_subgraph_reopened_keeps_its_nodes_once) {
  std::string text = "digraph { subgraph s { a b }";
  for (int i = 0; i < 2000; ++i)
    text += " subgraph s { subgraph s }";
  text += " x -> subgraph s }";
  same_as_list(write("reopened.dot", text), "x a\nx b\n");
}

// A quoted name ending in an escaped backslash closes at its quote, as Graphviz reads it; the
// pair of backslashes is kept as Graphviz keeps it.
BOOST_AUTO_TEST_CASE(dot_quoted_names_ending_in_a_backslash) {
  const auto g = io::read_graph(write("backslash.dot", R"(digraph { "b\\" -> "c\"d" })"));
  const std::vector<std::string> expected{R"(b\\)", R"(c"d)"};
  BOOST_TEST(g.names == expected);
  BOOST_TEST(g.edges.size() == 1u);
}
