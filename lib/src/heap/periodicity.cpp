#include "../octal/periodicity.hpp"
#include "../periodicity_search.hpp"

#include <grundy/detail/work_meter.hpp>
#include <grundy/periodicity.hpp>

#include <algorithm>
#include <vector>

namespace grundy {

namespace {

// The test for all-but subtraction games, G(n) = mex{G(n - k) : k >= 1, k not in S}.
//
// Let m = max(S) (0 for an empty S), p >= 1, s >= 0 and a >= 0, and write P(n) for the set of
// values G(0..n-m-1). For n >= m every k > m is a move, so
//     G(n) = mex(P(n) U W(n)),   W(n) = {G(n - k) : 1 <= k <= m, k not in S}.
// Claim: if G(j + p) = G(j) + s for a <= j < a + m, and the values before the period and in
// its first round, E = {G(0..a-1)} and B = {G(a..a+p-1)}, satisfy
//     E U B = [0, s) U (E + s)                                                      (*)
// then G(j + p) = G(j) + s for every j >= a.
// Proof, by induction on n >= a + m, assuming it for a <= j < n. The window positions of n + p
// are those of n shifted by p, all >= a, so W(n + p) = W(n) + s. Shifting every position in
// [a + p, n + p - m) back by p, with X = {G(a..n-m-1)}:
//     P(n + p) = E U B U (X + s),   P(n) = E U X.
// By (*), P(n + p) holds all of [0, s), and for v >= s, v is in P(n + p) exactly when v - s is
// in P(n) (from X + s directly; from E U B by (*), whose values >= s are E + s). So
// P(n + p) U W(n + p) is [0, s) together with (P(n) U W(n)) + s, whose mex is
// mex(P(n) U W(n)) + s: G(n + p) = G(n) + s. (The same holds with s = 0, where (*) says the
// first round of the period brings no value not seen before it.)
// The test reads G(0..a+m+p-1). A larger a may pass where a smaller one does not (E grows), so
// preperiods a, a + p, a + 2p, ... are tried while the values reach.
std::optional<std::size_t> all_but_values_to_prove(const subtraction_rule& rule, const grundy_sequence& g,
                                                   const periodicity& period, const std::atomic<bool>* stop) {
  const std::size_t m = rule.set.empty() ? 0 : rule.set.back();
  const std::size_t p = period.period, s = period.saltus;
  if (p == 0) return std::nullopt;
  std::vector<char> in_e, in_eb;
  const auto set = [](std::vector<char>& x, std::size_t v) {
    if (v >= x.size()) x.resize(v + 1, 0);
    x[v] = 1;
  };
  const auto has = [](const std::vector<char>& x, std::size_t v) { return v < x.size() && x[v]; };
  detail::work_meter meter;
  for (std::size_t a = period.preperiod, tries = 0; a + m + p <= g.size() && tries < 64; a += p, ++tries) {
    // Each try reads the a + p values before it: 64 of them on a million values is a while.
    if (meter.stop_due(stop, a + p + 1)) throw detail::period_search_interrupted();
    // The values show G(j + p) = G(j) + s from the preperiod to the end, hence on [a, a + m).
    in_e.assign(0, 0);
    in_eb.assign(0, 0);
    for (std::size_t j = 0; j < a; ++j) {
      set(in_e, g[j]);
      set(in_eb, g[j]);
    }
    for (std::size_t j = a; j < a + p; ++j)
      set(in_eb, g[j]);
    bool ok = true;
    for (std::size_t v = 0; ok && v < s; ++v)
      ok = has(in_eb, v);
    for (std::size_t v = s; ok && v < std::max(in_eb.size(), in_e.size() + s); ++v)
      ok = has(in_eb, v) == has(in_e, v - s);
    if (ok) return a + m + p;
  }
  return std::nullopt;
}

} // namespace

std::optional<std::size_t> values_to_prove(const heap_rule& rule, const grundy_sequence& values,
                                           const periodicity& period, const std::atomic<bool>* stop) {
  if (const auto* code = rule.octal()) {
    if (period.saltus != 0) return arithmetic_values_to_prove(*code, values, period, stop);
    return octal_values_to_prove(*code, period.preperiod, period.period);
  }
  if (const auto* sub = std::get_if<subtraction_rule>(&rule.kind())) {
    if (sub->all_but) return all_but_values_to_prove(*sub, values, period, stop);
    if (period.saltus != 0) return std::nullopt; // values stay below |S| + 1
    return period.preperiod + sub->set.back() + period.period;
  }
  return std::nullopt;
}

std::optional<periodicity> find_periodicity(const grundy_sequence& values, const heap_rule& rule,
                                            const std::atomic<bool>* stop) {
  const auto* code = rule.octal();
  if (code) {
    // The octal theorem's count is a closed form, which lets the search give up on most
    // periods at once: on millions of values that is most of its time.
    auto found = detail::find_ordinary_periodicity(values, detail::octal_count(*code), stop);
    if (found) return found;
  }
  // For an octal code, only where no ordinary periodicity shows, so that every code's report
  // stays what it was unless it had none; arithmetic periodicity is never ordinary-periodic
  // and vice versa.
  const auto found = find_periodicity(values, periodicity_prover([&](const periodicity& p) {
                                        if (code && p.saltus == 0) return false;
                                        const auto needed = values_to_prove(rule, values, p, stop);
                                        return needed && *needed <= values.size();
                                      }),
                                      stop);
  if (code && found && found->saltus == 0) return std::nullopt; // the search above would have found it
  return found;
}

} // namespace grundy
