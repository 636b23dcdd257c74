// Misère simplest forms of the positions of built-in games (tablettes, Moore's Nim, Wythoff's
// game), against brute force written apart: each position as a plain game tree, its misère
// outcome in sums by recursion, and two positions called equal exactly when no game of a test
// set tells them apart in a sum.
#define BOOST_TEST_MODULE misere_forms_games
#include <boost/test/unit_test.hpp>

#include <grundy/games/moore.hpp>
#include <grundy/games/nim.hpp>
#include <grundy/games/tablettes.hpp>
#include <grundy/games/wythoff.hpp>
#include <grundy/graph.hpp>
#include <grundy/misere/forms.hpp>

#include "misere_trees.hpp"

#include <string>
#include <vector>

using grundy::misere_forms;
using form = misere_forms::form;
using misere_trees::all_trees;
using misere_trees::testers;
using misere_trees::trees;

namespace {

// Each vertex of an acyclic graph as a tree of t, successors first.
template <class Graph> std::vector<std::size_t> trees_of(const Graph& g, trees& t) {
  const std::size_t n = num_vertices(g);
  std::vector<std::size_t> tree(n, 0);
  std::vector<char> done(n, 0);
  using vertex = typename boost::graph_traits<Graph>::vertex_descriptor;
  std::vector<vertex> stack;
  for (std::size_t r = 0; r < n; ++r) {
    const auto root = static_cast<vertex>(r);
    stack.push_back(root);
    while (!stack.empty()) {
      const auto v = stack.back();
      if (done[v]) {
        stack.pop_back();
        continue;
      }
      bool ready = true;
      for (auto e : boost::make_iterator_range(out_edges(v, g)))
        if (!done[target(e, g)]) {
          ready = false;
          stack.push_back(target(e, g));
        }
      if (!ready) continue;
      std::vector<std::size_t> options;
      for (auto e : boost::make_iterator_range(out_edges(v, g)))
        options.push_back(tree[target(e, g)]);
      tree[v] = t.add(options);
      done[v] = 1;
      stack.pop_back();
    }
  }
  return tree;
}

// Every position of the graph: its form's misère outcome alone and in a sum with every other
// position is the brute force's; positions of equal forms are told apart by no tester, and
// positions of different forms, one born by day 3 at most, by one of them.
template <class Graph> void check_positions(const Graph& g, const std::string& what) {
  misere_forms forms;
  const auto of = grundy::misere_forms_of(g, forms);
  trees t;
  const auto test = testers(t, all_trees(t, 3));
  const auto tree = trees_of(g, t);
  const std::size_t zero = test[0];
  std::size_t equal_pairs = 0, told_apart = 0;
  for (std::size_t i = 0; i < of.size(); ++i) {
    BOOST_TEST(forms.is_p(of[i]) == t.sum_is_p(tree[i], zero), what << ": vertex " << i);
    for (std::size_t j = i; j < of.size(); ++j) {
      BOOST_TEST(forms.is_p(forms.add(of[i], of[j])) == t.sum_is_p(tree[i], tree[j]),
                 what << ": vertices " << i << " + " << j);
      bool same = true;
      for (auto x : test)
        same = same && t.sum_is_p(tree[i], x) == t.sum_is_p(tree[j], x);
      if (of[i] == of[j]) {
        BOOST_TEST(same, what << ": vertices " << i << " and " << j << " of form " << forms.name(of[i]));
        ++equal_pairs;
      } else if (std::min(forms.birthday(of[i]), forms.birthday(of[j])) <= 3) {
        BOOST_TEST(!same, what << ": vertices " << i << " and " << j << ": forms " << forms.name(of[i])
                               << " and " << forms.name(of[j]));
        told_apart += !same;
      }
    }
  }
  BOOST_TEST_MESSAGE(what << ": " << of.size() << " positions, " << equal_pairs << " equal pairs, "
                          << told_apart << " pairs told apart");
  BOOST_TEST(told_apart > 0u, what);
}

} // namespace

BOOST_AUTO_TEST_CASE(tablettes_positions) {
  const grundy::tablettes_game game(2, 3);
  const auto gg = grundy::build_graph(game, game.start());
  BOOST_TEST_REQUIRE(gg.vertex_count() > 10u);
  check_positions(gg.graph, "tablettes C=2 N=3");
}

BOOST_AUTO_TEST_CASE(moore_positions) {
  const grundy::moore_game game(2);
  const auto gg = grundy::build_graph(game, game.canonical(grundy::heaps{1, 2, 3}));
  check_positions(gg.graph, "moore k=2 [1,2,3]");
}

BOOST_AUTO_TEST_CASE(wythoff_positions) {
  const grundy::compact_wythoff_game game;
  const auto gg = grundy::build_graph(game, game.canonical({3, 4}));
  check_positions(gg.graph, "wythoff 3 4");
}

// Nim's positions are Nim heaps' sums: the form of a sum's graph is the sum of its heaps' forms.
BOOST_AUTO_TEST_CASE(nim_sums_are_sums_of_forms) {
  const grundy::nim_game game;
  misere_forms forms;
  for (grundy::heap_size a = 0; a <= 4; ++a)
    for (grundy::heap_size b = a; b <= 4; ++b) {
      const auto gg = grundy::build_graph(game, game.canonical(grundy::heaps{a, b}));
      BOOST_TEST(grundy::misere_forms_of(gg.graph, forms)[0] ==
                     forms.add(forms.nim_heap(a), forms.nim_heap(b)),
                 a << "+" << b);
    }
}
