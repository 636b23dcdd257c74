// Misère simplest forms against the literature (On Numbers and Games ch. 12: the counts of
// games born by days 0 to 4, *+* = 0, the Nim heaps) and against brute force written apart:
// game trees as plain nested lists, misère outcomes of their sums by recursion, and two games
// called equal exactly when no game of a test set tells them apart in a sum.
#define BOOST_TEST_MODULE misere_forms
#include <boost/test/unit_test.hpp>

#include <grundy/games/octal.hpp>
#include <grundy/graph.hpp>
#include <grundy/misere/forms.hpp>

#include "misere_trees.hpp"

#include <algorithm>
#include <atomic>
#include <map>
#include <set>
#include <utility>
#include <vector>

using grundy::misere_forms;
using form = misere_forms::form;
using misere_trees::all_trees;
using misere_trees::testers;
using misere_trees::trees;

namespace {

form form_of(const trees& t, std::size_t tree, misere_forms& forms) {
  std::vector<form> o;
  for (auto x : t.options[tree])
    o.push_back(form_of(t, x, forms));
  return forms.make(o);
}

} // namespace

BOOST_AUTO_TEST_CASE(games_born_by_days_0_to_4) {
  // On Numbers and Games, ch. 12: 1, 2, 3, 5 and 22 games born by days 0..4.
  const std::size_t expected[] = {1, 2, 3, 5, 22};
  for (unsigned day = 0; day <= 4; ++day) {
    misere_forms forms;
    BOOST_TEST(grundy::born_by(forms, day).size() == expected[day], "day " << day);
    BOOST_TEST(grundy::count_born_by(day) == expected[day], "day " << day);
  }
  BOOST_CHECK_THROW(grundy::count_born_by(6), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(classical_identities) {
  misere_forms forms;
  const form star = forms.nim_heap(1), star2 = forms.nim_heap(2), star3 = forms.nim_heap(3);
  BOOST_TEST(forms.name(0) == "0");
  BOOST_TEST(forms.name(star) == "*");
  BOOST_TEST(forms.name(star3) == "*3");
  BOOST_TEST(forms.make(std::vector<form>{star}) == form{0}); // {*} = 0
  BOOST_TEST(forms.add(star, star) == form{0});               // * + * = 0
  BOOST_TEST(forms.add(star2, star2) != form{0});             // *2 + *2 is not
  BOOST_TEST(forms.is_p(star));
  BOOST_TEST(!forms.is_p(0));
  BOOST_TEST(!forms.is_p(star2));
  // *2 + *2 and *2 + *3 are P-positions of misère Nim only in the first case.
  BOOST_TEST(forms.is_p(forms.add(star2, star2)));
  BOOST_TEST(!forms.is_p(forms.add(star2, star3)));
  BOOST_TEST(forms.birthday(star3) == 3u);
}

// Pairs of trees born by days 3 and 4: the library's equality against brute force, which
// tells two games apart by their sums with a set of small games.
BOOST_AUTO_TEST_CASE(equality_against_sums) {
  trees t;
  const auto day3 = all_trees(t, 3);
  BOOST_TEST_REQUIRE(day3.size() == 16u);
  // Day 3 as trees has 16 (the subsets of day 2's 4 trees); the sets of those make 2^16.
  std::vector<std::size_t> games = day3;
  for (std::uint64_t s = 0; s < (std::uint64_t{1} << day3.size()); s += 257) {
    std::vector<std::size_t> o;
    for (std::size_t i = 0; i < day3.size(); ++i)
      if (s >> i & 1) o.push_back(day3[i]);
    games.push_back(t.add(o));
  }
  const auto tell_apart = testers(t, day3);
  misere_forms forms;
  std::vector<form> of;
  for (auto g : games) {
    of.push_back(form_of(t, g, forms));
    BOOST_TEST(forms.is_p(of.back()) == t.sum_is_p(g, day3[0]), "tree " << g); // day3[0] is 0
  }
  std::size_t equal_pairs = 0;
  for (std::size_t i = 0; i < games.size(); ++i)
    for (std::size_t j = i; j < games.size(); ++j) {
      bool same = true;
      for (auto x : tell_apart)
        same = same && t.sum_is_p(games[i], x) == t.sum_is_p(games[j], x);
      // Equal forms are never told apart; different ones born by day 3 are, by these testers
      // (games born by day 4 can need testers of day 5).
      if (of[i] == of[j] || j < day3.size())
        BOOST_TEST((of[i] == of[j]) == same, "trees " << games[i] << " and " << games[j] << ": forms "
                                                      << forms.name(of[i]) << " and " << forms.name(of[j]));
      equal_pairs += of[i] == of[j];
    }
  BOOST_TEST(equal_pairs > games.size()); // some distinct trees are equal games
}

// Positions of Dawson's Kayles, Kayles and Dawson's Chess from their game graphs: a heap's form, summed
// with another's by the table, is the form of the sum's own graph.
BOOST_AUTO_TEST_CASE(forms_of_game_positions) {
  for (const char* code : {"0.07", "0.77", "0.137"}) {
    const grundy::octal_game game(grundy::octal_code::parse(code));
    misere_forms forms;
    for (grundy::heap_size a = 1; a <= 6; ++a)
      for (grundy::heap_size b = a; b <= 6; ++b) {
        const auto single = [&](grundy::heap_size h) {
          const auto gg = grundy::build_graph(game, grundy::heaps{h});
          return grundy::misere_forms_of(gg.graph, forms)[0];
        };
        const auto sum = grundy::build_graph(game, game.canonical(grundy::heaps{a, b}));
        BOOST_TEST(grundy::misere_forms_of(sum.graph, forms)[0] == forms.add(single(a), single(b)),
                   code << " " << a << "+" << b);
      }
  }
  misere_forms forms;
  for (unsigned n = 0; n <= 6; ++n)
    BOOST_TEST(forms.nim_value(forms.nim_heap(n)).value_or(999) == n);
}

BOOST_AUTO_TEST_CASE(a_stop_is_honoured) {
  std::atomic<bool> stop{true};
  BOOST_CHECK_THROW(grundy::count_born_by(5, &stop), grundy::stopped);
}
