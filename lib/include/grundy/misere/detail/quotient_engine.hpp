#pragma once
// The pieces of compute_misere_quotient (lib/src/misere/): candidate monoids, the marking of
// their P-portion, their reduction, and the exact verification of a candidate.

#include <grundy/detail/memory_budget.hpp>
#include <grundy/heap/rule.hpp>
#include <grundy/misere/quotient.hpp>

#include <boost/dynamic_bitset.hpp>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

namespace grundy::misere_detail {

// Every container of the engine is counted by its allocator against the limit on its memory
// (grundy/detail/memory_budget.hpp): engine_context makes the budget current while it lives.
using detail::counted_allocator;
using detail::counted_vector;
using element = misere_quotient::element;
using bits = boost::dynamic_bitset<std::uint64_t, counted_allocator<std::uint64_t>>;

// A finite commutative monoid by its multiplication table (identity 0), its P-portion and the
// images of heaps 0..n (the pretending function; heap 0 and heaps without options map to 0).
struct table_monoid {
  std::size_t order = 1;
  counted_vector<element> products{0}; // order * order
  bits p = bits(1);
  counted_vector<element> heaps{0};

  element mul(element x, element y) const noexcept { return products[std::size_t{x} * order + y]; }
  friend bool operator==(const table_monoid&, const table_monoid&) = default;
};

// The options of every heap 1..n as distinct sorted lists of heaps, and what the computation
// may spend: shared by every stage. While it lives, the containers made on its thread are
// charged to its budget, which throws grundy::stopped before an allocation would pass
// quotient_options::max_memory; so it is made before them and outlives them.
class engine_context {
public:
  engine_context(const heap_rule& rule, const quotient_options& options);
  engine_context(const engine_context&) = delete;
  engine_context& operator=(const engine_context&) = delete;

  // Options of heaps up to h are known after extend_to(h).
  void extend_to(heap_size h);
  // Heap h's options for a range-for, each a std::span of heaps in increasing order. Written
  // out rather than as iota | transform, which clang 14 cannot compile over libstdc++ 12's ranges.
  class option_range {
  public:
    class iterator {
    public:
      iterator(const engine_context& ctx, std::uint64_t i) : ctx_(&ctx), i_(i) {}
      std::span<const heap_size> operator*() const {
        return {ctx_->parts_.data() + ctx_->option_start_[i_],
                ctx_->parts_.data() + ctx_->option_start_[i_ + 1]};
      }
      iterator& operator++() {
        ++i_;
        return *this;
      }
      bool operator!=(const iterator& other) const { return i_ != other.i_; }

    private:
      const engine_context* ctx_;
      std::uint64_t i_;
    };
    iterator begin() const { return {*ctx_, first_}; }
    iterator end() const { return {*ctx_, last_}; }

  private:
    friend class engine_context;
    option_range(const engine_context& ctx, std::uint64_t first, std::uint64_t last)
        : ctx_(&ctx), first_(first), last_(last) {}
    const engine_context* ctx_;
    std::uint64_t first_, last_;
  };
  option_range options_of(heap_size h) const { return {*this, heap_first_[h], heap_first_[h + 1]}; }
  bool has_options(heap_size h) const { return heap_first_[h + 1] > heap_first_[h]; }

  // Throws stopped when the stop flag is set.
  void check() const;
  void check_order(std::size_t order, heap_size h) const;
  void progress(heap_size h, std::size_t order, std::size_t candidates) const;
  const heap_rule& rule() const noexcept { return rule_; }
  const quotient_options& options() const noexcept { return opts_; }
  detail::memory_budget& budget() noexcept { return budget_; }
  const detail::memory_budget& budget() const noexcept { return budget_; }

private:
  const heap_rule& rule_;
  const quotient_options& opts_;
  detail::memory_budget budget_;
  detail::memory_budget_scope scope_;
  // The options of heap h are those numbered heap_first_[h] .. heap_first_[h + 1] - 1; option i
  // is parts_[option_start_[i] .. option_start_[i + 1]): flat, since hexadecimal codes give a
  // heap h² options and a list per option would cost several times its heaps.
  counted_vector<std::uint64_t> heap_first_{0, 0};
  counted_vector<std::uint64_t> option_start_{0};
  counted_vector<heap_size> parts_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

// The images of a heap's options in `m`: distinct elements, sorted.
counted_vector<element> option_images(const engine_context& ctx, const table_monoid& m, heap_size h);

// dead(h) for a heap whose options have `images`: the y with y·t outside P for every image t.
// A sum G holding h is a P-position only if the class of G without that h is dead.
bits dead_elements(const table_monoid& m, const counted_vector<element>& images);

// A sum of heaps as multiplicities m[h], h = 0..n (m[0] unused).
using sum_type = counted_vector<std::uint32_t>;

// The least sum (in the order comparing multiplicities from the largest heap down) at which
// the candidate breaks the local condition: its P-portion disagrees with "some heap has an
// option and every option of the sum lands outside P". None: the candidate is faithful.
// `first_heap_at_least_once`: only sums holding heap n at least once are searched (those
// without were verified before).
std::optional<sum_type> least_failure(const engine_context& ctx, const table_monoid& m, heap_size n,
                                      bool with_top_heap_only);

// A candidate built as the product of `base` (a monoid whose heap images are given, heaps in
// `fresh` mapped to the identity) with one cyclic monoid <g | g^(index+period) = g^index> per
// heap in `fresh`. Its P-portion is marked by enumerating sums in increasing order (each
// element takes the outcome its least sum has when its options are as the candidate says),
// then it is reduced to the classes no sum tells apart and renumbered canonically.
struct fresh_heap {
  heap_size heap = 0;
  std::uint32_t index = 2;
  std::uint32_t period = 2;
};
table_monoid marked_candidate(const engine_context& ctx, const table_monoid& base, heap_size n,
                              const counted_vector<fresh_heap>& fresh);

// Brent's cycle detection over a sequence x0, x1, ... in which each term is a function of the
// one before: seen(x_i) is true once x_i equals a term kept from before, which happens within a
// few times (cycle start + cycle length) steps of a sequence that cycles, and never for one that
// does not. It keeps one term, copied at steps 1, 2, 4, 8, ...
template <class T> class cycle_watch {
public:
  explicit cycle_watch(T first) : kept_(std::move(first)) {}
  bool seen(const T& x) {
    if (x == kept_) return true;
    if (++since_ == window_) {
      kept_ = x;
      since_ = 0;
      window_ *= 2;
    }
    return false;
  }

private:
  T kept_;
  std::uint64_t since_ = 0, window_ = 1;
};

// The index of x's powers: least i with x^i = x^(i+p) for some p >= 1; and that period p.
std::pair<std::uint32_t, std::uint32_t> index_and_period(const table_monoid& m, element x);

// Plambeck and Siegel's periodicity test for an octal code of finite length or a finite
// subtraction set, given the classes of heaps 0..n (quotient_periodicity.cpp): the period p it
// proves, with which every heap h > n has the class of heap h - p; 0 when it proves nothing.
heap_size settled_period(const heap_rule& rule, std::span<const element> heaps);

} // namespace grundy::misere_detail
