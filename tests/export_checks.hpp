#pragma once
// What tests/test_export.cpp checks each export against: every vertex's name (as the game's
// bytes), value and outcomes, and every edge, read back by a parser of the format's own.

#include "test_files.hpp"

#include <grundy/io/export.hpp>
#include <grundy/solve.hpp>

#include <boost/json.hpp>
#include <boost/test/unit_test.hpp>

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#ifndef GRUNDY_SYSTEM_PYTHON
#error "GRUNDY_SYSTEM_PYTHON must name Debian's python3 (or be empty)"
#endif
#ifndef GRUNDY_EXPORT_READER
#error "GRUNDY_EXPORT_READER must name tests/read_export.py"
#endif

namespace export_checks {

namespace json = boost::json;

struct expected_vertex {
  std::string value;                  // "3", "∞(1)"
  std::optional<std::int64_t> grundy; // none for ∞(K)
  std::vector<std::int64_t> k;
  char outcome = '?';
  std::optional<char> misere;
  std::optional<std::int64_t> misere_value; // when the export was given misère values
};

// Keyed by the position's bytes: what its portable name stands for (the game's own text, or for
// the digraph game, whose text is already portable, the vertices' names in the file).
template <class Game, class State> std::string position_bytes(const Game& g, const State& state) {
  return *grundy::original_name(grundy::position_name(g, state));
}

using vertex_map = std::map<std::string, expected_vertex>;
using edge_set = std::multiset<std::pair<std::string, std::string>>;

template <class Game>
vertex_map expected_vertices(const Game& g, const grundy::solved_graph<Game>& s,
                             const std::vector<grundy::outcome>* misere,
                             const std::vector<grundy::grundy_value>* misere_values = nullptr) {
  vertex_map m;
  for (grundy::vertex_id v = 0; v < s.graph.vertex_count(); ++v) {
    expected_vertex e;
    e.value = s.format_value(v);
    if (s.values[v] != grundy::infinity) e.grundy = s.values[v];
    for (auto x : s.infinite.of(v))
      e.k.push_back(x);
    e.outcome = grundy::to_char(s.outcome_of(v));
    if (misere) e.misere = grundy::to_char((*misere)[v]);
    if (misere && misere_values) e.misere_value = (*misere_values)[v];
    m.emplace(position_bytes(g, s.graph.states[v]), e);
  }
  return m;
}

template <class Game> edge_set expected_edges(const Game& g, const grundy::solved_graph<Game>& s) {
  edge_set edges;
  const auto& graph = s.graph.graph;
  for (grundy::vertex_id v = 0; v < s.graph.vertex_count(); ++v)
    for (auto e : boost::make_iterator_range(out_edges(v, graph)))
      edges.emplace(position_bytes(g, s.graph.states[v]),
                    position_bytes(g, s.graph.states[target(e, graph)]));
  return edges;
}

// The bytes a portable name read from a file stands for; fails the test when it is none.
inline std::string bytes_of(std::string_view portable) {
  const auto bytes = grundy::original_name(portable);
  BOOST_TEST_REQUIRE(bytes.has_value(), "not a portable name: " << portable);
  return *bytes;
}

inline bool is_json_string(const std::string& quoted, const std::string& expected) {
  boost::system::error_code ec;
  const auto v = json::parse(quoted, ec); // refuses invalid UTF-8 and raw control characters
  return !ec && v.is_string() && std::string(v.as_string()) == expected;
}

inline std::vector<std::string> keys_of(const json::object& o) {
  std::vector<std::string> keys;
  for (const auto& kv : o)
    keys.emplace_back(kv.key());
  return keys;
}

inline std::vector<std::int64_t> numbers_of(const json::array& a) {
  std::vector<std::int64_t> n;
  for (const auto& x : a)
    n.push_back(x.as_int64());
  return n;
}

inline void check_json(const std::string& text, const vertex_map& expected, const edge_set& edges,
                       bool misere) {
  boost::system::error_code ec;
  const auto doc = json::parse(text, ec);
  BOOST_TEST_REQUIRE(!ec, "the JSON export does not parse: " << ec.message());
  const auto& top = doc.as_object();
  BOOST_TEST((keys_of(top) == std::vector<std::string>{"vertices", "edges"}));
  std::vector<std::string> names;
  std::vector<std::string> fields{"id", "state", "value", "grundy", "infinite_set", "outcome"};
  if (misere) fields.push_back("misere_outcome");
  const bool values = misere && !expected.empty() && expected.begin()->second.misere_value;
  if (values) fields.push_back("misere_value");
  for (const auto& item : top.at("vertices").as_array()) {
    const auto& o = item.as_object();
    BOOST_TEST(keys_of(o) == fields);
    BOOST_TEST(o.at("id").as_int64() == static_cast<std::int64_t>(names.size()));
    names.push_back(bytes_of(o.at("state").as_string()));
    const auto& e = expected.at(names.back());
    BOOST_TEST(o.at("value").as_string() == e.value);
    BOOST_TEST(o.at("grundy").is_null() == !e.grundy);
    if (e.grundy) BOOST_TEST(o.at("grundy").as_int64() == *e.grundy);
    BOOST_TEST(numbers_of(o.at("infinite_set").as_array()) == e.k);
    BOOST_TEST(o.at("outcome").as_string() == std::string(1, e.outcome));
    if (misere) BOOST_TEST(o.at("misere_outcome").as_string() == std::string(1, *e.misere));
    if (values) BOOST_TEST(o.at("misere_value").as_int64() == *e.misere_value);
  }
  BOOST_TEST(names.size() == expected.size());
  edge_set read;
  for (const auto& item : top.at("edges").as_array()) {
    const auto pair = numbers_of(item.as_array());
    BOOST_TEST_REQUIRE(pair.size() == 2u);
    read.emplace(names.at(pair[0]), names.at(pair[1]));
  }
  BOOST_TEST((read == edges));
}

inline bool python_available() {
  const std::string python = GRUNDY_SYSTEM_PYTHON;
  if (python.empty() || !std::filesystem::exists(python)) {
    BOOST_TEST_MESSAGE("GraphML and CSV not read back: no /usr/bin/python3 (scripts/setup.sh installs it)");
    return false;
  }
  return true;
}

// What tests/read_export.py reads from `path`.
inline json::object read_with_python(const std::string& path) {
  const auto listing = path + ".read.json";
  const std::string command = std::string("'") + GRUNDY_SYSTEM_PYTHON + "' '" + GRUNDY_EXPORT_READER + "' '" +
                              path + "' > '" + listing + "'";
  BOOST_TEST_REQUIRE(std::system(command.c_str()) == 0, "Python could not read " << path);
  return json::parse(grundy_test::slurp(listing)).as_object();
}

inline void check_graphml(const json::object& read, const vertex_map& expected, const edge_set& edges,
                          bool misere) {
  json::object keys{{"state", "string"},
                    {"value", "string"},
                    {"grundy", "int"},
                    {"infinite_set", "string"},
                    {"outcome", "string"}};
  if (misere) keys["misere_outcome"] = "string";
  const bool values = misere && !expected.empty() && expected.begin()->second.misere_value;
  if (values) keys["misere_value"] = "int";
  BOOST_TEST(read.at("keys").as_object() == keys);
  BOOST_TEST(read.at("directed").as_bool());
  // networkx gives each key the Python type of its attr.type.
  for (const auto& [name, types] : read.at("types").as_object())
    BOOST_TEST(types.as_array() == json::array{name == "grundy" || name == "misere_value" ? "int" : "str"},
               name);
  std::set<std::string> seen;
  for (const auto& item : read.at("vertices").as_array()) {
    const auto& o = item.as_object();
    BOOST_TEST(o.at("id") == o.at("state")); // the names are the ids
    const auto name = bytes_of(o.at("state").as_string());
    seen.insert(name);
    const auto& e = expected.at(name);
    BOOST_TEST(o.at("value").as_string() == e.value);
    BOOST_TEST(o.contains("grundy") == e.grundy.has_value(), name);
    if (e.grundy) BOOST_TEST(o.at("grundy").as_int64() == *e.grundy);
    BOOST_TEST(numbers_of(json::parse(o.at("infinite_set").as_string()).as_array()) == e.k);
    BOOST_TEST(o.at("outcome").as_string() == std::string(1, e.outcome));
    BOOST_TEST(o.contains("misere_outcome") == misere);
    if (misere) BOOST_TEST(o.at("misere_outcome").as_string() == std::string(1, *e.misere));
    BOOST_TEST(o.contains("misere_value") == values);
    if (values) BOOST_TEST(o.at("misere_value").as_int64() == *e.misere_value);
  }
  BOOST_TEST(seen.size() == expected.size());
  edge_set read_edges;
  for (const auto& item : read.at("edges").as_array())
    read_edges.emplace(bytes_of(item.as_array()[0].as_string()), bytes_of(item.as_array()[1].as_string()));
  BOOST_TEST((read_edges == edges));
}

inline std::vector<std::string> words(std::string_view text) {
  std::vector<std::string> w;
  std::istringstream in{std::string(text)};
  for (std::string x; in >> x;)
    w.push_back(x);
  return w;
}

inline void check_csv(const json::object& read, const vertex_map& expected, const edge_set& edges,
                      bool misere) {
  json::array header{"id", "state", "value", "grundy", "infinite_set", "outcome"};
  if (misere) header.emplace_back("misere_outcome");
  const bool values = misere && !expected.empty() && expected.begin()->second.misere_value;
  if (values) header.emplace_back("misere_value");
  header.emplace_back("successors");
  BOOST_TEST(read.at("header").as_array() == header);
  const auto& rows = read.at("rows").as_array();
  std::vector<std::string> names;
  for (const auto& item : rows) {
    const auto& row = item.as_object();
    BOOST_TEST(row.size() == header.size()); // no field split by a comma or a line break in a name
    BOOST_TEST(std::stoll(std::string(row.at("id").as_string())) == static_cast<std::int64_t>(names.size()));
    names.push_back(bytes_of(row.at("state").as_string()));
    const auto& e = expected.at(names.back());
    BOOST_TEST(row.at("value").as_string() == e.value);
    BOOST_TEST(row.at("grundy").as_string() == (e.grundy ? std::to_string(*e.grundy) : std::string()));
    std::vector<std::int64_t> k;
    for (const auto& x : words(row.at("infinite_set").as_string()))
      k.push_back(std::stoll(x));
    BOOST_TEST(k == e.k);
    BOOST_TEST(row.at("outcome").as_string() == std::string(1, e.outcome));
    if (misere) BOOST_TEST(row.at("misere_outcome").as_string() == std::string(1, *e.misere));
    if (values) BOOST_TEST(row.at("misere_value").as_string() == std::to_string(*e.misere_value));
  }
  BOOST_TEST(names.size() == expected.size());
  edge_set read_edges;
  for (std::size_t v = 0; v < rows.size(); ++v)
    for (const auto& w : words(rows[v].as_object().at("successors").as_string()))
      read_edges.emplace(names[v], names.at(std::stoull(w)));
  BOOST_TEST((read_edges == edges));
}

} // namespace export_checks
