#pragma once
// Files the tests write and read back: a scratch directory per test process, whole files read
// at once, and the temporaries that outputs written through a temporary name may leave.

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <unistd.h>

namespace grundy_test {

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// A directory of this process's own (named after `stem` and the process id, so that tests run
// side by side never share one), created on first use.
inline std::filesystem::path scratch_directory(std::string_view stem) {
  auto d = std::filesystem::temp_directory_path() / (std::string(stem) + "-" + std::to_string(::getpid()));
  std::filesystem::create_directories(d);
  return d;
}

// An empty directory `name` in the scratch directory of `stem`, made anew for each test case.
inline std::filesystem::path fresh_directory(std::string_view stem, const std::string& name) {
  auto d = scratch_directory(stem) / name;
  std::filesystem::remove_all(d);
  std::filesystem::create_directories(d);
  return d;
}

inline void put(const std::filesystem::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
}

// Whether a file in `dir` is a temporary left by an output written through a temporary name.
inline bool temporary_left(const std::filesystem::path& dir) {
  for (const auto& f : std::filesystem::directory_iterator(dir))
    if (f.path().filename().string().find(".tmp-") != std::string::npos) return true;
  return false;
}

inline std::size_t count_lines(std::string_view s) {
  std::size_t n = 0;
  for (char c : s)
    n += c == '\n';
  return n;
}

} // namespace grundy_test
