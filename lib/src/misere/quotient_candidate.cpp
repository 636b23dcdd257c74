// Candidate quotients: a product of a known monoid with fresh cyclic monoids, its P-portion
// marked sum by sum in increasing order, then reduced (docs/algorithms.md, "Misère quotients").
//
// A candidate is only a guess: the verification (quotient_verify.cpp) proves it or returns the
// least sum it gets wrong. Marking gives every element the outcome its least sum would have if
// the candidate were right about that sum's options (all smaller, so all marked before), which
// makes the candidate right on every sum that is the least of its class and hence pushes the
// least failure forward.

#include <grundy/misere/detail/quotient_engine.hpp>
#include <grundy/stop.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace grundy::misere_detail {
namespace {

// base × C(i1, p1) × C(i2, p2) × ..., elements numbered b + r·(e1 + s1·(e2 + ...)).
class product_monoid {
public:
  product_monoid(const engine_context& ctx, const table_monoid& base, const counted_vector<fresh_heap>& fresh)
      : base_(base), fresh_(fresh) {
    std::uint64_t size = base.order;
    for (const auto& f : fresh) {
      if (f.period == 0) throw std::logic_error("a cyclic monoid needs a period");
      size *= f.index + f.period;
      if (size > UINT32_MAX / 2)
        throw stopped(fmt::format("a candidate misère quotient of {} would have more than {} elements",
                                  ctx.rule().str(), UINT32_MAX / 2),
                      stop_reason::states, {});
    }
    size_ = static_cast<std::size_t>(size);
  }
  std::size_t size() const noexcept { return size_; }

  element mul(element x, element y) const noexcept {
    const element r = static_cast<element>(base_.order);
    element b = base_.mul(x % r, y % r);
    x /= r;
    y /= r;
    element out = 0, scale = 1;
    for (const auto& f : fresh_) {
      const element s = f.index + f.period;
      element e = x % s + y % s;
      if (e >= s) e = f.index + (e - f.index) % f.period;
      out += e * scale;
      scale *= s;
      x /= s;
      y /= s;
    }
    return b + r * out;
  }
  // The generator of the j-th cyclic factor.
  element unit(std::size_t j) const noexcept {
    element scale = 1;
    for (std::size_t i = 0; i < j; ++i)
      scale *= fresh_[i].index + fresh_[i].period;
    return static_cast<element>(base_.order) * scale;
  }

private:
  const table_monoid& base_;
  const counted_vector<fresh_heap>& fresh_;
  std::size_t size_ = 0;
};

class marker {
public:
  marker(const engine_context& ctx, const product_monoid& m, counted_vector<element> heaps, heap_size n)
      : ctx_(ctx), m_(m), heaps_(std::move(heaps)), marked_(m.size()), p_(m.size()) {
    for (heap_size h = 1; h <= n; ++h) {
      if (!ctx.has_options(h)) continue;
      levels_.push_back(h);
      counted_vector<element> images;
      for (const auto& option : ctx.options_of(h)) {
        element x = 0;
        for (heap_size part : option)
          x = m.mul(x, heaps_[part]);
        images.push_back(x);
      }
      std::sort(images.begin(), images.end());
      images.erase(std::unique(images.begin(), images.end()), images.end());
      images_.push_back(std::move(images));
    }
  }

  void run() {
    if (levels_.empty()) {
      marked_.set(0);
      return;
    }
    visit(static_cast<int>(levels_.size()) - 1, 0, counted_vector<element>());
  }
  const bits& marked() const { return marked_; }
  const bits& p() const { return p_; }

private:
  // `tr`: the images of the options of the sum reached so far (sorted, distinct).
  void visit(int li, element x, counted_vector<element> tr) {
    if (li < 0) {
      bool p = !tr.empty();
      for (element t : tr) {
        if (!marked_[t]) throw std::logic_error("misère quotient: an option was not marked before its sum");
        if (p_[t]) p = false;
      }
      marked_.set(x);
      if (p) p_.set(x);
      if ((++steps_ & 1023) == 0) ctx_.check();
      return;
    }
    const element a = heaps_[levels_[li]];
    for (;;) {
      visit(li - 1, x, tr);
      const element x2 = m_.mul(x, a);
      if (marked_[x2]) break;
      counted_vector<element> tr2;
      tr2.reserve(tr.size() + images_[li].size());
      for (element t : tr)
        tr2.push_back(m_.mul(t, a));
      for (element t : images_[li])
        tr2.push_back(m_.mul(x, t));
      std::sort(tr2.begin(), tr2.end());
      tr2.erase(std::unique(tr2.begin(), tr2.end()), tr2.end());
      x = x2;
      tr = std::move(tr2);
    }
  }

  const engine_context& ctx_;
  const product_monoid& m_;
  counted_vector<element> heaps_;
  counted_vector<heap_size> levels_;
  counted_vector<counted_vector<element>> images_;
  bits marked_, p_;
  std::uint64_t steps_ = 0;
};

} // namespace

table_monoid marked_candidate(const engine_context& ctx, const table_monoid& base, heap_size n,
                              const counted_vector<fresh_heap>& fresh) {
  const product_monoid m(ctx, base, fresh);
  counted_vector<element> heaps(n + 1, 0);
  for (heap_size h = 1; h <= n; ++h) {
    const auto f = std::find_if(fresh.begin(), fresh.end(), [&](const fresh_heap& x) { return x.heap == h; });
    heaps[h] = f != fresh.end() ? m.unit(static_cast<std::size_t>(f - fresh.begin()))
                                : (ctx.has_options(h) ? base.heaps[h] : 0);
  }
  marker mk(ctx, m, heaps, n);
  mk.run();

  // Reduction: the classes no sum tells apart, by Moore's partition refinement (as for a
  // finite automaton whose letters are the heaps): start from P / not P, split classes by the
  // classes of x·a for every heap image a, until nothing splits.
  counted_vector<element> reach;
  for (auto i = mk.marked().find_first(); i != bits::npos; i = mk.marked().find_next(i))
    reach.push_back(static_cast<element>(i));
  counted_vector<element> gens;
  for (heap_size h = 1; h <= n; ++h)
    if (ctx.has_options(h)) gens.push_back(heaps[h]);
  std::sort(gens.begin(), gens.end());
  gens.erase(std::unique(gens.begin(), gens.end()), gens.end());
  counted_vector<element> local(m.size(), UINT32_MAX);
  for (std::size_t i = 0; i < reach.size(); ++i)
    local[reach[i]] = static_cast<element>(i);
  const std::size_t k = gens.size(), count = reach.size();
  counted_vector<element> delta(count * k);
  for (std::size_t i = 0; i < count; ++i) {
    if ((i & 4095) == 0) ctx.check();
    for (std::size_t g = 0; g < k; ++g) {
      const element y = local[m.mul(reach[i], gens[g])];
      if (y == UINT32_MAX) throw std::logic_error("misère quotient: a product left the marked elements");
      delta[i * k + g] = y;
    }
  }
  ctx.check();
  counted_vector<element> cls(count);
  for (std::size_t i = 0; i < count; ++i)
    cls[i] = mk.p()[reach[i]] ? 1 : 0;
  std::size_t classes = 0;
  counted_vector<element> order(count), next_cls(count);
  std::iota(order.begin(), order.end(), element{0});
  // A sort of millions of candidate elements by signature takes seconds: the stop is polled
  // from within it (a comparison that throws leaves `order` a permutation, never read again).
  std::uint64_t comparisons = 0;
  for (;;) {
    auto signature_less = [&](element a, element b) {
      if ((++comparisons & 0xFFFF) == 0) ctx.check();
      if (cls[a] != cls[b]) return cls[a] < cls[b];
      for (std::size_t g = 0; g < k; ++g) {
        const element ca = cls[delta[a * k + g]], cb = cls[delta[b * k + g]];
        if (ca != cb) return ca < cb;
      }
      return false;
    };
    std::sort(order.begin(), order.end(), signature_less);
    std::size_t now = 0;
    for (std::size_t i = 0; i < count; ++i) {
      if (i > 0 && signature_less(order[i - 1], order[i])) ++now;
      next_cls[order[i]] = static_cast<element>(now);
    }
    ++now;
    cls.swap(next_cls);
    ctx.check();
    if (now == classes) break;
    classes = now;
  }
  ctx.check_order(classes, n);

  // Canonical numbering: classes in the order a breadth-first walk from the identity meets
  // them, heap images in increasing order of heap.
  counted_vector<element> number(classes, UINT32_MAX), rep;
  counted_vector<element> heap_order;
  for (heap_size h = 1; h <= n; ++h)
    if (ctx.has_options(h))
      heap_order.push_back(
          static_cast<element>(std::lower_bound(gens.begin(), gens.end(), heaps[h]) - gens.begin()));
  const element start = local[0];
  number[cls[start]] = 0;
  rep.push_back(start);
  for (std::size_t i = 0; i < rep.size(); ++i)
    for (element g : heap_order) {
      const element y = delta[rep[i] * k + g];
      if (number[cls[y]] == UINT32_MAX) {
        number[cls[y]] = static_cast<element>(rep.size());
        rep.push_back(y);
      }
    }
  table_monoid out;
  out.order = classes;
  out.products.assign(classes * classes, 0);
  out.p = bits(classes);
  for (std::size_t i = 0; i < classes; ++i) {
    if (mk.p()[reach[rep[i]]]) out.p.set(i);
    for (std::size_t j = i; j < classes; ++j) {
      const element c = number[cls[local[m.mul(reach[rep[i]], reach[rep[j]])]]];
      out.products[i * classes + j] = c;
      out.products[j * classes + i] = c;
    }
    if ((i & 63) == 0) ctx.check();
  }
  out.heaps.assign(n + 1, 0);
  for (heap_size h = 1; h <= n; ++h)
    out.heaps[h] = number[cls[local[heaps[h]]]];
  return out;
}

} // namespace grundy::misere_detail
