#pragma once
// Who may talk to the server. A server on the loopback address is still reachable from any page
// the user's browser opens: a page of another site may send it requests (cross-site requests),
// and a name of the attacker's that resolves to 127.0.0.1 makes the browser treat the server as
// that site (DNS rebinding). So the Host header must name this server, and API requests must
// come from its own page.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace grundy::web {

struct request_headers {
  std::string_view host;       // Host
  std::string_view origin;     // Origin, empty when absent
  std::string_view fetch_site; // Sec-Fetch-Site, empty when absent
  bool api = false;            // the request is for the API (not the page's files)
};

class request_guard {
public:
  // `listen_host` as given (127.0.0.1, ::1, localhost, 0.0.0.0, ::, or an address), `port` the
  // one listened on, `allowed` the other names the user allowed.
  request_guard(std::string listen_host, std::uint16_t port, std::vector<std::string> allowed);

  // Why the request is refused (a 403's message), or nullopt when it may go on.
  std::optional<std::string> refuse(const request_headers& h) const;

private:
  bool allowed_host(std::string_view host) const;

  std::vector<std::string> names_; // lower case, brackets around IPv6 addresses
  bool any_address_;               // listening on every interface: any IP literal will do
  std::uint16_t port_;
};

} // namespace grundy::web
