#include "connections.hpp"

#include <algorithm>
#include <utility>
#include <vector>

namespace grundy::web {

namespace net = boost::asio;

net::ip::address client_of(const net::ip::address& peer) {
  if (!peer.is_v6()) return peer;
  const auto v6 = peer.to_v6();
  if (v6.is_v4_mapped()) return net::ip::make_address_v4(net::ip::v4_mapped, v6);
  auto bytes = v6.to_bytes();
  std::fill(bytes.begin() + 8, bytes.end(), 0);
  return net::ip::address_v6(bytes);
}

connection_table::connection_table(std::size_t max_connections)
    : max_(max_connections),
      per_client_(std::min(max_connections, std::max<std::size_t>(2, max_connections / 8))) {}

connection_table::admission connection_table::enter(const net::ip::address& client,
                                                    std::function<void()> close) {
  std::vector<std::function<void()>> closing;
  admission result;
  {
    const std::lock_guard lock(mutex_);
    const auto held = [&] {
      const auto it = per_client_count_.find(client);
      return it == per_client_count_.end() ? std::size_t{0} : it->second;
    };
    if (held() >= per_client_) {
      const auto it = victim(client);
      if (it == connections_.end()) {
        result.refusal = "your address has too many connections open, every one of them busy: try again "
                         "in a moment";
        return result;
      }
      closing.push_back(forget(it));
    }
    if (connections_.size() >= max_) {
      const auto it = victim(std::nullopt);
      if (it == connections_.end()) {
        result.refusal = "the server has too many connections, every one of them busy: try again in a moment";
        return result;
      }
      closing.push_back(forget(it));
    }
    const auto s = next_++;
    connections_.emplace(s, connection{client, true, clock::now(), std::move(close)});
    ++per_client_count_[client];
    result.admitted = s;
  }
  // Outside the lock: closing a connection may end it, and its end gives its slot back.
  for (auto& c : closing)
    if (c) c();
  return result;
}

void connection_table::set_idle(slot s, bool idle) {
  const std::lock_guard lock(mutex_);
  if (const auto it = connections_.find(s); it != connections_.end()) {
    it->second.idle = idle;
    it->second.since = clock::now();
  }
}

void connection_table::leave(slot s) {
  const std::lock_guard lock(mutex_);
  if (const auto it = connections_.find(s); it != connections_.end())
    forget(it); // else closed to make room, and given back then
}

bool connection_table::evict_one() {
  std::function<void()> close;
  {
    const std::lock_guard lock(mutex_);
    const auto it = victim(std::nullopt);
    if (it == connections_.end()) return false;
    close = forget(it);
  }
  if (close) close();
  return true;
}

std::function<void()> connection_table::forget(table::iterator it) {
  auto close = std::move(it->second.close);
  if (const auto c = per_client_count_.find(it->second.client); --c->second == 0) per_client_count_.erase(c);
  connections_.erase(it);
  return close;
}

std::size_t connection_table::size() const {
  const std::lock_guard lock(mutex_);
  return connections_.size();
}

connection_table::table::iterator connection_table::victim(const std::optional<net::ip::address>& client) {
  // A scan of every slot: it happens only when the server is full, and the slots are few.
  auto best = connections_.end();
  std::size_t best_held = 0;
  for (auto it = connections_.begin(); it != connections_.end(); ++it) {
    const auto& c = it->second;
    if (!c.idle || (client && c.client != *client)) continue;
    const auto held = per_client_count_.at(c.client);
    if (best == connections_.end() || held > best_held ||
        (held == best_held && c.since < best->second.since)) {
      best = it;
      best_held = held;
    }
  }
  return best;
}

} // namespace grundy::web
