#include "run.hpp"

#include <grundy/octal/naive.hpp>
#include <grundy/periodicity.hpp>

#include <grundy/detail/thread_choice.hpp>
#include <grundy/detail/work_meter.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <limits>
#include <stdexcept>
#include <thread>
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

namespace {

// The number of options of a heap of h tokens, or a little more (splits counted with their
// order), capped far above any Grundy value.
std::uint64_t options_at_most(const detail::octal_moves& moves, std::uint64_t h) {
  constexpr std::uint64_t cap = std::uint64_t{1} << 40;
  std::uint64_t n = moves.vanishes(h) ? 1 : 0;
  for (auto r : moves.one_heap)
    n += r < h;
  for (auto r : moves.two_heaps)
    if (r + 2 <= h) n = std::min(cap, n + (h - r) / 2);
  for (auto r : moves.three_heaps)
    if (r + 3 <= h) n = std::min(cap, n + (h - r) * (h - r) / 12 + 1); // h < 2^32: no overflow
  return n;
}

// Saved values are checked before an engine trusts them. All of them against two bounds every
// true sequence keeps: G(h), the mex of its options' values, is at most their number, and at
// most 2^b when every earlier value is below 2^b (an option's value is a XOR of earlier
// values). Values past either would also have an engine size its buffers for them. Then the
// last few are recomputed by the naive engine from the ones before: every value depends on
// many earlier ones, so another code's values, or damaged ones, almost never reproduce their
// last few. That costs a few heaps' options, little next to the run that computed them, but
// seconds for a code that leaves three heaps: a stop ends the check early, unfinished, and the
// run that follows ends at once, interrupted, without using the values.
void check_saved_values(const octal_code& code, const grundy_sequence& values,
                        const std::atomic<bool>* stop) {
  if (values.empty()) return;
  if (values[0] != 0) throw std::invalid_argument("saved values must start with G(0) = 0");
  const detail::octal_moves moves(code);
  bool stopped = false;
  values.visit([&](auto g) {
    grundy_value largest = 0;
    detail::work_meter meter;
    for (std::size_t h = 1; h < g.size(); ++h) {
      if (meter.stop_due(stop)) {
        stopped = true;
        return;
      }
      const grundy_value v = g[h];
      if (v <= largest) continue;
      if (v > (std::uint64_t{1} << std::bit_width(largest)) || v > options_at_most(moves, h))
        throw std::invalid_argument(
            fmt::format("the saved values are not those of {}: G({}) = {} is impossible", code.str(), h, v));
      largest = v;
    }
  });
  if (stopped) return;
  const std::size_t n = values.size(), kept = n - std::min<std::size_t>(n, 4);
  grundy_sequence head;
  head.reserve(n);
  values.visit([&](auto g) {
    for (std::size_t h = 0; h < kept; ++h)
      head.push_back(g[h]);
  });
  naive_engine(code).extend(head, n, stop);
  for (std::size_t h = kept; h < head.size(); ++h)
    if (head[h] != values[h])
      throw std::invalid_argument(fmt::format("the saved values are not those of {}: G({}) is {}, not {}",
                                              code.str(), h, head[h], values[h]));
}

heap_analysis run(octal_checkpoint state, const analysis_options& options) {
  const auto t0 = clock_type::now();
  const double earlier = state.seconds;
  const auto elapsed = [&] { return earlier + seconds_since(t0); };
  auto last_checkpoint = t0;
  const auto save = [&] {
    if (!options.on_checkpoint) return;
    state.seconds = elapsed();
    options.on_checkpoint(state);
    last_checkpoint = clock_type::now();
  };

  heap_analysis a;
  a.rule = state.code;
  a.method = std::string(to_string(state.method));
  auto& values = state.values;
  const octal_code& code = state.code;
  const std::size_t max_values = state.max_values;
  values.reserve(std::max(max_values, values.size()));

  // A saved run's sparse engine is rebuilt from the saved values, heap by heap, into the state
  // of the engine that computed them; the naive engine keeps nothing but the values.
  sparse_options sparse;
  sparse.threads = options.threads;
  octal_extender* const external = state.method == octal_method::sparse ? options.engine : nullptr;
  std::variant<naive_engine, sparse_engine> engine =
      state.method == octal_method::naive || external
          ? std::variant<naive_engine, sparse_engine>(naive_engine(code))
          : std::variant<naive_engine, sparse_engine>(sparse_engine(code, sparse));
  if (auto* s = std::get_if<sparse_engine>(&engine)) s->catch_up(values, options.stop);
  const auto rare_count = [&]() -> std::size_t {
    if (external) return external->rare_count();
    return std::holds_alternative<sparse_engine>(engine) ? std::get<sparse_engine>(engine).rare_count() : 0;
  };

  // Chunks last about a quarter of a second, so that progress stays live even when each
  // value is slow; periodicity is checked when the values have grown by an eighth, which
  // keeps the checks' total cost a small multiple of one pass over the values. The chunks
  // follow the clock, but the checks do not: a chunk never runs past the next check, so the
  // values checked, and where the run ends, are the same however fast the machine is.
  std::size_t chunk = 64;
  std::size_t& next_check = state.next_check;
  bool proven = false;
  // The search reads every value, seconds on millions of them, so it stops on the flag too. A
  // check cut short leaves next_check as it was: a resumed run makes that check again, as the
  // run that never stopped did.
  const auto look_for_period = [&] {
    try {
      a.period = find_periodicity(values, code, options.stop);
    } catch (const stopped&) {
      a.interrupted = true;
      a.period.reset();
      a.periodicity_checked = false;
    }
  };
  detail::thread_choice threads(options.threads, std::thread::hardware_concurrency());
  while (values.size() < max_values) {
    if (options.stop && options.stop->load(std::memory_order_relaxed)) {
      a.interrupted = true;
      break;
    }
    const auto c0 = clock_type::now();
    const std::size_t target = std::min(
        {max_values, values.size() + threads.chunk(chunk), state.keep_going ? max_values : next_check});
    const std::size_t before = values.size();
    const bool sample = threads.sampling(); // a short chunk, which says nothing of the chunks' length
    if (external) {
      external->extend(values, target, options.stop);
    } else {
      if (auto* s = std::get_if<sparse_engine>(&engine)) s->set_threads(threads.threads());
      std::visit([&](auto& e) { e.extend(values, target, options.stop); }, engine);
    }
    const double took = seconds_since(c0);
    threads.ran(values.size() - before, took, max_values - values.size());
    if (options.on_progress) options.on_progress({values.size(), elapsed(), rare_count()});
    if (!state.keep_going && values.size() >= next_check && values.size() < max_values) {
      look_for_period();
      if (a.interrupted) break;
      if (a.period && a.period->proven) {
        proven = true;
        break;
      }
      next_check = values.size() + std::max<std::size_t>(values.size() / 8, 64);
      // A period already seen is proven, if it is the true one, at a known length: stop there.
      // (An arithmetic one is proven, if at all, at the next check: its test reads few values.)
      if (a.period && a.period->saltus == 0)
        next_check = std::min(next_check, octal_values_to_prove(code, a.period->preperiod, a.period->period));
    }
    if (!sample && took < 0.1)
      chunk = std::min<std::size_t>(chunk * 2, std::numeric_limits<std::size_t>::max() / 4);
    else if (!sample && took > 0.5 && chunk > 64)
      chunk /= 2;
    if (options.on_checkpoint && seconds_since(last_checkpoint) >= options.checkpoint_seconds) save();
  }
  save();
  if (a.interrupted) {
    // Stopped before the values' periodicity was known: what an earlier check saw in fewer
    // values is no answer for these.
    a.period.reset();
    a.periodicity_checked = false;
  } else if (!proven) {
    look_for_period();
  }
  if (external) {
    a.split = external->split();
    a.rare_count = external->rare_count();
  } else if (auto* s = std::get_if<sparse_engine>(&engine)) {
    a.split = s->split();
    a.rare_count = s->rare_count();
  }
  a.seconds = elapsed();
  a.values = std::move(values);
  // What the theorem needs, for the report: the arithmetic test reads the values again, so a
  // stop then ends the run as one during the search does.
  if (a.period) {
    try {
      a.values_to_prove = values_to_prove(a.rule, a.values, *a.period, options.stop);
    } catch (const stopped&) {
      a.interrupted = true;
      a.period.reset();
      a.periodicity_checked = false;
    }
  }
  return a;
}

} // namespace

namespace detail {

heap_analysis analyse_octal_code(const octal_code& code, const analysis_options& options) {
  octal_checkpoint start;
  start.code = code;
  start.method = resolve(code, options.method);
  start.max_values =
      std::max<std::size_t>(options.max_values.value_or(analysis_options::default_max_values), 1);
  start.keep_going = options.keep_going;
  return run(std::move(start), options);
}

} // namespace detail

heap_analysis resume_octal(octal_checkpoint from, const analysis_options& options) {
  if (from.method == octal_method::automatic) from.method = resolve(from.code, octal_method::automatic);
  check_saved_values(from.code, from.values, options.stop);
  return run(std::move(from), options);
}

grundy_value octal_value(const octal_code& code, std::uint64_t n) {
  if (n >= std::numeric_limits<std::uint32_t>::max())
    throw std::invalid_argument("heap sizes of 2^32 tokens or more are not supported");
  analysis_options options;
  options.max_values = static_cast<std::size_t>(n) + 1;
  const auto a = detail::analyse_octal_code(code, options);
  if (a.period && a.period->proven) return periodic_value(a.values, *a.period, n);
  return a.values[static_cast<std::size_t>(n)];
}

} // namespace grundy
