#pragma once
// Winning moves: the moves that leave the opponent a lost position, for any game, under normal
// or misère play, and how to say them in words.
//
// For a program that embeds the library, the entry points are
//
//   auto moves = grundy::winning_moves(game, position);                          // normal play
//   auto moves = grundy::winning_moves(game, position, grundy::play_convention::misere);
//   for (auto& m : moves) std::cout << grundy::describe_move(game, position, m) << '\n';
//
// winning_moves returns the positions the winning moves lead to, in canonical form; it is
// empty when the player to move loses against perfect play (or has no move at all). It picks
// the fastest method it knows for the game: a rule for Nim (Bouton's, and the misère rule),
// the XOR of single-heap values for octal games, Moore's rule for Moore's Nim, and otherwise
// the game graph of every position reachable from `position`. A program that asks about many
// positions of one game (a player, say) keeps the object make_strategy returns instead: it
// computes what it needs once.

#include <grundy/game.hpp>
#include <grundy/games/digraph.hpp>
#include <grundy/games/moore.hpp>
#include <grundy/games/nim.hpp>
#include <grundy/games/octal.hpp>
#include <grundy/games/tablettes.hpp>
#include <grundy/graph.hpp>
#include <grundy/labelling.hpp>
#include <grundy/loopy.hpp>
#include <grundy/loopy_sum.hpp>
#include <grundy/misere.hpp>
#include <grundy/octal/periodicity.hpp>
#include <grundy/octal/sequence.hpp>

#include <boost/range/iterator_range.hpp>
#include <boost/unordered/unordered_flat_map.hpp>
#include <boost/unordered/unordered_flat_set.hpp>

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace grundy {

// The distinct positions one move leads to, in canonical form and in the order the game
// generates its moves: the list a player chooses from.
template <game G> std::vector<state_t<G>> legal_moves(const G& g, const state_t<G>& s) {
  std::vector<state_t<G>> raw, result;
  g.successors(g.canonical(s), raw);
  boost::unordered_flat_set<state_t<G>, boost::hash<state_t<G>>> seen;
  for (auto& m : raw) {
    auto c = g.canonical(m);
    if (seen.insert(c).second) result.push_back(std::move(c));
  }
  return result;
}

// Outcomes read from the game graph of every position reachable from a start: works for any
// game and either convention, at the cost of building that graph once. Every later question
// about a reachable position is then a look-up, which is what a game in progress needs: its
// positions are all reachable from its first one. The states are kept twice (in the graph
// and in the index from state to vertex) so that the object stays an ordinary value that can
// be copied and moved; that doubles the memory of a graph meant for play, not for records.
template <game G> class graph_strategy {
public:
  using state_type = state_t<G>;

  // Builds and labels the graph; throws limit_exceeded past options.max_states positions.
  // A game with cycles gets generalized values in normal play, with draws (loopy.hpp); in
  // misère play it throws not_acyclic.
  graph_strategy(G g, const state_type& start, play_convention convention = play_convention::normal,
                 const build_options& options = {})
      : game_(std::move(g)), convention_(convention), graph_(build_graph(game_, start, options)),
        outcomes_(convention == play_convention::normal ? normal_play_outcomes(graph_.graph, options.stop)
                                                        : misere_outcomes(graph_.graph, options.stop)) {
    index_.reserve(graph_.states.size());
    for (vertex_id v = 0; v < graph_.states.size(); ++v)
      index_.emplace(graph_.states[v], v);
  }

  const G& game() const noexcept { return game_; }
  play_convention convention() const noexcept { return convention_; }
  std::size_t position_count() const noexcept { return graph_.vertex_count(); }
  bool contains(const state_type& s) const { return index_.contains(game_.canonical(s)); }

  // Throws std::out_of_range for a position not reachable from the start.
  outcome outcome_of(const state_type& s) const { return outcomes_[vertex_of(s)]; }

  std::vector<state_type> winning_moves(const state_type& s) const { return moves_to(s, outcome::p); }

  // From a draw with no winning move, the moves that keep the draw (to another draw).
  std::vector<state_type> drawing_moves(const state_type& s) const { return moves_to(s, outcome::d); }

private:
  std::vector<state_type> moves_to(const state_type& s, outcome wanted) const {
    std::vector<state_type> result;
    for (auto e : boost::make_iterator_range(out_edges(vertex_of(s), graph_.graph)))
      if (outcomes_[target(e, graph_.graph)] == wanted)
        result.push_back(graph_.states[target(e, graph_.graph)]);
    return result;
  }

  vertex_id vertex_of(const state_type& s) const {
    const auto it = index_.find(game_.canonical(s));
    if (it == index_.end())
      throw std::out_of_range("position " + game_.format(s) + " is not reachable from the start position");
    return it->second;
  }

  G game_;
  play_convention convention_;
  game_graph<state_type> graph_;
  std::vector<outcome> outcomes_;
  boost::unordered_flat_map<state_type, vertex_id, boost::hash<state_type>> index_;
};

// Nim's P-positions, by rule. Normal play (Bouton): the XOR of the heaps is 0. Misère play:
// the same while some heap has two tokens or more; once every heap has at most one, the player
// to move loses when an odd number of heaps is left (they will take the last one).
bool nim_p_position(const heaps& h, play_convention convention = play_convention::normal);

// Nim by rule, without any graph: any heap sizes, either convention. Misère winning moves are
// normal Nim's moves except the one that would leave only heaps of at most one token, which
// leaves an odd number of them instead; checking the three candidates per heap (XOR, 0, 1)
// against the rule finds them all.
class nim_strategy {
public:
  explicit nim_strategy(play_convention convention = play_convention::normal) : convention_(convention) {}

  play_convention convention() const noexcept { return convention_; }
  outcome outcome_of(const heaps& s) const {
    return nim_p_position(canonical_heaps(s), convention_) ? outcome::p : outcome::n;
  }
  // Largest heaps first, as the seed's table picks the heap to change.
  std::vector<heaps> winning_moves(const heaps& s) const;

private:
  play_convention convention_;
};

// G(h) of single heaps of an octal game for every h up to `largest`, by the octal engines.
// They stop once a periodicity is proven, and the period gives every larger heap, so a heap
// of 10^9 tokens costs no more than the proof. Throws std::runtime_error when the values are
// not known that far within the engines' default limit and no period has been proven, and
// `interrupted` once *stop is true.
class octal_heap_values {
public:
  octal_heap_values(const octal_code& code, heap_size largest, const std::atomic<bool>* stop = nullptr);

  heap_size largest() const noexcept { return largest_; }
  // Throws std::out_of_range past largest().
  grundy_value operator()(heap_size h) const;
  // The proven periodicity, when there is one: G(h) for h >= preperiod depends only on
  // (h - preperiod) mod period.
  const std::optional<periodicity>& period() const noexcept { return period_; }

private:
  grundy_sequence values_;
  std::optional<periodicity> period_; // set when proven
  heap_size largest_;
};

// Octal games by the XOR rule in normal play: a position's value is the XOR of its heaps'
// values, and a winning move changes one heap into parts whose values XOR to what makes the
// total 0. Only the single-heap values up to the largest starting heap are needed, since no
// move makes a heap larger. Misère play has no such rule (misère values do not add), so it
// uses the game graph of the start position. options.stop interrupts either, including the
// search for moves (std::atomic checked every few thousand splits): `interrupted` is thrown.
//
// Winning moves come in the game's order: the largest heap first, then fewer tokens removed,
// then the smaller first part. Past a proven period the search for the first ones and their
// count take a time that does not depend on the heap sizes: a split of a heap into a + b with
// a past the preperiod has the value of the split into (a - period) + (b + period), so the
// splits that win come back every period once one period of them has been tried.
class octal_strategy {
public:
  octal_strategy(const octal_game& g, const heaps& start,
                 play_convention convention = play_convention::normal, const build_options& options = {});

  play_convention convention() const noexcept { return convention_; }
  outcome outcome_of(const heaps& s) const;
  // Every winning move: time linear in the number of splits of s's heaps (quadratic in a heap
  // for a hexadecimal code's three-heap splits).
  std::vector<heaps> winning_moves(const heaps& s) const;
  // The first `most` of them (a hint needs one).
  std::vector<heaps> winning_moves(const heaps& s, std::size_t most) const;
  // How many winning moves there are, without listing them: past a proven period, time
  // independent of the heap sizes for the splits into at most two heaps.
  std::uint64_t winning_move_count(const heaps& s) const;

  // Normal play only: G(h) for a heap no larger than the largest starting heap, and the XOR of
  // them (throws std::out_of_range beyond).
  grundy_value heap_value(heap_size h) const;
  grundy_value value(const heaps& s) const;

private:
  octal_game game_;
  play_convention convention_;
  const std::atomic<bool>* stop_ = nullptr;
  std::optional<octal_heap_values> values_; // normal play
  std::optional<graph_strategy<octal_game>> misere_;
};

// Moore's Nim: Moore's rule in normal play, checked on every move (a move may touch several
// heaps, so there is no heap-by-heap shortcut); the game graph in misère play.
class moore_strategy {
public:
  moore_strategy(const moore_game& g, const heaps& start,
                 play_convention convention = play_convention::normal, const build_options& options = {});

  play_convention convention() const noexcept { return convention_; }
  outcome outcome_of(const heaps& s) const;
  std::vector<heaps> winning_moves(const heaps& s) const;

private:
  moore_game game_;
  play_convention convention_;
  std::optional<graph_strategy<moore_game>> misere_;
};

// The digraph game by Smith's rule in normal play: the generalized value of every vertex of
// the file's graph is labelled once, and a position of several tokens is the sum of one-token
// games, whose value adds by that rule (loopy_sum.hpp). No graph of the sum is built: k tokens
// on a graph of n vertices make about n^k / k! positions. Misère values do not add, so misère
// play uses the game graph of the start position (acyclic graphs only).
class digraph_strategy {
public:
  using state_type = digraph_game::state_type;

  digraph_strategy(const digraph_game& g, const state_type& start,
                   play_convention convention = play_convention::normal, const build_options& options = {});

  play_convention convention() const noexcept { return convention_; }
  // Normal play only: the generalized value of a position, the sum of its tokens' values.
  generalized_value value(const state_type& s) const;
  outcome outcome_of(const state_type& s) const;
  std::vector<state_type> winning_moves(const state_type& s) const;
  // From a draw with no winning move, the moves that keep the draw.
  std::vector<state_type> drawing_moves(const state_type& s) const;

private:
  std::vector<state_type> moves_to(const state_type& s, outcome wanted) const;

  digraph_game game_;
  play_convention convention_;
  generalized_labelling labelling_; // normal play
  std::optional<graph_strategy<digraph_game>> misere_;
};

// The best strategy object known for a game, ready to answer about `start` and every position
// reachable from it: outcome_of(s) and winning_moves(s). Games without a rule of their own get
// the game graph.
template <game G>
graph_strategy<G> make_strategy(const G& g, const state_t<G>& start,
                                play_convention convention = play_convention::normal,
                                const build_options& options = {}) {
  return graph_strategy<G>(g, start, convention, options);
}
inline nim_strategy make_strategy(const nim_game&, const heaps&,
                                  play_convention convention = play_convention::normal,
                                  const build_options& = {}) {
  return nim_strategy(convention);
}
inline octal_strategy make_strategy(const octal_game& g, const heaps& start,
                                    play_convention convention = play_convention::normal,
                                    const build_options& options = {}) {
  return octal_strategy(g, start, convention, options);
}
inline digraph_strategy make_strategy(const digraph_game& g, const digraph_game::state_type& start,
                                      play_convention convention = play_convention::normal,
                                      const build_options& options = {}) {
  return digraph_strategy(g, start, convention, options);
}
inline moore_strategy make_strategy(const moore_game& g, const heaps& start,
                                    play_convention convention = play_convention::normal,
                                    const build_options& options = {}) {
  return moore_strategy(g, start, convention, options);
}

// The positions the winning moves from `s` lead to; empty when the player to move loses.
template <game G>
std::vector<state_t<G>> winning_moves(const G& g, const state_t<G>& s,
                                      play_convention convention = play_convention::normal,
                                      const build_options& options = {}) {
  return make_strategy(g, s, convention, options).winning_moves(s);
}

// Whether the player to move at `s` wins (N) or loses (P) against perfect play.
template <game G>
outcome position_outcome(const G& g, const state_t<G>& s,
                         play_convention convention = play_convention::normal,
                         const build_options& options = {}) {
  return make_strategy(g, s, convention, options).outcome_of(s);
}

// The same from the game graph whatever the game: the reference the rules are tested against.
template <game G>
std::vector<state_t<G>> graph_winning_moves(const G& g, const state_t<G>& s,
                                            play_convention convention = play_convention::normal,
                                            const build_options& options = {}) {
  return graph_strategy<G>(g, s, convention, options).winning_moves(s);
}

// What changed between two positions of a heap game: the heaps that went (largest first) and
// the heaps that came (largest first), as multisets.
struct heap_change {
  heaps removed;
  heaps added;
};
heap_change heap_difference(const heaps& before, const heaps& after);

// A move in words, from the position before it and the position after it:
// "take 3 from the heap of 8, leaving 5", "take 1 from the heap of 7 and split the rest into
// 2 and 4", "take 2 from the heap of 5 (leaving 3) and all of the heap of 2",
// "put the pile [1,2] on the pile [0,2]". Games without words of their own get
// "move to <position>".
std::string describe_heap_move(const heaps& before, const heaps& after);
inline std::string describe_move(const nim_game&, const heaps& before, const heaps& after) {
  return describe_heap_move(before, after);
}
inline std::string describe_move(const octal_game&, const heaps& before, const heaps& after) {
  return describe_heap_move(before, after);
}
inline std::string describe_move(const moore_game&, const heaps& before, const heaps& after) {
  return describe_heap_move(before, after);
}
// "move the token from a to b".
std::string describe_move(const digraph_game& g, const digraph_game::state_type& before,
                          const digraph_game::state_type& after);
std::string describe_move(const tablettes_game& g, const tablettes_game::state_type& before,
                          const tablettes_game::state_type& after);
template <game G> std::string describe_move(const G& g, const state_t<G>&, const state_t<G>& after) {
  return "move to " + std::string(g.format(after));
}

// "[1,2]": a pile as its top colour and height, the notation of tablettes_game::format.
std::string format_pile(pile p);

} // namespace grundy
