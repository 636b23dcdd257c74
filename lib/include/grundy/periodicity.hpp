#pragma once
// Ultimate periodicity of any sequence of Grundy values, ordinary or arithmetic.

#include <grundy/octal/sequence.hpp>
#include <grundy/stop.hpp>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>

namespace grundy {

// G(n + period) = G(n) + saltus for every n >= preperiod seen: ordinary periodicity when the
// saltus is 0, arithmetic periodicity (the values grow by `saltus` every period) otherwise.
// `proven` says a theorem extends it to every n, so that the whole infinite sequence is known;
// otherwise it is only what the values computed so far show (at least two periods of it).
struct periodicity {
  std::size_t preperiod = 0;
  std::size_t period = 0;
  bool proven = false;
  grundy_value saltus = 0;

  friend bool operator==(const periodicity&, const periodicity&) = default;
};

// The periodicity searches and tests given a stop flag throw detail::period_search_interrupted()
// once the flag is true: on millions of values they take seconds, long enough for Ctrl-C or a
// deadline to matter.

// Says whether a theorem about the game proves the periodicity shown by the values, from the
// values computed so far.
using periodicity_prover = std::function<bool(const periodicity&)>;

// The periodicity shown by `values`, ordinary or arithmetic: the smallest preperiod, then the
// smallest period (the saltus follows from them). A periodicity `prove` accepts is preferred to
// one it does not (a proven one is the true one); one it does not prove needs at least two
// whole periods, and at least 64 values, repeating after its preperiod. Empty when none shows.
// Without `prove`, nothing is proven. Takes time about linear in values.size() for the
// sequences games produce. Throws grundy::stopped within milliseconds of *stop turning true
// (`prove` is expected to do the same for its own work).
std::optional<periodicity> find_sequence_periodicity(const grundy_sequence& values,
                                                     const periodicity_prover& prove = {},
                                                     const std::atomic<bool>* stop = nullptr);

// G(n) for any n, from the values and a proven periodicity (n may lie beyond the values).
grundy_value periodic_value(const grundy_sequence& values, const periodicity& period, std::uint64_t n);

} // namespace grundy
