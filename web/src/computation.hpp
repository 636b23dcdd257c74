#pragma once
// One computation a request asked for, as the server watches it: its stop flag, why it was
// stopped, its memory (its own account, not the process's), its time waiting and running, and
// where its progress goes.

#include <grundy/memory_account.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace grundy::web {

enum class stop_cause : int { none, client_gone, time, shutdown };

// Why not one flag per cause: the library polls a single std::atomic<bool>. The cause is set
// first, once, so that the answer can say which bound was reached; the memory account sets the
// flag itself (grundy/memory_account.hpp) and is asked afterwards.
class computation {
public:
  using clock = std::chrono::steady_clock;

  computation(std::uint64_t max_memory, double seconds)
      : account_(max_memory, &stop_), queued_at_(clock::now()), seconds_(seconds) {}
  computation(const computation&) = delete;
  computation& operator=(const computation&) = delete;

  const std::atomic<bool>* stop_flag() const noexcept { return &stop_; }
  bool stopped() const noexcept { return stop_.load(std::memory_order_relaxed); }
  void cancel(stop_cause why) noexcept {
    auto none = stop_cause::none;
    cause_.compare_exchange_strong(none, why);
    stop_.store(true);
  }
  stop_cause cause() const noexcept { return cause_.load(); }
  memory_account& account() noexcept { return account_; }
  const memory_account& account() const noexcept { return account_; }
  double seconds() const noexcept { return seconds_; }

  // A computation's seconds count from its start on a worker: the time it waited for one is its
  // own figure, reported beside the time it ran. Called on the worker, once.
  void start() noexcept { started_.store(clock::now().time_since_epoch().count()); }
  // Past its bound of seconds (never, before it started).
  bool overdue(clock::time_point now) const noexcept;
  // Seconds it waited for a worker (until now, when it has not started).
  double queue_seconds() const noexcept;
  // Seconds it has run (0 before it started).
  double run_seconds() const noexcept;

  // How far the computation got, in words ("heaps 1..16, order 1696"), for the message of a
  // bound it reaches; set by the endpoints that know better than an exploration's figures. Read
  // and written on the computation's own thread.
  void note_reached(std::string words) { reached_ = std::move(words); }
  const std::string& reached() const noexcept { return reached_; }

  // Progress, when the request asked for it: lines of JSON, and whether a line must reach the
  // client (a finished cell of a table) or may give way to a newer one (a count of positions).
  using progress_sink = std::function<void(std::string line, bool keep)>;
  void set_progress_sink(progress_sink sink) { sink_ = std::move(sink); }
  bool wants_progress() const noexcept { return static_cast<bool>(sink_); }
  // Sends {"progress": object} unless one went less than a quarter of a second ago.
  void progress(std::string_view object);
  // Sends {"progress": object} now, and never lets a later line replace it.
  void progress_kept(std::string_view object);

private:
  std::atomic<bool> stop_{false};
  std::atomic<stop_cause> cause_{stop_cause::none};
  memory_account account_;
  clock::time_point queued_at_;
  std::atomic<clock::rep> started_{0}; // 0 until it starts; read by the thread that enforces bounds
  double seconds_;
  progress_sink sink_;
  std::string reached_;
  clock::time_point last_progress_{};
};

} // namespace grundy::web
