// Graphviz DOT: a recursive-descent parser over dot_lexer's tokens, one subgraph level per call
// and no deeper than read_options::max_depth, building the graph as statements are read.
//
// Edges follow DOT's rules: `a -> b -> c` is two edges, and a subgraph as an end, `a -> {b c}`,
// stands for every node in it (in nested subgraphs too). Attributes, ports and graph names are
// read and left aside: a token needs only vertices and edges.

#include "dot_lexer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

namespace grundy::io::detail {

namespace {

std::string describe(dot_token t, const std::string& text) {
  switch (t) {
  case dot_token::id:
  case dot_token::strict:
  case dot_token::graph:
  case dot_token::digraph:
  case dot_token::subgraph:
  case dot_token::node:
  case dot_token::edge:
    return fmt::format("'{}'", text.size() > 40 ? text.substr(0, 40) + "..." : text);
  case dot_token::quoted:
    return fmt::format("\"{}\"", text.size() > 40 ? text.substr(0, 40) + "..." : text);
  case dot_token::directed_edge:
    return "'->'";
  case dot_token::undirected_edge:
    return "'--'";
  case dot_token::open_brace:
    return "'{'";
  case dot_token::close_brace:
    return "'}'";
  case dot_token::open_bracket:
    return "'['";
  case dot_token::close_bracket:
    return "']'";
  case dot_token::equals:
    return "'='";
  case dot_token::semicolon:
    return "';'";
  case dot_token::comma:
    return "','";
  case dot_token::colon:
    return "':'";
  case dot_token::plus:
    return "'+'";
  case dot_token::end:
    break;
  }
  return "the end of the file";
}

bool is_id(dot_token t) { return t == dot_token::id || t == dot_token::quoted; }

// The nodes named inside one subgraph body (the root graph keeps none): what the subgraph stands
// for at an end of an edge.
struct frame {
  bool root = false;
  std::vector<vertex_id> members;
};

// One end of an edge: a node, or the nodes of a subgraph.
struct end_point {
  vertex_id node = 0;
  std::vector<vertex_id> nodes;
  bool single = true;
};

class dot_parser {
public:
  explicit dot_parser(reading& r) : reading_(r), lexer_(r), graph_(r) {}

  ~dot_parser() { reading_.charge(-charged_); }

  named_graph run() {
    advance();
    if (token_ == dot_token::strict) advance(); // strict only merges repeated edges, as reading does
    if (token_ == dot_token::graph) {
      directed_ = false;
      if (!reading_.options().undirected) reading_.undirected(lexer_.line(), "a graph, not a digraph");
    } else if (token_ != dot_token::digraph) {
      fail(fmt::format("a DOT file starts with digraph or graph, not {}", here()));
    }
    advance();
    if (is_id(token_)) id();
    expect(dot_token::open_brace);
    frame root{true, {}};
    body(root);
    // Like Graphviz's own reader, the first graph is the file's graph; anything after it stays unread.
    return std::move(graph_).take();
  }

private:
  [[noreturn]] void fail(std::string_view what) const { reading_.fail(lexer_.line(), what); }
  std::string here() const { return describe(token_, lexer_.text()); }
  void advance() { token_ = lexer_.next(); }
  void expect(dot_token t) {
    if (token_ != t) fail(fmt::format("{} expected, not {}", describe(t, ""), here()));
    advance();
  }

  // An ID, quoted strings joined by '+' into one.
  std::string id() {
    if (!is_id(token_)) fail(fmt::format("a name expected, not {}", here()));
    std::string text = lexer_.text();
    const bool quoted = token_ == dot_token::quoted;
    advance();
    while (quoted && token_ == dot_token::plus) {
      advance();
      if (token_ != dot_token::quoted)
        fail(fmt::format("a quoted string expected after '+', not {}", here()));
      text += lexer_.text();
      advance();
    }
    return text;
  }

  // `{` was read: statements up to the matching `}`.
  void body(frame& f) {
    if (++depth_ > reading_.options().max_depth) reading_.too_deep(lexer_.line());
    for (;;) {
      if (token_ == dot_token::close_brace) break;
      if (token_ == dot_token::end) fail("the file ends inside a graph: a '}' is missing");
      statement(f);
      if (token_ == dot_token::semicolon) advance();
    }
    advance();
    --depth_;
  }

  void statement(frame& f) {
    if (token_ == dot_token::graph || token_ == dot_token::node || token_ == dot_token::edge) {
      advance();
      attributes(true);
      return;
    }
    if (is_id(token_)) {
      const auto name = id();
      if (token_ == dot_token::equals) { // a graph attribute, name = value
        advance();
        id();
        return;
      }
      edges_from(f, node(f, name));
      return;
    }
    if (token_ == dot_token::subgraph || token_ == dot_token::open_brace) {
      edges_from(f, subgraph(f));
      return;
    }
    fail(fmt::format("a statement expected, not {}", here()));
  }

  // The node named, with its port (`a:p` or `a:p:n`) left aside.
  end_point node(frame& f, const std::string& name) {
    const auto v = graph_.vertex(name);
    member(f, v);
    for (int i = 0; i < 2 && token_ == dot_token::colon; ++i) {
      advance();
      id();
    }
    return {v, {}, true};
  }

  end_point subgraph(frame& f) {
    std::string name;
    if (token_ == dot_token::subgraph) {
      advance();
      if (is_id(token_)) name = id();
      if (token_ != dot_token::open_brace) { // a subgraph named before, without a body
        end_point known{0, {}, false};
        if (const auto it = named_.find(name); it != named_.end()) known.nodes = it->second;
        charge(known.nodes);
        for (auto v : known.nodes)
          member(f, v);
        return known;
      }
    }
    advance();
    frame inner;
    body(inner);
    auto& nodes = inner.members;
    std::sort(nodes.begin(), nodes.end());
    nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
    for (auto v : nodes)
      member(f, v);
    if (!name.empty()) {
      auto& kept = named_[name];
      const auto before = kept.capacity();
      kept.insert(kept.end(), nodes.begin(), nodes.end());
      charge_growth(before, kept.capacity());
    }
    return {0, std::move(nodes), false};
  }

  // A statement that began with `first`: edges to what follows each edge operator, then attributes.
  void edges_from(frame& f, end_point first) {
    while (token_ == dot_token::directed_edge || token_ == dot_token::undirected_edge) {
      if ((token_ == dot_token::directed_edge) != directed_)
        fail(directed_ ? "'--' in a digraph, whose edges are written '->'"
                       : "'->' in a graph, whose edges are written '--'");
      advance();
      end_point next;
      if (token_ == dot_token::subgraph || token_ == dot_token::open_brace)
        next = subgraph(f);
      else
        next = node(f, id());
      join(first, next);
      release(first.nodes);
      first = std::move(next);
    }
    release(first.nodes);
    attributes(false);
  }

  void join(const end_point& from, const end_point& to) {
    const std::span<const vertex_id> us =
        from.single ? std::span<const vertex_id>(&from.node, 1) : from.nodes;
    const std::span<const vertex_id> vs = to.single ? std::span<const vertex_id>(&to.node, 1) : to.nodes;
    std::uint64_t made = 0;
    for (auto u : us)
      for (auto v : vs) {
        graph_.edge(u, v);
        if (!directed_) graph_.edge(v, u);
        if (++made % (1u << 16) == 0) reading_.check_stop(); // {a ... } -> {b ...} may make many
      }
  }

  // [a=b, c=d][e=f]: read and left aside. A lone name counts as name=true, as Graphviz reads it.
  void attributes(bool required) {
    if (required && token_ != dot_token::open_bracket) fail(fmt::format("'[' expected, not {}", here()));
    while (token_ == dot_token::open_bracket) {
      advance();
      while (token_ != dot_token::close_bracket) {
        id();
        if (token_ == dot_token::equals) {
          advance();
          id();
        }
        if (token_ == dot_token::comma || token_ == dot_token::semicolon) advance();
      }
      advance();
    }
  }

  void member(frame& f, vertex_id v) {
    if (f.root) return;
    const auto before = f.members.capacity();
    f.members.push_back(v);
    charge_growth(before, f.members.capacity());
  }
  void charge_growth(std::size_t before, std::size_t after) {
    if (after == before) return;
    const auto bytes = static_cast<std::int64_t>((after - before) * sizeof(vertex_id));
    reading_.charge(bytes);
    charged_ += bytes;
  }
  void charge(const std::vector<vertex_id>& nodes) { charge_growth(0, nodes.capacity()); }
  void release(std::vector<vertex_id>& nodes) {
    const auto bytes = static_cast<std::int64_t>(nodes.capacity() * sizeof(vertex_id));
    reading_.charge(-bytes);
    charged_ -= bytes;
    std::vector<vertex_id>().swap(nodes);
  }

  reading& reading_;
  dot_lexer lexer_;
  graph_builder graph_;
  dot_token token_ = dot_token::end;
  bool directed_ = true;
  unsigned depth_ = 0;
  std::int64_t charged_ = 0; // the subgraphs' node lists, given back when done
  boost::unordered_flat_map<std::string, std::vector<vertex_id>, name_hash, std::equal_to<>> named_;
};

} // namespace

named_graph read_dot(reading& r) { return dot_parser(r).run(); }

} // namespace grundy::io::detail
