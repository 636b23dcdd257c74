// Runs of seconds, apart from the quick octal tests: 0.376 settled (periodic with period 4
// after a preperiod of 2,268,248, proven only past 4.5 million values), and the sparse engine
// checked against the naive one far into games it was made for.
#define BOOST_TEST_MODULE octal_long
#include <boost/test/unit_test.hpp>

#include <grundy/heap/analysis.hpp>
#include <grundy/octal/naive.hpp>
#include <grundy/octal/sparse.hpp>

#include <cstddef>
#include <utility>

using namespace grundy;

BOOST_AUTO_TEST_CASE(settles_0_376) {
  const auto code = octal_code::parse("0.376");
  const auto a = analyse(code);
  BOOST_TEST_REQUIRE(a.period.has_value());
  BOOST_TEST(a.period->preperiod == 2'268'248u);
  BOOST_TEST(a.period->period == 4u);
  BOOST_TEST(a.period->proven);
  BOOST_TEST(octal_values_to_prove(code, 2'268'248, 4) == 4'536'507u);
  BOOST_TEST(a.values.size() == 4'536'507u); // stops exactly where the theorem is satisfied
  BOOST_TEST(a.values.bytes_per_value() == 1u);
  BOOST_TEST(a.method == "sparse");
}

BOOST_AUTO_TEST_CASE(sparse_agrees_with_naive_far) {
  // The naive engine costs about count^2 / 4 pairs per splitting move (some seconds each);
  // both ways of scanning the proofs' pairs are checked against it.
  for (const auto& [text, count] :
       {std::pair{"0.6", std::size_t{200'000}}, std::pair{"0.16", std::size_t{200'000}},
        std::pair{"0.127", std::size_t{200'000}}, std::pair{"0.376", std::size_t{100'000}}}) {
    const auto code = octal_code::parse(text);
    const auto naive = naive_values(code, count);
    for (const bool vector : {true, false}) {
      BOOST_TEST_CONTEXT(text << " vector proofs " << vector) {
        sparse_options options;
        options.vector_proofs = vector;
        BOOST_TEST_REQUIRE((sparse_values(code, count, options) == naive));
      }
    }
  }
}
