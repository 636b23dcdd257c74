// The arithmetic-periodicity test for hexadecimal codes: every code it proves stays
// arithmetic-periodic far past the values the proof read, and codes whose hypotheses fail are
// not proven.
#define BOOST_TEST_MODULE hex_periodicity
#include <boost/test/unit_test.hpp>

#include <grundy/heap/sequence.hpp>
#include <grundy/periodicity.hpp>

#include <algorithm>
#include <string>
#include <vector>

using namespace grundy;

namespace {

// The one- and two-digit hexadecimal codes (some digit allows three heaps).
std::vector<std::string> hexadecimal_codes() {
  const std::string digits = "0123456789ABCDEF";
  std::vector<std::string> codes;
  for (const char d1 : digits)
    for (const char d2 : std::string(" ") + digits) {
      if (d2 == '0' || (d1 == '0' && (d2 == ' ' || d2 == '0'))) continue;
      std::string code = std::string("0.") + d1 + (d2 == ' ' ? "" : std::string(1, d2));
      if (octal_code::parse(code).hexadecimal()) codes.push_back(code);
    }
  return codes;
}

struct proven_code {
  std::string code;
  periodicity period;
  std::size_t needed;
};

std::vector<proven_code> proven_codes() {
  std::vector<proven_code> out;
  for (const auto& text : hexadecimal_codes()) {
    const auto code = octal_code::parse(text);
    const auto values = heap_values(heap_rule(code), 300);
    const auto p = find_periodicity(values, code);
    if (!p || !p->proven || p->saltus == 0) continue;
    const auto needed = arithmetic_values_to_prove(code, values, *p);
    BOOST_TEST_REQUIRE(needed.has_value(), text);
    out.push_back({text, *p, *needed});
  }
  return out;
}

} // namespace

BOOST_AUTO_TEST_CASE(proven_codes_stay_arithmetic_periodic_twenty_times_past_the_proof) {
  const auto proven = proven_codes();
  BOOST_TEST(proven.size() >= 10u);
  for (const auto& [text, p, needed] : proven) {
    BOOST_TEST_CONTEXT(text << ": period " << p.period << ", saltus " << p.saltus << ", preperiod "
                            << p.preperiod << ", proof reads " << needed) {
      // Only the values the proof read, then the full definition for 20 times as many.
      const heap_rule rule(octal_code::parse(text));
      const auto read = generic_heap_values(rule, needed);
      const auto again = arithmetic_values_to_prove(octal_code::parse(text), read, p);
      BOOST_TEST((again && *again == needed));
      const std::size_t count = std::max<std::size_t>(20 * needed, 400);
      const auto all = generic_heap_values(rule, count);
      for (std::size_t n = 0; n < count; ++n)
        if (all[n] != periodic_value(read, p, n)) {
          BOOST_TEST(all[n] == periodic_value(read, p, n), "G(" << n << ")");
          break;
        }
    }
  }
}

BOOST_AUTO_TEST_CASE(known_arithmetic_periodic_codes_are_proven) {
  // 0.8: take one token, leave three heaps; G(n) = floor((n - 1) / 3) for n >= 1.
  const auto code = octal_code::parse("0.8");
  const auto values = heap_values(heap_rule(code), 64);
  const auto p = find_periodicity(values, code);
  BOOST_TEST_REQUIRE(p.has_value());
  BOOST_TEST(p->proven);
  BOOST_TEST(p->period == 3u);
  BOOST_TEST(p->saltus == 1u);
  for (std::uint64_t n : {1ull, 2ull, 3ull, 4ull, 1000ull, 1000000ull, 123456789ull})
    BOOST_TEST(periodic_value(values, *p, n) == (n - 1) / 3, n);
  // The heap front end reports it proven too.
  const auto h = find_periodicity(values, heap_rule(code));
  BOOST_TEST_REQUIRE(h.has_value());
  BOOST_TEST(h->proven);
  for (const char* text : {"0.C", "0.48", "0.0C", "0.AA"}) {
    const auto c = octal_code::parse(text);
    const auto v = heap_values(heap_rule(c), 300);
    const auto q = find_periodicity(v, c);
    BOOST_TEST_REQUIRE(q.has_value(), text);
    BOOST_TEST(q->proven, text);
    BOOST_TEST(q->saltus != 0u, text);
  }
}

BOOST_AUTO_TEST_CASE(codes_failing_the_hypotheses_are_not_proven) {
  // 0.3F: saltus 3, not a power of two. 0.FF: G(n) = n; past the first heaps the value 0 comes
  // only from two equal heaps, never from the (h0, x, x) options the test asks for. 0.BA: a
  // value of its preperiod reaches the saltus.
  for (const char* text : {"0.3F", "0.FF", "0.BA"}) {
    const auto code = octal_code::parse(text);
    const auto values = heap_values(heap_rule(code), 600);
    const auto p = find_periodicity(values, code);
    BOOST_TEST_REQUIRE(p.has_value(), text);
    BOOST_TEST(p->saltus != 0u, text);
    BOOST_TEST(!p->proven, text);
    BOOST_TEST(!arithmetic_values_to_prove(code, values, *p).has_value(), text);
  }
  // A made-up periodicity the values do not have is never proven either: 0.8 with saltus 2.
  const auto code = octal_code::parse("0.8");
  const auto values = heap_values(heap_rule(code), 64);
  BOOST_TEST(!arithmetic_values_to_prove(code, values, periodicity{1, 3, false, 2}).has_value());
  // Nor is an ordinary period (the octal theorem's business).
  BOOST_TEST(!arithmetic_values_to_prove(code, values, periodicity{1, 3, false, 0}).has_value());
}
