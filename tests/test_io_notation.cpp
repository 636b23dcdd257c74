// The library's readers of numbers typed by people (grundy/io/notation.hpp): what each takes,
// what it refuses, and that its messages name what the caller says it reads, no option of any
// front end. The tool's wrappers (cli::parse_*) are checked in test_cli_parsers.
#define BOOST_TEST_MODULE io_notation
#include <boost/test/unit_test.hpp>

#include <grundy/io/games/tablettes/notation.hpp>
#include <grundy/io/notation.hpp>

#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace io = grundy::io;

namespace {

// The message of the notation_error `f` throws; fails the test when it throws none.
template <class F> std::string refusal(F&& f) {
  try {
    f();
  } catch (const io::notation_error& e) {
    return e.what();
  }
  BOOST_ERROR("no notation_error thrown");
  return {};
}

} // namespace

// Python maps std::invalid_argument to ValueError, and the tool catches it by this type.
static_assert(std::is_base_of_v<std::invalid_argument, io::notation_error>);

BOOST_AUTO_TEST_CASE(ranges) {
  const auto r = io::parse_range("2..5", "colors");
  BOOST_TEST(r.first == 2u);
  BOOST_TEST(r.last == 5u);
  const auto one = io::parse_range("7", "colors");
  BOOST_TEST((one.first == 7u && one.last == 7u));
  BOOST_TEST(io::parse_range("0..3", "x", 0).first == 0u);
  BOOST_TEST(io::parse_range("255", "x").last == 255u);
  for (auto bad : {"", "..", "1..", "..3", "0", "5..2", "1..256", "1...3", "1..2..3", "a", "1..b", "-1", "+1",
                   " 1", "1 ", "18446744073709551616", "4294967297"})
    BOOST_CHECK_THROW(io::parse_range(bad, "colors"), io::notation_error);
  BOOST_TEST(refusal([] { io::parse_range("1..x", "colors"); }) ==
             "colors takes a number or a range A..B, from 1 to 255, not '1..x'");
  BOOST_TEST(refusal([] { io::parse_range("5..2", "colors"); }) ==
             "colors range '5..2' is empty (write it low..high)");
}

BOOST_AUTO_TEST_CASE(counts) {
  BOOST_TEST(io::parse_count("0", "n") == 0u);
  BOOST_TEST(io::parse_count("18446744073709551615", "n") == 18446744073709551615ull);
  for (auto bad : {"", "-0", "+3", "3x", "0x10", "18446744073709551616", " 3"})
    BOOST_CHECK_THROW(io::parse_count(bad, "n"), io::notation_error);
  BOOST_TEST(refusal([] { io::parse_count("3x", "a heap size"); }) ==
             "a heap size must be a non-negative whole number, not '3x'");
}

BOOST_AUTO_TEST_CASE(whole_numbers) {
  BOOST_TEST(io::parse_whole("7", "k", 1, 64) == 7u);
  BOOST_TEST(io::parse_whole("1", "k", 1, 64) == 1u);
  BOOST_TEST(io::parse_whole("64", "k", 1, 64) == 64u);
  BOOST_TEST(io::parse_whole("18446744073709551615", "seed", 0, 18446744073709551615ull) ==
             18446744073709551615ull);
  for (auto bad : {"", "0", "65", "-1", "+3", "nan", "inf", "1e3", "1e400", "0x10", "1.5", " 3", "3 ",
                   "18446744073709551616", "99999999999999999999999"})
    BOOST_CHECK_THROW(io::parse_whole(bad, "k", 1, 64), io::notation_error);
  BOOST_TEST(refusal([] { io::parse_whole("-1", "k", 1, 64); }) ==
             "k takes a whole number from 1 to 64, not '-1'");
}

BOOST_AUTO_TEST_CASE(tablets_lists) {
  BOOST_TEST(grundy::parse_tablets(3, "4", "colors", "tablets") == (std::vector<unsigned>{4, 4, 4}),
             boost::test_tools::per_element());
  BOOST_TEST(grundy::parse_tablets(0, "3,3,2", "colors", "tablets") == (std::vector<unsigned>{3, 3, 2}),
             boost::test_tools::per_element());
  BOOST_TEST(grundy::parse_tablets(2, "1,63", "colors", "tablets").size() == 2u);
  for (auto bad : {"", ",", "3,", ",3", "3,,2", "0", "64", "3;2", "1,0"})
    BOOST_CHECK_THROW(grundy::parse_tablets(2, bad, "colors", "tablets"), io::notation_error);
  std::string long_list = "1";
  for (int i = 0; i < 200; ++i)
    long_list += ",1";
  BOOST_CHECK_THROW(grundy::parse_tablets(0, long_list, "colors", "tablets"), io::notation_error);

  // Every message names the two arguments by the caller's words.
  BOOST_TEST(refusal([] { grundy::parse_tablets(0, "", "colors", "tablets"); }) ==
             "tablettes need colors C and tablets N");
  BOOST_TEST(refusal([] { grundy::parse_tablets(0, "4", "colors", "tablets"); }) ==
             "tablettes need colors C (at least 1) with tablets N");
  BOOST_TEST(refusal([] { grundy::parse_tablets(3, "1,2", "colors", "tablets"); }) ==
             "colors 3 does not match the 2 counts of tablets");
  BOOST_TEST(refusal([] { grundy::parse_tablets(2, "64", "colors", "tablets"); }) ==
             "tablets takes a whole number from 1 to 63, not '64'");
  BOOST_TEST(refusal([&] { grundy::parse_tablets(0, long_list, "colors", "tablets"); }) ==
             "tablets lists at most 128 colours");
}

// A colour count in the billions once built a vector of four billion counts before the game
// could say that so many colours do not fit.
BOOST_AUTO_TEST_CASE(regression_huge_colour_count_is_refused_before_allocating) {
  BOOST_TEST(refusal([] { grundy::parse_tablets(4'000'000'000u, "1", "colors", "tablets"); }) ==
             "colors 4000000000 is too many (at most 128)");
  BOOST_CHECK_THROW(grundy::parse_tablets(129, "1", "colors", "tablets"), io::notation_error);
  BOOST_TEST(grundy::parse_tablets(128, "1", "colors", "tablets").size() == 128u);
}

BOOST_AUTO_TEST_CASE(sizes) {
  BOOST_TEST(io::parse_size("800M", "max_memory") == 800ull << 20);
  BOOST_TEST(io::parse_size("6G", "max_memory") == 6ull << 30);
  BOOST_TEST(io::parse_size("2t", "max_memory") == 2ull << 40);
  BOOST_TEST(io::parse_size("1.5k", "max_memory") == 1536u);
  BOOST_TEST(io::parse_size("4096", "max_memory") == 4096u);
  // Bytes are whole: a plain 0.1 or 1.5 was surely meant with a unit; a fraction with a unit is
  // read, and never as 0, which means no limit.
  BOOST_CHECK_THROW(io::parse_size("0.1", "max_memory"), io::notation_error);
  BOOST_TEST(io::parse_size("0.5K", "max_memory") == 512u);
  BOOST_TEST(io::parse_size("0.0001K", "max_memory") == 1u);
  for (auto bad : {"", "0", "-1G", "1X", "G", "1GG", "nan", "inf", "infG", "1e300", "2000000T", " 1G", "1 G"})
    BOOST_CHECK_THROW(io::parse_size(bad, "max_memory"), io::notation_error);
  BOOST_TEST(refusal([] { io::parse_size("1X", "max_memory"); }) ==
             "max_memory takes a size such as 800M or 6G, not '1X'");
}
