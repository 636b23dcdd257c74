#pragma once
// Ultimate periodicity of Grundy values, ordinary or arithmetic, and the theorems that prove it
// for each kind of heap rule: one finder, whose provers are the parts below.

#include <grundy/heap/rule.hpp>
#include <grundy/octal/code.hpp>
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

// Every search and test below given a stop flag throws grundy::stopped within milliseconds of
// the flag turning true: on millions of values they take seconds, long enough for Ctrl-C or a
// deadline to matter.

// Says whether a theorem about the game proves the periodicity shown by the values, from the
// values computed so far.
using periodicity_prover = std::function<bool(const periodicity&)>;

// The periodicity shown by `values` of a heap game under `rule`, ordinary or arithmetic: the
// smallest preperiod, then the smallest period. A proven periodicity is preferred to one that
// is not (it is the true one, and every proven period shares its preperiod); an unproven one
// needs at least two whole periods, and at least 64 values, repeating after its preperiod.
// Proven when values_to_prove(rule, ...) says the values suffice. For an octal code an
// arithmetic periodicity is looked for only where no ordinary one shows. Empty when none
// shows. Takes time about linear in values.size() for the sequences games produce.
std::optional<periodicity> find_periodicity(const grundy_sequence& values, const heap_rule& rule,
                                            const std::atomic<bool>* stop = nullptr);

// The same for a sequence of no rule, proven where `prove` accepts (nothing is proven without
// it); `prove` is expected to honour the stop flag for its own work.
std::optional<periodicity> find_periodicity(const grundy_sequence& values, const periodicity_prover& prove,
                                            const std::atomic<bool>* stop = nullptr);

// How many values G(0..N-1) a theorem about the rule's kind needs to prove `period`, given the
// values computed so far; empty when no theorem applies (Grundy's game, take-a-square, user
// rules) or when the values do not satisfy its hypotheses (yet). The provers:
// - octal codes, ordinary periodicity: the octal periodicity theorem (octal_values_to_prove);
// - octal and hexadecimal codes, arithmetic periodicity: the test proven in
//   lib/src/octal/hex_periodicity.cpp (arithmetic_values_to_prove);
// - a finite subtraction set S, the subtraction window: each value depends only on the max(S)
//   values before it, so max(S) consecutive values repeating p later repeat forever:
//   preperiod + max(S) + period;
// - all but a finite set S: arithmetic periodicity by the test proven in
//   lib/src/heap/periodicity.cpp, which needs a + max(S) + period values for a preperiod
//   a >= the preperiod at which the values seen so far pass it.
std::optional<std::size_t> values_to_prove(const heap_rule& rule, const grundy_sequence& values,
                                           const periodicity& period,
                                           const std::atomic<bool>* stop = nullptr);

// The octal periodicity theorem: how many values G(0..N-1) it needs to prove that `period`
// holds from `preperiod` on for this code's game.
//
// The theorem (Guy and Smith) for a game whose moves remove at most t tokens and leave at most
// two heaps: if G(n + p) = G(n) for s <= n < 2s + p + t, then for all n >= s. The proof is an
// induction on n: an option of heap n + p leaving a + b with a <= b has b >= (n + p - t) / 2,
// and n >= 2s + p + t makes b - p >= s, so (a, b - p) is an option of heap n of the same
// value, and conversely. The check reads G up to index 2s + 2p + t - 1: N = 2s + 2p + t.
//
// A hexadecimal move may leave three heaps a <= b <= c of which only c >= (n + p - t) / 3 is
// sure to be large, so c - p >= s needs n >= 3s + 2p + t: N = 3s + 3p + t. A digit before
// the point (splitting without removing) removes 0 <= t tokens and changes nothing; t stays
// the number of digits after the point. With s = 0 the argument would map a + b = 2p onto a
// one-heap option of a different kind, so s is counted as at least 1 (G(p) = G(0) is then
// part of what is checked).
std::size_t octal_values_to_prove(const octal_code& code, std::size_t preperiod, std::size_t period);

// Hexadecimal arithmetic: how many values G(0..n0-1) the arithmetic-periodicity test for octal
// and hexadecimal codes reads to prove `period` (a saltus that is a power of two), given the
// values computed so far; empty when its hypotheses fail on them (not a power-of-two saltus,
// values of the preperiod or the first period not below the saltus, a digit before the point,
// or no n0 within the values passing the test). The test and its proof are in
// lib/src/octal/hex_periodicity.cpp.
std::optional<std::size_t> arithmetic_values_to_prove(const octal_code& code, const grundy_sequence& values,
                                                      const periodicity& period,
                                                      const std::atomic<bool>* stop = nullptr);

// G(n) for any n, from the values and a proven periodicity (n may lie beyond the values).
grundy_value periodic_value(const grundy_sequence& values, const periodicity& period, std::uint64_t n);

} // namespace grundy
