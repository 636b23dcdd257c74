#include <grundy/games/octal/strategy.hpp>

#include <grundy/octal/analysis.hpp>

#include <fmt/format.h>

#include <algorithm>

namespace grundy {

octal_heap_values::octal_heap_values(const octal_code& code, heap_size largest, const std::atomic<bool>* stop)
    : largest_(largest) {
  analysis_options options;
  options.max_values = std::min<std::size_t>(std::size_t{largest} + 1, analysis_options::default_max_values);
  options.stop = stop;
  auto a = analyse_octal(code, options);
  if (a.interrupted)
    throw stopped(fmt::format("interrupted while computing the values of {}", code.str()),
                  stop_reason::interrupted, {0, a.values.size(), 0, a.seconds, current_memory_bytes()});
  values_ = std::move(a.values);
  if (a.period && a.period->proven) period_ = a.period;
  if (values_.size() <= largest && !period_)
    throw std::runtime_error(fmt::format("the values of {} are known up to heaps of {} tokens, not {}",
                                         code.str(), values_.size() - 1, largest));
}

grundy_value octal_heap_values::operator()(heap_size h) const {
  if (h > largest_)
    throw std::out_of_range(fmt::format("a heap of {} is larger than any heap of the start position", h));
  return h < values_.size() ? values_[h] : periodic_value(values_, *period_, h);
}

} // namespace grundy
