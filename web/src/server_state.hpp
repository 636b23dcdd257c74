#pragma once
// What every connection of one server shares: the options, the router, the connection slots, the
// workers that run computations, and the computations queued or running, so that a stop or a
// deadline reaches each.

#include "computation.hpp"
#include "connections.hpp"
#include "router.hpp"
#include "worker_pool.hpp"

#include <grundy/web/server.hpp>

#include <boost/asio/io_context.hpp>

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_set>

namespace grundy::web {

class server_state {
public:
  server_state(const server_options& options, const router& routes, boost::asio::io_context& io,
               unsigned worker_count)
      : options(options), routes(routes), io(io), connections(options.max_connections), pool(worker_count) {}

  const server_options& options;
  const router& routes;
  boost::asio::io_context& io;
  connection_table connections;
  worker_pool pool; // after the slots: a job that ends last ends its connection, which gives its slot back
  std::atomic<std::uint64_t> queued_bytes{0}; // answers' bytes waiting to be sent
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
      else if (c->overdue(now))
        c->cancel(stop_cause::time);
  }

private:
  mutable std::mutex mutex_;
  std::unordered_set<std::shared_ptr<computation>> live_;
};

} // namespace grundy::web
