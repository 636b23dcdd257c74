// compute_misere_quotient: Q_1, Q_2, ..., Q_n, each candidate proven by the exact verification
// of quotient_verify.cpp before it is accepted (docs/algorithms.md, "Misère quotients").

#include <grundy/misere/detail/quotient_engine.hpp>

#include <grundy/stop.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>

namespace grundy {
namespace {

using namespace misere_detail;

// The engine's table as the result holds it, in a plain vector: the copy is counted while
// the engine's own is still held, which is then freed.
std::vector<element> handed_over(detail::memory_budget& budget, counted_vector<element>& v) {
  const std::uint64_t bytes = detail::heap_block_bytes(v.size() * sizeof(element));
  budget.take(bytes);
  std::vector<element> out(v.begin(), v.end());
  counted_vector<element>().swap(v);
  budget.give(bytes);
  return out;
}

std::string sum_text(const sum_type& sum) {
  std::string out;
  for (std::size_t h = 1; h < sum.size(); ++h)
    for (std::uint32_t c = 0; c < sum[h]; ++c)
      out += fmt::format("{}{}", out.empty() ? "" : "+", h);
  return out.empty() ? "0" : out;
}

bool candidate_is_p(const table_monoid& m, const sum_type& sum) {
  element x = 0;
  for (std::size_t h = 1; h < sum.size(); ++h)
    for (std::uint32_t c = 0; c < sum[h]; ++c)
      x = m.mul(x, m.heaps[h]);
  return m.p[x];
}

// Heap n keeps the quotient when its class can be an element already there: the heap's own
// outcome must match, so must every sum of one heap n with anything (checked in the table),
// and then the verification of the sums holding heap n decides.
std::optional<element> conservative_extension(const engine_context& ctx, table_monoid& q, heap_size n) {
  const auto images = option_images(ctx, q, n);
  bool heap_is_p = !images.empty();
  for (element t : images)
    if (q.p[t]) heap_is_p = false;
  const bits dead = dead_elements(q, images);
  for (element x = 0; x < q.order; ++x) {
    if (q.p[x] != heap_is_p) continue;
    bool fits = true;
    for (element y = 0; y < q.order && fits; ++y)
      if (q.p[q.mul(y, x)] && !dead[y]) fits = false;
    if (!fits) continue;
    q.heaps.push_back(x);
    if (!least_failure(ctx, q, n, true)) return x;
    q.heaps.pop_back();
    ctx.check();
  }
  return std::nullopt;
}

// A new candidate that classifies `failure` right: some heaps of the failure get a class of
// their own, free of the old relations up to a power past their multiplicity in the failure
// (fewest heaps first, as small a candidate as will do).
table_monoid recalibrate(const engine_context& ctx, const table_monoid& trial, heap_size n,
                         const sum_type& failure) {
  const bool want = !candidate_is_p(trial, failure);
  counted_vector<heap_size> involved;
  for (heap_size h = 1; h <= n; ++h)
    if (failure[h] > 0 && ctx.has_options(h)) involved.push_back(h);
  for (std::uint32_t widen = 0; widen <= 4; widen += 2)
    for (std::size_t size = 1; size <= involved.size(); ++size) {
      // Subsets of `size` heaps, in lexicographic order of their positions.
      counted_vector<std::size_t> pick(size);
      for (std::size_t i = 0; i < size; ++i)
        pick[i] = i;
      for (;;) {
        counted_vector<fresh_heap> fresh;
        for (std::size_t i : pick) {
          const heap_size h = involved[i];
          const std::uint32_t index = index_and_period(trial, trial.heaps[h]).first;
          fresh.push_back({h, std::max(index, failure[h]) + widen, 2 + widen});
        }
        auto candidate = marked_candidate(ctx, trial, n, fresh);
        if (candidate_is_p(candidate, failure) == want) return candidate;
        std::size_t i = size;
        while (i > 0 && pick[i - 1] == involved.size() - size + i - 1)
          --i;
        if (i == 0) break;
        ++pick[i - 1];
        for (std::size_t j = i; j < size; ++j)
          pick[j] = pick[j - 1] + 1;
      }
    }
  // Front ends report limits as run failures; an engine that cannot go on is one of those.
  throw stopped(fmt::format("the misère quotient of {} cannot be found at heap {}: no candidate "
                            "tried classifies the sum {} right",
                            ctx.rule().str(), n, sum_text(failure)),
                stop_reason::states, {});
}

} // namespace

misere_quotient compute_misere_quotient(const heap_rule& rule, heap_size max_heap,
                                        const quotient_options& options) {
  engine_context ctx(rule, options);
  table_monoid q;
  heap_size listed = 0;
  for (heap_size n = 1; n <= max_heap; ++n) {
    // Options are listed ahead of the heaps, so that a rule whose options cannot be held is
    // refused before any heap is done; but a run that may settle early lists them only up to
    // its next test, never holding those of heaps it does not reach (a heap of 10^5 tokens of
    // 0.07 has 10^5 options).
    if (n > listed) {
      listed = options.stop_when_settled
                   ? static_cast<heap_size>(std::min<std::uint64_t>(
                         max_heap, std::max<std::uint64_t>(8, 2 * std::uint64_t{n - 1})))
                   : max_heap;
      ctx.extend_to(listed);
    }
    ctx.check();
    std::size_t candidates = 0;
    if (!ctx.has_options(n)) {
      // A heap without a move is the empty game itself.
      q.heaps.push_back(0);
    } else if (!conservative_extension(ctx, q, n)) {
      q.heaps.push_back(0);
      auto trial = marked_candidate(ctx, q, n, {{n, 2, 2}});
      candidates = 1;
      ctx.progress(n - 1, trial.order, candidates);
      // Nothing proves that refinement reaches the quotient: each candidate is a function of
      // the one before (the least failure and the recalibration are deterministic and the
      // numbering canonical), so a candidate met again means the loop would go round for
      // ever. Brent's cycle detection finds that by keeping one earlier candidate, and the
      // order limit bounds every other run.
      cycle_watch<table_monoid> tried(trial);
      while (auto failure = least_failure(ctx, trial, n, false)) {
        trial = recalibrate(ctx, trial, n, *failure);
        ++candidates;
        ctx.progress(n - 1, trial.order, candidates);
        ctx.check();
        if (tried.seen(trial))
          throw stopped(fmt::format("the misère quotient of {} cannot be found at heap {}: its "
                                    "refinement returned to a candidate it had tried after {} candidates",
                                    rule.str(), n, candidates),
                        stop_reason::states, {});
      }
      q = std::move(trial);
    }
    ctx.check_order(q.order, n);
    ctx.progress(n, q.order, candidates);
    // At powers of two only: the test reads the whole pretending function.
    if (options.stop_when_settled && n < max_heap && n >= 8 && (n & (n - 1)) == 0 &&
        settled_period(rule, q.heaps) != 0)
      break;
  }
  const heap_size period = settled_period(rule, q.heaps);
  std::vector<bool> p(q.order);
  for (std::size_t x = 0; x < q.order; ++x)
    p[x] = q.p[x];
  auto products = handed_over(ctx.budget(), q.products);
  auto heaps = handed_over(ctx.budget(), q.heaps);
  return misere_quotient::assemble(rule, std::move(products), std::move(p), std::move(heaps), period,
                                   options.stop);
}

std::optional<std::vector<heap_size>> least_misclassified_sum(const misere_quotient& q,
                                                              const quotient_options& options) {
  engine_context ctx(q.rule(), options);
  const heap_size n = q.max_heap();
  ctx.extend_to(n);
  table_monoid m;
  m.order = q.order();
  m.products.resize(m.order * m.order);
  for (element x = 0; x < m.order; ++x)
    for (element y = 0; y < m.order; ++y)
      m.products[std::size_t{x} * m.order + y] = q.multiply(x, y);
  m.p = bits(m.order);
  for (element x : q.p_portion())
    m.p.set(x);
  m.heaps.resize(n + 1);
  for (heap_size h = 0; h <= n; ++h)
    m.heaps[h] = q.heap(h);
  const auto failure = least_failure(ctx, m, n, false);
  if (!failure) return std::nullopt;
  std::vector<heap_size> sum;
  for (heap_size h = 1; h <= n; ++h)
    sum.insert(sum.end(), (*failure)[h], h);
  return sum;
}

} // namespace grundy
