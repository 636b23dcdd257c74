// The command line's parsers called directly (those the fuzz targets go through), the default
// memory limit, and output files that are whole or absent. Inputs a fuzzer found are kept
// here by name, besides their place in the corpus (tests/fuzz/).
#define BOOST_TEST_MODULE cli_parsers
#include <boost/test/unit_test.hpp>

#include "cli.hpp"
#include "options.hpp"
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

BOOST_AUTO_TEST_CASE(ranges) {
  const auto r = cli::parse_range("2..5", "--colors");
  BOOST_TEST(r.first == 2u);
  BOOST_TEST(r.last == 5u);
  const auto one = cli::parse_range("7", "--colors");
  BOOST_TEST((one.first == 7u && one.last == 7u));
  BOOST_TEST(cli::parse_range("0..3", "--x", 0).first == 0u);
  for (auto bad : {"", "..", "1..", "..3", "0", "5..2", "1..256", "1...3", "1..2..3", "a", "1..b", "-1", "+1",
                   " 1", "1 ", "18446744073709551616", "4294967297"})
    BOOST_CHECK_THROW(cli::parse_range(bad, "--colors"), cli::usage_error);
}

BOOST_AUTO_TEST_CASE(counts) {
  BOOST_TEST(cli::parse_count("0", "n") == 0u);
  BOOST_TEST(cli::parse_count("18446744073709551615", "n") == 18446744073709551615ull);
  for (auto bad : {"", "-0", "+3", "3x", "0x10", "18446744073709551616", " 3"})
    BOOST_CHECK_THROW(cli::parse_count(bad, "n"), cli::usage_error);
}

// Numeric options: decimal digits only, within the range, every other text refused alike.
BOOST_AUTO_TEST_CASE(whole_numbers_and_seconds) {
  BOOST_TEST(cli::parse_whole("7", "--k", 1, 64) == 7u);
  BOOST_TEST(cli::parse_whole("64", "--k", 1, 64) == 64u);
  BOOST_TEST(cli::parse_whole("18446744073709551615", "--seed", 0, 18446744073709551615ull) ==
             18446744073709551615ull);
  for (auto bad : {"", "0", "65", "-1", "+3", "nan", "inf", "1e3", "1e400", "0x10", "1.5", " 3", "3 ",
                   "18446744073709551616", "99999999999999999999999"})
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

BOOST_AUTO_TEST_CASE(tablets_lists) {
  BOOST_TEST(cli::parse_tablets(3, "4") == (std::vector<unsigned>{4, 4, 4}),
             boost::test_tools::per_element());
  BOOST_TEST(cli::parse_tablets(0, "3,3,2") == (std::vector<unsigned>{3, 3, 2}),
             boost::test_tools::per_element());
  BOOST_TEST(cli::parse_tablets(2, "1,5").size() == 2u);
  for (auto bad : {"", ",", "3,", ",3", "3,,2", "0", "64", "3;2", "1,0"})
    BOOST_CHECK_THROW(cli::parse_tablets(2, bad), cli::usage_error);
  BOOST_CHECK_THROW(cli::parse_tablets(0, "4"), cli::usage_error);   // N needs C
  BOOST_CHECK_THROW(cli::parse_tablets(3, "1,2"), cli::usage_error); // two counts, three colours
  std::string long_list = "1";
  for (int i = 0; i < 200; ++i)
    long_list += ",1";
  BOOST_CHECK_THROW(cli::parse_tablets(0, long_list), cli::usage_error);
}

// --colors 4000000000 --tablets 1 once built a vector of four billion counts before the game
// could say that so many colours do not fit.
BOOST_AUTO_TEST_CASE(regression_huge_colour_count_is_refused_before_allocating) {
  BOOST_CHECK_THROW(cli::parse_tablets(4'000'000'000u, "1"), cli::usage_error);
  BOOST_CHECK_THROW(cli::parse_tablets(129, "1"), cli::usage_error);
}

BOOST_AUTO_TEST_CASE(sizes) {
  BOOST_TEST(cli::parse_size("800M", "--max-memory") == 800ull << 20);
  BOOST_TEST(cli::parse_size("6G", "--max-memory") == 6ull << 30);
  BOOST_TEST(cli::parse_size("1.5k", "--max-memory") == 1536u);
  BOOST_TEST(cli::parse_size("4096", "--max-memory") == 4096u);
  // Bytes are whole: a plain 0.1 or 1.5 was surely meant with a unit; a fraction with a unit is
  // read, and never as 0, which means no limit.
  BOOST_CHECK_THROW(cli::parse_size("0.1", "--max-memory"), cli::usage_error);
  BOOST_TEST(cli::parse_size("0.5K", "--max-memory") == 512u);
  BOOST_TEST(cli::parse_size("0.0001K", "--max-memory") == 1u);
  for (auto bad : {"", "0", "-1G", "1X", "G", "1GG", "nan", "inf", "infG", "1e300", "2000000T", " 1G", "1 G"})
    BOOST_CHECK_THROW(cli::parse_size(bad, "--max-memory"), cli::usage_error);
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
