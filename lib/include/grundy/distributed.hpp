#pragma once
// Exploration and labelling of one game graph by the processes (ranks) of an MPI job together,
// none of which holds the whole graph. Link grundy::grundy_mpi (built with -DGRUNDY_MPI=ON).
//
//   grundy::distributed::environment mpi(argc, argv);
//   const auto solved = grundy::distributed::solve(game, start);
//   if (mpi.rank() == 0) print(solved.statistics); // the same figures as grundy::solve

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
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <exception>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace grundy::distributed {

// ---- MPI itself ----------------------------------------------------------------------------

// True when an MPI launcher started this process (mpirun or mpiexec of Open MPI, or a PMI or
// PMIx launcher such as Slurm's srun), so that a program may start MPI only then: an ordinary
// run never pays for MPI_Init.
bool launched_by_mpi();

// True between MPI_Init and MPI_Finalize.
bool running();

// MPI for the life of the object: MPI_Init when made, MPI_Finalize when destroyed. One per
// process, made before any other use of MPI.
class environment {
public:
  environment(int& argc, char**& argv);
  ~environment();
  environment(const environment&) = delete;
  environment& operator=(const environment&) = delete;

  int rank() const noexcept { return rank_; }
  int size() const noexcept { return size_; }

  // Ends every rank of the job with `status`: for a failure met by this rank alone, which the
  // other ranks, waiting for it in a collective call, would otherwise wait for forever.
  [[noreturn]] void abort(int status) const;

private:
  int rank_ = 0;
  int size_ = 1;
};

// default_memory_limit() shared among the ranks of `comm` running on this machine: each rank's
// memory budget when none is given. Collective.
std::uint64_t default_memory_budget(MPI_Comm comm = MPI_COMM_WORLD);

// ---- Errors --------------------------------------------------------------------------------

// The mark of an exception that every rank throws at the same point, having agreed on it in a
// collective call (a limit passed on some rank, a cycle in the graph): the ranks may each
// report it, or leave it to rank 0, and end normally.
class raised_on_all_ranks {
public:
  virtual ~raised_on_all_ranks() = default;
};

template <class E> class on_all_ranks final : public E, public raised_on_all_ranks {
public:
  using E::E;
};

// What leaves a distributed computation when one rank failed on its own (out of memory, an
// exception from the game): the other ranks know nothing of it, so the job can only end by
// MPI_Abort (environment::abort), which the caller should call once it has reported the cause.
class rank_failure : public std::runtime_error {
public:
  rank_failure(int rank, std::exception_ptr cause);
  int rank() const noexcept { return rank_; }
  std::exception_ptr cause() const noexcept { return cause_; }

private:
  int rank_;
  std::exception_ptr cause_;
};

// ---- States on the wire --------------------------------------------------------------------

// How a state travels between ranks: write() appends its bytes, read() reads one back and moves
// the pointer past it. Trivially copyable states (integers, arrays, packed structs such as
// tablettes_state) travel as their bytes, and contiguous containers of trivially copyable
// values (grundy::heaps, std::vector<int>) as their length and elements. Other state types
// specialise this template with the same two members.
template <class S> struct state_codec;

namespace detail {

template <class S>
concept copied_whole = std::is_trivially_copyable_v<S>;

template <class S>
concept element_container = requires(const S& s) {
  typename S::value_type;
  { s.data() } -> std::convertible_to<const typename S::value_type*>;
  { s.size() } -> std::convertible_to<std::size_t>;
};

template <class S>
concept copied_by_element =
    !copied_whole<S> && element_container<S> && copied_whole<typename S::value_type> &&
    std::constructible_from<S, const typename S::value_type*, const typename S::value_type*>;

} // namespace detail

template <detail::copied_whole S> struct state_codec<S> {
  static void write(const S& s, std::vector<std::byte>& out) {
    const auto* bytes = reinterpret_cast<const std::byte*>(&s);
    out.insert(out.end(), bytes, bytes + sizeof(S));
  }
  static S read(const std::byte*& in) {
    S s;
    std::memcpy(&s, in, sizeof(S));
    in += sizeof(S);
    return s;
  }
};

template <detail::copied_by_element S> struct state_codec<S> {
  using value_type = typename S::value_type;
  static void write(const S& s, std::vector<std::byte>& out) {
    const auto n = static_cast<std::uint32_t>(s.size());
    const auto* length = reinterpret_cast<const std::byte*>(&n);
    const auto* items = reinterpret_cast<const std::byte*>(s.data());
    out.insert(out.end(), length, length + sizeof n);
    out.insert(out.end(), items, items + n * sizeof(value_type));
  }
  static S read(const std::byte*& in) {
    std::uint32_t n = 0;
    std::memcpy(&n, in, sizeof n);
    in += sizeof n;
    // The bytes may sit at any alignment in the message, so they are copied out first.
    value_type small[16];
    std::unique_ptr<value_type[]> large;
    value_type* items = small;
    if (n > 16) items = (large = std::make_unique<value_type[]>(n)).get();
    if (n) std::memcpy(items, in, n * sizeof(value_type));
    in += n * sizeof(value_type);
    return S(items, items + n);
  }
};

template <class S>
concept transferable_state = requires(const S& s, std::vector<std::byte>& out, const std::byte*& in) {
  state_codec<S>::write(s, out);
  { state_codec<S>::read(in) } -> std::same_as<S>;
};

// ---- Options and results -------------------------------------------------------------------

enum class labelling_method {
  automatic,  // by levels for graded games, by propagation for the others
  by_levels,  // graded games only: the deepest level first, each asking the level below
  propagation // any game: from the terminal positions up, each position once its moves are known
};

struct options {
  // max_states counts the positions of all ranks together; max_memory is each rank's budget
  // (0: none); keep_edges = false keeps no edges (graded games), and labelling regenerates
  // the moves; progress is called on rank 0 with the figures of all ranks; stop is checked
  // on every rank, and stops all of them. threads is not used: run one rank per core.
  build_options build;
  labelling_method labelling = labelling_method::automatic;
  // Also label misère outcomes (solve only).
  bool misere = false;
  // Bytes of states each rank sends in one exchange, at most (one state more): the memory in
  // flight per rank is a few times this.
  std::size_t exchange_bytes = std::size_t{16} << 20;
};

// One rank's share of the work.
struct rank_figures {
  std::uint64_t rank = 0;
  std::uint64_t states = 0;         // vertices it owns
  std::uint64_t edges = 0;          // edges out of them
  std::uint64_t bytes_sent = 0;     // to other ranks
  std::uint64_t bytes_received = 0; // from other ranks
  std::uint64_t exchanges = 0;      // all-to-all exchanges it took part in
  std::uint64_t peak_memory_bytes = 0;
  double mpi_seconds = 0; // in MPI calls: moving data, and waiting for the other ranks
};

struct solution {
  graph_statistics statistics; // the same on every rank; peak_memory_bytes is the largest rank's
  bool misere = false;         // whether the misère figures were computed
  outcome misere_start = outcome::n;
  std::uint64_t misere_p_positions = 0; // positions lost by the player to move, under misère play
  std::vector<rank_figures> ranks;      // every rank's, on every rank
};

namespace detail {

// ---- Plumbing (distributed.cpp) ------------------------------------------------------------

// One communicator, with the counts of what went through it.
class channel {
public:
  explicit channel(MPI_Comm comm);

  MPI_Comm comm() const noexcept { return comm_; }
  int rank() const noexcept { return rank_; }
  int size() const noexcept { return size_; }

  // Every rank sends counts[d] elements of `element_size` bytes to each rank d, from `send`,
  // where they follow one another by destination; receives into `receive` (room for the
  // elements of every source, by source, given by exchange_counts) . Collective.
  std::vector<std::uint64_t> exchange_counts(const std::vector<std::uint64_t>& counts);
  void exchange(const void* send, const std::vector<std::uint64_t>& counts, void* receive,
                const std::vector<std::uint64_t>& received, std::size_t element_size);

  // Over all ranks, in place. Collective.
  void sum(std::span<std::uint64_t> values);
  void max(std::span<std::uint64_t> values);
  std::uint64_t sum(std::uint64_t value);
  std::uint64_t max(std::uint64_t value);
  double max(double value);
  // Every rank's `bytes` bytes at `mine`, by rank, into `all`. Collective.
  void gather_all(const void* mine, std::size_t bytes, void* all);

  std::uint64_t bytes_sent = 0;
  std::uint64_t bytes_received = 0;
  std::uint64_t exchanges = 0;
  double seconds = 0; // in MPI calls

private:
  MPI_Comm comm_;
  int rank_ = 0;
  int size_ = 1;
};

// Sends counts[d] elements of `flat` to each rank d, where they follow one another by
// destination, and receives into `in` what every rank sent here: by source, from from[s] to
// from[s + 1]. Collective.
template <class T>
void exchange(channel& c, const std::vector<T>& flat, const std::vector<std::uint64_t>& counts,
              std::vector<T>& in, std::vector<std::size_t>& from) {
  static_assert(std::is_trivially_copyable_v<T>);
  const auto received = c.exchange_counts(counts);
  from.assign(received.size() + 1, 0);
  for (std::size_t s = 0; s < received.size(); ++s)
    from[s + 1] = from[s] + received[s];
  in.resize(from.back());
  c.exchange(flat.data(), counts, in.data(), received, sizeof(T));
}

// The same from one vector per destination; `flat` is scratch, kept between calls.
template <class T>
void exchange(channel& c, const std::vector<std::vector<T>>& out, std::vector<T>& flat, std::vector<T>& in,
              std::vector<std::size_t>& from) {
  std::vector<std::uint64_t> counts(out.size());
  std::size_t total = 0;
  for (std::size_t d = 0; d < out.size(); ++d)
    total += counts[d] = out[d].size();
  flat.clear();
  flat.reserve(total);
  for (auto& o : out)
    flat.insert(flat.end(), o.begin(), o.end());
  exchange(c, flat, counts, in, from);
}

// One exchange's mail: a list per destination to send, and what arrived, by source (from[s]
// to from[s + 1] in `in`). Kept from one exchange to the next, so that its storage is reused.
template <class T> class mailbox {
public:
  std::vector<std::vector<T>> out;
  std::vector<T> in;
  std::vector<std::size_t> from;

  explicit mailbox(int ranks = 0) : out(static_cast<std::size_t>(ranks)) {}
  void clear() {
    for (auto& o : out)
      o.clear();
  }
  // Sends `out` and receives into `in`. Collective.
  void exchange(channel& c) { detail::exchange(c, out, flat_, in, from); }

private:
  std::vector<T> flat_;
};

// ---- Storage -------------------------------------------------------------------------------

// An array that grows by fixed blocks: never moved, so that growing it does not hold two
// copies for a moment (a vector doubling its storage does), and its slack is one block.
template <class T> class block_array {
public:
  static constexpr unsigned block_bits = 16;
  static constexpr std::size_t block_size = std::size_t{1} << block_bits;

  std::size_t size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }
  T& operator[](std::size_t i) noexcept { return blocks_[i >> block_bits][i & (block_size - 1)]; }
  const T& operator[](std::size_t i) const noexcept { return blocks_[i >> block_bits][i & (block_size - 1)]; }

  void push_back(T value) {
    if (size_ == blocks_.size() * block_size) blocks_.push_back(std::make_unique<T[]>(block_size));
    (*this)[size_++] = std::move(value);
  }
  // n more elements, value-initialised.
  void grow(std::size_t n) {
    while (blocks_.size() * block_size < size_ + n)
      blocks_.push_back(std::make_unique<T[]>(block_size));
    size_ += n;
  }
  void clear() noexcept {
    blocks_.clear();
    size_ = 0;
  }

private:
  std::vector<std::unique_ptr<T[]>> blocks_;
  std::size_t size_ = 0;
};

// A vertex of the whole graph: its rank in the high half, its number on that rank in the low.
using global_vertex = std::uint64_t;
constexpr global_vertex global(int rank, std::uint64_t local) noexcept {
  return (static_cast<std::uint64_t>(rank) << 32) | local;
}
constexpr int rank_of(global_vertex v) noexcept { return static_cast<int>(v >> 32); }
constexpr vertex_id local_of(global_vertex v) noexcept { return static_cast<vertex_id>(v); }

// A rank's index of states is cut into shards by hash, and the states it receives are looked up
// shard by shard: each shard's table is small enough to stay in cache meanwhile, as in the
// single-process builder. The shard takes other bits of the hash than the owner does.
inline constexpr unsigned shard_bits = 8;
inline constexpr unsigned shard_count = 1u << shard_bits;
inline unsigned shard_of(std::size_t hash) noexcept {
  return static_cast<unsigned>((static_cast<std::uint64_t>(hash) * 0x9E3779B97F4A7C15ull) >>
                               (64 - shard_bits));
}

// The set bits of x, written out: without a popcnt instruction in the target architecture,
// std::popcount is a library call, and labelling counts bits once per edge.
constexpr unsigned bit_count(std::uint64_t x) noexcept {
  x -= (x >> 1) & 0x5555555555555555ull;
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  return static_cast<unsigned>((x * 0x0101010101010101ull) >> 56);
}

// The rank owning a state, from its hash mixed again, so that which rank owns a state does not
// depend on the bits the owner's hash table uses for it.
inline int owner_of(std::size_t hash, int ranks) noexcept {
  auto x = static_cast<std::uint64_t>(hash);
  x ^= x >> 31;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 29;
  return static_cast<int>(((x >> 32) * static_cast<std::uint64_t>(ranks)) >> 32);
}

// The index of a rank's states holds their numbers and reaches the states through the array,
// so that each state is stored once. Numbers are wrapped so that they never mix with states
// that are integers themselves.
struct stored_vertex {
  vertex_id v;
};

template <class State> struct index_hash {
  using is_transparent = void;
  const block_array<State>* states;
  std::size_t operator()(stored_vertex s) const { return boost::hash<State>{}((*states)[s.v]); }
  std::size_t operator()(const State& s) const { return boost::hash<State>{}(s); }
};

template <class State> struct index_equal {
  using is_transparent = void;
  const block_array<State>* states;
  bool operator()(stored_vertex a, stored_vertex b) const { return a.v == b.v; }
  bool operator()(const State& s, stored_vertex x) const { return s == (*states)[x.v]; }
  bool operator()(stored_vertex x, const State& s) const { return s == (*states)[x.v]; }
};

// ---- Labels from the successors' labels ----------------------------------------------------

// Normal play: the Sprague-Grundy value, the mex of the successors' values.
class mex_rule {
public:
  grundy_value operator()(std::span<const grundy_value> successors) {
    // A position with d moves has a value of at most d, so larger values need no mark.
    seen_.assign(successors.size() + 1, 0);
    for (auto x : successors)
      if (x <= successors.size()) seen_[x] = 1;
    grundy_value mex = 0;
    while (seen_[mex])
      ++mex;
    return mex;
  }

private:
  std::vector<char> seen_;
};

// Misère play: 0 for a P-position, 1 for an N-position. A position without moves is won by the
// player to move; any other is won when some move leads to a P-position.
struct misere_rule {
  grundy_value operator()(std::span<const grundy_value> successors) const {
    if (successors.empty()) return 1;
    return std::find(successors.begin(), successors.end(), grundy_value{0}) != successors.end() ? 1 : 0;
  }
};

// Calls f on this rank and turns whatever it throws on this rank alone into rank_failure.
template <class F> auto on_this_rank(int rank, F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const raised_on_all_ranks&) {
    throw;
  } catch (...) {
    throw rank_failure(rank, std::current_exception());
  }
}

} // namespace detail

// ---- The distributed graph -----------------------------------------------------------------

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
  // limit_exceeded or interrupted as build_graph does.
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

template <game G> void graph<G>::clear_batch() {
  mail_.out.resize(net_.size());
  answers_.resize(net_.size());
  mail_.clear();
  batch_bytes_ = 0;
  sent_.assign(net_.size(), 0);
  pending_.clear();
  degrees_.clear();
}

template <game G> std::size_t graph<G>::send_successors(vertex_id v, bool drop_repeats) {
  moves_.clear();
  game_.successors(states_[v], moves_);
  keyed_.clear();
  for (std::uint32_t i = 0; i < moves_.size(); ++i) {
    moves_[i] = game_.canonical(moves_[i]);
    keyed_.emplace_back(boost::hash<state>{}(moves_[i]), i);
  }
  // Equal states have equal hashes: sorted by hash, repeats are next to one another.
  drop_repeats = drop_repeats && !grundy::detail::successors_distinct(game_);
  if (drop_repeats) std::sort(keyed_.begin(), keyed_.end());
  std::uint32_t kept = 0;
  for (std::size_t k = 0; k < keyed_.size(); ++k) {
    const auto [hash, i] = keyed_[k];
    bool repeat = false;
    for (std::size_t j = k; drop_repeats && !repeat && j-- > 0 && keyed_[j].first == hash;)
      repeat = moves_[keyed_[j].second] == moves_[i];
    if (repeat) continue;
    const int d = detail::owner_of(hash, net_.size());
    const auto before = mail_.out[d].size();
    state_codec<state>::write(moves_[i], mail_.out[d]);
    batch_bytes_ += mail_.out[d].size() - before;
    pending_.push_back(detail::global(d, sent_[d]++));
    ++kept;
  }
  degrees_.push_back(kept);
  return moves_.size();
}

template <game G> vertex_id graph<G>::find_or_add(index_type& index, state&& s) {
  const auto id = static_cast<vertex_id>(states_.size());
  if constexpr (graded_game<G>) {
    const auto [it, added] = index.try_emplace(s, id);
    if (!added) return it->second;
  } else {
    if (auto it = index.find(s); it != index.end()) return it->v;
  }
  if (states_.size() >= 0xFFFF'FFFFu)
    throw std::length_error("more than 4294967295 positions on one rank: run more ranks");
  states_.push_back(std::move(s));
  if constexpr (!graded_game<G>) index.insert(detail::stored_vertex{id});
  return id;
}

template <game G> template <class F> void graph<G>::resolve_arrivals(F&& f) {
  // Each state goes to its shard's bucket as it is read, so that every bucket is then read in
  // order, and its states are at hand when looked up.
  buckets_.resize(detail::shard_count);
  for (auto& b : buckets_)
    b.clear();
  arrivals_from_.assign(net_.size(), 0);
  std::uint32_t arrivals = 0;
  for (int s = 0; s < net_.size(); ++s) {
    const std::byte* p = mail_.in.data() + mail_.from[s];
    const std::byte* stop = mail_.in.data() + mail_.from[s + 1];
    for (; p < stop; ++arrivals_from_[s], ++arrivals) {
      auto st = state_codec<state>::read(p);
      buckets_[detail::shard_of(boost::hash<state>{}(st))].push_back({std::move(st), arrivals});
    }
  }
  replies_.resize(arrivals);
  for (unsigned shard = 0; shard < detail::shard_count; ++shard)
    for (auto& a : buckets_[shard])
      f(shard, std::move(a.value), a.arrival);
}

template <game G> bool graph<G>::end_batch(bool more, bool exploring) {
  const bool stop = options_.build.stop && options_.build.stop->load(std::memory_order_relaxed);
  const auto memory = current_memory_bytes();
  const bool over = options_.build.max_memory && memory > options_.build.max_memory;
  std::uint64_t sums[2] = {states_.size(), edges_};
  // The lowest rank over its budget is the one named: size - rank is largest for it.
  std::uint64_t maxes[5] = {more, stop, over ? static_cast<std::uint64_t>(net_.size() - net_.rank()) : 0,
                            memory, level_overflow_};
  net_.sum(sums);
  net_.max(maxes);
  const build_progress reached{exploring ? depth_ + 1 : depth_, sums[0], sums[1], seconds_since(started_),
                               maxes[3]};
  if (maxes[1]) throw on_all_ranks<interrupted>("interrupted", reached);
  const auto max_states = options_.build.max_states;
  if (sums[0] > max_states) {
    auto capped = reached;
    capped.states = max_states;
    throw on_all_ranks<limit_exceeded>("exploration stopped: the graph has more than the limit of " +
                                           std::to_string(max_states) +
                                           " positions (raise --max-states if memory allows)",
                                       capped);
  }
  if (maxes[4])
    throw on_all_ranks<limit_exceeded>(
        "exploration stopped: a level has more positions than 32-bit edges can "
        "number (try --no-edges)",
        reached);
  if (maxes[2])
    throw on_all_ranks<limit_exceeded>(
        std::string(exploring ? "exploration" : "labelling") + " stopped: the memory of rank " +
            std::to_string(net_.size() - maxes[2]) + " passed its limit of " +
            std::to_string(options_.build.max_memory >> 20) +
            " MB (raise --max-memory, which is per rank, run more ranks, or try --no-edges)",
        reached);
  if (exploring && net_.rank() == 0 && options_.build.progress) options_.build.progress(reached);
  return maxes[0] != 0;
}

template <game G> void graph<G>::explore(const state& start) {
  started_ = std::chrono::steady_clock::now();
  const bool edges = options_.build.keep_edges;
  auto index = make_index();
  clear_batch();
  {
    auto first = game_.canonical(start);
    const auto hash = boost::hash<state>{}(first);
    owns_start_ = detail::owner_of(hash, net_.size()) == net_.rank();
    if (owns_start_) find_or_add(index[detail::shard_of(hash)], std::move(first));
  }
  level_starts_.assign(1, 0);
  if (edges) row_starts_.push_back(0);
  offset_bits_ = 32 - std::bit_width(static_cast<unsigned>(net_.size() - 1));
  for (;;) {
    const std::size_t begin = level_starts_.back(), end = states_.size();
    // In a graded game no state of this level or above is met again: the index needs only
    // the next level.
    if constexpr (graded_game<G>) index = make_index();
    for (std::size_t v = begin;;) {
      clear_batch();
      for (; v < end && !batch_full(); ++v) {
        const auto orbit = grundy::detail::orbit_of(game_, states_[v]);
        const auto moves = send_successors(static_cast<vertex_id>(v), true);
        raw_vertices_ += orbit;
        if constexpr (symmetric_game<G>) raw_edges_ += orbit * moves;
        if (moves == 0) ++terminals_, raw_terminals_ += orbit;
        edges_ += degrees_.back();
        if constexpr (!symmetric_game<G>) raw_edges_ += degrees_.back();
      }
      mail_.exchange(net_);
      resolve_arrivals([&](unsigned shard, state&& s, std::size_t arrival) {
        const auto id = find_or_add(index[shard], std::move(s));
        if (!edges) return;
        if constexpr (graded_game<G>) {
          // Its place in the next level: this rank's share of it starts at `end`.
          level_overflow_ |= (id - end) >> offset_bits_ != 0;
          replies_[arrival] = static_cast<std::uint32_t>(id - end);
        } else {
          replies_[arrival] = id;
        }
      });
      if (edges) {
        detail::exchange(net_, replies_, arrivals_from_, in_numbers_, numbers_from_);
        std::size_t k = 0;
        for (auto d : degrees_) {
          for (auto end_k = k + d; k < end_k; ++k) {
            const auto e = pending_[k];
            const int owner = detail::rank_of(e);
            const auto answer = in_numbers_[numbers_from_[owner] + detail::local_of(e)];
            if constexpr (graded_game<G>)
              targets_.push_back(static_cast<std::uint32_t>((std::uint64_t(owner) << offset_bits_) | answer));
            else
              targets_.push_back(detail::global(owner, answer));
          }
          row_starts_.push_back(targets_.size());
        }
      }
      if (!end_batch(v < end, true)) break;
    }
    level_starts_.push_back(static_cast<vertex_id>(end));
    ++depth_;
    if (net_.sum(states_.size() - end) == 0) break;
  }
  clear_batch();
  // Every rank's levels, for labelling by levels.
  std::vector<std::uint64_t> mine(level_starts_.begin(), level_starts_.end());
  level_first_.resize(mine.size() * net_.size());
  net_.gather_all(mine.data(), mine.size() * sizeof(std::uint64_t), level_first_.data());
  std::uint64_t totals[2] = {states_.size(), edges_};
  net_.sum(totals);
  global_states_ = totals[0], global_edges_ = totals[1];
  explore_seconds_ = seconds_since(started_);
}

template <game G> std::vector<grundy_value> graph<G>::label(play_convention convention) {
  started_ = std::chrono::steady_clock::now();
  if (convention == play_convention::misere) {
    detail::misere_rule rule;
    return label_with(rule);
  }
  detail::mex_rule rule;
  return label_with(rule);
}

template <game G> template <class Rule> std::vector<grundy_value> graph<G>::label_with(Rule& rule) {
  std::vector<grundy_value> value(states_.size(), 0);
  if (method_ == labelling_method::propagation)
    label_propagating(rule, value);
  else if (options_.build.keep_edges)
    label_levels(rule, value);
  else
    label_regenerating(rule, value);
  return value;
}

template <game G>
template <class Rule>
void graph<G>::label_levels(Rule& rule, std::vector<grundy_value>& value) {
  const int ranks = net_.size();
  std::vector<std::uint64_t> base(ranks + 1, 0), size(ranks, 0), bits, before;
  std::vector<grundy_value> successors;
  for (std::size_t k = depth_; k-- > 0;) {
    // The level below as one bitmap, each rank's share starting on a word, so that every
    // successor needed is marked once, and the answers come back in the bitmap's order.
    const std::size_t below = k + 1;
    for (int d = 0; d < ranks; ++d) {
      size[d] = below < depth_ ? level_size(d, below) : 0;
      base[d + 1] = base[d] + (size[d] + 63) / 64 * 64;
    }
    bits.assign(base[ranks] / 64, 0);
    auto position = [&](target_type t) {
      const int d = target_rank(t);
      const auto offset = target_offset(t);
      if (offset >= size[d])
        throw std::logic_error("a move of a graded game does not lead to the next level");
      return base[d] + offset;
    };
    for (auto v = level_starts_[k]; v < level_starts_[k + 1]; ++v)
      for (auto e = row_starts_[v]; e < row_starts_[v + 1]; ++e) {
        const auto p = position(targets_[e]);
        bits[p >> 6] |= std::uint64_t{1} << (p & 63);
      }
    for (int d = 0; d < ranks; ++d) {
      answers_[d].clear();
      for (auto w = base[d] / 64; w < base[d + 1] / 64; ++w)
        for (auto word = bits[w]; word; word &= word - 1)
          answers_[d].push_back(static_cast<std::uint32_t>(w * 64 + std::countr_zero(word) - base[d]));
    }
    detail::exchange(net_, answers_, flat_numbers_, in_numbers_, numbers_from_);
    const auto first_below = below < depth_ ? level_first(net_.rank(), below) : 0;
    for (int s = 0; s < ranks; ++s) {
      answers_[s].clear();
      for (auto i = numbers_from_[s]; i < numbers_from_[s + 1]; ++i)
        answers_[s].push_back(value[first_below + in_numbers_[i]]);
    }
    detail::exchange(net_, answers_, flat_numbers_, in_numbers_, numbers_from_);
    before.resize(bits.size());
    std::uint64_t count = 0;
    for (std::size_t w = 0; w < bits.size(); ++w)
      before[w] = count, count += detail::bit_count(bits[w]);
    for (auto v = level_starts_[k]; v < level_starts_[k + 1]; ++v) {
      successors.clear();
      for (auto e = row_starts_[v]; e < row_starts_[v + 1]; ++e) {
        const auto p = position(targets_[e]);
        const auto mask = (std::uint64_t{1} << (p & 63)) - 1;
        successors.push_back(in_numbers_[before[p >> 6] + detail::bit_count(bits[p >> 6] & mask)]);
      }
      value[v] = rule(successors);
    }
    end_batch(false, false);
  }
}

template <game G>
template <class Rule>
void graph<G>::label_regenerating(Rule& rule, std::vector<grundy_value>& value) {
  std::vector<grundy_value> successors;
  for (std::size_t k = depth_; k-- > 0;) {
    // This rank's share of the level below, to answer the other ranks' questions.
    std::vector<level_index> below(detail::shard_count);
    if (k + 1 < depth_)
      for (auto v = level_starts_[k + 1]; v < level_starts_[k + 2]; ++v)
        below[detail::shard_of(boost::hash<state>{}(states_[v]))].emplace(states_[v], v);
    for (std::size_t v = level_starts_[k];;) {
      clear_batch();
      const auto first = v;
      for (; v < level_starts_[k + 1] && !batch_full(); ++v)
        send_successors(static_cast<vertex_id>(v), false);
      mail_.exchange(net_);
      resolve_arrivals([&](unsigned shard, state&& s, std::size_t arrival) {
        const auto it = below[shard].find(s);
        if (it == below[shard].end())
          throw std::logic_error("a move of a graded game does not lead to the next level");
        replies_[arrival] = value[it->second];
      });
      detail::exchange(net_, replies_, arrivals_from_, in_numbers_, numbers_from_);
      std::size_t i = 0;
      for (auto u = first; u < v; ++u) {
        successors.clear();
        for (auto end_i = i + degrees_[u - first]; i < end_i; ++i) {
          const auto e = pending_[i];
          successors.push_back(in_numbers_[numbers_from_[detail::rank_of(e)] + detail::local_of(e)]);
        }
        value[u] = rule(successors);
      }
      if (!end_batch(v < level_starts_[k + 1], false)) break;
    }
  }
}

template <game G> void graph<G>::find_predecessors() {
  // Every edge v -> t tells t's owner that v is one of t's predecessors.
  struct edge_note {
    vertex_id child;
    vertex_id parent;
  };
  detail::mailbox<edge_note> mail(net_.size());
  detail::block_array<vertex_id> children;
  detail::block_array<detail::global_vertex> parents;
  for (std::size_t v = 0, k = 0;;) {
    mail.clear();
    for (std::size_t notes = 0; v < states_.size() && notes * sizeof(edge_note) < options_.exchange_bytes;
         ++v) {
      while (v >= level_starts_[k + 1])
        ++k;
      for (auto e = row_starts_[v]; e < row_starts_[v + 1]; ++e, ++notes) {
        const auto t = global_target(k, targets_[e]);
        mail.out[detail::rank_of(t)].push_back({detail::local_of(t), static_cast<vertex_id>(v)});
      }
    }
    mail.exchange(net_);
    for (int s = 0; s < net_.size(); ++s)
      for (auto i = mail.from[s]; i < mail.from[s + 1]; ++i) {
        children.push_back(mail.in[i].child);
        parents.push_back(detail::global(s, mail.in[i].parent));
      }
    if (!end_batch(v < states_.size(), false)) break;
  }
  // Grouped by child, as the edges are by parent.
  parents_start_.clear();
  parents_start_.grow(states_.size() + 1);
  for (std::size_t i = 0; i < children.size(); ++i)
    ++parents_start_[children[i] + 1];
  for (std::size_t v = 0; v < states_.size(); ++v)
    parents_start_[v + 1] += parents_start_[v];
  parents_.clear();
  parents_.grow(parents.size());
  {
    std::vector<edge_index> next(states_.size());
    for (std::size_t v = 0; v < states_.size(); ++v)
      next[v] = parents_start_[v];
    for (std::size_t i = 0; i < children.size(); ++i)
      parents_[next[children[i]]++] = parents[i];
  }
}

template <game G>
template <class Rule>
void graph<G>::label_propagating(Rule& rule, std::vector<grundy_value>& value) {
  if (parents_start_.empty()) find_predecessors();
  const std::size_t n = states_.size();
  // waiting[v]: successors of v not labelled yet; their labels fill v's row of `labels` as
  // they come, since a label alone does not say which successor it came from.
  std::vector<std::uint32_t> waiting(n);
  detail::block_array<grundy_value> labels;
  labels.grow(edge_count());
  std::vector<vertex_id> ready, next_ready;
  std::vector<grundy_value> successors;
  auto degree = [&](std::size_t v) {
    return static_cast<std::uint32_t>(row_starts_[v + 1] - row_starts_[v]);
  };
  auto settle = [&](vertex_id v) {
    successors.clear();
    for (auto e = row_starts_[v]; e < row_starts_[v + 1]; ++e)
      successors.push_back(labels[e]);
    value[v] = rule(successors);
    next_ready.push_back(v);
  };
  for (std::size_t v = 0; v < n; ++v)
    if ((waiting[v] = degree(v)) == 0) settle(static_cast<vertex_id>(v));
  std::uint64_t labelled = next_ready.size();
  struct label_note {
    vertex_id parent;
    grundy_value value;
  };
  detail::mailbox<label_note> mail(net_.size());
  while (net_.sum(next_ready.size()) != 0) {
    ready.swap(next_ready);
    next_ready.clear();
    for (std::size_t r = 0;;) {
      mail.clear();
      for (std::size_t notes = 0; r < ready.size() && notes * sizeof(label_note) < options_.exchange_bytes;
           ++r)
        for (auto i = parents_start_[ready[r]]; i < parents_start_[ready[r] + 1]; ++i, ++notes) {
          const auto p = parents_[i];
          mail.out[detail::rank_of(p)].push_back({detail::local_of(p), value[ready[r]]});
        }
      mail.exchange(net_);
      for (auto& note : mail.in) {
        const auto v = note.parent;
        labels[row_starts_[v] + degree(v) - waiting[v]] = note.value;
        if (--waiting[v] == 0) settle(v), ++labelled;
      }
      if (!end_batch(r < ready.size(), false)) break;
    }
  }
  if (net_.sum(labelled) != global_states_) throw on_all_ranks<not_acyclic>();
}

template <game G>
graph_statistics graph<G>::statistics(const std::vector<grundy_value>& values, double label_seconds) {
  graph_statistics s;
  std::uint64_t sums[3] = {raw_vertices_, raw_edges_, raw_terminals_};
  net_.sum(sums);
  s.classes = global_states_;
  s.class_edges = global_edges_;
  s.vertices = sums[0];
  s.edges = sums[1];
  s.terminals = sums[2];
  s.depth = depth_;
  if constexpr (requires { game_.symmetry(); })
    s.symmetric = game_.symmetry();
  else
    s.symmetric = symmetric_game<G>;
  std::uint64_t largest = 0;
  for (auto x : values)
    largest = std::max<std::uint64_t>(largest, x);
  s.max_value = static_cast<grundy_value>(net_.max(largest));
  s.value_counts.assign(s.max_value + 1, 0);
  for (std::size_t v = 0; v < values.size(); ++v)
    s.value_counts[values[v]] += grundy::detail::orbit_of(game_, states_[v]);
  net_.sum(s.value_counts);
  s.start_value = start_label(values);
  s.explore_seconds = net_.max(explore_seconds_);
  s.label_seconds = net_.max(label_seconds);
  s.peak_memory_bytes = net_.max(peak_memory_bytes());
  return s;
}

template <game G> grundy_value graph<G>::start_label(const std::vector<grundy_value>& values) {
  // The start's owner numbered it 0; the other ranks add nothing.
  return static_cast<grundy_value>(net_.max(owns_start_ ? std::uint64_t{values[0]} : 0));
}

template <game G>
template <class Keep>
std::uint64_t graph<G>::count_positions(const std::vector<grundy_value>& values, Keep&& keep) {
  std::uint64_t n = 0;
  for (std::size_t v = 0; v < values.size(); ++v)
    if (keep(values[v])) n += grundy::detail::orbit_of(game_, states_[v]);
  return net_.sum(n);
}

template <game G> std::vector<rank_figures> graph<G>::all_figures() {
  const rank_figures mine{static_cast<std::uint64_t>(net_.rank()),
                          states_.size(),
                          edges_,
                          net_.bytes_sent,
                          net_.bytes_received,
                          net_.exchanges,
                          peak_memory_bytes(),
                          net_.seconds};
  std::vector<rank_figures> all(net_.size());
  net_.gather_all(&mine, sizeof mine, all.data());
  return all;
}

// Explores, labels and measures the graph reachable from `start` with every rank of `comm`,
// which all call it with the same arguments: grundy::solve for a cluster, giving the same
// statistics. Throws what the graph's members throw, and rank_failure, on the failing rank
// only, for anything that went wrong on one rank alone (see environment::abort).
template <game G>
solution solve(const G& g, const state_t<G>& start, const options& o = {}, MPI_Comm comm = MPI_COMM_WORLD) {
  graph<G> gr(g, comm, o);
  return detail::on_this_rank(gr.rank(), [&] {
    solution r;
    gr.explore(start);
    const auto t0 = std::chrono::steady_clock::now();
    auto values = gr.label(play_convention::normal);
    const double label_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    r.statistics = gr.statistics(values, label_seconds);
    if (o.misere) {
      values = gr.label(play_convention::misere);
      r.misere = true;
      r.misere_start = outcome_of(gr.start_label(values));
      r.misere_p_positions = gr.count_positions(values, [](grundy_value x) { return x == 0; });
    }
    r.ranks = gr.all_figures();
    return r;
  });
}

} // namespace grundy::distributed
