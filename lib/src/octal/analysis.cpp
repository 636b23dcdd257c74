#include <grundy/octal/analysis.hpp>
#include <grundy/octal/naive.hpp>

#include <algorithm>
#include <chrono>
#include <limits>
#include <stdexcept>
#include <variant>

namespace grundy {

namespace {

using clock_type = std::chrono::steady_clock;

double seconds_since(clock_type::time_point t0) {
  return std::chrono::duration<double>(clock_type::now() - t0).count();
}

octal_method resolve(const octal_code& code, octal_method m) {
  if (m != octal_method::automatic) return m;
  const detail::octal_moves moves(code);
  return moves.two_heaps.empty() || !moves.three_heaps.empty() ? octal_method::naive : octal_method::sparse;
}

} // namespace

std::string_view to_string(octal_method m) noexcept {
  switch (m) {
  case octal_method::automatic:
    return "auto";
  case octal_method::naive:
    return "naive";
  case octal_method::sparse:
    return "sparse";
  }
  return "auto";
}

octal_analysis analyse_octal(const octal_code& code, const analysis_options& options) {
  const auto t0 = clock_type::now();
  octal_analysis a;
  a.code = code;
  a.method = resolve(code, options.method);
  const std::size_t max_values = std::max<std::size_t>(options.max_values, 1);
  a.values.reserve(max_values);

  std::variant<naive_engine, sparse_engine> engine =
      a.method == octal_method::naive ? std::variant<naive_engine, sparse_engine>(naive_engine(code))
                                      : std::variant<naive_engine, sparse_engine>(sparse_engine(code));
  const auto rare_count = [&] {
    return std::holds_alternative<sparse_engine>(engine) ? std::get<sparse_engine>(engine).rare_count() : 0;
  };

  // Chunks last about a quarter of a second, so that progress stays live even when each
  // value is slow; periodicity is checked when the values have grown by an eighth, which
  // keeps the checks' total cost a small multiple of one pass over the values.
  std::size_t chunk = 64;
  std::size_t next_check = 64;
  bool proven = false;
  while (a.values.size() < max_values) {
    const auto c0 = clock_type::now();
    const std::size_t target =
        std::min({max_values, a.values.size() + chunk, options.keep_going ? max_values : next_check});
    std::visit([&](auto& e) { e.extend(a.values, target); }, engine);
    const double took = seconds_since(c0);
    if (options.on_progress) options.on_progress({a.values.size(), seconds_since(t0), rare_count()});
    if (!options.keep_going && a.values.size() >= next_check && a.values.size() < max_values) {
      a.period = find_periodicity(a.values, code);
      if (a.period && a.period->proven) {
        proven = true;
        break;
      }
      next_check = a.values.size() + std::max<std::size_t>(a.values.size() / 8, 64);
      // A period already seen is proven, if it is the true one, at a known length: stop there.
      if (a.period)
        next_check = std::min(next_check, values_to_prove(code, a.period->preperiod, a.period->period));
    }
    if (took < 0.1)
      chunk = std::min<std::size_t>(chunk * 2, std::numeric_limits<std::size_t>::max() / 4);
    else if (took > 0.5 && chunk > 64)
      chunk /= 2;
  }
  if (!proven) a.period = find_periodicity(a.values, code);
  if (auto* s = std::get_if<sparse_engine>(&engine)) {
    a.split = s->split();
    a.rare_count = s->rare_count();
  }
  a.seconds = seconds_since(t0);
  return a;
}

grundy_value octal_value(const octal_code& code, std::uint64_t n) {
  if (n >= std::numeric_limits<std::uint32_t>::max())
    throw std::invalid_argument("heap sizes of 2^32 tokens or more are not supported");
  analysis_options options;
  options.max_values = static_cast<std::size_t>(n) + 1;
  const auto a = analyse_octal(code, options);
  if (a.period && a.period->proven) return periodic_value(a.values, *a.period, n);
  return a.values[static_cast<std::size_t>(n)];
}

} // namespace grundy
