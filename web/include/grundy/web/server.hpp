#pragma once
// grundy serve: the web front end. An HTTP server in the calling process (Boost.Beast) that serves
// the page built into it (web/assets/) and a JSON API over the library, the same answers as the
// command line's for the same game.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace grundy::web {

// What one computation may spend. A page asks for games people type, so every request gets
// bounds its author cannot raise: positions, memory (its own, not the process's), seconds.
struct limits {
  std::uint64_t max_states = 2'000'000;   // positions of one game graph
  std::uint64_t max_memory = 512u << 20;  // bytes one computation may hold
  double seconds = 60;                    // wall-clock seconds of one computation
  std::uint64_t max_body = 1u << 20;      // bytes of a request's body (a graph file)
  std::uint64_t max_drawn = 400;          // vertices of a graph drawn as a picture
  std::uint64_t max_exported = 200'000;   // vertices of a graph exported whole
  std::uint64_t max_values = 1u << 20;    // values of one octal sequence
  std::uint64_t max_quotient_heap = 1000; // the largest heap of a misère quotient
  std::uint64_t max_answer = 64u << 20;   // bytes of one answer (an export, a picture)
  std::uint64_t max_queued = 1u << 30;    // bytes of all answers waiting for their readers
};

struct server_options {
  std::string host = "127.0.0.1"; // the address to listen on: an IP address or localhost
  std::uint16_t port = 8080;      // 0: any free port
  unsigned workers = 0;           // computations at once; 0: twice the cores, at least 4
  // Computations waiting for a worker; past it, 503 for a client that already has one waiting.
  std::size_t max_waiting = 256;
  // Connections open at once, an eighth of them (at least 2) from one client; idle ones make
  // room for new ones.
  std::size_t max_connections = 512;
  // Host names the server also answers to, besides its own address, localhost and, when it
  // listens on every interface, IP addresses and the machine's name.
  std::vector<std::string> allowed_hosts;
  limits bounds;
};

// The server could not start (the address is taken, not one of this machine's, not an address).
class server_error : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// Serves until *stop is set (Ctrl-C, say), then stops within a second: the computations
// running are stopped and the connections closed. Calls on_ready with the page's address once
// it listens. Throws server_error when it cannot listen, std::invalid_argument for options out
// of range.
void serve(const server_options& options, const std::atomic<bool>& stop,
           const std::function<void(const std::string& address)>& on_ready);

} // namespace grundy::web
