#include "cli.hpp"
#include "options.hpp"

#include <grundy/export.hpp>
#include <grundy/memory.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
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
  const auto bound = [&](std::string_view end) {
    try {
      return static_cast<std::uint32_t>(parse_whole(end, what, minimum, 255));
    } catch (const usage_error&) {
      throw usage_error(
          fmt::format("{} takes a number or a range A..B, from {} to 255, not '{}'", what, minimum, text));
    }
  };
  const auto first = bound(first_text);
  const auto last = bound(last_text);
  if (last < first) throw usage_error(fmt::format("{} range '{}' is empty (write it low..high)", what, text));
  return {first, last};
}

std::vector<unsigned> parse_tablets(unsigned colors, std::string_view tablets) {
  if (tablets.empty()) throw usage_error("tablettes need --colors C and --tablets N");
  std::vector<unsigned> counts;
  for (std::size_t begin = 0;;) {
    const auto comma = tablets.find(',', begin);
    const auto word =
        tablets.substr(begin, comma == std::string_view::npos ? std::string_view::npos : comma - begin);
    const auto n = parse_whole(word, "--tablets", 1, 63); // per colour
    // 2T + C bits must fit a position's 128 (tablettes_game says more), so a longer list is
    // refused here, before a vector of millions of counts is built from a long argument.
    if (counts.size() == 128) throw usage_error("--tablets lists at most 128 colours");
    counts.push_back(static_cast<unsigned>(n));
    if (comma == std::string_view::npos) break;
    begin = comma + 1;
  }
  if (counts.size() == 1) {
    if (colors == 0) throw usage_error("tablettes need --colors C (at least 1) with --tablets N");
    if (colors > 128) throw usage_error(fmt::format("--colors {} is too many (at most 128)", colors));
    return std::vector<unsigned>(colors, counts[0]);
  }
  if (colors != 0 && colors != counts.size())
    throw usage_error(
        fmt::format("--colors {} does not match the {} counts of --tablets", colors, counts.size()));
  return counts;
}

std::uint64_t parse_size(std::string_view text, std::string_view what) {
  double number = 0;
  const char* end = text.data() + text.size();
  auto [p, ec] = std::from_chars(text.data(), end, number);
  double unit = 1;
  if (ec == std::errc{} && p + 1 == end) {
    switch (*p) {
    case 'k':
    case 'K':
      unit = 1024.0;
      break;
    case 'm':
    case 'M':
      unit = 1024.0 * 1024;
      break;
    case 'g':
    case 'G':
      unit = 1024.0 * 1024 * 1024;
      break;
    case 't':
    case 'T':
      unit = 1024.0 * 1024 * 1024 * 1024;
      break;
    default:
      unit = 0;
    }
    ++p;
  }
  // NaN fails the first comparison and infinity the second.
  if (text.empty() || ec != std::errc{} || p != end || unit == 0 || !(number > 0) || !(number * unit <= 1e18))
    throw usage_error(fmt::format("{} takes a size such as 800M or 6G, not '{}'", what, text));
  return std::max<std::uint64_t>(1, static_cast<std::uint64_t>(number * unit));
}

namespace {

std::string temporary_name(const std::string& path) { return fmt::format("{}.tmp-{}", path, ::getpid()); }

// A directory where a file is expected is the user's slip, not a failure of the machine.
void refuse_directory(const std::string& path, std::string_view option) {
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored))
    throw usage_error(fmt::format("{} '{}' is a directory: give the name of a file to write", option, path));
}

} // namespace

void check_output_file(const std::string& path, std::string_view option) {
  if (path.empty()) throw usage_error(fmt::format("{} needs a file name", option));
  refuse_directory(path, option);
  // Creating the temporary the real writing will use tells whether the directory exists and may
  // be written, without touching a file already under the real name.
  const std::string probe = temporary_name(path);
  std::FILE* f = std::fopen(probe.c_str(), "wb");
  if (!f) throw run_error(fmt::format("cannot write {} '{}': {}", option, path, std::strerror(errno)));
  std::fclose(f);
  std::remove(probe.c_str());
}

void write_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& write,
                           const std::atomic<bool>* stop) {
  refuse_directory(path, "the output");
  const std::string temporary = temporary_name(path);
  try {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) throw run_error(fmt::format("cannot write '{}': {}", path, std::strerror(errno)));
    write(out);
    out.flush();
    if (!out) throw run_error(fmt::format("cannot write '{}': {}", path, std::strerror(errno)));
    out.close();
    // Renaming makes the file whole under its name for every reader at once, but after a
    // crash of the machine the rename may reach the disk before the data; syncing first rules
    // out an empty checkpoint in place of a good one.
    const int fd = ::open(temporary.c_str(), O_RDONLY);
    if (fd < 0 || ::fsync(fd) != 0) {
      const int error = errno;
      if (fd >= 0) ::close(fd);
      throw run_error(fmt::format("cannot write '{}': {}", path, std::strerror(error)));
    }
    ::close(fd);
    if (stop && stop->load()) throw interrupted_error(fmt::format("interrupted: '{}' was not written", path));
    // The directory may have changed since the run began; the error names the file the user gave.
    std::error_code renamed;
    std::filesystem::rename(temporary, path, renamed);
    if (renamed) throw run_error(fmt::format("cannot write '{}': {}", path, renamed.message()));
  } catch (...) {
    std::error_code ignored;
    std::filesystem::remove(temporary, ignored);
    throw;
  }
}

std::string render_dot(const std::string& dot_path, std::string_view format, const std::atomic<bool>* stop) {
  if (format != "svg" && format != "png")
    throw usage_error(fmt::format("--render takes svg or png, not '{}'", format));
  auto picture = std::filesystem::path(dot_path).replace_extension(format).string();
  if (picture == dot_path) picture += std::string(".") += format;
  refuse_directory(picture, "--render");
  const std::string temporary = temporary_name(picture);
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
  if (stop && stop->load()) {
    std::filesystem::remove(temporary, ignored);
    throw interrupted_error(fmt::format("interrupted: '{}' was not drawn", picture));
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    std::filesystem::remove(temporary, ignored);
    throw run_error(fmt::format("dot could not render '{}'", dot_path));
  }
  std::error_code renamed;
  std::filesystem::rename(temporary, picture, renamed);
  if (renamed) {
    std::filesystem::remove(temporary, ignored);
    throw run_error(fmt::format("cannot write '{}': {}", picture, renamed.message()));
  }
  return picture;
}

std::string format_seconds(double seconds) {
  return seconds < 10 ? fmt::format("{:.3f}", seconds) : fmt::format("{:.1f}", seconds);
}

std::string json_string(std::string_view s) { return json_quoted(s); }

std::string json_value(std::string_view text) {
  const bool numbers = !text.empty() && text.front() != ',' && text.back() != ',' &&
                       text.find(",,") == std::string_view::npos &&
                       text.find_first_not_of("0123456789,") == std::string_view::npos;
  if (!numbers) return json_string(text);
  if (text.find(',') == std::string_view::npos) return std::string(text);
  std::string array = "[";
  for (char c : text)
    array += c == ',' ? std::string(", ") : std::string(1, c);
  return array + "]";
}

} // namespace grundy::cli
