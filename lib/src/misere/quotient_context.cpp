// What every stage of the quotient computation shares: the heaps' options, the limits.

#include <grundy/misere/detail/quotient_engine.hpp>
#include <grundy/stop.hpp>

#include <fmt/format.h>

#include <algorithm>

namespace grundy::misere_detail {

engine_context::engine_context(const heap_rule& rule, const quotient_options& options)
    : rule_(rule), opts_(options), options_(1) {}

void engine_context::extend_to(heap_size h) {
  while (options_.size() <= h) {
    const auto k = static_cast<heap_size>(options_.size());
    std::vector<std::vector<heap_size>> list;
    rule_.for_each_option(k, [&](std::span<const heap_size> option) {
      std::vector<heap_size> heaps(option.begin(), option.end());
      std::sort(heaps.begin(), heaps.end());
      list.push_back(std::move(heaps));
    });
    // Octal digits overlap (remove 1 and leave two heaps, remove 1 and leave one): one option
    // once is enough for every image.
    std::sort(list.begin(), list.end());
    list.erase(std::unique(list.begin(), list.end()), list.end());
    option_bytes_ += sizeof(list);
    for (const auto& option : list)
      option_bytes_ += sizeof(option) + option.size() * sizeof(heap_size);
    options_.push_back(std::move(list));
    check(0);
  }
}

void engine_context::check(std::uint64_t bytes) const {
  if (opts_.stop && opts_.stop->load(std::memory_order_relaxed))
    throw stopped("the misère quotient computation was stopped", stop_reason::interrupted);
  if (opts_.max_memory != 0 && bytes + option_bytes_ > opts_.max_memory)
    throw limit_exceeded(fmt::format("the misère quotient of {} needs more than {} of memory", rule_.str(),
                                     memory_limit_text(opts_.max_memory)),
                         {}, limit_kind::memory);
}

void engine_context::check_order(std::size_t order, heap_size h) const {
  if (order > opts_.max_order)
    throw limit_exceeded(fmt::format("the misère quotient of {} has more than {} elements at heap {}",
                                     rule_.str(), opts_.max_order, h),
                         {}, limit_kind::states);
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

std::vector<element> option_images(const engine_context& ctx, const table_monoid& m, heap_size h) {
  std::vector<element> images;
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

bits dead_elements(const table_monoid& m, const std::vector<element>& images) {
  bits dead(m.order);
  for (element y = 0; y < m.order; ++y)
    dead[y] = std::none_of(images.begin(), images.end(), [&](element t) { return m.p[m.mul(y, t)]; });
  return dead;
}

std::pair<std::uint32_t, std::uint32_t> index_and_period(const table_monoid& m, element x) {
  std::vector<std::uint32_t> seen(m.order, UINT32_MAX);
  element power = 0;
  for (std::uint32_t e = 0;; ++e) {
    if (seen[power] != UINT32_MAX) return {seen[power], e - seen[power]};
    seen[power] = e;
    power = m.mul(power, x);
  }
}

} // namespace grundy::misere_detail
