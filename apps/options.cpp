#include "options.hpp"

#include "cli.hpp"

#include <grundy/io/notation.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <system_error>

namespace grundy::cli {

namespace {

// "--threads,-j" -> "--threads": messages name the option by its long name.
std::string long_name(const std::string& spec) { return spec.substr(0, spec.find(',')); }

template <class T>
CLI::Option* add_whole(CLI::App& cmd, const std::string& name, T& value, const std::string& help,
                       std::uint64_t low, std::uint64_t high) {
  // Read as text, so that CLI11 neither converts "0x10" or "1e3" itself nor words the refusal.
  auto* option = cmd.add_option_function<std::string>(
      name,
      [&value, option = long_name(name), low, high](const std::string& text) {
        value = static_cast<T>(parse_whole(text, option, low, high));
      },
      help);
  option->type_name("UINT");
  return option;
}

} // namespace

std::uint64_t parse_whole(std::string_view text, std::string_view option, std::uint64_t low,
                          std::uint64_t high) {
  return as_usage([&] { return io::parse_whole(text, option, low, high); });
}

double parse_seconds(std::string_view text, std::string_view option, double low, double high) {
  // Digits with at most one point: from_chars alone would also take "nan", "inf" and "1e9".
  const auto digits = std::count_if(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
  const auto points = std::count(text.begin(), text.end(), '.');
  const bool plain = digits >= 1 && points <= 1 && static_cast<std::size_t>(digits + points) == text.size();
  double value = 0;
  const auto* end = text.data() + text.size();
  const auto [p, ec] = std::from_chars(text.data(), end, value, std::chars_format::fixed);
  if (!plain || ec != std::errc{} || p != end || !(value >= low && value <= high))
    throw usage_error(
        fmt::format("{} takes seconds from {} to {}, not '{}'", option, low, high, portable_name(text)));
  return value;
}

CLI::Option* add_whole_option(CLI::App& cmd, const std::string& name, unsigned& value,
                              const std::string& help, std::uint64_t low, std::uint64_t high) {
  return add_whole(cmd, name, value, help, low, high);
}

CLI::Option* add_whole_option(CLI::App& cmd, const std::string& name, std::uint64_t& value,
                              const std::string& help, std::uint64_t low, std::uint64_t high) {
  return add_whole(cmd, name, value, help, low, high);
}

CLI::Option* add_whole_option(CLI::App& cmd, const std::string& name, std::optional<std::uint64_t>& value,
                              const std::string& help, std::uint64_t low, std::uint64_t high) {
  auto* option = cmd.add_option_function<std::string>(
      name,
      [&value, option = long_name(name), low, high](const std::string& text) {
        value = parse_whole(text, option, low, high);
      },
      help);
  option->type_name("UINT");
  return option;
}

CLI::Option* refuse_empty(CLI::Option* option, std::string_view needs) {
  return option->each(
      [name = long_name(option->get_name()), needs = std::string(needs)](const std::string& v) {
        if (v.empty()) throw usage_error(fmt::format("{} needs {}, not ''", name, needs));
      });
}

CLI::Option* add_memory_option(CLI::App& cmd, std::string& text, const std::string& help) {
  return refuse_empty(cmd.add_option("--max-memory", text, help), "a size such as 800M or 6G")
      ->each([](const std::string& typed) { parse_size(typed, "--max-memory"); });
}

CLI::Option* add_seconds_option(CLI::App& cmd, const std::string& name, double& value,
                                const std::string& help, double low, double high) {
  auto* option = cmd.add_option_function<std::string>(
      name,
      [&value, option = long_name(name), low, high](const std::string& text) {
        value = parse_seconds(text, option, low, high);
      },
      help);
  option->type_name("SECONDS");
  return option;
}

} // namespace grundy::cli
