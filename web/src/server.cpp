// The listener and the server's life: it accepts connections on one I/O thread, runs
// computations on a pool of workers, enforces their deadlines, and stops within a second of
// being asked.

#include "guard.hpp"
#include "router.hpp"
#include "server_state.hpp"
#include "session.hpp"

#include <grundy/web/server.hpp>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <memory>
#include <sys/resource.h>
#include <thread>
#include <unistd.h>

namespace grundy::web {

namespace {

namespace net = boost::asio;
using tcp = net::ip::tcp;

// The address to listen on: an IP address, or localhost (the loopback address).
net::ip::address listen_address(const std::string& host) {
  if (host == "localhost") return net::ip::make_address("127.0.0.1");
  boost::system::error_code ec;
  auto text = host;
  if (text.size() > 2 && text.front() == '[' && text.back() == ']') text = text.substr(1, text.size() - 2);
  const auto address = net::ip::make_address(text, ec);
  if (ec)
    throw server_error(fmt::format("cannot listen on '{}': give an IP address (127.0.0.1, 0.0.0.0, ::1) or "
                                   "localhost",
                                   host));
  return address;
}

// The address people open: the loopback address when listening on every interface.
std::string page_address(const net::ip::address& a, std::uint16_t port) {
  if (a.is_unspecified()) return fmt::format("http://{}:{}/", a.is_v6() ? "[::1]" : "127.0.0.1", port);
  if (a.is_v6()) return fmt::format("http://[{}]:{}/", a.to_string(), port);
  return fmt::format("http://{}:{}/", a.to_string(), port);
}

class listener {
public:
  listener(net::io_context& io, server_state& server, const std::atomic<bool>& stop)
      : io_(io), server_(server), acceptor_(net::make_strand(io)), timer_(io), stop_(stop) {}

  std::uint16_t open(const net::ip::address& address, std::uint16_t port) {
    const tcp::endpoint endpoint(address, port);
    boost::system::error_code ec;
    acceptor_.open(endpoint.protocol(), ec);
    if (!ec) acceptor_.set_option(net::socket_base::reuse_address(true), ec);
    if (!ec) acceptor_.bind(endpoint, ec);
    if (!ec) acceptor_.listen(net::socket_base::max_listen_connections, ec);
    if (ec)
      throw server_error(fmt::format("cannot listen on {}: {}", page_address(address, port), ec.message()));
    return acceptor_.local_endpoint().port();
  }

  void run() {
    accept();
    tick();
  }

private:
  void accept() {
    acceptor_.async_accept(net::make_strand(io_), [this](boost::system::error_code ec, tcp::socket socket) {
      if (!acceptor_.is_open()) return;
      if (!ec) start_session(std::move(socket), server_);
      // A failed accept is the client's loss, not the server's end. Out of descriptors (or of
      // buffers), the connection stays in the queue: an idle connection makes room for it, and
      // when none is idle, accepting again at once would spin, so the server waits for
      // connections to close.
      if (ec == net::error::no_descriptors || ec == net::error::no_buffer_space || ec.value() == ENFILE) {
        if (server_.connections.evict_one()) return accept();
        backoff_.expires_after(std::chrono::milliseconds(100));
        backoff_.async_wait([this](boost::system::error_code e) {
          if (!e && acceptor_.is_open()) accept();
        });
        return;
      }
      accept();
    });
  }

  // Ten times a second: deadlines, and the request to stop.
  void tick() {
    timer_.expires_after(std::chrono::milliseconds(100));
    timer_.async_wait([this](boost::system::error_code ec) {
      if (ec) return;
      if (stop_.load() && !server_.stopping) {
        server_.stopping = true;
        boost::system::error_code ignored;
        acceptor_.close(ignored);
        backoff_.cancel();
        stopped_at_ = std::chrono::steady_clock::now();
      }
      server_.enforce(server_.stopping);
      // Stopped computations end within a second; what they answer is sent, then everything ends.
      if (server_.stopping &&
          ((server_.running() == 0 && server_.pool.waiting() == 0 &&
            std::chrono::steady_clock::now() - stopped_at_ > std::chrono::milliseconds(200)) ||
           std::chrono::steady_clock::now() - stopped_at_ > std::chrono::seconds(3))) {
        io_.stop();
        return;
      }
      tick();
    });
  }

  net::io_context& io_;
  server_state& server_;
  tcp::acceptor acceptor_;
  net::steady_timer timer_;
  net::steady_timer backoff_{io_};
  const std::atomic<bool>& stop_;
  std::chrono::steady_clock::time_point stopped_at_{};
};

} // namespace

void serve(const server_options& options, const std::atomic<bool>& stop,
           const std::function<void(const std::string& address)>& on_ready) {
  if (options.workers > 1024) throw std::invalid_argument("a server runs 1024 computations at once at most");
  if (options.max_connections == 0) throw std::invalid_argument("a server needs at least one connection");
  if (options.bounds.seconds <= 0 || options.bounds.max_states == 0 || options.bounds.max_memory == 0)
    throw std::invalid_argument("a server's bounds must be positive");
  const auto address = listen_address(options.host);
  // Each connection is a descriptor: the process may have as many as the system lets it.
  if (rlimit files{}; ::getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max) {
    files.rlim_cur = files.rlim_max;
    ::setrlimit(RLIMIT_NOFILE, &files);
  }
  // Several computations at once, more than the cores: a long one leaves the others their turn.
  const unsigned workers =
      options.workers ? options.workers : std::max(4u, 2 * std::thread::hardware_concurrency());
  // Destroyed in this order at the end: the listener's sockets, then the I/O context with the
  // connections its pending handlers hold (which count themselves out of the state), then the
  // state.
  request_guard guard(options.host, 0, options.allowed_hosts);
  const router routes(options.bounds, guard);
  auto io = std::make_unique<net::io_context>(1);
  server_state server(options, routes, *io, workers);
  auto l = std::make_unique<listener>(*io, server, stop);
  const auto port = l->open(address, options.port);
  guard = request_guard(options.host, port, options.allowed_hosts); // the port 0 asked for
  l->run();
  on_ready(page_address(address, port));
  // An exception out of a handler (memory running out while a request is read, say) ends that
  // connection, never the server: the handler's objects are gone with it, and the rest goes on.
  for (;;) {
    try {
      io->run();
      break;
    } catch (const std::exception&) {
    }
  }
  // Every computation was stopped: those still waiting end as soon as a worker takes them.
  server.pool.join();
  l.reset();
  io.reset();
}

} // namespace grundy::web
