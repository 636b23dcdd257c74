// Graphviz DOT: a parser over dot_lexer's tokens with a stack of its own for the nesting of
// subgraphs, no deeper than read_options::max_depth, building the graph as statements are read.
//
// Edges follow DOT's rules: `a -> b -> c` is two edges, and a subgraph as an end, `a -> {b c}`,
// stands for every node in it (in nested subgraphs too). Attributes, ports and graph names are
// read and left aside: a token needs only vertices and edges.

#include "dot_lexer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace grundy::io::detail {

namespace {

// A word of the file as a message shows it: its first 40 bytes, as a portable name.
std::string shortened(const std::string& text) {
  if (text.size() <= 40) return portable_name(text);
  return portable_name(std::string_view(text).substr(0, 40)) + "...";
}

std::string describe(dot_token t, const std::string& text) {
  switch (t) {
  case dot_token::id:
  case dot_token::strict:
  case dot_token::graph:
  case dot_token::digraph:
  case dot_token::subgraph:
  case dot_token::node:
  case dot_token::edge:
    return fmt::format("'{}'", shortened(text));
  case dot_token::quoted:
    return fmt::format("\"{}\"", shortened(text));
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

// One end of an edge: a node, or the nodes of a subgraph.
struct end_point {
  vertex_id node = 0;
  std::vector<vertex_id> nodes;
  bool single = true;
};

// A graph or subgraph body being read. The parser keeps these on a stack of its own, not on the
// thread's: a file's nesting costs heap, bounded by read_options::max_depth, whatever the stack.
struct level {
  bool root = false;
  std::string name;               // a subgraph's name, or empty
  std::vector<vertex_id> members; // the nodes named inside (the root keeps none)
  // The end of the parent's edge chain before this subgraph, when the subgraph is the next end.
  std::optional<end_point> before;
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
    if (token_ != dot_token::open_brace) fail(fmt::format("'{{' expected, not {}", here()));
    open({}, std::nullopt);
    levels_.back().root = true;
    while (!levels_.empty()) {
      if (token_ == dot_token::close_brace)
        close();
      else if (token_ == dot_token::end)
        fail("the file ends inside a graph: a '}' is missing");
      else
        statement();
    }
    // Like Graphviz's own reader, the first graph is the file's graph; anything after it stays unread.
    return std::move(graph_).take();
  }

private:
  [[noreturn]] void fail(std::string_view what) const { reading_.fail(lexer_.line(), what); }
  std::string here() const { return describe(token_, lexer_.text()); }
  void advance() { token_ = lexer_.next(); }

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

  // At '{': a body begins, its statements read by run()'s loop until its '}' (close()).
  void open(std::string name, std::optional<end_point> before) {
    if (levels_.size() >= reading_.options().max_depth) reading_.too_deep(lexer_.line());
    advance();
    levels_.push_back({false, std::move(name), {}, std::move(before)});
  }

  // At '}': the body ends; a subgraph then stands at an end of its parent's statement.
  void close() {
    advance();
    auto done = std::move(levels_.back());
    levels_.pop_back();
    if (done.root) return;
    auto& nodes = done.members;
    std::sort(nodes.begin(), nodes.end());
    nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
    for (auto v : nodes)
      member(v);
    if (!done.name.empty()) {
      // Kept sorted and without repeats: a subgraph opened again and again (`subgraph s { subgraph
      // s }` many times) must not make its list, and each reading of it, grow every time.
      auto& kept = named_[done.name];
      const auto before = kept.capacity();
      const auto middle = static_cast<std::ptrdiff_t>(kept.size());
      kept.insert(kept.end(), nodes.begin(), nodes.end());
      std::inplace_merge(kept.begin(), kept.begin() + middle, kept.end());
      kept.erase(std::unique(kept.begin(), kept.end()), kept.end());
      charge_growth(before, kept.capacity());
    }
    end_point subgraph{0, std::move(nodes), false};
    if (done.before) {
      join(*done.before, subgraph);
      release(done.before->nodes);
    }
    chain(std::move(subgraph));
  }

  void statement() {
    if (token_ == dot_token::graph || token_ == dot_token::node || token_ == dot_token::edge) {
      advance();
      attributes(true);
      end_statement();
      return;
    }
    if (is_id(token_)) {
      const auto name = id();
      if (token_ == dot_token::equals) { // a graph attribute, name = value
        advance();
        id();
        end_statement();
        return;
      }
      chain(node(name));
      return;
    }
    if (token_ == dot_token::subgraph || token_ == dot_token::open_brace) {
      if (auto known = subgraph(std::nullopt)) chain(std::move(*known));
      return;
    }
    fail(fmt::format("a statement expected, not {}", here()));
  }

  void end_statement() {
    if (token_ == dot_token::semicolon) advance();
  }

  // The node named, with its port (`a:p` or `a:p:n`) left aside.
  end_point node(const std::string& name) {
    const auto v = graph_.vertex(name);
    member(v);
    for (int i = 0; i < 2 && token_ == dot_token::colon; ++i) {
      advance();
      id();
    }
    return {v, {}, true};
  }

  // At `subgraph` or '{': opens its body (nullopt), or, for `subgraph name` without a body,
  // gives the nodes that subgraph had.
  std::optional<end_point> subgraph(std::optional<end_point> before) {
    std::string name;
    if (token_ == dot_token::subgraph) {
      advance();
      if (is_id(token_)) name = id();
      if (token_ != dot_token::open_brace) {
        end_point known{0, {}, false};
        if (const auto it = named_.find(name); it != named_.end()) known.nodes = it->second;
        charge_growth(0, known.nodes.capacity());
        for (auto v : known.nodes)
          member(v);
        if (before) {
          join(*before, known);
          release(before->nodes);
        }
        return known;
      }
    }
    open(std::move(name), std::move(before));
    return std::nullopt;
  }

  // A statement that began with `first`: edges to what follows each edge operator, then its
  // attributes. A subgraph as the next end opens its body, and the chain goes on from close().
  void chain(end_point first) {
    while (token_ == dot_token::directed_edge || token_ == dot_token::undirected_edge) {
      if ((token_ == dot_token::directed_edge) != directed_)
        fail(directed_ ? "'--' in a digraph, whose edges are written '->'"
                       : "'->' in a graph, whose edges are written '--'");
      advance();
      if (token_ == dot_token::subgraph || token_ == dot_token::open_brace) {
        auto known = subgraph(std::move(first));
        if (!known) return;
        first = std::move(*known);
        continue;
      }
      auto next = node(id());
      join(first, next);
      release(first.nodes);
      first = std::move(next);
    }
    release(first.nodes);
    attributes(false);
    end_statement();
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

  void member(vertex_id v) {
    auto& top = levels_.back();
    if (top.root) return;
    const auto before = top.members.capacity();
    top.members.push_back(v);
    charge_growth(before, top.members.capacity());
  }
  void charge_growth(std::size_t before, std::size_t after) {
    if (after == before) return;
    const auto bytes = static_cast<std::int64_t>((after - before) * sizeof(vertex_id));
    reading_.charge(bytes);
    charged_ += bytes;
  }
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
  std::vector<level> levels_;
  std::int64_t charged_ = 0; // the subgraphs' node lists, given back when done
  boost::unordered_flat_map<std::string, std::vector<vertex_id>, name_hash, std::equal_to<>> named_;
};

} // namespace

named_graph read_dot(reading& r) { return dot_parser(r).run(); }

} // namespace grundy::io::detail
