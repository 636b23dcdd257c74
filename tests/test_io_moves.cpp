// Move lists for a player's screen (grundy/io/moves.hpp) against facts found without them: Nim's
// values are XORs, Dawson's Kayles' and S(1,3,4)'s values are their published sequences,
// tablettes' outcomes are its labelled game graph's, a digraph's draws are ∞(K); a typed move
// gives the same record; and every position a hint or a move list writes reads back, for every
// built-in game, as the same position.
#define BOOST_TEST_MODULE io_moves
#include <boost/test/unit_test.hpp>

#include "test_files.hpp"

#include <grundy/io/games/builtin.hpp>
#include <grundy/io/hint.hpp>
#include <grundy/io/moves.hpp>
#include <grundy/solve.hpp>

#include <boost/json/src.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <functional>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

namespace {

using namespace grundy;
namespace json = boost::json;

using named_parameters = std::map<std::string, std::string, std::less<>>;

// A game as a front end names it: its name, the words before the position's (an octal code, a
// heap rule, a graph file), and its named parameters.
struct game_words {
  std::string name;
  std::vector<std::string> prefix;
  named_parameters named;
  bool digraph = false; // the position is the --start vertex, not words
};

// The position `text` of the game `w`, read as a front end reads it (words split on spaces).
any_builtin_position parse(const game_words& w, const std::string& text) {
  position_text t;
  t.words = w.prefix;
  t.named = w.named;
  if (w.digraph)
    t.named["start"] = text;
  else {
    std::istringstream words(text);
    for (std::string word; words >> word;)
      t.words.push_back(word);
  }
  t.say.parameter = [](std::string_view p) { return fmt::format("--{}", p); };
  t.say.set_flag = [](std::string_view f) { return fmt::format("give --{}", f); };
  t.say.example = [](std::string_view g, std::string_view words) { return fmt::format("{} {}", g, words); };
  return parse_position(builtin_games{}, w.name, t);
}

std::string format_of(const any_builtin_position& p) {
  return std::visit([](const auto& q) { return q.game.format(q.game.canonical(q.start)); }, p);
}

const game_words nim{"nim", {}, {}};
const game_words dawson{"octal", {"0.07"}, {}};
const game_words s134{"heap", {"S(1,3,4)"}, {}};

// a <-> b, b -> c, c -> d: a and b are draws (∞(∅) and ∞(1)), c is 1, d is 0.
game_words digraph_game_words() {
  const auto path = grundy_test::scratch_directory("test-io-moves") / "g.txt";
  grundy_test::put(path, "a b\nb a\nb c\nc d\n");
  return {"digraph", {path.string()}, {}, true};
}

// Heaps written "[3,4,5]".
heaps heaps_of(const std::string& text) { return std::get<game_position<nim_game>>(parse(nim, text)).start; }

grundy_value value_of(const io::listed_move& m) {
  BOOST_TEST_REQUIRE(m.value.has_value(), m.position);
  BOOST_TEST_REQUIRE(m.value->finite(), m.position);
  return m.value->value;
}

json::object parse_json(const std::string& text) {
  boost::system::error_code ec;
  auto v = json::parse(text, ec);
  BOOST_TEST_REQUIRE(!ec, "not JSON: " << text);
  return v.as_object();
}

} // namespace

// Nim: a position's value is the XOR of its heaps, and a move to value 0 wins.
BOOST_AUTO_TEST_CASE(nim_values_are_xors) {
  const auto list = io::list_moves(parse(nim, "3 4 5"));
  BOOST_TEST(list.position == "[3,4,5]");
  BOOST_TEST((list.result == outcome::n));
  BOOST_TEST_REQUIRE(list.value.has_value());
  BOOST_TEST(list.value->value == 2u);
  BOOST_TEST(list.moves.size() == 12u); // 3 + 4 + 5 ways to lower one heap
  BOOST_TEST(list.more == 0u);
  std::size_t winning = 0;
  for (const auto& m : list.moves) {
    grundy_value x = 0;
    for (auto h : heaps_of(m.position))
      x ^= h;
    BOOST_TEST(value_of(m) == x, m.position);
    BOOST_TEST((m.result == (x == 0 ? outcome::p : outcome::n)), m.position);
    winning += x == 0;
  }
  BOOST_TEST(winning == 1u);

  const auto o = parse_json(io::move_list_json(list));
  BOOST_TEST(o.at("game").as_string() == "nim");
  BOOST_TEST(o.at("start").as_string() == "[3,4,5]");
  BOOST_TEST(o.at("convention").as_string() == "normal");
  BOOST_TEST(o.at("outcome").as_string() == "N");
  BOOST_TEST(o.at("value").as_int64() == 2);
  BOOST_TEST(o.at("more").as_int64() == 0);
  const auto& moves = o.at("moves").as_array();
  BOOST_TEST_REQUIRE(moves.size() == 12u);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    BOOST_TEST(moves[i].at("move").as_string() == list.moves[i].move);
    BOOST_TEST(moves[i].at("position").as_string() == list.moves[i].position);
    BOOST_TEST(moves[i].at("value").as_int64() == value_of(list.moves[i]));
  }

  // Misère play: the XOR while a heap has two tokens or more, its opposite parity after.
  io::move_list_options misere;
  misere.convention = play_convention::misere;
  const auto ones = io::list_moves(parse(nim, "1 1 2"), misere);
  BOOST_TEST(ones.value->value == 2u);
  for (const auto& m : ones.moves) {
    const auto h = heaps_of(m.position);
    grundy_value x = 0;
    bool small = true;
    for (auto size : h) {
      x ^= size;
      small = small && size <= 1;
    }
    BOOST_TEST(value_of(m) == (small ? x ^ 1 : x), m.position);
  }
}

// Dawson's Kayles (0.07): G(0..20) as published, a position's value the XOR of its heaps'.
BOOST_AUTO_TEST_CASE(octal_values_are_the_published_sequence) {
  const grundy_value g[] = {0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3};
  const auto check = [&](const std::string& position) {
    const auto list = io::list_moves(parse(dawson, position));
    grundy_value x = 0;
    for (auto h : heaps_of(list.position))
      x ^= g[h];
    BOOST_TEST(list.value->value == x, position);
    BOOST_TEST((list.result == (x == 0 ? outcome::p : outcome::n)), position);
    BOOST_TEST(!list.moves.empty());
    for (const auto& m : list.moves) {
      grundy_value y = 0;
      for (auto h : heaps_of(m.position))
        y ^= g[h];
      BOOST_TEST(value_of(m) == y, position << " -> " << m.position);
      BOOST_TEST((m.result == (y == 0 ? outcome::p : outcome::n)), m.position);
    }
  };
  check("20");
  check("20 13 7");
  check("9");
  BOOST_TEST(io::list_moves(parse(dawson, "20")).value->value == 3u);
}

// S(1,3,4): G(n) = 0 1 0 1 2 3 2, again and again.
BOOST_AUTO_TEST_CASE(subtraction_values_are_periodic) {
  const auto g = [](heap_size n) { return grundy_value{std::array{0u, 1u, 0u, 1u, 2u, 3u, 2u}[n % 7]}; };
  const auto list = io::list_moves(parse(s134, "5 7 12"));
  BOOST_TEST(list.value->value == (g(5) ^ g(7) ^ g(12)));
  BOOST_TEST(list.moves.size() == 9u); // 1, 3 or 4 from each heap
  for (const auto& m : list.moves) {
    grundy_value y = 0;
    for (auto h : heaps_of(m.position))
      y ^= g(h);
    BOOST_TEST(value_of(m) == y, m.position);
  }
}

// Tablettes with 2 colours of 2 tablets: each move's outcome and value are those of its labelled
// game graph, solved here on its own.
BOOST_AUTO_TEST_CASE(tablettes_outcomes_from_the_graph) {
  const game_words words{"tablettes", {}, {{"colors", "2"}, {"tablets", "2"}}};
  const tablettes_game game(2, 2);
  const auto solved = solve(game, game.start());
  const auto vertex = [&](const std::string& text) {
    const auto s = std::get<game_position<tablettes_game>>(parse(words, text)).start;
    const auto it = std::find(solved.graph.states.begin(), solved.graph.states.end(), game.canonical(s));
    BOOST_TEST_REQUIRE((it != solved.graph.states.end()), text);
    return static_cast<vertex_id>(it - solved.graph.states.begin());
  };
  for (const auto convention : {play_convention::normal, play_convention::misere}) {
    const auto labelled = label(solved.graph.graph, {.convention = convention, .outcomes = true});
    io::move_list_options o;
    o.convention = convention;
    const auto list = io::list_moves(parse(words, ""), o);
    BOOST_TEST((list.result == labelled.outcomes[0]));
    BOOST_TEST(list.value->value == labelled.values[0]);
    BOOST_TEST(!list.moves.empty());
    for (const auto& m : list.moves) {
      const auto v = vertex(m.position);
      BOOST_TEST((m.result == labelled.outcomes[v]), m.position);
      BOOST_TEST(value_of(m) == labelled.values[v], m.position);
    }
  }
}

// Each move's remoteness, for both conventions, against a brute force over the move lists
// themselves: no move 0, a win 1 + the fastest win, a loss 1 + the slowest loss.
BOOST_AUTO_TEST_CASE(tablettes_remoteness_by_brute_force) {
  const game_words words{"tablettes", {}, {{"colors", "2"}, {"tablets", "2"}}};
  for (const auto convention : {play_convention::normal, play_convention::misere}) {
    io::move_list_options o;
    o.convention = convention;
    std::map<std::string, remoteness_value> memo;
    std::function<remoteness_value(const std::string&)> brute = [&](const std::string& position) {
      if (const auto it = memo.find(position); it != memo.end()) return it->second;
      const auto list = io::list_moves(parse(words, position), o);
      std::optional<remoteness_value> win;
      remoteness_value hold = 0;
      for (const auto& m : list.moves) {
        const auto r = brute(m.position);
        if (m.result == outcome::p) win = std::min(win.value_or(r), r);
        hold = std::max(hold, r);
      }
      const remoteness_value r = list.moves.empty() ? 0 : 1 + (win ? *win : hold);
      return memo[position] = r;
    };
    std::size_t checked = 0;
    std::function<void(const std::string&)> walk = [&](const std::string& position) {
      const auto list = io::list_moves(parse(words, position), o);
      BOOST_TEST_REQUIRE(list.remoteness_known);
      BOOST_TEST(list.remoteness.value() == brute(position), position);
      for (const auto& m : list.moves) {
        BOOST_TEST(m.remoteness.value() == brute(m.position), m.position);
        ++checked;
      }
    };
    walk("");
    for (const auto& m : io::list_moves(parse(words, ""), o).moves)
      walk(m.position);
    BOOST_TEST(checked > 5u);
    const auto j = parse_json(io::move_list_json(io::list_moves(parse(words, ""), o)));
    BOOST_TEST(j.at("remoteness_known").as_bool());
    BOOST_TEST(j.at("remoteness").as_int64() == brute(""));
  }
}

// A rule of the game's own builds no graph: remoteness unknown, null everywhere; a draw has none.
BOOST_AUTO_TEST_CASE(remoteness_unknown_by_rule_and_none_for_a_draw) {
  const auto nim_list = io::list_moves(parse(nim, "3 4 5"));
  BOOST_TEST(!nim_list.remoteness_known);
  BOOST_TEST(!nim_list.remoteness.has_value());
  for (const auto& m : nim_list.moves)
    BOOST_TEST(!m.remoteness.has_value());
  const auto o = parse_json(io::move_list_json(nim_list));
  BOOST_TEST(!o.at("remoteness_known").as_bool());
  BOOST_TEST(o.at("moves").as_array()[0].at("remoteness").is_null());

  const auto words = digraph_game_words();
  const auto draw = io::list_moves(parse(words, "b"));
  BOOST_TEST(draw.remoteness_known);
  BOOST_TEST(!draw.remoteness.has_value());
  BOOST_TEST_REQUIRE(draw.moves.size() == 2u);
  BOOST_TEST(!draw.moves[0].remoteness.has_value());  // a, another draw
  BOOST_TEST(draw.moves[1].remoteness.value() == 1u); // c: take the token to d
}

// A draw's value is ∞(K): null in JSON, with its set K beside it.
BOOST_AUTO_TEST_CASE(digraph_draws_are_infinite) {
  const auto words = digraph_game_words();
  const auto list = io::list_moves(parse(words, "b"));
  BOOST_TEST((list.result == outcome::d));
  BOOST_TEST(list.value->str() == "∞(1)");
  BOOST_TEST_REQUIRE(list.moves.size() == 2u);
  BOOST_TEST(list.moves[0].position == "a");
  BOOST_TEST((list.moves[0].result == outcome::d));
  BOOST_TEST(list.moves[0].value->str() == "∞(∅)");
  BOOST_TEST(list.moves[1].position == "c");
  BOOST_TEST((list.moves[1].result == outcome::n));
  BOOST_TEST(value_of(list.moves[1]) == 1u);
  const auto o = parse_json(io::move_list_json(list));
  BOOST_TEST(o.at("outcome").as_string() == "D");
  BOOST_TEST(o.at("value").is_null());
  BOOST_TEST((o.at("infinite_set") == json::array{1}));
  const auto& a = o.at("moves").as_array()[0].as_object();
  BOOST_TEST(a.at("value").is_null());
  BOOST_TEST(a.at("infinite_set").as_array().empty());
  BOOST_TEST(!o.at("moves").as_array()[1].as_object().contains("infinite_set"));
}

// Moore's rule knows the P-positions, not the values: null, and the outcome still given.
BOOST_AUTO_TEST_CASE(unknown_values_are_null) {
  const game_words moore{"moore", {}, {{"k", "2"}}};
  const auto list = io::list_moves(parse(moore, "1 2 3"));
  BOOST_TEST(!list.value.has_value());
  for (const auto& m : list.moves)
    BOOST_TEST(!m.value.has_value());
  const auto o = parse_json(io::move_list_json(list));
  BOOST_TEST(o.at("value").is_null());
  BOOST_TEST(o.at("k").as_int64() == 2);
  BOOST_TEST(!o.contains("infinite_set"));
}

// Past `most` moves the others are counted, not listed.
BOOST_AUTO_TEST_CASE(long_lists_are_bounded) {
  io::move_list_options o;
  o.most = 5;
  const auto all = io::list_moves(parse(nim, "3 4 5"));
  const auto some = io::list_moves(parse(nim, "3 4 5"), o);
  BOOST_TEST_REQUIRE(some.moves.size() == 5u);
  BOOST_TEST(some.more == 7u);
  for (std::size_t i = 0; i < 5; ++i)
    BOOST_TEST(some.moves[i].position == all.moves[i].position);
  BOOST_TEST(parse_json(io::move_list_json(some)).at("more").as_int64() == 7);
  // The default bound: a heap of 2500 has 2500 moves.
  const auto big = io::list_moves(parse(nim, "2500"));
  BOOST_TEST(big.moves.size() == 2000u);
  BOOST_TEST(big.more == 500u);
  // Too many to list at all, as grundy play refuses them.
  BOOST_CHECK_THROW(io::list_moves(parse(nim, "200000")), notation_error);
}

// A typed move: by the game's notation or by its number, in the same record.
BOOST_AUTO_TEST_CASE(typed_moves) {
  const auto p = parse(nim, "3 4 5");
  const auto all = io::list_moves(p);
  const auto typed = io::list_typed_move(p, "5>2");
  BOOST_TEST(typed.position == "[3,4,5]");
  BOOST_TEST(typed.value->value == 2u);
  BOOST_TEST(typed.more == 0u);
  BOOST_TEST_REQUIRE(typed.moves.size() == 1u);
  BOOST_TEST(typed.moves[0].position == "[2,3,4]");
  BOOST_TEST(typed.moves[0].move == "take 3 from the heap of 5, leaving 2");
  BOOST_TEST(value_of(typed.moves[0]) == (2u ^ 3u ^ 4u));
  const auto third = io::list_typed_move(p, " 3 ");
  BOOST_TEST_REQUIRE(third.moves.size() == 1u);
  BOOST_TEST(third.moves[0].position == all.moves[2].position);
  BOOST_TEST(third.moves[0].move == all.moves[2].move);
  BOOST_TEST(parse_json(io::move_list_json(typed)).at("moves").as_array().size() == 1u);

  const auto message = [&](const std::string& text) {
    try {
      io::list_typed_move(p, text);
    } catch (const notation_error& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  BOOST_TEST(message("13") == "there is no move 13: choose from 1 to 12");
  BOOST_TEST(message("0") == "there is no move 0: choose from 1 to 12");
  BOOST_TEST(message("5>6") != "accepted");
  BOOST_TEST(message("4>2 5>1") == "that is not a legal move here");

  const auto b = parse(digraph_game_words(), "b");
  const auto moved = io::list_typed_move(b, "b>c");
  BOOST_TEST_REQUIRE(moved.moves.size() == 1u);
  BOOST_TEST(moved.moves[0].position == "c");
  BOOST_TEST(moved.moves[0].move == "move the token from b to c");
  BOOST_CHECK_THROW(io::list_typed_move(b, "b>d"), notation_error);
}

// A stop flag already set stops a move list, whichever loop it is in.
BOOST_AUTO_TEST_CASE(move_lists_stop_on_the_flag) {
  const std::atomic<bool> stop{true};
  io::move_list_options o;
  o.limits.stop = &stop;
  const game_words tablettes{"tablettes", {}, {{"colors", "2"}, {"tablets", "3"}}};
  BOOST_CHECK_THROW(io::list_moves(parse(tablettes, ""), o), stopped);
  BOOST_CHECK_THROW(io::list_moves(parse(nim, "1000"), o), stopped);
}

// Every position a hint or a move list writes is text the game reads back, as the same position.
BOOST_AUTO_TEST_CASE(positions_read_back) {
  const std::vector<std::pair<game_words, std::string>> games{
      {nim, "3 4 5"},
      {{"moore", {}, {{"k", "2"}}}, "2 3 4"},
      {dawson, "8 5"},
      {s134, "5 7"},
      {{"wythoff", {}, {}}, "5 7"},
      {{"tablettes", {}, {{"colors", "2"}, {"tablets", "2"}}}, ""},
      {digraph_game_words(), "b"},
  };
  for (const auto& [words, start] : games)
    for (const auto convention : {play_convention::normal, play_convention::misere}) {
      if (words.digraph && convention == play_convention::misere) continue; // a cycle: refused
      const auto p = parse(words, start);
      std::vector<std::string> written;
      io::hint_options h;
      h.convention = convention;
      h.all = true;
      const auto hint = io::compute_hint(p, h);
      written.push_back(hint.position);
      for (const auto& m : hint.moves)
        written.push_back(m.position);
      for (const auto& m : hint.drawing_moves)
        written.push_back(m.position);
      io::move_list_options o;
      o.convention = convention;
      const auto list = io::list_moves(p, o);
      BOOST_TEST(list.position == hint.position);
      for (const auto& m : list.moves)
        written.push_back(m.position);
      BOOST_TEST(written.size() > 2u, words.name);
      for (const auto& text : written)
        BOOST_TEST(format_of(parse(words, text)) == text, words.name << " " << to_string(convention));
    }
}
