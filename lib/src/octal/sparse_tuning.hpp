#pragma once
// The sparse engine's tuning: the sizes and thresholds its parts share with its kernels
// (sparse_kernels.hpp) and with the ranks of the distributed sequence, each with the
// measurement behind it.

#include <bit>
#include <cstddef>
#include <cstdint>

namespace grundy::detail::sparse {

// The first split is chosen once this many values are known: before, naive steps are cheap
// and the counts too few to tell rare values from common ones.
constexpr std::size_t first_review = 2048;

// Values beyond 2^12 mean a game whose values keep growing, where no split of the values
// stays sparse; the engine stops counting them and takes naive steps.
constexpr unsigned max_split_bits = 12;

// A split pays when the rare heaps are at most this fraction of all heaps: a sparse step then
// enumerates at most a quarter of the pairs of a naive one before its (usually short) proof.
constexpr std::size_t max_rare_fraction = 4;

// A proof scans pairs in chunks, checking the values still wanted after each; the chunks
// grow so that the checks stay cheap beside the long scans a few heaps need.
constexpr std::size_t first_chunk = 128;
constexpr std::size_t last_chunk = 1024;
// Pairs scanned before aimed witnesses are tried: a scanned pair costs a fraction of an aimed
// try, so aiming is kept for the values a long scan has not found.
constexpr std::size_t first_budget = 4096;

// Pairs of small heaps, and as many of middle-sized heaps, that the block pass may mark for
// every heap before its proof (see mark_scan). It pays where the proofs need long scans
// (0.6: some two thousand pairs), not where a hundred pairs settle them (0.16); the engine
// turns it on when the proofs since the last review averaged long_proof pairs or more, and off
// when they averaged less than short_proof. Proofs of wide_proof pairs or more have a third
// range marked (until they average less than 2 * long_proof): Officers' proofs take some
// 1400 pairs beyond the block's, 0.376's 800 to 1200.
constexpr std::size_t block_scan = 256;
constexpr std::size_t long_proof = 512;
constexpr std::size_t short_proof = 192;
constexpr std::size_t wide_proof = 1280;

// Aimed witnesses pair one of this many most frequent values with one of the first heaps of
// the matching value, this many tries for each.
constexpr std::size_t frequent_values = 12;
constexpr std::size_t witness_tries = 32;
// Heaps remembered for each value, to pair with frequent ones.
constexpr std::size_t remembered_heaps = 1024;

// Heaps per block at most (see lanes_for).
constexpr std::size_t max_lanes = 32;

// Values to compute below which a second thread does not pay for its start (some tens of
// microseconds); whether a whole run is long enough to gain is the caller's choice. Low enough
// for the short chunks in which a run times two threads against one (2,048 values of 0.146 take
// 25 ms: with 4,096 here, two threads were timed without their helper and never chosen).
constexpr std::size_t threaded_values = 256;

// Heaps between two looks at whether the second thread pays (look_at_load): a clock reading
// each, some milliseconds apart at the slowest heaps.
constexpr std::size_t look_every = 1024;

// Heaps of a paired run at most (sparse_pairs.cpp): the run ends at the next look at the load
// after that many. Each run wakes the second thread, tens of microseconds on a virtual machine
// where its heaps take some ten milliseconds.
constexpr std::size_t paired_span = 256 * look_every;

// Blocks of a paired run handed out at once: the one to settle next and the paired_lag after
// it, the next going to whichever thread is free. A block's first part reads the values
// paired_lag blocks before it, and the pairs (a, h - n - a) from a = (paired_lag + 1) * lanes
// on; the pairs below are left to the settling, which one thread does at a time. So the window
// is as narrow as keeps both threads at work: with a block ahead for each thread and no more,
// a sixth of Officers' blocks waited for the one before, each a sleep and a wake-up.
constexpr std::size_t paired_window = 4;
constexpr std::size_t paired_lag = paired_window - 1;

// Where aimed witnesses pay, a trial times the split over trial_heaps heaps, then a paired run
// over as many (some milliseconds each in Officers), and the faster runs on until the next
// trial, first_trial_gap heaps later, then four times as many each time the verdict stands;
// a loss by clear_trial or more waits paired_span at least (a trial that loses costs 0.376
// some 10 ms: its proofs without aims are three times as long), a closer one at most.
constexpr std::size_t trial_heaps = 8192;
constexpr double clear_trial = 1.25;
constexpr std::size_t first_trial_gap = 4 * trial_heaps;
constexpr std::size_t max_trial_gap = 64 * paired_span;

// With a second thread that would otherwise wait for work and cannot take the proofs (values
// of more than nine bits, see prove_ahead), the block pass takes more of the proofs' pairs: up
// to this many per range (see next_block).
constexpr std::size_t max_block_scan = 4096;
constexpr std::size_t block_scan_step = 32;

// How many rare heaps per move the block passes move between the threads at each block, in
// the direction of the one that did not wait.
constexpr std::size_t share_step = 4;

inline unsigned parity(std::uint32_t x) noexcept { return static_cast<unsigned>(std::popcount(x)) & 1u; }

} // namespace grundy::detail::sparse
