// 0.376: periodic with period 4 after a preperiod of 2,268,248, proven only past 4.5 million
// values. It takes seconds, so it has an executable of its own.
#define BOOST_TEST_MODULE octal_long
#include <boost/test/unit_test.hpp>

#include <grundy/octal/analysis.hpp>

using namespace grundy;

BOOST_AUTO_TEST_CASE(settles_0_376) {
  const auto code = octal_code::parse("0.376");
  const auto a = analyse_octal(code);
  BOOST_TEST_REQUIRE(a.period.has_value());
  BOOST_TEST(a.period->preperiod == 2'268'248u);
  BOOST_TEST(a.period->period == 4u);
  BOOST_TEST(a.period->proven);
  BOOST_TEST(values_to_prove(code, 2'268'248, 4) == 4'536'507u);
  BOOST_TEST(a.values.size() == 4'536'507u); // stops exactly where the theorem is satisfied
  BOOST_TEST(a.values.bytes_per_value() == 1u);
  BOOST_TEST(to_string(a.method) == "sparse");
}
