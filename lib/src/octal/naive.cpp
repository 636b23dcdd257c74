#include <grundy/octal/naive.hpp>

#include "steps.hpp"

namespace grundy {

naive_engine::naive_engine(const octal_code& code) : moves_(code) {}

void naive_engine::extend(grundy_sequence& values, std::size_t count, const std::atomic<bool>* stop) {
  if (values.size() >= count) return;
  values.reserve(count);
  const auto fit = [this](grundy_value largest) {
    const unsigned bits = detail::value_bits(largest);
    if (bits > bits_) {
      bits_ = bits;
      seen_.assign((std::size_t{1} << bits_) + 1, 0);
    }
  };
  fit(values.max_value());
  detail::run_steps(
      values, count, stop,
      [&](const auto* g, std::size_t h) {
        return detail::naive_step(g, h, moves_, seen_.data(), bits_, stop);
      },
      [&](const auto*, std::size_t, grundy_value x) {
        if (x >> bits_) fit(x);
      });
}

grundy_sequence naive_values(const octal_code& code, std::size_t count) {
  grundy_sequence values;
  naive_engine(code).extend(values, count);
  return values;
}

} // namespace grundy
