#pragma once
// The page's files, built into the binary from web/assets/ (web/cmake/embed_assets.cmake).

#include <span>
#include <string_view>

namespace grundy::web {

struct asset {
  std::string_view path; // "/index.html"
  std::string_view type; // its Content-Type
  std::string_view body;
};

// Every file of the page, sorted by path.
std::span<const asset> assets();

// The file served at `path` ("/" is /index.html), or null: nothing outside the built-in files
// is ever served, whatever the path says.
inline const asset* find_asset(std::string_view path) {
  if (path == "/") path = "/index.html";
  for (const auto& a : assets())
    if (a.path == path) return &a;
  return nullptr;
}

} // namespace grundy::web
