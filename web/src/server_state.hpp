#pragma once
// What every connection of one server shares: the options, the router, the workers that run
// computations, and the computations running, so that a stop or a deadline reaches each.

#include "computation.hpp"
#include "router.hpp"

#include <grundy/web/server.hpp>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/thread_pool.hpp>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <map>
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
  std::atomic<std::size_t> waiting{0};        // computations queued for a worker
  std::atomic<std::uint64_t> queued_bytes{0}; // answers' bytes waiting to be sent
  std::atomic<bool> stopping{false};

  // A connection from `peer` comes in: false when the server has its most connections, or that
  // peer has its share of them (a quarter), so that one client cannot hold every slot. Each
  // call is matched by one of leave(), whatever it answered.
  bool enter(const boost::asio::ip::address& peer) {
    const std::lock_guard lock(mutex_);
    ++connections_;
    const auto n = ++per_peer_[peer];
    return connections_ <= options.max_connections &&
           n <= std::max<std::size_t>(1, options.max_connections / 4);
  }
  void leave(const boost::asio::ip::address& peer) {
    const std::lock_guard lock(mutex_);
    --connections_;
    if (const auto it = per_peer_.find(peer); it != per_peer_.end() && --it->second == 0) per_peer_.erase(it);
  }

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
  std::size_t connections_ = 0;
  std::map<boost::asio::ip::address, std::size_t> per_peer_;
};

} // namespace grundy::web
