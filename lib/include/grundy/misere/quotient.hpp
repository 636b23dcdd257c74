#pragma once
// The misère quotient of a heap game restricted to heaps 1..n (Plambeck and Siegel).

#include <grundy/heap/rule.hpp>
#include <grundy/values.hpp>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace grundy {

struct quotient_options;

// Sums of heaps of sizes 1..n, identified when no sum of such heaps added to both tells them
// apart in misère play, form a finite commutative monoid Q_n with a subset P (the classes of
// the misère P-positions). Once Q_n is known, the misère outcome of any sum of heaps <= n is
// a product in a table and a look-up: what the Sprague-Grundy XOR is to normal play.
//
// The quotient is a value type holding its tables; elements are numbered 0..order()-1 with 0
// the identity (the class of the empty sum).
class misere_quotient {
public:
  using element = std::uint32_t;

  // One generator per heap size whose class is not a product of smaller heaps' classes:
  // named a, b, c, ... in order of heap size.
  struct generator {
    std::string name;
    heap_size heap = 0;
  };
  // x = y with x and y words in the generators, each a vector of exponents (one per generator).
  struct relation {
    std::vector<std::uint32_t> left;
    std::vector<std::uint32_t> right;
  };
  struct presentation_type {
    std::vector<generator> generators;
    std::vector<relation> relations;
    // "<a, b, c | a^2 = 1, b^3 = b, ...>"
    std::string str() const;
  };

  const heap_rule& rule() const noexcept;
  heap_size max_heap() const noexcept;
  std::size_t order() const noexcept;
  static constexpr element identity = 0;

  element multiply(element x, element y) const;
  bool is_p(element x) const;
  std::vector<element> p_portion() const;

  // The pretending function: the class of a single heap of h tokens (heap 0 is the empty sum),
  // for any h when decides_every_heap(), else for h <= max_heap(); throws std::out_of_range
  // past max_heap() otherwise.
  element heap(heap_size h) const;
  // The class of a sum of heaps, each of a size heap() accepts.
  element of(std::span<const heap_size> heaps) const;
  // The misère outcome of a sum of heaps, each of a size heap() accepts: P or N.
  outcome misere_outcome(std::span<const heap_size> heaps) const;

  const presentation_type& presentation() const noexcept;
  // An element as a word in the generators, shortest first ("1", "a", "b^2 c").
  std::string name(element x) const;

  // True when Plambeck and Siegel's periodicity test shows that adding heaps past max_heap()
  // leaves the quotient unchanged: the quotient then decides every sum of every heap size.
  bool decides_every_heap() const noexcept;
  // The period p that test proved, 0 without it: heap h > max_heap() has the class of heap
  // h - p (the test's theorem extends the pretending function that way, and only that way).
  heap_size period() const noexcept;

  // Builds a quotient from its tables (as a saved file holds them), checking that they form a
  // commutative monoid with identity 0, that `heaps` (classes of heaps 0..n, heap 0 the
  // identity) generate it, that `p` has one entry per element without the identity (the empty
  // sum is a misère N-position), that the monoid is reduced (no two elements every sum
  // treats alike), and that decides_every_heap is claimed only where the periodicity test shows
  // it for these heap classes; throws std::invalid_argument otherwise. It cannot check that the
  // tables are faithful to the rule: that takes compute_misere_quotient's verification.
  // The checks take order² steps times the number of heap classes: `stop`, once set, ends
  // them by throwing stopped.
  static misere_quotient from_tables(heap_rule rule, std::vector<std::vector<element>> products,
                                     std::vector<bool> p, std::vector<element> heaps, bool decides_every_heap,
                                     const std::atomic<bool>* stop = nullptr);

private:
  struct data;
  // The tables as compute_misere_quotient proved them, without from_tables's checks.
  static misere_quotient assemble(heap_rule rule, std::vector<element> products, std::vector<bool> p,
                                  std::vector<element> heaps, heap_size period,
                                  const std::atomic<bool>* stop);
  friend misere_quotient compute_misere_quotient(const heap_rule&, heap_size, const quotient_options&);
  std::shared_ptr<const data> data_;
};

struct quotient_progress {
  heap_size heap = 0;         // heaps 1..heap done
  std::size_t order = 0;      // order of the quotient so far
  std::size_t candidates = 0; // candidate quotients tried for the current heap
  double seconds = 0;
};

struct quotient_options {
  // The largest quotient order tried before giving up (misère quotients of octal games grow
  // without bound for most codes): past it the computation throws grundy::stopped (a limit).
  std::size_t max_order = 100'000;
  // Bytes the computation may hold; past it, it throws grundy::stopped (a limit).
  std::uint64_t max_memory = 4ull << 30;
  // Ends the computation before max_heap once the periodicity test settles the quotient (tried
  // at heaps 8, 16, 32, ...): the result then has a smaller max_heap() but decides every heap,
  // so it answers for every sum of heaps up to max_heap and beyond.
  bool stop_when_settled = false;
  const std::atomic<bool>* stop = nullptr;
  std::function<void(const quotient_progress&)> on_progress;
};

// Q_n for `rule` restricted to heaps 1..max_heap, each candidate verified against the rules
// before it is accepted (grundy/misere/detail/ holds the algorithm; docs/algorithms.md
// explains it).
misere_quotient compute_misere_quotient(const heap_rule& rule, heap_size max_heap,
                                        const quotient_options& options = {});

// Checks a quotient's tables against its rule with the same exact verification that accepts
// each computed candidate: nothing when every sum of heaps <= max_heap() has the outcome the
// tables give (with from_tables's checks, the tables are then the quotient), otherwise the
// least sum they get wrong, as its heaps in increasing order. For quotients read from files.
// Honours options.stop and options.max_memory.
std::optional<std::vector<heap_size>> least_misclassified_sum(const misere_quotient& q,
                                                              const quotient_options& options = {});

} // namespace grundy
