// misere_quotient: the tables of a quotient, read by the front ends, and their validation.

#include <grundy/misere/detail/quotient_engine.hpp>
#include <grundy/misere/detail/quotient_presentation.hpp>
#include <grundy/misere/quotient.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace grundy {

struct misere_quotient::data {
  heap_rule rule;
  std::size_t order = 0;
  std::vector<element> products; // order * order
  std::vector<bool> p;
  std::vector<element> heaps;
  // The period the periodicity test proved (heap h past the last has heap h - period's class);
  // 0 when the quotient decides sums of heaps 1..n only.
  heap_size period = 0;
  presentation_type presentation;
  std::vector<std::vector<std::uint32_t>> words; // each element's normal form
};

const heap_rule& misere_quotient::rule() const noexcept { return data_->rule; }
heap_size misere_quotient::max_heap() const noexcept {
  return static_cast<heap_size>(data_->heaps.size() - 1);
}
std::size_t misere_quotient::order() const noexcept { return data_->order; }

misere_quotient::element misere_quotient::multiply(element x, element y) const {
  if (x >= data_->order || y >= data_->order)
    throw std::out_of_range(
        fmt::format("no element {} in a quotient of order {}", std::max(x, y), data_->order));
  return data_->products[std::size_t{x} * data_->order + y];
}

bool misere_quotient::is_p(element x) const {
  if (x >= data_->order)
    throw std::out_of_range(fmt::format("no element {} in a quotient of order {}", x, data_->order));
  return data_->p[x];
}

std::vector<misere_quotient::element> misere_quotient::p_portion() const {
  std::vector<element> out;
  for (element x = 0; x < data_->order; ++x)
    if (data_->p[x]) out.push_back(x);
  return out;
}

misere_quotient::element misere_quotient::heap(heap_size h) const {
  if (h < data_->heaps.size()) return data_->heaps[h];
  const heap_size n = max_heap(), p = data_->period;
  if (p == 0)
    throw std::out_of_range(fmt::format("heap {} is past the quotient's largest heap {}, and the periodicity "
                                        "test does not show that it decides larger heaps",
                                        h, n));
  // Lowered p at a time into (n - p, n]: see quotient_periodicity.cpp for why the class holds.
  return data_->heaps[n - (p - 1 - (h - n - 1) % p)];
}

misere_quotient::element misere_quotient::of(std::span<const heap_size> heaps) const {
  element x = identity;
  for (heap_size h : heaps)
    x = data_->products[std::size_t{x} * data_->order + heap(h)];
  return x;
}

outcome misere_quotient::misere_outcome(std::span<const heap_size> heaps) const {
  return data_->p[of(heaps)] ? outcome::p : outcome::n;
}

const misere_quotient::presentation_type& misere_quotient::presentation() const noexcept {
  return data_->presentation;
}

std::string misere_quotient::name(element x) const {
  if (x >= data_->order)
    throw std::out_of_range(fmt::format("no element {} in a quotient of order {}", x, data_->order));
  return misere_detail::word_text(data_->presentation, data_->words[x]);
}

bool misere_quotient::decides_every_heap() const noexcept { return data_->period != 0; }
heap_size misere_quotient::period() const noexcept { return data_->period; }

std::string misere_quotient::presentation_type::str() const {
  std::string out = "<";
  for (std::size_t i = 0; i < generators.size(); ++i)
    out += (i ? ", " : "") + generators[i].name;
  if (!relations.empty()) out += " | ";
  for (std::size_t i = 0; i < relations.size(); ++i) {
    out += i ? ", " : "";
    out += misere_detail::word_text(*this, relations[i].left) + " = " +
           misere_detail::word_text(*this, relations[i].right);
  }
  return out + ">";
}

misere_quotient misere_quotient::from_tables(heap_rule rule, std::vector<std::vector<element>> products,
                                             std::vector<bool> p, std::vector<element> heaps,
                                             bool decides_every_heap, const std::atomic<bool>* stop) {
  using misere_detail::check_stop;
  auto refuse = [](const std::string& why) { throw std::invalid_argument("misère quotient tables: " + why); };
  const std::size_t r = products.size();
  if (r == 0) refuse("no element");
  if (r > UINT32_MAX / 2) refuse("too many elements");
  auto d = std::make_shared<data>(data{std::move(rule), r, {}, std::move(p), std::move(heaps), 0, {}, {}});
  d->products.reserve(r * r);
  for (std::size_t x = 0; x < r; ++x) {
    if (products[x].size() != r)
      refuse(fmt::format("row {} of the product table has {} entries, not {}", x, products[x].size(), r));
    for (element y : products[x])
      if (y >= r)
        refuse(fmt::format("the product table names element {}, past the last element {}", y, r - 1));
    d->products.insert(d->products.end(), products[x].begin(), products[x].end());
  }
  products = {};
  const auto mul = [&](std::size_t x, std::size_t y) { return d->products[x * r + y]; };
  if (d->p.size() != r) refuse(fmt::format("the P-portion has {} entries for {} elements", d->p.size(), r));
  if (d->p[0])
    refuse("the identity (the empty sum) is in the P-portion, but the empty sum is a misère N-position");
  if (d->heaps.empty() || d->heaps[0] != 0) refuse("heap 0 (the empty sum) must map to the identity 0");
  for (element h : d->heaps)
    if (h >= r) refuse(fmt::format("a heap maps to element {}, past the last element {}", h, r - 1));
  for (std::size_t x = 0; x < r; ++x) {
    // Every row: its loop reads a column of the table, a cache miss a step on a large one.
    check_stop(stop);
    if (mul(0, x) != x) refuse(fmt::format("0 is not the identity: 0·{} = {}", x, mul(0, x)));
    for (std::size_t y = x + 1; y < r; ++y)
      if (mul(x, y) != mul(y, x))
        refuse(fmt::format("the product is not commutative: {}·{} differs from {}·{}", x, y, y, x));
  }
  // The heaps' images must generate the monoid: every element a product of heaps.
  std::vector<element> gens(d->heaps.begin() + 1, d->heaps.end());
  std::sort(gens.begin(), gens.end());
  gens.erase(std::unique(gens.begin(), gens.end()), gens.end());
  std::vector<bool> reached(r);
  std::vector<element> queue{0};
  reached[0] = true;
  for (std::size_t i = 0; i < queue.size(); ++i)
    for (element g : gens)
      if (!reached[mul(queue[i], g)]) {
        reached[mul(queue[i], g)] = true;
        queue.push_back(mul(queue[i], g));
      }
  if (queue.size() != r)
    refuse(fmt::format("{} of the {} elements are no product of heaps", r - queue.size(), r));
  // With commutativity and generators, (xy)g = x(yg) for every generator g gives associativity
  // for all triples (induction on the length of the third factor as a word in generators).
  for (std::size_t x = 0; x < r; ++x) {
    check_stop(stop);
    for (std::size_t y = 0; y < r; ++y)
      for (element g : gens)
        if (mul(mul(x, y), g) != mul(x, mul(y, g)))
          refuse(fmt::format("the product is not associative: ({}·{})·{} differs from {}·({}·{})", x, y, g, x,
                             y, g));
  }
  // Reduced: no two elements every sum treats alike (Moore's refinement over the generators).
  std::vector<element> cls(r), next(r);
  for (std::size_t x = 0; x < r; ++x)
    cls[x] = d->p[x] ? 1 : 0;
  std::size_t classes = 0;
  for (;;) {
    check_stop(stop);
    std::vector<std::size_t> order(r);
    std::iota(order.begin(), order.end(), std::size_t{0});
    auto key = [&](std::size_t x) {
      std::vector<element> k{cls[x]};
      for (element g : gens)
        k.push_back(cls[mul(x, g)]);
      return k;
    };
    std::vector<std::vector<element>> keys(r);
    for (std::size_t x = 0; x < r; ++x)
      keys[x] = key(x);
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return keys[a] < keys[b]; });
    std::size_t now = 0;
    for (std::size_t i = 0; i < r; ++i) {
      if (i > 0 && keys[order[i - 1]] != keys[order[i]]) ++now;
      next[order[i]] = static_cast<element>(now);
    }
    ++now;
    cls.swap(next);
    if (now == classes) break;
    classes = now;
  }
  if (classes != r)
    refuse(fmt::format("{} elements are indistinguishable from others (the quotient is not reduced)",
                       r - classes));
  // The claim is the periodicity test's on these heap classes, which costs nothing to redo: a
  // table claiming more than the test shows would answer for heaps it knows nothing of.
  // The period is recomputed from the heap classes, so a loaded quotient answers for the heaps
  // past its last exactly as the computed one did.
  if (decides_every_heap) d->period = misere_detail::settled_period(d->rule, d->heaps);
  if (decides_every_heap && d->period == 0)
    refuse(fmt::format("the tables claim to decide every heap, but the periodicity test does not show it "
                       "for {} up to heap {}",
                       d->rule.str(), d->heaps.size() - 1));
  misere_detail::build_presentation(d->products, r, d->heaps, d->presentation, d->words, stop);
  misere_quotient q;
  q.data_ = std::move(d);
  return q;
}

misere_quotient misere_quotient::assemble(heap_rule rule, std::vector<element> products, std::vector<bool> p,
                                          std::vector<element> heaps, heap_size period,
                                          const std::atomic<bool>* stop) {
  const std::size_t r = p.size();
  auto d = std::make_shared<data>(
      data{std::move(rule), r, std::move(products), std::move(p), std::move(heaps), period, {}, {}});
  misere_detail::build_presentation(d->products, r, d->heaps, d->presentation, d->words, stop);
  misere_quotient q;
  q.data_ = std::move(d);
  return q;
}

} // namespace grundy
