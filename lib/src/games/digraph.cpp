#include <grundy/games/digraph.hpp>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/graphml.hpp>
#include <boost/graph/graphviz.hpp>
#include <boost/property_tree/ptree.hpp>
#include <boost/property_tree/xml_parser.hpp>
#include <boost/unordered/unordered_flat_map.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace grundy {

struct digraph_game::data {
  std::vector<std::string> names;
  csr_graph graph;
  boost::unordered_flat_map<std::string, vertex_id> index;
};

namespace {

using edge_list = std::vector<std::pair<vertex_id, vertex_id>>;
using named_graph = std::pair<std::vector<std::string>, edge_list>;

bool ends_with(const std::string& path, std::string_view suffix) {
  if (path.size() < suffix.size()) return false;
  return std::equal(suffix.rbegin(), suffix.rend(), path.rbegin(),
                    [](char a, char b) { return a == std::tolower(static_cast<unsigned char>(b)); });
}

// The names and edges of a Boost graph read with its vertex names, both ways for an
// undirected one.
template <class Graph> named_graph take(const Graph& g) {
  named_graph result;
  for (auto v : boost::make_iterator_range(vertices(g)))
    result.first.push_back(get(boost::vertex_name, g, v));
  for (auto e : boost::make_iterator_range(edges(g))) {
    const auto u = static_cast<vertex_id>(source(e, g)), v = static_cast<vertex_id>(target(e, g));
    result.second.emplace_back(u, v);
    if constexpr (std::is_same_v<typename boost::graph_traits<Graph>::directed_category,
                                 boost::undirected_tag>)
      result.second.emplace_back(v, u);
  }
  return result;
}

template <class Directed>
using name_graph = boost::adjacency_list<boost::vecS, boost::vecS, Directed,
                                         boost::property<boost::vertex_name_t, std::string>>;

template <class Directed> named_graph read_dot_as(const std::string& text) {
  name_graph<Directed> g;
  boost::dynamic_properties dp(boost::ignore_other_properties);
  dp.property("node_id", get(boost::vertex_name, g));
  std::istringstream in(text);
  boost::read_graphviz(in, g, dp, "node_id");
  return take(g);
}

named_graph read_dot(const std::string& text) {
  try {
    return read_dot_as<boost::directedS>(text);
  } catch (const boost::undirected_graph_error&) {
    return read_dot_as<boost::undirectedS>(text);
  }
}

// The node ids of a GraphML text in the order of its node elements, and its edges by those
// positions (both ways when `undirected`).
named_graph graphml_ids(const std::string& text, bool undirected) {
  boost::property_tree::ptree tree;
  std::istringstream in(text);
  boost::property_tree::read_xml(in, tree);
  named_graph result;
  boost::unordered_flat_map<std::string, vertex_id> index;
  const auto& graph = tree.get_child("graphml.graph");
  for (const auto& child : graph)
    if (child.first == "node") {
      const auto id = child.second.get<std::string>("<xmlattr>.id");
      index.emplace(id, static_cast<vertex_id>(result.first.size()));
      result.first.push_back(id);
    }
  for (const auto& child : graph)
    if (child.first == "edge") {
      const auto u = index.find(child.second.get<std::string>("<xmlattr>.source"));
      const auto v = index.find(child.second.get<std::string>("<xmlattr>.target"));
      if (u == index.end() || v == index.end()) throw std::runtime_error("an edge names a node not declared");
      result.second.emplace_back(u->second, v->second);
      if (undirected) result.second.emplace_back(v->second, u->second);
    }
  return result;
}

// read_graphml gives vertices in the order of the file's node elements but keeps no node id;
// the ids are read from the same text, and the edges read_graphml found are checked against
// them, so that names and edges cannot go out of step.
template <class Directed> named_graph read_graphml_as(const std::string& text) {
  name_graph<Directed> g;
  boost::dynamic_properties dp(boost::ignore_other_properties);
  std::istringstream in(text);
  boost::read_graphml(in, g, dp, 0);
  named_graph result = take(g);
  auto by_id = graphml_ids(text, std::is_same_v<Directed, boost::undirectedS>);
  auto found = result.second;
  std::sort(found.begin(), found.end());
  std::sort(by_id.second.begin(), by_id.second.end());
  if (by_id.first.size() != result.first.size() || found != by_id.second)
    throw std::runtime_error("its nodes could not be matched with their ids");
  result.first = std::move(by_id.first);
  return result;
}

named_graph read_graphml_text(const std::string& text) {
  try {
    return read_graphml_as<boost::directedS>(text);
  } catch (const boost::undirected_graph_error&) {
    return read_graphml_as<boost::undirectedS>(text);
  }
}

// "u v" per line; a line of one name is a vertex; '#' starts a comment.
named_graph read_edge_list(const std::string& text) {
  named_graph result;
  boost::unordered_flat_map<std::string, vertex_id> index;
  const auto vertex = [&](const std::string& name) {
    const auto [it, added] = index.emplace(name, static_cast<vertex_id>(result.first.size()));
    if (added) result.first.push_back(name);
    return it->second;
  };
  std::istringstream in(text);
  std::string line;
  for (std::size_t number = 1; std::getline(in, line); ++number) {
    if (const auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    std::istringstream words(line);
    std::vector<std::string> w;
    for (std::string word; words >> word;)
      w.push_back(word);
    if (w.empty()) continue;
    if (w.size() > 2)
      throw std::runtime_error(
          fmt::format("line {} has {} words, not an edge 'u v' or a vertex 'v'", number, w.size()));
    const auto u = vertex(w[0]);
    if (w.size() == 2) result.second.emplace_back(u, vertex(w[1]));
  }
  return result;
}

} // namespace

digraph_game digraph_game::read(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) throw digraph_error(fmt::format("cannot open the graph file {}", path));
  std::ostringstream buffer;
  buffer << file.rdbuf();
  if (file.bad()) throw digraph_error(fmt::format("cannot read the graph file {}", path));
  const std::string text = buffer.str();
  named_graph g;
  try {
    if (ends_with(path, ".dot") || ends_with(path, ".gv"))
      g = read_dot(text);
    else if (ends_with(path, ".graphml") || ends_with(path, ".xml"))
      g = read_graphml_text(text);
    else
      g = read_edge_list(text);
  } catch (const std::exception& e) {
    throw digraph_error(fmt::format("cannot read the graph file {}: {}", path, e.what()));
  }
  if (g.first.empty()) throw digraph_error(fmt::format("the graph file {} has no vertex", path));
  try {
    return from_edges(std::move(g.first), g.second);
  } catch (const digraph_error& e) {
    throw digraph_error(fmt::format("the graph file {}: {}", path, e.what()));
  }
}

digraph_game digraph_game::from_edges(std::vector<std::string> names, const edge_list& edges) {
  if (names.empty()) throw digraph_error("a graph needs at least one vertex");
  if (names.size() >= 0xFFFF'FFFFu) throw digraph_error("a graph may have at most 2^32 - 2 vertices");
  auto d = std::make_shared<data>();
  for (vertex_id v = 0; v < names.size(); ++v)
    if (!d->index.emplace(names[v], v).second)
      throw digraph_error(fmt::format("two vertices are named '{}'", names[v]));
  edge_list sorted = edges;
  for (auto [u, v] : sorted)
    if (u >= names.size() || v >= names.size())
      throw digraph_error("an edge names a vertex that is not there");
  std::sort(sorted.begin(), sorted.end());
  sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
  d->graph = csr_graph(boost::edges_are_sorted, sorted.begin(), sorted.end(), names.size());
  d->names = std::move(names);
  return digraph_game(std::move(d));
}

const std::vector<std::string>& digraph_game::names() const noexcept { return data_->names; }
std::size_t digraph_game::edge_count() const noexcept { return num_edges(data_->graph); }
const csr_graph& digraph_game::graph() const noexcept { return data_->graph; }

std::optional<vertex_id> digraph_game::find(std::string_view name) const {
  const auto it = data_->index.find(std::string(name));
  if (it == data_->index.end()) return std::nullopt;
  return it->second;
}

std::span<const vertex_id> digraph_game::moves_from(vertex_id v) const {
  const auto& g = data_->graph;
  const auto& row = g.m_forward.m_rowstart;
  return {g.m_forward.m_column.data() + row[v], g.m_forward.m_column.data() + row[v + 1]};
}

digraph_game::state_type digraph_game::position(std::span<const std::string> token_names) const {
  if (token_names.empty()) throw digraph_error("a position needs at least one token");
  state_type s;
  for (auto& n : token_names) {
    const auto v = find(n);
    if (!v) throw digraph_error(fmt::format("the graph has no vertex '{}'", n));
    s.push_back(*v);
  }
  return canonical(std::move(s));
}

digraph_game::state_type digraph_game::canonical(state_type s) const {
  std::sort(s.begin(), s.end());
  return s;
}

void digraph_game::successors(const state_type& s, std::vector<state_type>& out) const {
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (i > 0 && s[i] == s[i - 1]) continue; // tokens on one vertex have the same moves
    for (auto w : moves_from(s[i])) {
      state_type next = s;
      next[i] = w;
      out.push_back(canonical(std::move(next)));
    }
  }
}

std::string digraph_game::format(const state_type& s) const {
  std::string text;
  for (std::size_t i = 0; i < s.size(); ++i)
    text += (i ? "+" : "") + name(s[i]);
  return text;
}

} // namespace grundy
