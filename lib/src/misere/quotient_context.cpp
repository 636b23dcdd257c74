// What every stage of the quotient computation shares: the heaps' options, the limits.

#include <grundy/misere/detail/quotient_engine.hpp>
#include <grundy/stop.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <numeric>

namespace grundy::misere_detail {

engine_context::engine_context(const heap_rule& rule, const quotient_options& options)
    : rule_(rule), opts_(options),
      budget_(options.max_memory,
              [this](std::uint64_t) {
                throw stopped(fmt::format("the misère quotient of {} needs more than {} of memory",
                                          rule_.str(), memory_limit_text(opts_.max_memory)),
                              stop_reason::memory, {});
              }),
      scope_(&budget_) {}

void engine_context::extend_to(heap_size h) {
  // One heap's options as the rule gives them, then each once in increasing order: octal
  // digits overlap (remove 1 and leave two heaps, remove 1 and leave one), and one option once
  // is enough for every image.
  counted_vector<heap_size> given;
  counted_vector<std::uint64_t> starts;
  counted_vector<std::uint32_t> order;
  while (heap_first_.size() <= std::size_t{h} + 1) {
    const auto k = static_cast<heap_size>(heap_first_.size() - 1);
    given.clear();
    starts.assign(1, 0);
    rule_.for_each_option(k, [&](std::span<const heap_size> option) {
      const auto from = given.size();
      given.insert(given.end(), option.begin(), option.end());
      std::sort(given.begin() + static_cast<std::ptrdiff_t>(from), given.end());
      starts.push_back(given.size());
    });
    const auto option = [&](std::uint32_t i) {
      return std::span<const heap_size>(given.data() + starts[i], given.data() + starts[i + 1]);
    };
    const auto less = [&](std::uint32_t a, std::uint32_t b) {
      const auto x = option(a), y = option(b);
      return std::lexicographical_compare(x.begin(), x.end(), y.begin(), y.end());
    };
    order.resize(starts.size() - 1);
    std::iota(order.begin(), order.end(), std::uint32_t{0});
    std::sort(order.begin(), order.end(), less);
    for (std::size_t j = 0; j < order.size(); ++j) {
      if (j > 0 && !less(order[j - 1], order[j])) continue;
      const auto parts = option(order[j]);
      parts_.insert(parts_.end(), parts.begin(), parts.end());
      option_start_.push_back(parts_.size());
    }
    heap_first_.push_back(option_start_.size() - 1);
    check();
  }
}

void engine_context::check() const {
  if (opts_.stop && opts_.stop->load(std::memory_order_relaxed))
    throw stopped("the misère quotient computation was stopped", stop_reason::interrupted);
}

void engine_context::check_order(std::size_t order, heap_size h) const {
  if (order > opts_.max_order)
    throw stopped(fmt::format("the misère quotient of {} has more than {} elements at heap {}", rule_.str(),
                              opts_.max_order, h),
                  stop_reason::states, {});
}

void engine_context::progress(heap_size h, std::size_t order, std::size_t candidates) const {
  if (!opts_.on_progress) return;
  quotient_progress p;
  p.heap = h;
  p.order = order;
  p.candidates = candidates;
  p.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  opts_.on_progress(p);
}

counted_vector<element> option_images(const engine_context& ctx, const table_monoid& m, heap_size h) {
  counted_vector<element> images;
  for (const auto& option : ctx.options_of(h)) {
    element x = 0;
    for (heap_size part : option)
      x = m.mul(x, m.heaps[part]);
    images.push_back(x);
  }
  std::sort(images.begin(), images.end());
  images.erase(std::unique(images.begin(), images.end()), images.end());
  return images;
}

bits dead_elements(const table_monoid& m, const counted_vector<element>& images) {
  bits dead(m.order);
  for (element y = 0; y < m.order; ++y)
    dead[y] = std::none_of(images.begin(), images.end(), [&](element t) { return m.p[m.mul(y, t)]; });
  return dead;
}

std::pair<std::uint32_t, std::uint32_t> index_and_period(const table_monoid& m, element x) {
  counted_vector<std::uint32_t> seen(m.order, UINT32_MAX);
  element power = 0;
  for (std::uint32_t e = 0;; ++e) {
    if (seen[power] != UINT32_MAX) return {seen[power], e - seen[power]};
    seen[power] = e;
    power = m.mul(power, x);
  }
}

} // namespace grundy::misere_detail
