// The server's connection slots (web/src/connections.hpp) driven directly: who gives up a slot
// when the server is full, and the bound on what the table remembers of past clients.
#define BOOST_TEST_MODULE connection_table
#include <boost/test/unit_test.hpp>

#include "connections.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <string>

namespace {

using grundy::web::connection_table;
namespace ip = boost::asio::ip;

ip::address address(int n) {
  return ip::make_address_v4(fmt::format("10.{}.{}.{}", n / 62500, n / 250 % 250, n % 250 + 1));
}

// A table whose closings are recorded: each connection says which client it came from.
struct fixture {
  explicit fixture(std::size_t slots) : table(slots) {}

  std::optional<connection_table::slot> open(int client) {
    const auto id = std::make_shared<connection_table::slot>();
    auto admission = table.enter(address(client), [this, client, id] {
      closed.push_back(client);
      live.erase(*id);
    });
    if (admission.admitted) {
      *id = *admission.admitted;
      live[*id] = client;
    } else {
      refusals.push_back(admission.refusal);
    }
    return admission.admitted;
  }

  connection_table table;
  std::map<connection_table::slot, int> live;
  std::vector<int> closed;
  std::vector<std::string> refusals;
};

} // namespace

BOOST_AUTO_TEST_CASE(addresses_reconnecting_when_closed_make_room_for_each_other_not_for_a_quiet_client) {
  // Eight addresses fill a server of eight slots, one connection each (as an ordinary client
  // holds), and a ninth reconnects each time one is closed: with the oldest idle connection
  // closed first, the quiet client's would go after eight reconnections.
  fixture f(8);
  for (int c = 0; c < 8; ++c)
    BOOST_REQUIRE(f.open(c));
  const auto quiet = f.open(100);
  BOOST_REQUIRE(quiet);
  for (int round = 0; round < 1000; ++round) {
    BOOST_REQUIRE(!f.closed.empty());
    BOOST_REQUIRE(f.open(f.closed.back()));
  }
  BOOST_TEST(f.closed.size() == 1001u);
  BOOST_TEST(f.live.count(*quiet) == 1u);
  BOOST_TEST(f.table.size() == 8u);
  // Its request comes: it is answered, and idle again.
  f.table.set_idle(*quiet, false);
  f.table.set_idle(*quiet, true);
  BOOST_REQUIRE(f.open(f.closed.back()));
  BOOST_TEST(f.live.count(*quiet) == 1u);
}

BOOST_AUTO_TEST_CASE(a_client_at_its_share_closes_its_own_oldest_idle_connection) {
  fixture f(16); // two for one client
  const auto first = f.open(0), second = f.open(0);
  const auto other = f.open(1);
  BOOST_REQUIRE(first && second && other);
  BOOST_REQUIRE(f.open(0));
  BOOST_TEST(f.closed == std::vector<int>{0});
  BOOST_TEST(f.live.count(*first) == 0u);
  BOOST_TEST(f.live.count(*second) == 1u);
}

BOOST_AUTO_TEST_CASE(busy_connections_are_never_closed_and_a_newcomer_is_refused) {
  fixture f(2);
  for (int c = 0; c < 2; ++c)
    f.table.set_idle(*f.open(c), false);
  BOOST_TEST(!f.open(5));
  BOOST_TEST(f.closed.empty());
  BOOST_REQUIRE(f.refusals.size() == 1u);
  BOOST_TEST(f.refusals[0].find("every one of them busy") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(many_addresses_reconnecting_in_turn_are_remembered) {
  // Two hundred addresses against 32 slots, each reconnecting when closed, as in the web test
  // but six times as many: were their records forgotten, each would come back as new as the
  // quiet client, and its connection would go.
  fixture f(32);
  for (int c = 0; c < 200; ++c)
    BOOST_REQUIRE(f.open(c));
  std::size_t next = 0; // the next closed connection to come back
  for (; next < 2000; ++next)
    BOOST_REQUIRE(f.open(f.closed[next]));
  const auto quiet = f.open(1000);
  BOOST_REQUIRE(quiet);
  for (const auto stop = next + 5000; next < stop; ++next)
    BOOST_REQUIRE(f.open(f.closed[next]));
  BOOST_TEST(f.live.count(*quiet) == 1u);
  BOOST_TEST(f.closed.size() > next);
}

BOOST_AUTO_TEST_CASE(the_records_of_past_clients_stay_within_a_bound) {
  // Twenty thousand addresses, each closed to make room for the next: the table remembers at
  // most its bound of them, and the connections are right all along.
  fixture f(4);
  const std::size_t bound = f.table.most_remembered();
  BOOST_TEST(bound >= 4096u);
  std::size_t most = 0;
  for (int c = 0; c < 20000; ++c) {
    BOOST_REQUIRE(f.open(c));
    BOOST_REQUIRE(f.table.size() <= 4u);
    most = std::max(most, f.table.clients_remembered());
  }
  BOOST_TEST(most <= bound);
  BOOST_TEST(most >= bound - 4); // it does fill up before it prunes
  BOOST_TEST(f.closed.size() == 20000u - 4u);
  std::set<int> holders;
  for (const auto& [slot, client] : f.live)
    holders.insert(client);
  BOOST_TEST(holders.size() == 4u);
  for (const auto& [slot, client] : f.live)
    f.table.leave(slot);
  BOOST_TEST(f.table.size() == 0u);
}
