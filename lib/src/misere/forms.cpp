// Misère simplest forms. Equality is decided by Conway's two mutually recursive criteria
// (On Numbers and Games ch. 12; Siegel, Combinatorial Game Theory, V.1), which need no sum:
//
//   G = H  iff  G is linked to no H', no G' is linked to H, and when either game has no
//               option the other is an N-position (misère play);
//   G is linked to H (some T makes G + T and H + T both P-positions)
//          iff  G differs from every H' and every G' differs from H.
//
// Each recursion step takes an option of one side, so it ends after the sum of the birthdays.
// Options are always simplest forms of the table, between which equality is identity; only
// the game being made is a list of options.

#include <grundy/misere/forms.hpp>

#include <boost/container_hash/hash.hpp>

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace grundy {

std::size_t detail::form_list_hash::operator()(const std::vector<std::uint32_t>& v) const noexcept {
  return boost::hash_range(v.begin(), v.end());
}

namespace {

bool holds(std::span<const misere_forms::form> list, misere_forms::form f) {
  return std::find(list.begin(), list.end(), f) != list.end();
}

void sort_unique(std::vector<misere_forms::form>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

} // namespace

misere_forms::misere_forms() { intern({}); }

bool misere_forms::outcome_p(std::span<const form> g) const {
  // Misère: with no move, the player to move has won.
  return !g.empty() && std::none_of(g.begin(), g.end(), [&](form x) { return is_p(x); });
}

// Conway's criteria with one side a list g (the game being made, its options simplest forms)
// and the other a simplest form h. Between two simplest forms equality is identity, which cuts
// every step that would compare two of them; the comparisons of g with h's subforms are
// remembered in `seen`, so that each subform is compared once.
bool misere_forms::equal_to_form(std::span<const form> g, form h, comparisons& seen) const {
  if (const auto it = seen.find(h); it != seen.end()) return it->second;
  const auto h_options = options(h);
  bool equal = true;
  if (g.empty()) equal = h_options.empty() || !is_p(h);
  if (equal && h_options.empty()) equal = !outcome_p(g);
  // g linked to an option x of h: g is no option of x, and no option of g is x.
  for (std::size_t i = 0; equal && i < h_options.size(); ++i)
    equal = !linked_to_form(g, h_options[i], seen);
  // An option a of g linked to h, both simplest: a is no option of h, and h no option of a.
  for (std::size_t i = 0; equal && i < g.size(); ++i) {
    const auto a_options = options(g[i]);
    equal = holds(h_options, g[i]) || holds(a_options, h);
  }
  seen.emplace(h, equal);
  return equal;
}

bool misere_forms::linked_to_form(std::span<const form> g, form x, comparisons& seen) const {
  if (holds(g, x)) return false;
  const auto x_options = options(x);
  return std::none_of(x_options.begin(), x_options.end(), [&](form y) { return equal_to_form(g, y, seen); });
}

bool misere_forms::equal_to_form(std::span<const form> g, form h) const {
  comparisons seen;
  return equal_to_form(g, h, seen);
}

// Two lists: the endgame proviso compares a game with its bypassed self, rarely.
bool misere_forms::equal(std::span<const form> g, std::span<const form> h) const {
  if (g.empty() && outcome_p(h)) return false;
  if (h.empty() && outcome_p(g)) return false;
  comparisons with_g, with_h;
  for (form x : h)
    if (linked_to_form(g, x, with_g)) return false;
  for (form x : g)
    if (linked_to_form(h, x, with_h)) return false;
  return true;
}

// One bypass of a reversible option of g (sorted, without repeats) that keeps the value: an
// option a with an option b equal to g is replaced by b's options, unless the game that makes
// differs from g (Conway's endgame proviso). False when there is none: g is then simplest.
bool misere_forms::bypass_once(std::vector<form>& g) const {
  comparisons seen;
  for (const form a : g)
    for (const form b : options(a)) {
      if (!equal_to_form(g, b, seen)) continue;
      std::vector<form> h;
      h.reserve(g.size() + options(b).size());
      for (const form x : g)
        if (x != a) h.push_back(x);
      const auto b_options = options(b);
      h.insert(h.end(), b_options.begin(), b_options.end());
      sort_unique(h);
      if (!equal(h, g)) continue;
      g = std::move(h);
      return true;
    }
  return false;
}

bool misere_forms::is_simplest(std::span<const form> options) const {
  std::vector<form> g(options.begin(), options.end());
  sort_unique(g);
  return g.size() == options.size() && !bypass_once(g);
}

misere_forms::form misere_forms::make(std::span<const form> given) {
  std::vector<form> g(given.begin(), given.end());
  sort_unique(g);
  // Each bypass replaces an option by options of smaller birthday, so this ends.
  while (bypass_once(g)) {
  }
  return intern(std::move(g));
}

misere_forms::form misere_forms::intern(std::vector<form>&& sorted) {
  if (const auto it = index_.find(sorted); it != index_.end()) return it->second;
  if (birthday_.size() > std::numeric_limits<form>::max() - 1u)
    throw std::length_error("more misère forms than 32-bit indices can number");
  const auto f = static_cast<form>(birthday_.size());
  unsigned born = 0;
  bool all_nim = true;
  std::vector<bool> seen;
  for (form x : sorted) {
    born = std::max(born, birthday(x) + 1u);
    if (const auto n = nim_value(x)) {
      if (*n >= seen.size()) seen.resize(*n + 1);
      seen[*n] = true;
    } else {
      all_nim = false;
    }
  }
  const bool nim = all_nim && seen.size() == sorted.size() &&
                   std::all_of(seen.begin(), seen.end(), [](bool b) { return b; });
  p_.push_back(outcome_p(sorted) ? 1 : 0);
  birthday_.push_back(static_cast<std::uint16_t>(born));
  nimber_.push_back(nim ? static_cast<std::int32_t>(sorted.size()) : -1);
  options_.insert(options_.end(), sorted.begin(), sorted.end());
  starts_.push_back(options_.size());
  if (nim) {
    if (nim_heaps_.size() <= sorted.size()) nim_heaps_.resize(sorted.size() + 1, 0);
    nim_heaps_[sorted.size()] = f;
  }
  index_.emplace(std::move(sorted), f);
  return f;
}

misere_forms::form misere_forms::add(form a, form b) {
  if (a == 0) return b;
  if (b == 0) return a;
  if (a > b) std::swap(a, b);
  const auto key = std::uint64_t{a} << 32 | b;
  if (const auto it = sums_.find(key); it != sums_.end()) return it->second;
  std::vector<form> made;
  // Copies: add() grows the table, which moves the options' storage.
  const auto a_span = options(a);
  const auto b_span = options(b);
  const std::vector<form> a_options(a_span.begin(), a_span.end()), b_options(b_span.begin(), b_span.end());
  for (const form x : a_options)
    made.push_back(add(x, b));
  for (const form y : b_options)
    made.push_back(add(a, y));
  const form sum = make(made);
  sums_.emplace(key, sum);
  return sum;
}

misere_forms::form misere_forms::copy_from(const misere_forms& other, form f) {
  if (&other == this) return f;
  // Depth-first over other's forms, each made once: a form's options are made before it.
  boost::unordered_flat_map<form, form> made{{0, 0}};
  std::vector<std::pair<form, std::size_t>> stack{{f, 0}};
  while (!stack.empty()) {
    auto& [g, next] = stack.back();
    const auto g_options = other.options(g);
    if (next < g_options.size()) {
      const form x = g_options[next++];
      if (!made.contains(x)) stack.emplace_back(x, 0);
      continue;
    }
    std::vector<form> mine;
    for (const form x : g_options)
      mine.push_back(made.at(x));
    made.emplace(g, make(mine));
    stack.pop_back();
  }
  return made.at(f);
}

misere_forms::form misere_forms::nim_heap(unsigned n) {
  if (n < nim_heaps_.size() && (n == 0 || nim_heaps_[n] != 0)) return nim_heaps_[n];
  std::vector<form> options;
  for (unsigned k = 0; k < n; ++k)
    options.push_back(nim_heap(k));
  return make(options);
}

void misere_forms::append_name(form f, std::string& out, std::size_t max_length) const {
  if (out.size() > max_length) return;
  if (const auto n = nim_value(f)) {
    if (*n == 0) {
      out += '0';
    } else {
      out += '*';
      if (*n > 1) out += std::to_string(*n);
    }
    return;
  }
  append_options(options(f), out, max_length);
}

void misere_forms::append_options(std::span<const form> options, std::string& out,
                                  std::size_t max_length) const {
  std::vector<form> sorted(options.begin(), options.end());
  std::stable_sort(sorted.begin(), sorted.end(), [&](form a, form b) { return birthday(a) > birthday(b); });
  out += '{';
  for (std::size_t i = 0; i < sorted.size() && out.size() <= max_length; ++i) {
    if (i > 0) out += ", ";
    append_name(sorted[i], out, max_length);
  }
  out += '}';
}

std::string misere_forms::name_of(std::span<const form> options, std::size_t max_length) const {
  // *n is {0, *, ..., *(n-1)}: the options are Nim heaps, one of each size below their count.
  std::vector<bool> heaps(options.size(), false);
  bool nim = true;
  for (const form x : options) {
    const auto n = nim_value(x);
    if (!n || *n >= options.size() || heaps[*n]) {
      nim = false;
      break;
    }
    heaps[*n] = true;
  }
  std::string out;
  if (nim) {
    // Made character by character: GCC 12 warns (wrongly) of an overflow when a literal is
    // copied into the string here.
    out.push_back(options.empty() ? '0' : '*');
    if (options.size() > 1) out += std::to_string(options.size());
    return out;
  }
  append_options(options, out, max_length);
  if (out.size() > max_length) {
    out.resize(max_length);
    out += "...";
  }
  return out;
}

std::string misere_forms::name(form f, std::size_t max_length) const {
  std::string out;
  append_name(f, out, max_length);
  if (out.size() > max_length) {
    out.resize(max_length);
    out += "...";
  }
  return out;
}

namespace {

void check_stop(const std::atomic<bool>* stop) {
  if (stop && stop->load(std::memory_order_relaxed))
    throw stopped("interrupted while making misère forms", stop_reason::interrupted);
}

// Calls f with each set of `previous` (as a list of forms), reading the stop flag now and then.
template <class F>
void for_each_option_set(const std::vector<misere_forms::form>& previous, const std::atomic<bool>* stop,
                         F&& f) {
  const std::uint64_t sets = std::uint64_t{1} << previous.size();
  std::vector<misere_forms::form> options;
  for (std::uint64_t s = 0; s < sets; ++s) {
    if ((s & 0xFFF) == 0) check_stop(stop);
    options.clear();
    for (std::size_t i = 0; i < previous.size(); ++i)
      if (s >> i & 1) options.push_back(previous[i]);
    f(options);
  }
}

} // namespace

std::vector<misere_forms::form> born_by(misere_forms& forms, unsigned day, const std::atomic<bool>* stop) {
  if (day > max_counted_day - 1)
    throw std::invalid_argument("the forms born by day " + std::to_string(day) +
                                " are too many to make; count_born_by counts day " +
                                std::to_string(max_counted_day));
  std::vector<misere_forms::form> all{0};
  for (unsigned d = 1; d <= day; ++d) {
    const std::vector<misere_forms::form> previous = all;
    for_each_option_set(previous, stop, [&](std::vector<misere_forms::form>& options) {
      const auto before = forms.size();
      const auto f = forms.make(options);
      if (forms.size() > before) all.push_back(f);
    });
  }
  return all;
}

void for_each_born_by(unsigned day,
                      const std::function<void(const misere_forms&, std::span<const misere_forms::form>)>& f,
                      const std::atomic<bool>* stop) {
  if (day > max_counted_day)
    throw std::invalid_argument("day " + std::to_string(day) + " has too many forms to list (at most day " +
                                std::to_string(max_counted_day) + ")");
  misere_forms forms;
  if (day == 0) {
    f(forms, {});
    return;
  }
  const auto previous = born_by(forms, day - 1, stop);
  // A set of simplest forms is the simplest form of the game it makes unless one of its options
  // can be bypassed, which is_simplest tells without making the form.
  for_each_option_set(previous, stop, [&](std::vector<misere_forms::form>& options) {
    if (!forms.is_simplest(options)) return;
    std::sort(options.begin(), options.end());
    f(forms, options);
  });
}

std::uint64_t count_born_by(unsigned day, const std::atomic<bool>* stop) {
  if (day > max_counted_day)
    throw std::invalid_argument("day " + std::to_string(day) + " has too many forms to count (at most day " +
                                std::to_string(max_counted_day) + ")");
  std::uint64_t count = 0;
  for_each_born_by(
      day, [&](const misere_forms&, std::span<const misere_forms::form>) { ++count; }, stop);
  return count;
}

} // namespace grundy
