#pragma once
// One connection: requests read one after the other, each answered at once or after its
// computation has run on a worker, the connection watched meanwhile so that a client that leaves
// stops its computation.

#include "server_state.hpp"

#include <boost/asio/ip/tcp.hpp>

#include <memory>

namespace grundy::web {

// Starts serving the connection; it lives as long as it has work.
void start_session(boost::asio::ip::tcp::socket socket, server_state& server);

} // namespace grundy::web
