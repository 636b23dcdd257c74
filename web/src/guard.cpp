#include "guard.hpp"

#include <grundy/portable_name.hpp>

#include <boost/asio/ip/address.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <unistd.h>

namespace grundy::web {

namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

bool is_ip_literal(std::string_view name) {
  boost::system::error_code ec;
  if (name.size() > 2 && name.front() == '[' && name.back() == ']') name = name.substr(1, name.size() - 2);
  boost::asio::ip::make_address(std::string(name), ec);
  return !ec;
}

// "name:port" or "[v6]:port" split; port 80 when none is written.
bool split_host(std::string_view text, std::string& name, std::uint16_t& port) {
  port = 80;
  std::string_view port_text;
  if (!text.empty() && text.front() == '[') {
    const auto close = text.find(']');
    if (close == std::string_view::npos) return false;
    name = lower(text.substr(0, close + 1));
    if (close + 1 < text.size()) {
      if (text[close + 1] != ':') return false;
      port_text = text.substr(close + 2);
    }
  } else {
    const auto colon = text.rfind(':');
    name = lower(text.substr(0, colon));
    if (colon != std::string_view::npos) port_text = text.substr(colon + 1);
  }
  if (name.empty()) return false;
  if (!port_text.empty()) {
    const auto [end, ec] = std::from_chars(port_text.data(), port_text.data() + port_text.size(), port);
    if (ec != std::errc{} || end != port_text.data() + port_text.size()) return false;
  }
  return true;
}

} // namespace

request_guard::request_guard(std::string listen_host, std::uint16_t port, std::vector<std::string> allowed)
    : port_(port) {
  listen_host = lower(listen_host);
  any_address_ = listen_host == "0.0.0.0" || listen_host == "::" || listen_host == "[::]";
  names_ = {"localhost", "127.0.0.1", "[::1]"};
  if (!any_address_) {
    const bool v6 = listen_host.find(':') != std::string::npos;
    names_.push_back(v6 ? "[" + listen_host + "]" : listen_host);
  } else {
    char name[256] = {};
    if (::gethostname(name, sizeof name - 1) == 0 && name[0]) names_.push_back(lower(name));
  }
  for (auto& a : allowed)
    names_.push_back(lower(a));
}

bool request_guard::allowed_host(std::string_view host) const {
  std::string name;
  std::uint16_t port = 0;
  if (!split_host(host, name, port) || port != port_) return false;
  if (std::find(names_.begin(), names_.end(), name) != names_.end()) return true;
  return any_address_ && is_ip_literal(name);
}

std::optional<std::string> request_guard::refuse(const request_headers& h) const {
  if (h.host.empty()) return std::string("the request names no host");
  if (!allowed_host(h.host))
    return fmt::format("this server does not answer to the host '{}'", portable_name(h.host));
  if (!h.api) return std::nullopt;
  // Browsers say where a request comes from; a script run by hand (curl) says nothing, and may.
  if (h.fetch_site == "cross-site" || h.fetch_site == "same-site")
    return std::string("requests from other sites are refused");
  if (!h.origin.empty() && lower(h.origin) != "http://" + lower(h.host))
    return fmt::format("requests from {} are refused", portable_name(h.origin));
  return std::nullopt;
}

} // namespace grundy::web
