// The exact verification of a candidate quotient: the least sum at which it breaks the local
// condition, found by a finite search over states (docs/algorithms.md, "Misère quotients").
//
// Why the local condition suffices: order sums by their multiplicities compared from the
// largest heap down. Every option of a sum is smaller (one heap h becomes heaps below h), so
// if the candidate satisfies, at every sum G,
//     Φ(G) ∈ P  ⟺  G has an option and every option Y of G has Φ(Y) ∉ P,
// induction along that well-order shows that Φ(G) ∈ P exactly when G is a misère P-position.
// Conversely the least sum breaking the condition is misclassified: its options are all
// smaller, hence classified right, and the condition computes its true outcome from them.
//
// An option of G replaces a heap h of G by an option of h, so its image is Φ(G−h)·t with t one
// of the images of h's options. Call (h, y) dead when y·t ∉ P for every such t. The right-hand
// side holds exactly when (h, Φ(G−h)) is dead for every heap h of G, which the search tracks
// as the set U(G) = {u : (h, Φ(G−h)·u) dead for every heap h of G}: the condition asks
// whether the identity is in U(G). Adding a heap h of image a to G gives
//     Φ(G+h) = Φ(G)·a,   U(G+h) = {u : a·u ∈ U(G) and Φ(G)·u ∈ dead(h)},
// so the state (Φ(G), U(G), whether G has a move) of a sum follows from the state of the sum without one
// heap. The search chooses multiplicities from the largest heap down, in increasing order, and meets the sums
// in increasing order: the first failure it meets is the least. A state met twice at one level leads to the
// same sums' verdicts, so the second meeting is cut; and the states reached by adding more copies of one heap
// form a chain that ends at a state met before, which bounds every multiplicity.

#include <grundy/misere/detail/quotient_engine.hpp>

#include <boost/container_hash/hash.hpp>
#include <boost/unordered/unordered_flat_set.hpp>

#include <algorithm>
#include <bit>
#include <exception>

namespace grundy::misere_detail {
namespace {

using key_type = counted_vector<std::uint64_t>;

struct key_hash {
  std::size_t operator()(const key_type& k) const noexcept { return boost::hash_range(k.begin(), k.end()); }
};

class verifier {
public:
  verifier(const engine_context& ctx, const table_monoid& m, heap_size n) : ctx_(ctx), m_(m), sum_(n + 1, 0) {
    words_ = (m.order + 63) / 64;
    for (heap_size h = 1; h <= n; ++h) {
      // A heap without a move is the empty game: left out when its class is the identity (as
      // every computed candidate has it), searched otherwise (tables read from a file).
      if (!ctx.has_options(h) && m.heaps[h] == 0) continue;
      levels_.push_back(h);
      movable_.push_back(ctx.has_options(h));
      const bits dead = dead_elements(m, option_images(ctx, m, h));
      counted_vector<std::uint64_t> blocks(words_, 0);
      boost::to_block_range(dead, blocks.begin());
      dead_.push_back(std::move(blocks));
    }
    // within_[li]: the classes of sums of heaps levels_[0..li]; within_[-1] is {identity}.
    within_.resize(levels_.size() + 1);
    counted_vector<element> inside{0};
    counted_vector<bool> reached(m.order);
    reached[0] = true;
    within_[0].assign(words_, 0);
    within_[0][0] = 1;
    for (std::size_t li = 0; li < levels_.size(); ++li) {
      const element a = m.heaps[levels_[li]];
      for (std::size_t i = 0; i < inside.size(); ++i) {
        const element y = m.mul(inside[i], a);
        if (!reached[y]) {
          reached[y] = true;
          inside.push_back(y);
        }
      }
      within_[li + 1].assign(words_, 0);
      for (element y : inside)
        within_[li + 1][y / 64] |= std::uint64_t{1} << (y % 64);
    }
    loop_visited_.resize(levels_.size());
    child_visited_.resize(levels_.size());
    dead_from_.resize(levels_.size());
  }

  std::optional<sum_type> run(bool with_top_heap_only) {
    key_type root(words_ + 1, 0);
    for (element u = 0; u < m_.order; ++u)
      root[1 + u / 64] |= std::uint64_t{1} << (u % 64);
    if (levels_.empty()) return leaf(root) ? std::optional<sum_type>(sum_) : std::nullopt;
    const int top = static_cast<int>(levels_.size()) - 1;
    if (search(top, std::move(root), with_top_heap_only ? 1 : 0)) return sum_;
    return std::nullopt;
  }

private:
  static element x_of(const key_type& k) { return static_cast<element>(k[0] & 0xffffffffu); }
  static bool bit(const std::uint64_t* set, element i) { return (set[i / 64] >> (i % 64)) & 1; }

  // The state after one more heap of level `li`.
  key_type next(int li, const key_type& k) {
    const heap_size h = levels_[li];
    const element a = m_.heaps[h];
    const element x = x_of(k);
    key_type out(words_ + 1, 0);
    out[0] = std::uint64_t{m_.mul(x, a)} | (k[0] & (std::uint64_t{1} << 32)) |
             (std::uint64_t{movable_[static_cast<std::size_t>(li)]} << 32);
    const element* row_a = &m_.products[std::size_t{a} * m_.order];
    const std::uint64_t* u_set = k.data() + 1;
    const std::uint64_t* x_dead = dead_from(li, x);
    const std::uint64_t* within = within_[static_cast<std::size_t>(li) + 1].data();
    for (std::size_t w = 0; w < words_; ++w)
      for (std::uint64_t candidates = x_dead[w] & within[w]; candidates != 0; candidates &= candidates - 1) {
        const auto u = static_cast<element>(w * 64 + static_cast<std::size_t>(std::countr_zero(candidates)));
        if (bit(u_set, row_a[u])) out[1 + w] |= std::uint64_t{1} << (u % 64);
      }
    if ((++steps_ & 1023) == 0) ctx_.check();
    return out;
  }

  // {u : x·u ∈ dead(levels_[li])}, kept per level and element: the states of one product x
  // at one level all ask for it.
  const std::uint64_t* dead_from(int li, element x) {
    auto& cache = dead_from_[li];
    if (cache.empty()) cache.resize(m_.order);
    auto& set = cache[x];
    if (set.empty()) {
      set.assign(words_, 0);
      const element* row_x = &m_.products[std::size_t{x} * m_.order];
      const std::uint64_t* dead = dead_[li].data();
      for (element u = 0; u < m_.order; ++u)
        if (bit(dead, row_x[u])) set[u / 64] |= std::uint64_t{1} << (u % 64);
    }
    return set.data();
  }

  bool leaf(const key_type& k) const {
    const element x = x_of(k);
    const bool movable = (k[0] >> 32) != 0;
    const bool identity_in_u = k[1] & 1;
    return movable ? m_.p[x] != identity_in_u : m_.p[x];
  }

  // Chooses the multiplicity of heap levels_[li] (from `first` on) and of every smaller heap.
  // Whether a sum G completed by a sum Y of the heaps still to choose fails depends on G's
  // state only through Φ(G), whether G has a move, and U(G) ∩ {Φ(Y)}: by U(G+Y) = {u : Φ(Y)·u ∈ U(G) and
  // Φ(G)·u ∈ U(Y)}, the identity is in U(G+Y) when Φ(Y) ∈ U(G) and Φ(G) ∈ U(Y). So states
  // are kept with U cut down to the classes the remaining heaps can make (within_): the loop
  // over copies of levels_[li] by the classes of heaps up to it, the sums below by the classes
  // of smaller heaps, which merges many states.
  bool search(int li, key_type state, std::uint32_t first) {
    const auto level = static_cast<std::size_t>(li);
    for (std::uint32_t c = 0; c < first; ++c)
      state = next(li, state);
    for (std::uint32_t m = first;; ++m) {
      if (!loop_visited_[level].insert(state).second) break;
      key_type child = state;
      const std::uint64_t* below = within_[level].data();
      for (std::size_t w = 0; w < words_; ++w)
        child[1 + w] &= below[w];
      if (child_visited_[level].insert(child).second) {
        sum_[levels_[level]] = m;
        if (li == 0 ? leaf(child) : search(li - 1, std::move(child), 0)) return true;
      }
      state = next(li, state);
    }
    sum_[levels_[level]] = 0;
    return false;
  }

  const engine_context& ctx_;
  const table_monoid& m_;
  std::size_t words_ = 0;
  counted_vector<heap_size> levels_;
  counted_vector<bool> movable_; // whether levels_[i] has a move
  counted_vector<counted_vector<std::uint64_t>> dead_;
  counted_vector<counted_vector<counted_vector<std::uint64_t>>> dead_from_;
  counted_vector<counted_vector<std::uint64_t>> within_;
  using state_set =
      boost::unordered_flat_set<key_type, key_hash, std::equal_to<key_type>, counted_allocator<key_type>>;
  counted_vector<state_set> loop_visited_, child_visited_;
  sum_type sum_;
  std::uint64_t steps_ = 0;
};

// The verifier's states are small blocks of malloc's heap, freed together when it ends: their
// pages are given back then, so that what the budget counts as free is free (see
// detail::return_free_heap). A verification that held less than a mapped block is not worth the
// call (conservative_extension runs one per element it tries); one that threw may have held any.
class heap_returned_after {
public:
  explicit heap_returned_after(const engine_context& ctx)
      : ctx_(ctx), before_(ctx.budget().held()), exceptions_(std::uncaught_exceptions()) {}
  ~heap_returned_after() {
    if (kept_ >= detail::mapped_block_bytes || std::uncaught_exceptions() > exceptions_)
      detail::return_free_heap();
  }
  heap_returned_after(const heap_returned_after&) = delete;
  heap_returned_after& operator=(const heap_returned_after&) = delete;
  // Called while the verifier still holds its states.
  void note() noexcept {
    const std::uint64_t held = ctx_.budget().held();
    kept_ = held > before_ ? held - before_ : 0;
  }

private:
  const engine_context& ctx_;
  std::uint64_t before_, kept_ = 0; // what the verifier held at its end, past what was held before
  int exceptions_;
};

} // namespace

std::optional<sum_type> least_failure(const engine_context& ctx, const table_monoid& m, heap_size n,
                                      bool with_top_heap_only) {
  heap_returned_after returned(ctx);
  verifier v(ctx, m, n);
  auto failure = v.run(with_top_heap_only);
  returned.note();
  return failure;
}

} // namespace grundy::misere_detail
