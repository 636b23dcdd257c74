#pragma once
// The workers that run computations, shared fairly between clients: each client has a queue of
// its own, and a free worker takes the next computation of the client running the fewest, the
// one served longest ago first. A client already running a computation may not take the last
// free workers (a quarter of them, at least one): they are kept for clients running none, so
// that a small request never waits behind another client's long ones.

#include <boost/asio/ip/address.hpp>

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

namespace grundy::web {

class worker_pool {
public:
  using client = boost::asio::ip::address;

  explicit worker_pool(unsigned count);
  worker_pool(const worker_pool&) = delete;
  worker_pool& operator=(const worker_pool&) = delete;
  ~worker_pool();

  // Queues `job` for `client`; false (nothing queued) when `max_waiting` computations already
  // wait and some of them are this client's: a client with none waiting is always queued.
  bool post(const client& from, std::function<void()> job, std::size_t max_waiting);
  std::size_t waiting() const;
  // Runs what is still queued, then ends the threads.
  void join();

private:
  struct queue {
    std::deque<std::function<void()>> jobs;
    unsigned running = 0;
    std::uint64_t turn = 0; // when it was last served (or came): the smaller, the sooner
  };
  using queues = std::map<client, queue>;

  void work();
  // The queue whose job a free worker takes now, or end().
  queues::iterator next();

  mutable std::mutex mutex_;
  std::condition_variable ready_;
  queues queues_;
  std::size_t waiting_ = 0;
  unsigned count_;
  unsigned busy_ = 0;
  unsigned reserve_;
  std::uint64_t clock_ = 0;
  bool ending_ = false;
  std::vector<std::thread> threads_;
};

} // namespace grundy::web
