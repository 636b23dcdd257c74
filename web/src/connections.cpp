#include "connections.hpp"

#include <algorithm>
#include <cmath>
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
      per_client_(std::min(max_connections, std::max<std::size_t>(2, max_connections / 8))),
      most_remembered_(std::max<std::size_t>(4096, 4 * max_connections)) {}

connection_table::admission connection_table::enter(const net::ip::address& client,
                                                    std::function<void()> close) {
  std::vector<std::function<void()>> closing;
  admission result;
  {
    const std::lock_guard lock(mutex_);
    const auto now = clock::now();
    prune(now);
    const auto record = clients_.try_emplace(client).first;
    if (record->second.held >= per_client_) {
      const auto it = victim(client, now);
      if (it == connections_.end()) {
        result.refusal = "your address has too many connections open, every one of them busy: try again "
                         "in a moment";
        return result;
      }
      closing.push_back(make_room(it, now));
    }
    if (connections_.size() >= max_) {
      const auto it = victim(std::nullopt, now);
      if (it == connections_.end()) {
        result.refusal = "the server has too many connections, every one of them busy: try again in a moment";
        return result;
      }
      closing.push_back(make_room(it, now));
    }
    const auto s = next_++;
    connections_.emplace(s, connection{record, true, now, std::move(close)});
    ++record->second.held;
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
    const auto now = clock::now();
    const auto it = victim(std::nullopt, now);
    if (it == connections_.end()) return false;
    close = make_room(it, now);
  }
  if (close) close();
  return true;
}

std::function<void()> connection_table::forget(table::iterator it) {
  auto close = std::move(it->second.close);
  --it->second.client->second.held; // the record stays, for its closed connections
  connections_.erase(it);
  return close;
}

std::function<void()> connection_table::make_room(table::iterator it, clock::time_point now) {
  auto& record = it->second.client->second;
  record.closed = record.closed_at(now) + 1;
  record.stamp = now;
  return forget(it);
}

std::size_t connection_table::size() const {
  const std::lock_guard lock(mutex_);
  return connections_.size();
}

std::size_t connection_table::clients_remembered() const {
  const std::lock_guard lock(mutex_);
  return clients_.size();
}

double connection_table::client_record::closed_at(clock::time_point now) const {
  return closed * std::exp(-std::chrono::duration<double>(now - stamp).count() / 10);
}

connection_table::table::iterator connection_table::victim(const std::optional<net::ip::address>& client,
                                                           clock::time_point now) {
  // A scan of every slot: it happens only when the server is full, and the slots are few.
  auto best = connections_.end();
  double best_pressure = 0;
  for (auto it = connections_.begin(); it != connections_.end(); ++it) {
    const auto& c = it->second;
    if (!c.idle || (client && c.client->first != *client)) continue;
    const auto pressure = c.client->second.pressure(now);
    if (best == connections_.end() || pressure > best_pressure ||
        (pressure == best_pressure && c.since < best->second.since)) {
      best = it;
      best_pressure = pressure;
    }
  }
  return best;
}

void connection_table::prune(clock::time_point now) {
  // Clients holding a connection are at most max_ of them, a quarter of the bound: pruning down
  // to three quarters of it leaves a quarter of it to add before the next prune, so that a
  // prune, a pass over the records, costs a few steps an opening.
  if (clients_.size() < most_remembered_) return;
  std::vector<std::pair<double, client_table::iterator>> idle_clients;
  for (auto it = clients_.begin(); it != clients_.end(); ++it)
    if (it->second.held == 0) idle_clients.emplace_back(it->second.closed_at(now), it);
  const auto keep = most_remembered_ - most_remembered_ / 4;
  const auto excess = clients_.size() > keep ? clients_.size() - keep : 0;
  const auto gone = std::min(excess, idle_clients.size());
  std::nth_element(idle_clients.begin(), idle_clients.begin() + static_cast<std::ptrdiff_t>(gone),
                   idle_clients.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (std::size_t i = 0; i < gone; ++i)
    clients_.erase(idle_clients[i].second);
}

} // namespace grundy::web
