#pragma once
// Misère canonical forms of impartial games (Conway, On Numbers and Games, ch. 12).
//
// Under misère play an impartial game has a unique simplest form: the form reached by putting
// every option in simplest form and bypassing reversible options (an option G' with an option
// G'' equal to G is replaced by G'''s options) while the bypass keeps the game's value, which
// is Conway's endgame proviso. Two games are misère-equivalent (interchangeable in every
// disjunctive sum) exactly when their simplest forms are identical. So a table that interns
// simplest forms turns misère equality into equality of indices.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <boost/graph/topological_sort.hpp>
#include <boost/unordered/unordered_flat_map.hpp>

#include <grundy/stop.hpp>
#include <grundy/values.hpp>

namespace grundy {

namespace detail {
struct form_list_hash {
  std::size_t operator()(const std::vector<std::uint32_t>& v) const noexcept;
};
} // namespace detail

// Simplest misère forms, each held once: a form is an index into the table, and two forms are
// equal games exactly when their indices are. Index 0 is the empty game 0.
class misere_forms {
public:
  using form = std::uint32_t;

  misere_forms();

  // The simplest form of the game whose options are `options` (forms of this table; in any
  // order, repeats allowed).
  form make(std::span<const form> options);
  // The disjunctive sum a + b (a move in either), in simplest form.
  form add(form a, form b);
  // The form `f` of the table `other`, made in this one (equal games, so that forms of two
  // tables can be compared or added).
  form copy_from(const misere_forms& other, form f);
  // *n, the Nim heap of n tokens: {0, *, ..., *(n-1)}, a simplest form.
  form nim_heap(unsigned n);

  std::span<const form> options(form f) const noexcept {
    return {options_.data() + starts_[f], options_.data() + starts_[f + 1]};
  }
  // The misère outcome: true when the player to move loses (a P-position). 0 is N.
  bool is_p(form f) const noexcept { return p_[f] != 0; }
  unsigned birthday(form f) const noexcept { return birthday_[f]; }
  // n when the form is *n.
  std::optional<unsigned> nim_value(form f) const noexcept {
    return nimber_[f] < 0 ? std::nullopt : std::optional<unsigned>(static_cast<unsigned>(nimber_[f]));
  }
  std::size_t size() const noexcept { return birthday_.size(); }

  // The form written out: 0, *, *2, ... for Nim heaps, {a, b, ...} otherwise, the options
  // ordered by birthday, then by how they were made. Past max_length characters the text ends
  // with "..." (a form's text can grow exponentially with its birthday).
  std::string name(form f, std::size_t max_length = 4096) const;
  // The same text for the game whose options are `options`, a simplest form's (forms of this
  // table, sorted, without repeats; is_simplest true), without making it.
  std::string name_of(std::span<const form> options, std::size_t max_length = 4096) const;
  // The misère outcome of the game with these options: true for a P-position.
  bool is_p(std::span<const form> options) const { return outcome_p(options); }

  // Misère equality of the game with options `a` and that with options `b`, both lists of forms
  // of this table: Conway's test, exact, without making either form.
  bool equal(std::span<const form> a, std::span<const form> b) const;
  // Whether the game with these options (forms of this table, without repeats) is already in
  // simplest form: none of its options can be bypassed.
  bool is_simplest(std::span<const form> options) const;

private:
  using comparisons = boost::unordered_flat_map<form, bool>;
  bool equal_to_form(std::span<const form> g, form h) const;
  bool equal_to_form(std::span<const form> g, form h, comparisons& seen) const;
  bool linked_to_form(std::span<const form> g, form x, comparisons& seen) const;
  bool outcome_p(std::span<const form> g) const;
  bool bypass_once(std::vector<form>& g) const;
  form intern(std::vector<form>&& sorted);
  void append_name(form f, std::string& out, std::size_t max_length) const;
  void append_options(std::span<const form> options, std::string& out, std::size_t max_length) const;

  std::vector<form> options_;
  std::vector<std::uint64_t> starts_{0};
  std::vector<std::uint8_t> p_;
  std::vector<std::uint16_t> birthday_;
  std::vector<std::int32_t> nimber_;
  std::vector<form> nim_heaps_;
  boost::unordered_flat_map<std::uint64_t, form> sums_;
  boost::unordered_flat_map<std::vector<form>, form, detail::form_list_hash> index_;
};

// Every simplest form born by day `day` (birthday <= day) in `forms`, in the order made, and
// how many there are. Day 0: 0; day 1 adds *; day 2 adds *2; days 3 and 4 bring the count to
// 5 and 22 (On Numbers and Games). Throws `stopped` (interrupted) once *stop is true.
std::vector<misere_forms::form> born_by(misere_forms& forms, unsigned day,
                                        const std::atomic<bool>* stop = nullptr);

// How many simplest forms are born by day `day`, without making those of the last day: each set
// of options from day - 1's forms is checked for a reversible option. Day 5 has 2^22 sets to
// check. Throws `stopped` once *stop is true.
std::uint64_t count_born_by(unsigned day, const std::atomic<bool>* stop = nullptr);

// The largest day count_born_by takes: day 6 would have 2^4171780 sets.
inline constexpr unsigned max_counted_day = 5;

// Calls f(forms, options) with the options of every simplest form born by day `day` (at most
// max_counted_day), without making those of the last day: `options` are forms of `forms`
// (sorted, without repeats), which name_of and is_p read. Day 5 calls f 4171780 times. Throws
// `stopped` once *stop is true.
void for_each_born_by(unsigned day,
                      const std::function<void(const misere_forms&, std::span<const misere_forms::form>)>& f,
                      const std::atomic<bool>* stop = nullptr);

// The simplest form of every vertex of an acyclic game graph (any Boost.Graph incidence and
// vertex-list graph with index descriptors), made in `forms`. Throws std::invalid_argument
// when the graph has a cycle (misère forms are those of finite games).
template <class Graph>
std::vector<misere_forms::form> misere_forms_of(const Graph& g, misere_forms& forms,
                                                const std::atomic<bool>* stop = nullptr) {
  const auto n = num_vertices(g);
  std::vector<typename boost::graph_traits<Graph>::vertex_descriptor> order;
  order.reserve(n);
  try {
    boost::topological_sort(g, std::back_inserter(order)); // successors first
  } catch (const boost::not_a_dag&) {
    throw std::invalid_argument("misère forms are those of finite games: this graph has a cycle");
  }
  std::vector<misere_forms::form> of(n, 0);
  std::vector<misere_forms::form> options;
  std::size_t done = 0;
  for (auto v : order) {
    if ((++done & 0x3F) == 0 && stop && stop->load(std::memory_order_relaxed))
      throw stopped("interrupted while making misère forms", stop_reason::interrupted);
    options.clear();
    for (auto [e, end] = out_edges(v, g); e != end; ++e)
      options.push_back(of[target(*e, g)]);
    of[v] = forms.make(options);
  }
  return of;
}

} // namespace grundy
