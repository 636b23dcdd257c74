// grundy serve: the web front end (web/), started from the command line. The page and the API
// live in web/; this reads the options and hands over, with Ctrl-C and SIGTERM as its stop.

#include "cli.hpp"
#include "commands.hpp"
#include "exploration.hpp"
#include "options.hpp"

#include <grundy/memory.hpp>
#include <grundy/web/server.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace grundy::cli {

namespace {

struct serve_options {
  web::server_options server;
  std::string max_memory;
  std::string max_body;
  unsigned port = 8080;
  unsigned max_connections = static_cast<unsigned>(web::server_options{}.max_connections);
};

void run(serve_options o) {
  auto& s = o.server;
  s.port = static_cast<std::uint16_t>(o.port);
  s.max_connections = o.max_connections;
  // More computations at once than cores: a long one leaves the others their turn.
  if (s.workers == 0) s.workers = std::max(4u, 2 * std::thread::hardware_concurrency());
  if (!o.max_memory.empty())
    s.bounds.max_memory = parse_size(o.max_memory, "--max-memory");
  else if (const auto machine = default_memory_limit(); machine != 0)
    // Every worker may hold its bound at once: together they stay within what the machine has.
    s.bounds.max_memory = std::min<std::uint64_t>(s.bounds.max_memory, machine / s.workers);
  if (!o.max_body.empty()) {
    s.bounds.max_body = parse_size(o.max_body, "--max-body");
    // A body is held whole while it is read, outside any computation's memory.
    if (s.bounds.max_body > (std::uint64_t{256} << 20))
      throw usage_error(fmt::format("--max-body takes at most 256M, not '{}'", portable_name(o.max_body)));
  }
  if (s.host == "0.0.0.0" || s.host == "::" || s.host == "[::]")
    fmt::print(stderr,
               "grundy: listening on every network interface ({}): anyone who can reach this machine "
               "can use the server\n",
               s.host);
  const interruption stop;
  try {
    web::serve(s, *stop.flag(), [](const std::string& address) {
      fmt::print("grundy: serving on {} (Ctrl-C stops)\n", address);
      std::fflush(stdout);
    });
  } catch (const web::server_error& e) {
    throw run_error(e.what());
  } catch (const std::invalid_argument& e) {
    throw usage_error(e.what());
  }
  // Only a signal ends a server: its exit status says which, as for every command it stops.
  throw interrupted_error("the server stopped");
}

} // namespace

void add_serve_command(CLI::App& app) {
  auto o = std::make_shared<serve_options>();
  auto* cmd = app.add_subcommand("serve", "Serve the web page: play, see and settle games in a browser");
  auto& s = o->server;
  refuse_empty(cmd->add_option("--host", s.host,
                               "the address to listen on: 127.0.0.1 (this machine only), "
                               "0.0.0.0 (every interface) or another of its addresses")
                   ->capture_default_str(),
               "an address such as 127.0.0.1");
  add_whole_option(*cmd, "--port", o->port, "the port to listen on (0: any free port)", 0, 65535)
      ->default_str(std::to_string(o->port));
  cmd->add_option("--allow-host", s.allowed_hosts,
                  "also answer requests that name the server by this host name (a name it is reached by)");
  add_whole_option(*cmd, "--workers", s.workers,
                   "computations at once (default: twice the cores, at least 4)", 0, 1024);
  add_whole_option(*cmd, "--max-connections", o->max_connections,
                   "connections open at once; one address holds an eighth of them (at least 2), and idle "
                   "ones make room for new ones",
                   1, 65535)
      ->default_str(std::to_string(o->max_connections));
  add_whole_option(*cmd, "--max-states", s.bounds.max_states, "positions one game graph may have", 1,
                   0xFFFF'FFFFu)
      ->default_str(std::to_string(s.bounds.max_states));
  refuse_empty(
      cmd->add_option("--max-memory", o->max_memory,
                      "memory one computation may hold, as 512M (default: 512M, less when the machine "
                      "has less to share among the workers)"),
      "a size such as 512M");
  cmd->add_option("--max-seconds", s.bounds.seconds, "seconds one computation may take")
      ->capture_default_str()
      ->check(CLI::Range(0.1, 86400.0));
  refuse_empty(cmd->add_option("--max-body", o->max_body, "bytes of a graph file sent to the server, as 1M"),
               "a size such as 1M");
  add_whole_option(*cmd, "--max-drawn", s.bounds.max_drawn, "vertices of a graph drawn as a picture", 1,
                   100'000)
      ->default_str(std::to_string(s.bounds.max_drawn));
  cmd->callback([o] { run(*o); });
}

} // namespace grundy::cli
