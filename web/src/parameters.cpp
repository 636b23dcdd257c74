#include "parameters.hpp"

#include "answer.hpp"

#include <grundy/portable_name.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <string>

namespace grundy::web {

namespace {

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// application/x-www-form-urlencoded: %XX is a byte, + a space.
std::string decode(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '+') {
      out += ' ';
    } else if (c == '%') {
      const int high = i + 1 < text.size() ? hex_digit(text[i + 1]) : -1;
      const int low = i + 2 < text.size() ? hex_digit(text[i + 2]) : -1;
      if (high < 0 || low < 0) throw http_error(400, "the request's address has a malformed %-escape");
      out += static_cast<char>(high * 16 + low);
      i += 2;
    } else {
      out += c;
    }
  }
  return out;
}

} // namespace

bool read_flag(std::string_view text, bool& ok) {
  std::string lower(text);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  ok = true;
  if (lower.empty() || lower == "1" || lower == "true" || lower == "yes" || lower == "on") return true;
  if (lower == "0" || lower == "false" || lower == "no" || lower == "off") return false;
  ok = false;
  return false;
}

parameters parameters::parse(std::string_view target) {
  // Origin-form only ("/path?query"): an absolute URL or "*" is for proxies, which this is not.
  if (target.empty() || target[0] != '/') throw http_error(400, "the request's address must start with /");
  parameters p;
  const auto question = target.find('?');
  p.path_ = decode(target.substr(0, question));
  if (p.path_.find('\0') != std::string::npos)
    throw http_error(400, "the request's path holds a NUL byte (%00)");
  if (question == std::string_view::npos) return p;
  auto query = target.substr(question + 1);
  if (const auto hash = query.find('#'); hash != std::string_view::npos) query = query.substr(0, hash);
  while (!query.empty()) {
    const auto amp = query.find('&');
    const auto pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view{} : query.substr(amp + 1);
    if (pair.empty()) continue;
    const auto equals = pair.find('=');
    auto name = decode(pair.substr(0, equals));
    auto value = equals == std::string_view::npos ? std::string() : decode(pair.substr(equals + 1));
    if (name.empty()) throw http_error(400, "the request has a parameter without a name");
    // Text with a NUL byte cannot be said back in a message, and no game's words hold one.
    if (name.find('\0') != std::string::npos || value.find('\0') != std::string::npos)
      throw http_error(400, "a parameter of the request holds a NUL byte (%00)");
    if (p.values_.contains(name))
      throw http_error(400, fmt::format("the parameter '{}' is given twice", portable_name(name)));
    p.values_.emplace(std::move(name), std::move(value));
  }
  return p;
}

const std::string* parameters::find(std::string_view name) const {
  const auto it = values_.find(name);
  return it == values_.end() ? nullptr : &it->second;
}

const std::string& parameters::required(std::string_view name) const {
  const auto* value = find(name);
  if (!value || value->empty())
    throw http_error(400, fmt::format("the parameter '{}' is missing", portable_name(name)));
  return *value;
}

bool parameters::flag(std::string_view name, bool fallback) const {
  const auto* value = find(name);
  if (!value) return fallback;
  bool ok = false;
  const bool on = read_flag(*value, ok);
  if (!ok) throw http_error(400, fmt::format("{}={} is neither 1 nor 0", name, portable_name(*value)));
  return on;
}

std::uint64_t parameters::whole(std::string_view name, std::uint64_t low, std::uint64_t high,
                                std::uint64_t fallback) const {
  const auto* value = find(name);
  if (!value) return fallback;
  std::uint64_t n = 0;
  const auto* end = value->data() + value->size();
  const auto [stop, ec] = std::from_chars(value->data(), end, n);
  if (value->empty() || ec != std::errc{} || stop != end || n < low || n > high)
    throw http_error(400, fmt::format("{}={} is not a whole number from {} to {}", name,
                                      portable_name(*value), low, high));
  return n;
}

void parameters::refuse_unknown(std::span<const std::string_view> known,
                                bool (*more)(std::string_view)) const {
  for (const auto& [name, value] : values_) {
    if (std::find(known.begin(), known.end(), name) != known.end()) continue;
    if (more && more(name)) continue;
    std::string list;
    for (auto k : known)
      list += (list.empty() ? "" : ", ") + std::string(k);
    throw http_error(400, fmt::format("unknown parameter '{}' for {} (it takes {})", portable_name(name),
                                      portable_name(path_), list));
  }
}

} // namespace grundy::web
