// The command line's parsers called directly (those the fuzz targets go through), the default
// memory limit, and output files that are whole or absent. Inputs a fuzzer found are kept
// here by name, besides their place in the corpus (tests/fuzz/).
#define BOOST_TEST_MODULE cli_parsers
#include <boost/test/unit_test.hpp>

#include "cli.hpp"
#include "options.hpp"
#include "positions.hpp"
#include "test_files.hpp"

#include <grundy/memory.hpp>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

namespace cli = grundy::cli;
namespace fs = std::filesystem;

namespace {

using grundy_test::slurp;
using grundy_test::temporary_left;

fs::path scratch() {
  static const fs::path dir = grundy_test::scratch_directory("grundy-parsers");
  return dir;
}

} // namespace

// The library's readers of numbers (test_io_notation) behind the tool's names: a refusal is a
// usage error (exit status 2), its words naming the tool's options.
BOOST_AUTO_TEST_CASE(number_refusals_are_usage_errors_naming_options) {
  const auto message = [](auto&& f) {
    try {
      f();
    } catch (const cli::usage_error& e) {
      return std::string(e.what());
    }
    return std::string("no usage_error");
  };
  BOOST_TEST(cli::parse_range("2..5", "--colors").last == 5u);
  BOOST_TEST(message([] { cli::parse_range("5..2", "--colors"); }) ==
             "--colors range '5..2' is empty (write it low..high)");
  BOOST_TEST(cli::parse_count("3", "a heap size") == 3u);
  BOOST_TEST(message([] { cli::parse_count("-3", "a heap size"); }) ==
             "a heap size must be a non-negative whole number, not '-3'");
  // The tablettes' two options default to the tool's names.
  BOOST_TEST(cli::parse_tablets(2, "4").size() == 2u);
  BOOST_TEST(message([] { cli::parse_tablets(0, "4"); }) ==
             "tablettes need --colors C (at least 1) with --tablets N");
  BOOST_TEST(message([] { cli::parse_tablets(2, "0"); }) ==
             "--tablets takes a whole number from 1 to 63, not '0'");
  BOOST_TEST(message([] { cli::parse_tablets(4'000'000'000u, "1"); }) ==
             "--colors 4000000000 is too many (at most 128)");
  BOOST_TEST(cli::parse_size("6G", "--max-memory") == 6ull << 30);
  BOOST_TEST(message([] { cli::parse_size("0", "--max-memory"); }) ==
             "--max-memory takes a size such as 800M or 6G, not '0'");
}

// Numeric options: decimal digits only, within the range, every other text refused alike
// (the digits' rules: io::parse_whole, test_io_notation).
BOOST_AUTO_TEST_CASE(whole_numbers_and_seconds) {
  BOOST_TEST(cli::parse_whole("7", "--k", 1, 64) == 7u);
  for (auto bad : {"", "65", "nan", "0x10"})
    BOOST_CHECK_THROW(cli::parse_whole(bad, "--k", 1, 64), cli::usage_error);
  try {
    cli::parse_whole("-1", "--k", 1, 64);
  } catch (const cli::usage_error& e) {
    BOOST_TEST(std::string(e.what()) == "--k takes a whole number from 1 to 64, not '-1'");
  }

  BOOST_TEST(cli::parse_seconds("300", "--every", 0, 604800) == 300.0);
  BOOST_TEST(cli::parse_seconds("0.5", "--every", 0, 604800) == 0.5);
  BOOST_TEST(cli::parse_seconds(".5", "--every", 0, 604800) == 0.5);
  BOOST_TEST(cli::parse_seconds("0", "--every", 0, 604800) == 0.0);
  for (auto bad : {"", ".", "-1", "+1", "nan", "NaN", "inf", "infinity", "1e3", "1e400", "0x10", "1..5",
                   "1.5.", "604801", "99999999999999999999999", " 1"})
    BOOST_CHECK_THROW(cli::parse_seconds(bad, "--every", 0, 604800), cli::usage_error);
}

// The default keeps room: at most three quarters of the memory, and of what is free.
BOOST_AUTO_TEST_CASE(default_memory_limit_leaves_room) {
  const auto limit = grundy::default_memory_limit();
  const auto physical = grundy::physical_memory_bytes();
  BOOST_TEST(limit > 0u);
  BOOST_TEST(limit <= physical / 4 * 3);
  BOOST_TEST(limit <= grundy::available_memory_bytes() / 4 * 3 + (64u << 20)); // free memory moves a bit
}

BOOST_AUTO_TEST_CASE(atomic_files_are_whole_or_absent) {
  const auto path = scratch() / "out.txt";
  cli::write_file_atomically(path.string(), [](std::ostream& os) { os << "first\n"; });
  BOOST_TEST(slurp(path) == "first\n");
  // A writer that fails half-way leaves the old file as it was.
  BOOST_CHECK_THROW(cli::write_file_atomically(path.string(),
                                               [](std::ostream& os) {
                                                 os << "half";
                                                 throw std::runtime_error("disk on fire");
                                               }),
                    std::runtime_error);
  BOOST_TEST(slurp(path) == "first\n");
  // Interrupted while writing: nothing new under the name, no temporary file either.
  std::atomic<bool> stop{false};
  BOOST_CHECK_THROW(cli::write_file_atomically(
                        path.string(),
                        [&](std::ostream& os) {
                          os << "second\n";
                          stop = true;
                        },
                        &stop),
                    cli::interrupted_error);
  BOOST_TEST(slurp(path) == "first\n");
  const auto fresh = scratch() / "never.txt";
  BOOST_CHECK_THROW(cli::write_file_atomically(
                        fresh.string(), [](std::ostream& os) { os << "x"; }, &stop),
                    cli::interrupted_error);
  BOOST_TEST(!fs::exists(fresh));
  BOOST_CHECK_THROW(cli::write_file_atomically((scratch() / "no dir" / "f").string(), [](std::ostream&) {}),
                    cli::run_error);
  BOOST_TEST(!temporary_left(scratch()));
  fs::remove_all(scratch());
}
