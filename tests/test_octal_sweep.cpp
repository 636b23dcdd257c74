// The sparse engine against the naive one on every octal code of at most three digits and on
// deterministic samples of four-digit and hexadecimal codes, far enough for the rare values to
// grow: the sparse engine's shortcuts (splits, blocks, proofs, aimed witnesses, widening) must
// give exactly the values of every option's mex, or an exception the caller can report,
// never a crash. A run of minutes, labelled `long`.
//
// The naive engine costs about N^2 / 4 pairs per splitting digit (some 2.5 * 10^9 for 10^5
// values, about a second), so the lengths are chosen per code to keep the whole bounded:
// - every code first to 20,000 values: past the first choice of a split (2,048 values) and
//   its first reviews, about 10^8 pairs per splitting digit, a minute for all 511 codes;
// - then to 100,000 the codes whose rare values grow: a splitting move, no three-heap move,
//   and at 20,000 values either 1,000 rare heaps or more, or values past 255 (wider rows and
//   storage, and the splits of 0.371, whose crash this sweep was written for, appear only
//   later). Many codes are the same game but for their first heaps (0.61, 0.62 and 0.63
//   among others); only the first code of each group of codes whose values 2,000 to 20,000
//   coincide goes on, which divides the long runs by about three;
// - hexadecimal codes leave three heaps, for which both engines take naive steps costing
//   N^3 / 36: 1,500 values each.
// Codes run on every core, the checks are made on the main thread once all have finished.
#define BOOST_TEST_MODULE octal_sweep
#include <boost/test/unit_test.hpp>

#include <grundy/octal/naive.hpp>
#include <grundy/octal/sparse.hpp>
#include <grundy/octal/survey.hpp>

#include <boost/container_hash/hash.hpp>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

using namespace grundy;

namespace {

constexpr std::size_t first_length = 20'000;
constexpr std::size_t far_length = 100'000;
constexpr std::size_t hexadecimal_length = 1'500;
constexpr std::size_t many_rare = 1'000;
constexpr std::size_t tail_from = 2'000;

// What one code gave: values compared, and the first difference or exception, if any.
struct outcome {
  std::size_t values = 0;
  std::string failure;
  bool far = false;     // worth a far run: its rare values grow
  std::size_t tail = 0; // hash of its values from tail_from on
  std::size_t rare = 0; // rare heaps at the end
  std::uint64_t sparse_steps = 0;
};

// Sparse (in two calls, as the analysis extends a run) against naive to `count` values.
outcome compare(const octal_code& code, std::size_t count) {
  outcome o;
  try {
    const auto naive = naive_values(code, count);
    sparse_engine engine(code);
    grundy_sequence sparse;
    engine.extend(sparse, count / 3);
    engine.extend(sparse, count);
    o.values = count;
    o.rare = engine.rare_count();
    o.sparse_steps = engine.statistics().sparse_steps;
    if (sparse.size() != count || naive.size() != count) {
      o.failure = "wrong number of values";
      return o;
    }
    for (std::size_t h = 0; h < count; ++h)
      if (sparse[h] != naive[h]) {
        o.failure = "G(" + std::to_string(h) + ") is " + std::to_string(naive[h]) + ", sparse engine " +
                    std::to_string(sparse[h]);
        return o;
      }
    o.far =
        code.max_heaps_left() == 2 && count < far_length && (o.rare >= many_rare || naive.max_value() > 255);
    for (std::size_t h = tail_from; h < count; ++h)
      boost::hash_combine(o.tail, naive[h]);
  } catch (const std::exception& e) {
    o.failure = std::string("exception: ") + e.what();
  }
  return o;
}

// f(i) for i in [0, n) on every core.
template <class F> void on_every_core(std::size_t n, F&& f) {
  std::atomic<std::size_t> next{0};
  const auto work = [&] {
    for (std::size_t i; (i = next.fetch_add(1)) < n;)
      f(i);
  };
  std::vector<std::thread> pool;
  for (unsigned k = 1; k < std::max(2u, std::thread::hardware_concurrency()); ++k)
    pool.emplace_back(work);
  work();
  for (auto& t : pool)
    t.join();
}

// Every code to its first length, then the first code of each far group to far_length.
// Returns the outcomes of the far runs, in the order of `codes`.
std::vector<std::pair<octal_code, outcome>> sweep(const std::vector<octal_code>& codes) {
  std::vector<outcome> first(codes.size());
  on_every_core(codes.size(), [&](std::size_t i) {
    first[i] = compare(codes[i], codes[i].hexadecimal() ? hexadecimal_length : first_length);
  });
  std::vector<std::size_t> far;
  std::map<std::size_t, std::size_t> groups; // tail hash: first code
  for (std::size_t i = 0; i < codes.size(); ++i) {
    BOOST_TEST_CONTEXT(codes[i].str()) {
      BOOST_TEST(first[i].failure.empty(), first[i].failure);
      BOOST_TEST(first[i].values > 0u);
    }
    if (first[i].failure.empty() && first[i].far && groups.emplace(first[i].tail, i).second) far.push_back(i);
  }
  std::vector<std::pair<octal_code, outcome>> results(far.size());
  on_every_core(far.size(), [&](std::size_t k) {
    results[k] = {codes[far[k]], compare(codes[far[k]], far_length)};
  });
  for (const auto& [code, o] : results)
    BOOST_TEST_CONTEXT(code.str()) {
      BOOST_TEST(o.failure.empty(), o.failure);
      BOOST_TEST(o.values == far_length);
    }
  BOOST_TEST_MESSAGE(codes.size() << " codes, " << results.size() << " of them to " << far_length);
  return results;
}

bool contains(const std::vector<std::pair<octal_code, outcome>>& results, const char* code) {
  return std::any_of(results.begin(), results.end(), [&](const auto& r) { return r.first.str() == code; });
}

} // namespace

BOOST_AUTO_TEST_CASE(every_code_of_one_to_three_digits) {
  std::vector<octal_code> codes;
  for (std::size_t digits = 1; digits <= 3; ++digits)
    for (const auto& code : octal_codes(digits))
      codes.push_back(code);
  BOOST_TEST_REQUIRE(codes.size() == 511u);
  const auto far = sweep(codes);
  // The games the sparse engine was made for, and the one that crashed it, went far, and with
  // their splits in use.
  for (const char* code : {"0.6", "0.371", "0.14", "0.64"})
    BOOST_TEST(contains(far, code), code << " went to " << far_length << " values");
  for (const auto& [code, o] : far)
    if (code.str() == "0.6") {
      BOOST_TEST(o.rare == 1583u); // the rare heaps of Officers, as published
      BOOST_TEST(o.sparse_steps > far_length * 9 / 10);
    }
}

BOOST_AUTO_TEST_CASE(a_sample_of_four_digit_codes) {
  // Every 41st of the 3,584 codes (41 is prime to 8, so the sample runs through every digit
  // at every place), and the codes with a digit before the point the engines are known for.
  const auto all = octal_codes(4);
  std::vector<octal_code> codes;
  for (std::size_t i = 0; i < all.size(); i += 41)
    codes.push_back(all[i]);
  for (const char* text : {"4.7", "4.06", "4.37", "4.007", "4.6"})
    codes.push_back(octal_code::parse(text));
  BOOST_TEST_REQUIRE(codes.size() == 93u);
  sweep(codes);
}

BOOST_AUTO_TEST_CASE(a_sample_of_hexadecimal_codes) {
  // Each hexadecimal digit 8 to F at the first and the second place, after or before an
  // octal digit, and before the point.
  std::vector<octal_code> codes;
  const std::string hex = "89ABCDEF";
  for (std::size_t k = 0; k < hex.size(); ++k) {
    const std::string d(1, hex[k]);
    const std::string o(1, static_cast<char>('0' + (3 * k + 1) % 8));
    for (const auto& text : {"0." + d, "0." + o + d, "0." + d + o, "0." + d + "7" + o, "8." + o})
      codes.push_back(octal_code::parse(text));
  }
  BOOST_TEST_REQUIRE(codes.size() == 40u);
  sweep(codes);
}
