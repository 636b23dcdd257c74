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
// so the state (Φ(G), U(G), G ≠ 0) of a sum follows from the state of the sum without one heap.
// The search chooses multiplicities from the largest heap down, in increasing order, and
// meets the sums in increasing order: the first failure it meets is the least. A state met
// twice at one level leads to the same sums' verdicts, so the second meeting is cut; and the
// states reached by adding more copies of one heap form a chain that ends at a state met
// before, which bounds every multiplicity.

#include <grundy/misere/detail/quotient_engine.hpp>

#include <boost/container_hash/hash.hpp>
#include <boost/unordered/unordered_flat_set.hpp>

#include <algorithm>

namespace grundy::misere_detail {
namespace {

using key_type = std::vector<std::uint64_t>;

struct key_hash {
  std::size_t operator()(const key_type& k) const noexcept { return boost::hash_range(k.begin(), k.end()); }
};

class verifier {
public:
  verifier(const engine_context& ctx, const table_monoid& m, heap_size n) : ctx_(ctx), m_(m), sum_(n + 1, 0) {
    words_ = (m.order + 63) / 64;
    for (heap_size h = 1; h <= n; ++h) {
      if (!ctx.has_options(h)) continue;
      levels_.push_back(h);
      const auto images = option_images(ctx, m, h);
      std::vector<std::uint64_t> dead(words_, 0);
      for (element y = 0; y < m.order; ++y) {
        bool is_dead = true;
        for (element t : images)
          if (m.p[m.mul(y, t)]) {
            is_dead = false;
            break;
          }
        if (is_dead) dead[y / 64] |= std::uint64_t{1} << (y % 64);
      }
      dead_.push_back(std::move(dead));
    }
    visited_.resize(levels_.size());
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
    out[0] = std::uint64_t{m_.mul(x, a)} | (std::uint64_t{1} << 32);
    const element* row_a = &m_.products[std::size_t{a} * m_.order];
    const element* row_x = &m_.products[std::size_t{x} * m_.order];
    const std::uint64_t* u_set = k.data() + 1;
    const std::uint64_t* dead = dead_[li].data();
    for (element u = 0; u < m_.order; ++u)
      if (bit(u_set, row_a[u]) && bit(dead, row_x[u])) out[1 + u / 64] |= std::uint64_t{1} << (u % 64);
    if ((++steps_ & 1023) == 0) ctx_.check(bytes());
    return out;
  }

  bool leaf(const key_type& k) const {
    const element x = x_of(k);
    const bool nonempty = (k[0] >> 32) != 0;
    const bool identity_in_u = k[1] & 1;
    return nonempty ? m_.p[x] != identity_in_u : m_.p[x];
  }

  // Chooses the multiplicity of heap levels_[li] (from `first` on) and of every smaller heap.
  bool search(int li, key_type state, std::uint32_t first) {
    for (std::uint32_t c = 0; c < first; ++c)
      state = next(li, state);
    for (std::uint32_t m = first;; ++m) {
      if (!visited_[li].insert(state).second) break;
      entries_ += 1;
      sum_[levels_[li]] = m;
      if (li == 0 ? leaf(state) : search(li - 1, state, 0)) return true;
      state = next(li, state);
    }
    sum_[levels_[li]] = 0;
    return false;
  }

  std::uint64_t bytes() const { return m_.bytes() + entries_ * ((words_ + 1) * 8 + 48); }

  const engine_context& ctx_;
  const table_monoid& m_;
  std::size_t words_ = 0;
  std::vector<heap_size> levels_;
  std::vector<std::vector<std::uint64_t>> dead_;
  std::vector<boost::unordered_flat_set<key_type, key_hash>> visited_;
  sum_type sum_;
  std::uint64_t steps_ = 0;
  std::uint64_t entries_ = 0;
};

} // namespace

std::optional<sum_type> least_failure(const engine_context& ctx, const table_monoid& m, heap_size n,
                                      bool with_top_heap_only) {
  verifier v(ctx, m, n);
  return v.run(with_top_heap_only);
}

} // namespace grundy::misere_detail
