#include "cli.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace grundy::cli {

namespace {

std::uint64_t parse_unsigned(std::string_view text, std::string_view what) {
  std::uint64_t value = 0;
  const auto* end = text.data() + text.size();
  auto [p, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc{} || p != end)
    throw usage_error(fmt::format("{} must be a non-negative whole number, not '{}'", what, text));
  return value;
}

} // namespace

std::uint64_t parse_count(std::string_view text, std::string_view what) { return parse_unsigned(text, what); }

range parse_range(std::string_view text, std::string_view what, std::uint32_t minimum) {
  const auto dots = text.find("..");
  const auto first_text = dots == std::string_view::npos ? text : text.substr(0, dots);
  const auto last_text = dots == std::string_view::npos ? text : text.substr(dots + 2);
  const auto first = parse_unsigned(first_text, what);
  const auto last = parse_unsigned(last_text, what);
  if (first < minimum) throw usage_error(fmt::format("{} must be at least {}, not {}", what, minimum, first));
  if (last < first) throw usage_error(fmt::format("{} range '{}' is empty (write it low..high)", what, text));
  if (last > 255) throw usage_error(fmt::format("{} may not exceed 255, not {}", what, last));
  return {static_cast<std::uint32_t>(first), static_cast<std::uint32_t>(last)};
}

void write_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& write) {
  const std::string temporary = fmt::format("{}.tmp-{}", path, ::getpid());
  try {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) throw run_error(fmt::format("cannot write '{}': {}", path, std::strerror(errno)));
    write(out);
    out.flush();
    if (!out) throw run_error(fmt::format("cannot write '{}': {}", path, std::strerror(errno)));
    out.close();
    std::filesystem::rename(temporary, path);
  } catch (...) {
    std::error_code ignored;
    std::filesystem::remove(temporary, ignored);
    throw;
  }
}

std::string render_dot(const std::string& dot_path, std::string_view format) {
  if (format != "svg" && format != "png")
    throw usage_error(fmt::format("--render takes svg or png, not '{}'", format));
  auto picture = std::filesystem::path(dot_path).replace_extension(format).string();
  if (picture == dot_path) picture += std::string(".") += format;
  const std::string temporary = fmt::format("{}.tmp-{}", picture, ::getpid());
  const std::string type = fmt::format("-T{}", format);
  std::vector<char*> argv{
      const_cast<char*>("dot"), const_cast<char*>(type.c_str()),      const_cast<char*>(dot_path.c_str()),
      const_cast<char*>("-o"),  const_cast<char*>(temporary.c_str()), nullptr};
  pid_t pid = 0;
  if (posix_spawnp(&pid, "dot", nullptr, nullptr, argv.data(), environ) != 0)
    throw run_error("--render needs Graphviz's dot, which was not found (install graphviz)");
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  std::error_code ignored;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    std::filesystem::remove(temporary, ignored);
    throw run_error(fmt::format("dot could not render '{}'", dot_path));
  }
  std::filesystem::rename(temporary, picture);
  return picture;
}

std::string format_seconds(double seconds) {
  return seconds < 10 ? fmt::format("{:.3f}", seconds) : fmt::format("{:.1f}", seconds);
}

std::string json_string(std::string_view s) {
  std::string r = "\"";
  for (char c : s) {
    switch (c) {
    case '"':
      r += "\\\"";
      break;
    case '\\':
      r += "\\\\";
      break;
    case '\n':
      r += "\\n";
      break;
    case '\t':
      r += "\\t";
      break;
    default:
      if (static_cast<unsigned char>(c) < 0x20)
        r += fmt::format("\\u{:04x}", c);
      else
        r += c;
    }
  }
  return r + "\"";
}

std::string json_value(std::string_view text) {
  const bool numbers = !text.empty() && text.front() != ',' && text.back() != ',' &&
                       text.find(",,") == std::string_view::npos &&
                       text.find_first_not_of("0123456789,") == std::string_view::npos;
  if (!numbers) return json_string(text);
  if (text.find(',') == std::string_view::npos) return std::string(text);
  std::string array = "[";
  for (char c : text) array += c == ',' ? std::string(", ") : std::string(1, c);
  return array + "]";
}

} // namespace grundy::cli
