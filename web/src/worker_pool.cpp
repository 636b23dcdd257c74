#include "worker_pool.hpp"

#include <algorithm>
#include <utility>

namespace grundy::web {

worker_pool::worker_pool(unsigned count) : count_(std::max(1u, count)), reserve_(std::max(1u, count_ / 4)) {
  threads_.reserve(count_);
  for (unsigned i = 0; i < count_; ++i)
    threads_.emplace_back([this] { work(); });
}

worker_pool::~worker_pool() { join(); }

bool worker_pool::post(const client& from, std::function<void()> job, std::size_t max_waiting) {
  {
    const std::lock_guard lock(mutex_);
    auto it = queues_.find(from);
    if (waiting_ >= max_waiting && it != queues_.end() && !it->second.jobs.empty()) return false;
    if (it == queues_.end()) it = queues_.emplace(from, queue{{}, 0, ++clock_}).first;
    it->second.jobs.push_back(std::move(job));
    ++waiting_;
  }
  ready_.notify_one();
  return true;
}

std::size_t worker_pool::waiting() const {
  const std::lock_guard lock(mutex_);
  return waiting_;
}

void worker_pool::join() {
  {
    const std::lock_guard lock(mutex_);
    if (ending_ && threads_.empty()) return;
    ending_ = true;
  }
  ready_.notify_all();
  for (auto& t : threads_)
    t.join();
  threads_.clear();
}

worker_pool::queues::iterator worker_pool::next() {
  auto best = queues_.end();
  for (auto it = queues_.begin(); it != queues_.end(); ++it) {
    const auto& q = it->second;
    if (q.jobs.empty()) continue;
    if (best == queues_.end() || q.running < best->second.running ||
        (q.running == best->second.running && q.turn < best->second.turn))
      best = it;
  }
  // The last free workers wait for a client running nothing (a stopping server runs everything
  // queued, each stopped at once).
  if (best != queues_.end() && best->second.running > 0 && count_ - busy_ <= reserve_ && !ending_)
    return queues_.end();
  return best;
}

void worker_pool::work() {
  std::unique_lock lock(mutex_);
  for (;;) {
    auto it = next();
    if (it == queues_.end()) {
      if (ending_ && waiting_ == 0) return;
      ready_.wait(lock);
      continue;
    }
    auto job = std::move(it->second.jobs.front());
    it->second.jobs.pop_front();
    --waiting_;
    ++it->second.running;
    it->second.turn = ++clock_;
    ++busy_;
    const auto from = it->first;
    // Another worker may take another client's computation meanwhile.
    if (waiting_ > 0) ready_.notify_one();
    lock.unlock();
    try {
      job();
    } catch (...) {
      // A job answers its own failures; one that could not (memory running out while it did)
      // ends with its connection, never with the worker.
    }
    job = nullptr; // what the job holds (its connection) is let go outside the lock
    lock.lock();
    --busy_;
    auto& q = queues_.at(from);
    --q.running;
    q.turn = ++clock_;
    if (q.running == 0 && q.jobs.empty()) queues_.erase(from);
  }
}

} // namespace grundy::web
