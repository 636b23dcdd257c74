#include <grundy/games/digraph/rules.hpp>

#include <boost/unordered/unordered_flat_map.hpp>

#include <fmt/format.h>

#include <algorithm>

namespace grundy {

struct digraph_game::data {
  std::vector<std::string> names;
  csr_graph graph;
  boost::unordered_flat_map<std::string, vertex_id> index;
};

using edge_list = std::vector<std::pair<vertex_id, vertex_id>>;

digraph_game digraph_game::from_edges(std::vector<std::string> names, edge_list edges) {
  if (names.empty()) throw digraph_error("a graph needs at least one vertex");
  for (auto [u, v] : edges)
    if (u >= names.size() || v >= names.size())
      throw digraph_error("an edge names a vertex that is not there");
  return digraph_game(build(std::move(names), edges));
}

std::shared_ptr<const digraph_game::data> digraph_game::build(std::vector<std::string> names,
                                                              edge_list& edges) {
  if (names.size() >= 0xFFFF'FFFFu) throw digraph_error("a graph may have at most 2^32 - 2 vertices");
  auto d = std::make_shared<data>();
  d->index.reserve(names.size());
  for (vertex_id v = 0; v < names.size(); ++v)
    if (!d->index.emplace(names[v], v).second)
      throw digraph_error(fmt::format("two vertices are named '{}'", portable_name(names[v])));
  std::sort(edges.begin(), edges.end());
  edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
  d->graph = csr_graph(boost::edges_are_sorted, edges.begin(), edges.end(), names.size());
  d->names = std::move(names);
  return d;
}

const std::vector<std::string>& digraph_game::names() const noexcept { return data_->names; }
std::size_t digraph_game::edge_count() const noexcept { return num_edges(data_->graph); }
const csr_graph& digraph_game::graph() const noexcept { return data_->graph; }

std::optional<vertex_id> digraph_game::find(std::string_view name) const {
  auto it = data_->index.find(std::string(name));
  if (it != data_->index.end()) return it->second;
  if (const auto bytes = original_name(name); bytes && *bytes != name) it = data_->index.find(*bytes);
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
    if (!v) throw digraph_error(fmt::format("the graph has no vertex '{}'", portable_name(n)));
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
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (i) text += '+';
    text += shown_name(s[i]);
  }
  return text;
}

} // namespace grundy
