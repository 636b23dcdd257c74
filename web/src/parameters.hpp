#pragma once
// A request's target as the API reads it: the path and the query's parameters, decoded, each
// named once, none the endpoint does not know.

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>

namespace grundy::web {

class parameters {
public:
  // The path and parameters of a request target ("/api/graph?game=nim&position=3+4+5"). Throws
  // http_error 400 for a malformed target or a parameter given twice.
  static parameters parse(std::string_view target);

  const std::string& path() const noexcept { return path_; }
  const std::string* find(std::string_view name) const;
  bool has(std::string_view name) const { return find(name) != nullptr; }
  // The parameter's text; http_error 400 naming `name` when it is missing or empty.
  const std::string& required(std::string_view name) const;
  // A flag: 1, true, yes, on (or given empty) or 0, false, no, off; `fallback` when absent.
  bool flag(std::string_view name, bool fallback = false) const;
  // A whole number from low to high; `fallback` when absent.
  std::uint64_t whole(std::string_view name, std::uint64_t low, std::uint64_t high,
                      std::uint64_t fallback) const;
  // Refuses (http_error 400) a parameter outside `known` and the names `more` accepts.
  void refuse_unknown(std::span<const std::string_view> known,
                      bool (*more)(std::string_view) = nullptr) const;
  const std::map<std::string, std::string, std::less<>>& all() const noexcept { return values_; }

private:
  std::string path_;
  std::map<std::string, std::string, std::less<>> values_;
};

// A flag's text read as parameters::flag reads it; `ok` is false for text that is no flag.
bool read_flag(std::string_view text, bool& ok);

} // namespace grundy::web
