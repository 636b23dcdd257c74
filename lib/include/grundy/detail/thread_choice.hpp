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
// stretch of run time that grows while samples confirm it, then sampled again.
//
// The default loses against the better fixed choice in three ways. The run's start, on one
// thread until it has lasted 50 ms (a twentieth of a second at most where two threads are twice
// as fast). A sample runs half its chunks with the slower choice: so the samples are short (an
// eighth of a chunk), a clear verdict (either choice a quarter faster or more) is held four
// times as long, not twice, and none is taken where the run ends before a new choice would
// have held. A wrong choice runs a whole stretch with it, which costs far more: a sample lasts
// a few tens of milliseconds, and on a machine shared with other work one chunk slowed by a
// neighbour can turn it. So a new choice holds only half a second before it is sampled again
// (less early in the run, see decide), and a sample whose two halves (one thread then two, two
// then one) fall on different sides of the margin changes nothing and is taken again soon.
// Where the choices are that close, a sample costs little: its chunks on the other choice run
// nearly as fast. The one exception: two threads clearly faster in both halves of a sample are
// held four times as long even as a new choice.
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

  // The chunk just run computed `values` values in `seconds`; the run has at most `left` values
  // to go.
  void ran(std::size_t values, double seconds, std::size_t left = static_cast<std::size_t>(-1)) noexcept {
    if (fixed_) return;
    run_ += seconds;
    if (!started_) {
      // Chunks of a few milliseconds say more about overheads than about the engine's work: the
      // run goes on alone until it has lasted min_seconds, its chunks then long enough to
      // measure.
      started_ = run_ >= min_seconds;
      return;
    }
    if (sampling()) {
      // A chunk cut short (by a periodicity check or the end of the run) may be too short for
      // the engine to start its second thread: it does not count, the sample runs it again.
      if (values < min_values) return;
      (sample_ == 1 || sample_ == 2 ? two_ : one_)[sample_ / 2] += {static_cast<double>(values), seconds};
      if (++sample_ == samples) decide();
      return;
    }
    if ((held_ += seconds) >= stretch_) {
      // A sample pays in the stretch after it, if it changes the choice: none where the run ends
      // sooner than a new choice would be held (the engine still follows the load by itself).
      if (seconds > 0 && static_cast<double>(left) * seconds < first_stretch * static_cast<double>(values))
        return;
      sample_ = 0;
      one_[0] = one_[1] = two_[0] = two_[1] = {};
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

  // Two threads' speed over one thread's: in half `i` of the sample (0 or 1), or in all of it.
  static double gain(const rate& one, const rate& two) noexcept {
    return one.per_second() > 0 ? two.per_second() / one.per_second() : 1;
  }

  void decide() noexcept {
    rate one = one_[0], two = two_[0];
    one += one_[1];
    two += two_[1];
    const double all = gain(one, two);
    const bool sure = (gain(one_[0], two_[0]) > margin) == (gain(one_[1], two_[1]) > margin);
    const unsigned choice = decided_ && !sure ? chosen_ : all > margin ? 2 : 1;
    const bool clear = all > clear_gain || all * clear_gain < 1;
    // Two threads clearly faster in both halves stay so as the sequence grows (its rare heaps,
    // and with them the block pass's share, grow with it): held four times as long even when
    // new. One thread chosen, the balance may shift: sampled again soon.
    const bool clearly_two = gain(one_[0], two_[0]) > clear_gain && gain(one_[1], two_[1]) > clear_gain;
    // Otherwise a new choice holds half a second, or less early in the run, where a value's
    // work changes fastest: as long as the run has lasted (0.146 chose one thread at 16,000
    // values, clearly, and two at 60,000).
    stretch_ = decided_ && sure && choice == chosen_ ? std::min(stretch_ * (clear ? 4 : 2), max_stretch)
               : clearly_two                         ? 4 * first_stretch
                                                     : std::clamp(run_, min_stretch, first_stretch);
    decided_ = true;
    chosen_ = choice;
    held_ = 0;
  }

  static constexpr unsigned samples = 4;
  static constexpr double min_seconds = 0.05; // the run this long starts the sampling
  // The fewest values a sample runs: fewer would not start the sparse engine's second thread.
  static constexpr std::size_t min_values = 256;
  static constexpr double margin = 1.03;       // two threads must beat one by this much
  static constexpr double clear_gain = 1.25;   // either choice this much faster: held longer
  static constexpr double first_stretch = 0.5; // seconds a new choice holds
  static constexpr double min_stretch = 0.1;   // and at least, early in the run
  static constexpr double max_stretch = 16.0;

  unsigned fixed_;
  bool started_ = false;
  bool decided_ = false; // a sample has chosen
  // Before the first sample, one thread: starting on two cost 0.106 5% of its run and gained
  // 0.146 nothing measurable. The start ends at 50 ms of run, not at the first chunk that long
  // (which came after 0.1 to 0.25 s, 5% of a run of a second or two where two threads are 1.5
  // times as fast); 0.146's first sample then chooses one thread, held no longer than the run
  // has lasted.
  unsigned chosen_ = 1;
  unsigned sample_ = 0; // chunks of the current sample run so far
  double held_ = 0, stretch_ = first_stretch;
  double run_ = 0;       // seconds run in all
  rate one_[2], two_[2]; // each half of the sample: one thread then two, two then one
};

} // namespace grundy::detail
