#pragma once
// The server's connection slots, shared fairly between clients: one client holds at most an
// eighth of them, and when the server (or a client's share) is full, a connection that is
// only waiting for a request, or still sending one, gives its slot to the newcomer. A new
// connection is refused only when every slot is busy computing or answering.
//
// When the server is full, the slot is taken from the client pressing hardest on the slots:
// the connections it holds, plus those of its connections closed to make room over about the
// last ten seconds. Counting the closed ones matters when many addresses reconnect as soon as
// they are closed: each of them then holds one or two connections, as an ordinary client does,
// and a fresh connection would soon be the oldest idle one, closed before a request that takes
// a few milliseconds to arrive. Counted, the reconnecting addresses make room for each other,
// and a client that was never closed keeps its connection until its request comes.

#include <boost/asio/ip/address.hpp>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace grundy::web {

// Who a connection comes from, for the shares: its IPv4 address, or the /64 network of an IPv6
// address (one machine is given a whole /64, and could take a new address for each connection).
boost::asio::ip::address client_of(const boost::asio::ip::address& peer);

class connection_table {
public:
  using slot = std::uint64_t;
  using clock = std::chrono::steady_clock;

  explicit connection_table(std::size_t max_connections);

  std::size_t max_connections() const noexcept { return max_; }
  // What one client may hold: an eighth of the slots, at least 2 (at most all of them).
  std::size_t per_client() const noexcept { return per_client_; }

  // A connection from `client` comes in, idle (waiting for its first request). Makes room by
  // closing idle connections when it must: first the client's own oldest idle one when it has
  // its share, then, when the server is full, the oldest idle one of the client pressing
  // hardest. `close` is how this connection is closed in its turn; it is called on the I/O thread,
  // inside a later enter() or evict_one(). Returns the connection's slot, or the reason it is
  // refused. Every slot is given back by leave().
  struct admission {
    std::optional<slot> admitted;
    std::string refusal;
  };
  admission enter(const boost::asio::ip::address& client, std::function<void()> close);
  // Waiting for a request or reading one (closable), or computing and answering (not).
  void set_idle(slot s, bool idle);
  void leave(slot s);
  // Closes the oldest idle connection of the client pressing hardest; false when none is idle.
  bool evict_one();
  std::size_t size() const;
  // Clients with a record: those holding a connection, and those that held one lately, up to
  // most_remembered() of them (a few hundred kilobytes).
  std::size_t clients_remembered() const;
  std::size_t most_remembered() const noexcept { return most_remembered_; }

private:
  struct client_record {
    std::size_t held = 0;
    double closed = 0; // connections closed to make room, each fading over ten seconds
    clock::time_point stamp;
    double closed_at(clock::time_point now) const;
    double pressure(clock::time_point now) const { return static_cast<double>(held) + closed_at(now); }
  };
  using client_table = std::map<boost::asio::ip::address, client_record>;
  struct connection {
    client_table::iterator client; // never pruned while it holds a connection
    bool idle = true;
    clock::time_point since; // idle since
    std::function<void()> close;
  };
  using table = std::map<slot, connection>;
  // The connection to close: the oldest idle one, of `client` alone when it is given, else of
  // the client pressing hardest.
  table::iterator victim(const std::optional<boost::asio::ip::address>& client, clock::time_point now);
  // Takes the connection out of the table, its client's count with it; returns how to close it.
  std::function<void()> forget(table::iterator it);
  // forget(), for a connection closed to make room: its client remembers it.
  std::function<void()> make_room(table::iterator it, clock::time_point now);
  // Keeps the records within most_remembered_, forgetting clients holding nothing, those whose
  // closed connections weigh least first.
  void prune(clock::time_point now);

  mutable std::mutex mutex_;
  std::size_t max_;
  std::size_t per_client_;
  // Records kept: many more than the slots, so that addresses reconnecting in turn, however
  // many, are remembered while a client never closed waits for its request (were theirs
  // forgotten, each would come back as new as that client).
  std::size_t most_remembered_;
  slot next_ = 0;
  table connections_;
  // Every client holding a connection, and those that held one lately: a client's closed
  // connections count after its last one is gone.
  client_table clients_;
};

} // namespace grundy::web
