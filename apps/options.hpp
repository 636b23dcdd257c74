#pragma once
// The numeric options of every command, read by the command line's own rules rather than
// CLI11's: decimal digits only (no 0x10, 1e3, -1 or nan), and one message shape for every
// bad value, naming the option, what it takes and the text given.

#include <CLI/CLI.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace grundy::cli {

// A whole number from `low` to `high` written in decimal digits. Throws usage_error:
// "--k takes a whole number from 1 to 64, not '-1'".
std::uint64_t parse_whole(std::string_view text, std::string_view option, std::uint64_t low,
                          std::uint64_t high);

// A number of seconds from `low` to `high`, fractions allowed ("0.5"), but no sign, exponent,
// nan or inf. Throws usage_error: "--checkpoint-every takes seconds from 0 to 86400, not 'nan'".
double parse_seconds(std::string_view text, std::string_view option, double low, double high);

// Adds `--name` reading a whole number from `low` to `high` into `value`, through parse_whole.
CLI::Option* add_whole_option(CLI::App& cmd, const std::string& name, unsigned& value,
                              const std::string& help, std::uint64_t low, std::uint64_t high);
CLI::Option* add_whole_option(CLI::App& cmd, const std::string& name, std::uint64_t& value,
                              const std::string& help, std::uint64_t low, std::uint64_t high);
CLI::Option* add_whole_option(CLI::App& cmd, const std::string& name, std::optional<std::uint64_t>& value,
                              const std::string& help, std::uint64_t low, std::uint64_t high);

// Refuses an empty value for `option` ("--dot ''"), which would otherwise read as the option
// not given: "--dot needs a file name, not ''".
CLI::Option* refuse_empty(CLI::Option* option, std::string_view needs);

// Adds `--max-memory` keeping its text in `text` (read by parse_size when the command runs, an
// empty text then meaning the default) and checking it as typed: '' refused, and a size such as
// 800M or 6G required.
CLI::Option* add_memory_option(CLI::App& cmd, std::string& text, const std::string& help);

// Adds `--name` reading seconds from `low` to `high` into `value`, through parse_seconds.
CLI::Option* add_seconds_option(CLI::App& cmd, const std::string& name, double& value,
                                const std::string& help, double low, double high);

} // namespace grundy::cli
