#pragma once
// One rank's share of a game graph explored by the ranks of an MPI job together. Its members
// are defined in detail/graph_exploration.hpp, graph_labelling.hpp and graph_figures.hpp.

#include <grundy/distributed/codec.hpp>
#include <grundy/distributed/detail/channel.hpp>
#include <grundy/distributed/detail/rules.hpp>
#include <grundy/distributed/detail/storage.hpp>
#include <grundy/distributed/errors.hpp>
#include <grundy/distributed/options.hpp>
#include <grundy/game.hpp>
#include <grundy/graph.hpp>
#include <grundy/labelling.hpp>
#include <grundy/memory.hpp>
#include <grundy/misere.hpp>
#include <grundy/statistics.hpp>

#include <boost/unordered/unordered_flat_map.hpp>
#include <boost/unordered/unordered_flat_set.hpp>

#include <mpi.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace grundy::distributed {

// One rank's share of a game graph explored by all the ranks of a communicator together.
//
// Each state belongs to one rank, chosen by its canonical form's hash, and only that rank
// stores it and knows its number: vertices are (rank, number on that rank) pairs. Exploration
// is breadth-first and level-synchronous. A rank expands its share of the current level,
// puts the successors in canonical form, drops the repeats among one position's moves, and
// sends each to its owner, in batches of options::exchange_bytes through MPI_Alltoallv. The
// owner looks them up in its own index, shard by shard so as to stay in cache, adds the new
// ones to the next level and answers with their numbers, which become the edges: duplicates
// are found by the one rank that can see them, with no shared table. Every batch ends with a
// small reduction of the counts, which checks the limits (positions of all ranks, memory of
// each), reports progress and lets every rank stop at the same point, whichever rank passed a
// limit. Edges of a graded game take 4 bytes (see target_type), others 8.
//
// Labelling never gathers the graph either. For a graded game every edge leads one level
// down, so levels are labelled from the deepest up: each rank asks the owners for the values
// of the successors its level needs (once each, marked in a bitmap of the level below) and
// takes the mex. Without edges it regenerates the moves instead and asks by state. Any other
// game is labelled by propagation (Kahn's algorithm spread over the ranks): every vertex
// waits for its successors' labels; terminal positions are labelled first, and a newly
// labelled vertex sends its label to the owners of its predecessors, round after round, until
// none is left; a vertex never labelled lies on a cycle. Misère outcomes go the same ways with
// another rule.
template <game G> class graph {
public:
  using state = state_t<G>;
  static_assert(transferable_state<state>, "the game's states cannot be sent between ranks: specialise "
                                           "grundy::distributed::state_codec for them");

  // Made by every rank of `comm` alike. Throws on_all_ranks<std::invalid_argument> for options
  // that cannot work, which every rank finds alike.
  graph(const G& g, MPI_Comm comm, const options& o)
      : game_(g), net_(comm), options_(o), method_(resolve_method(o)) {}

  // Explores every position reachable from `start`. Collective; throws on_all_ranks of
  // grundy::stopped as build_graph does.
  void explore(const state& start);

  // This rank's vertices' labels: Sprague-Grundy values under normal play, and under misère
  // play 0 for a P-position and 1 for an N-position. Collective; throws on_all_ranks of
  // not_acyclic for a graph with a cycle.
  std::vector<grundy_value> label(play_convention convention);

  // The figures of the whole graph, as compute_statistics gives them. Collective.
  graph_statistics statistics(const std::vector<grundy_value>& values, double label_seconds);

  // The start position's label, on every rank. Collective.
  grundy_value start_label(const std::vector<grundy_value>& values);

  // Positions whose label passes `keep`, counted as count_positions does. Collective.
  template <class Keep> std::uint64_t count_positions(const std::vector<grundy_value>& values, Keep&& keep);

  // Every rank's figures, by rank. Collective.
  std::vector<rank_figures> all_figures();

  // This rank's share: its vertices are numbered level by level from 0.
  std::size_t vertex_count() const noexcept { return states_.size(); }
  const state& state_of(vertex_id v) const noexcept { return states_[v]; }
  std::size_t depth() const noexcept { return depth_; }
  int rank() const noexcept { return net_.rank(); }
  int ranks() const noexcept { return net_.size(); }

private:
  // The states this rank has met, to find repeats. A graded game's index holds one level, so
  // it holds the states themselves, which saves a look into states_ per lookup; any other
  // game's holds every state met, so it holds their numbers only.
  using level_index = boost::unordered_flat_map<state, vertex_id, boost::hash<state>>;
  using global_index =
      boost::unordered_flat_set<detail::stored_vertex, detail::index_hash<state>, detail::index_equal<state>>;
  using index_type = std::conditional_t<graded_game<G>, level_index, global_index>;
  // An edge of a graded game leads to the next level, so it is stored in 32 bits as its
  // target's owner (the high bits) and place in the owner's share of that level; any other
  // edge as a global_vertex.
  using target_type = std::conditional_t<graded_game<G>, std::uint32_t, detail::global_vertex>;

  static labelling_method resolve_method(const options& o) {
    auto m = o.labelling;
    if (m == labelling_method::automatic)
      m = graded_game<G> ? labelling_method::by_levels : labelling_method::propagation;
    if (m == labelling_method::by_levels && !graded_game<G>)
      throw on_all_ranks<std::invalid_argument>("labelling by levels needs a graded game");
    if (!o.build.keep_edges && m != labelling_method::by_levels)
      throw on_all_ranks<std::invalid_argument>(
          "a graph built without edges can be labelled only for graded games");
    return m;
  }

  // An empty index, one table per shard.
  std::vector<index_type> make_index() {
    std::vector<index_type> shards;
    shards.reserve(detail::shard_count);
    for (unsigned i = 0; i < detail::shard_count; ++i)
      if constexpr (graded_game<G>)
        shards.emplace_back();
      else
        shards.emplace_back(0, detail::index_hash<state>{&states_}, detail::index_equal<state>{&states_});
    return shards;
  }
  double seconds_since(std::chrono::steady_clock::time_point t) const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
  }
  std::uint64_t edge_count() const noexcept {
    return row_starts_.empty() ? 0 : row_starts_[row_starts_.size() - 1];
  }
  std::uint64_t level_first(int r, std::size_t k) const { return level_first_[r * (depth_ + 1) + k]; }
  std::uint64_t level_size(int r, std::size_t k) const { return level_first(r, k + 1) - level_first(r, k); }
  int target_rank(target_type t) const noexcept {
    if constexpr (graded_game<G>)
      return static_cast<int>(std::uint64_t{t} >> offset_bits_);
    else
      return detail::rank_of(t);
  }
  std::uint64_t target_offset(target_type t) const noexcept {
    return std::uint64_t{t} & ((std::uint64_t{1} << offset_bits_) - 1);
  }
  // The target of an edge out of level k, as a global vertex.
  detail::global_vertex global_target(std::size_t k, target_type t) const {
    if constexpr (graded_game<G>)
      return detail::global(target_rank(t), level_first(target_rank(t), k + 1) + target_offset(t));
    else
      return t;
  }

  // Appends v's canonical successors to the batch going to their owners, each distinct one
  // once when `drop_repeats`; returns how many raw moves v has.
  std::size_t send_successors(vertex_id v, bool drop_repeats);
  vertex_id find_or_add(index_type& index, state&& s);
  // Decodes the states received in mail_.in and calls f(shard, state, arrival) for each, shard
  // by shard, where `arrival` is its place among the states received, by source, and its
  // answer's place in replies_; arrivals_from_[s] is how many came from rank s.
  template <class F> void resolve_arrivals(F&& f);
  void clear_batch();
  bool batch_full() const noexcept { return batch_bytes_ >= options_.exchange_bytes; }
  // Ends a batch on every rank: checks the limits and, while exploring, reports progress;
  // true when some rank has more to do.
  bool end_batch(bool more, bool exploring);
  // Calls step(i) for i in [begin, end): work a rank does alone between two collective calls,
  // cut into rounds of about round_work units (step returns the units it did, say the edges it
  // read), each ended by end_batch(), so that a stop or a limit on any rank takes effect on
  // every rank at the same round, however large a rank's share of a level. Collective: every
  // rank takes part in every round, those done with nothing to do.
  static constexpr std::uint64_t round_work = std::uint64_t{1} << 22;
  template <class Step> void in_rounds(std::uint64_t begin, std::uint64_t end, Step&& step);

  template <class Rule> std::vector<grundy_value> label_with(Rule& rule);
  template <class Rule> void label_levels(Rule& rule, std::vector<grundy_value>& value);
  template <class Rule> void label_regenerating(Rule& rule, std::vector<grundy_value>& value);
  template <class Rule> void label_propagating(Rule& rule, std::vector<grundy_value>& value);
  void find_predecessors();

  G game_;
  detail::channel net_;
  options options_;
  labelling_method method_;
  std::chrono::steady_clock::time_point started_{};
  double explore_seconds_ = 0;

  detail::block_array<state> states_;
  std::vector<vertex_id> level_starts_;        // this rank's first vertex of each level, then the count
  std::vector<std::uint64_t> level_first_;     // every rank's level_starts_, by rank
  detail::block_array<edge_index> row_starts_; // with edges: where each vertex's edges begin, then the count
  detail::block_array<target_type> targets_;
  unsigned offset_bits_ = 32;                     // graded games: bits of a target's place in its level
  bool level_overflow_ = false;                   // a level too large for those bits
  detail::block_array<edge_index> parents_start_; // propagation: where each vertex's predecessors begin
  detail::block_array<detail::global_vertex> parents_;
  std::size_t depth_ = 0;
  bool owns_start_ = false;
  std::uint64_t edges_ = 0, raw_vertices_ = 0, raw_edges_ = 0, terminals_ = 0, raw_terminals_ = 0;
  std::uint64_t global_states_ = 0, global_edges_ = 0;

  // The batch being sent: bytes by destination, and for each successor sent its destination
  // and place there, as a global_vertex whose number is that place until the answer comes.
  detail::mailbox<std::byte> mail_;
  std::size_t batch_bytes_ = 0;
  std::vector<std::uint32_t> sent_;
  std::vector<detail::global_vertex> pending_;
  std::vector<std::uint32_t> degrees_;
  std::vector<std::vector<std::uint32_t>> answers_;
  struct received {
    state value;
    std::uint32_t arrival; // its place among the batch's states, by source
  };
  std::vector<std::vector<received>> buckets_;
  std::vector<std::uint32_t> replies_;
  std::vector<std::uint64_t> arrivals_from_;
  std::vector<std::uint32_t> flat_numbers_, in_numbers_;
  std::vector<std::size_t> numbers_from_;
  std::vector<state> moves_;
  std::vector<std::pair<std::size_t, std::uint32_t>> keyed_;
};

} // namespace grundy::distributed

#include <grundy/distributed/detail/graph_exploration.hpp>
#include <grundy/distributed/detail/graph_figures.hpp>
#include <grundy/distributed/detail/graph_labelling.hpp>
