#pragma once
// How many threads the sparse engine runs each chunk of a sequence with, when the caller leaves
// it to the run (analysis_options::threads = 0).
//
// Why measure rather than predict: a second thread takes the block pass (marking rare pairs)
// and some of the proofs' pairs, which is most of a value's work in Officers (1.7 times faster
// on two threads) and little of it in codes with a dozen rare heaps, where handing blocks over
// costs more than it saves (0.106: 1.2 times slower on two threads). Between the two lie codes
// whose balance shifts as the sequence grows (0.146, whose rare heaps keep growing in number,
// and with them the block pass's share of the work), and no count read off the code tells where a
// run sits. So the run samples itself: four short chunks in turn (one thread, two, two, one:
// the pairs straddle the same heaps, so the slow growth of a value's work cancels), two threads
// kept only when they are faster by a margin (they cost a core), and the choice held for a
// stretch of run time that doubles while it stays the same, then sampled again. Every sample
// runs half its chunks with the slower choice, which costs most where two threads are much
// faster (the chunks on one thread take twice as long): the samples are short (an eighth of a
// chunk), and a choice of two threads a quarter faster or more is held four times as long
// instead of twice. (With quarter chunks held 1 to 8 s whatever the gain, the default ran 11%
// behind two threads on codes where they are twice as fast.) A confirmed choice of one thread
// only doubles its stretch, however clear: the balance moves towards two threads as a
// sequence grows.
// The values never depend on it.

#include <algorithm>
#include <cstddef>

namespace grundy::detail {

class thread_choice {
public:
  // `requested` threads (0: the run chooses between one and two), `cores` the machine's.
  thread_choice(unsigned requested, unsigned cores) noexcept
      : fixed_(requested != 0 ? requested
               : cores < 2    ? 1
                              : 0) {}

  // The threads for the next chunk.
  unsigned threads() const noexcept {
    if (fixed_) return fixed_;
    if (sampling()) return sample_ == 1 || sample_ == 2 ? 2 : 1;
    return chosen_;
  }

  // The values the next chunk may hold, of the `usual` ones: a sample is an eighth of a chunk,
  // so that the chunks run with the slower choice cost little.
  std::size_t chunk(std::size_t usual) const noexcept {
    return sampling() ? std::max<std::size_t>(usual / 8, min_values) : usual;
  }

  // The chunk just run computed `values` values in `seconds`.
  void ran(std::size_t values, double seconds) noexcept {
    if (fixed_) return;
    if (!started_) {
      // Chunks of a few milliseconds say more about overheads than about the engine's work: the
      // run goes on alone until its chunks are long enough to measure.
      started_ = seconds >= min_seconds;
      return;
    }
    if (sampling()) {
      // A chunk cut short (by a periodicity check or the end of the run) may be too short for
      // the engine to start its second thread: it does not count, the sample runs it again.
      if (values < min_values) return;
      (sample_ == 1 || sample_ == 2 ? two_ : one_) += {static_cast<double>(values), seconds};
      if (++sample_ == samples) decide();
      return;
    }
    if ((held_ += seconds) >= stretch_) {
      sample_ = 0;
      one_ = two_ = {};
    }
  }

  // Whether the run is sampling now.
  bool sampling() const noexcept { return !fixed_ && started_ && sample_ < samples; }

private:
  struct rate {
    double values = 0, seconds = 0;
    rate& operator+=(const rate& r) noexcept {
      values += r.values;
      seconds += r.seconds;
      return *this;
    }
    double per_second() const noexcept { return seconds > 0 ? values / seconds : 0; }
  };

  void decide() noexcept {
    const double gain = one_.per_second() > 0 ? two_.per_second() / one_.per_second() : 1;
    const unsigned choice = gain > margin ? 2 : 1;
    stretch_ = decided_ && choice == chosen_ ? std::min(stretch_ * (gain > clear_gain ? 4 : 2), max_stretch)
                                             : first_stretch;
    decided_ = true;
    chosen_ = choice;
    held_ = 0;
  }

  static constexpr unsigned samples = 4;
  static constexpr double min_seconds = 0.05; // a chunk this long starts the sampling
  // The fewest values a sample runs: fewer would not start the sparse engine's second thread.
  static constexpr std::size_t min_values = 256;
  static constexpr double margin = 1.03;       // two threads must beat one by this much
  static constexpr double clear_gain = 1.25;   // two threads this much faster: held longer
  static constexpr double first_stretch = 2.0; // seconds a choice holds at first
  static constexpr double max_stretch = 16.0;

  unsigned fixed_;
  bool started_ = false;
  bool decided_ = false; // a sample has chosen
  // Before the first sample, one thread: starting on two cost 0.106 5% of its run and gained
  // 0.146 nothing measurable; sampling from chunks of 25 ms instead of 50 chose one thread for
  // 0.146 at values too few to tell (37% behind two threads).
  unsigned chosen_ = 1;
  unsigned sample_ = 0; // chunks of the current sample run so far
  double held_ = 0, stretch_ = first_stretch;
  rate one_, two_;
};

} // namespace grundy::detail
