#pragma once
// What every connection of one server shares: the options, the router, the workers that run
// computations, and the computations running, so that a stop or a deadline reaches each.

#include "computation.hpp"
#include "router.hpp"

#include <grundy/web/server.hpp>

#include <boost/asio/io_context.hpp>
#include <boost/asio/thread_pool.hpp>

#include <atomic>
#include <cstddef>
#include <memory>
#include <mutex>
#include <unordered_set>

namespace grundy::web {

class server_state {
public:
  server_state(const server_options& options, const router& routes, boost::asio::io_context& io,
               unsigned workers)
      : options(options), routes(routes), io(io), pool(workers) {}

  const server_options& options;
  const router& routes;
  boost::asio::io_context& io;
  boost::asio::thread_pool pool;
  std::atomic<std::size_t> waiting{0};     // computations queued for a worker
  std::atomic<std::size_t> connections{0}; // open connections
  std::atomic<bool> stopping{false};

  void add(const std::shared_ptr<computation>& c) {
    const std::lock_guard lock(mutex_);
    live_.insert(c);
  }
  void remove(const std::shared_ptr<computation>& c) {
    const std::lock_guard lock(mutex_);
    live_.erase(c);
  }
  std::size_t running() const {
    const std::lock_guard lock(mutex_);
    return live_.size();
  }
  // Stops those past their deadline (every one, with `everything`, as the server stops).
  void enforce(bool everything) {
    const auto now = computation::clock::now();
    const std::lock_guard lock(mutex_);
    for (const auto& c : live_)
      if (everything)
        c->cancel(stop_cause::shutdown);
      else if (now > c->deadline())
        c->cancel(stop_cause::time);
  }

private:
  mutable std::mutex mutex_;
  std::unordered_set<std::shared_ptr<computation>> live_;
};

} // namespace grundy::web
