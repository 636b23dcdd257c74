#include <grundy/misere/quotient_strategy.hpp>

#include <grundy/stop.hpp>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <set>
#include <span>
#include <thread>
#include <time.h>

namespace grundy {

namespace {

// The processor time this process has used, in seconds: a budget in it does not shrink when
// other programs load the machine.
double cpu_seconds() {
  timespec t{};
  ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// Sets its flag once the caller's stop flag is set or `seconds` of processor time have been
// spent: the engine watches one flag, and the budget is a stop the user did not ask for.
class watchdog {
public:
  watchdog(const std::atomic<bool>* stop, double seconds)
      : thread_([this, stop, seconds] {
          const double end = cpu_seconds() + seconds;
          std::unique_lock lock(mutex_);
          while (!done_) {
            if ((stop && stop->load()) || cpu_seconds() >= end) break;
            woken_.wait_for(lock, std::chrono::milliseconds(20));
          }
          give_up_.store(true);
        }) {}
  ~watchdog() {
    {
      const std::lock_guard lock(mutex_);
      done_ = true;
    }
    woken_.notify_all();
    thread_.join();
  }
  watchdog(const watchdog&) = delete;
  watchdog& operator=(const watchdog&) = delete;

  const std::atomic<bool>* flag() const noexcept { return &give_up_; }

private:
  std::atomic<bool> give_up_{false};
  std::mutex mutex_;
  std::condition_variable woken_;
  bool done_ = false;
  std::thread thread_; // last: started once the members it uses exist
};

} // namespace

std::optional<quotient_strategy> quotient_strategy::make(const heap_rule& rule, const heaps& start,
                                                         const std::atomic<bool>* stop,
                                                         const quotient_budget& budget) {
  const heap_size largest = start.empty() ? 0 : *std::max_element(start.begin(), start.end());
  if (largest == 0) return std::nullopt; // no move: nothing to compute
  quotient_options options;
  options.max_order = budget.max_order;
  options.max_memory = budget.max_memory;
  // A quotient the periodicity test settles answers for heaps of any size: a heap of 10^9
  // tokens of 0.75 costs what heap 32 does.
  options.stop_when_settled = true;
  watchdog watch(stop, budget.seconds);
  options.stop = watch.flag();
  try {
    return quotient_strategy(compute_misere_quotient(rule, largest, options), stop);
  } catch (const std::exception&) {
    if (stop && stop->load())
      throw stopped("interrupted while computing the misère quotient", stop_reason::interrupted);
    // Past the budget (a limit, the time, memory), or a quotient the engine cannot build: the
    // game graph answers as it did before the quotient, or says why it cannot.
    return std::nullopt;
  }
}

outcome quotient_strategy::outcome_of(const heaps& s) const { return quotient_.misere_outcome(s); }

template <class F> void quotient_strategy::each_winning_move(const heaps& position, F&& f) const {
  const heaps s = canonical_heaps(position);
  const auto& q = quotient_;
  // The class of the other heaps of each heap: the products before and after it.
  std::vector<misere_quotient::element> after(s.size() + 1, misere_quotient::identity);
  for (std::size_t i = s.size(); i-- > 0;)
    after[i] = q.multiply(q.heap(s[i]), after[i + 1]);
  std::vector<misere_quotient::element> before(s.size() + 1, misere_quotient::identity);
  for (std::size_t i = 0; i < s.size(); ++i)
    before[i + 1] = q.multiply(before[i], q.heap(s[i]));
  std::uint64_t ticks = 0;
  for (std::size_t i = s.size(); i-- > 0;) {
    if (i + 1 < s.size() && s[i] == s[i + 1]) continue; // equal heaps give the same moves
    const auto rest = q.multiply(before[i], after[i + 1]);
    bool go_on = true;
    // Octal digits may give one option twice (a user rule too): each position is listed once.
    std::set<std::vector<heap_size>> seen;
    q.rule().for_each_option(s[i], [&](std::span<const heap_size> parts) {
      if (!go_on) return;
      if ((++ticks & 0xFFF) == 0 && stop_ && stop_->load())
        throw stopped("interrupted while looking for winning moves", stop_reason::interrupted);
      auto x = rest;
      for (auto part : parts)
        x = q.multiply(x, q.heap(part));
      if (!q.is_p(x)) return;
      std::vector<heap_size> sorted(parts.begin(), parts.end());
      std::sort(sorted.begin(), sorted.end());
      if (!seen.insert(sorted).second) return;
      heaps next;
      next.reserve(s.size() + parts.size());
      for (std::size_t k = 0; k < s.size(); ++k)
        if (k != i) next.push_back(s[k]);
      next.insert(next.end(), parts.begin(), parts.end());
      go_on = f(canonical_heaps(std::move(next)));
    });
    if (!go_on) return;
  }
}

std::vector<heaps> quotient_strategy::winning_moves(const heaps& s, std::size_t most) const {
  std::vector<heaps> moves;
  if (most == 0) return moves;
  // Moves of heaps of different sizes never meet: each leaves one heap fewer of its own size,
  // since no option of a heap holds a heap as large.
  each_winning_move(s, [&](heaps next) {
    moves.push_back(std::move(next));
    return moves.size() < most;
  });
  return moves;
}

std::uint64_t quotient_strategy::winning_move_count(const heaps& s) const {
  std::uint64_t count = 0;
  each_winning_move(s, [&](const heaps&) {
    ++count;
    return true;
  });
  return count;
}

} // namespace grundy
