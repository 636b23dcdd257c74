// Misère quotients as tables: from_tables's checks, files, the presentation against the
// table, and heaps past the quotient.
#define BOOST_TEST_MODULE misere_quotient_files
#include <boost/test/unit_test.hpp>

#include <grundy/io/quotient_file.hpp>
#include <grundy/misere/quotient.hpp>
#include <grundy/stop.hpp>

#include "misere_quotient_tables.hpp"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <set>
#include <string>
#include <unistd.h>
#include <vector>

using grundy::heap_size;
using grundy::heaps;
using grundy::misere_quotient;
using grundy_test::quotient;
using grundy_test::tables_of;

BOOST_AUTO_TEST_CASE(heaps_past_the_quotient_are_refused) {
  const auto q = quotient("0.07", 6);
  BOOST_CHECK_THROW(q.heap(7), std::out_of_range);
  const heaps s{3, 7};
  BOOST_CHECK_THROW(q.of(s), std::out_of_range);
  BOOST_CHECK_THROW(q.multiply(0, static_cast<misere_quotient::element>(q.order())), std::out_of_range);
}

// The presentation alone rebuilds the quotient: its relations hold in the table, each rewrites
// a word into a smaller one (degree first, then the larger exponent of an earlier generator
// first), so every word rewrites to a word no left side divides; there are exactly order() of
// those and they name distinct elements. The monoid the presentation defines thus has at most
// order() elements and maps onto the quotient: it is the quotient.
BOOST_AUTO_TEST_CASE(presentations_rebuild_their_tables) {
  using word = std::vector<std::uint32_t>;
  const auto smaller = [](const word& a, const word& b) {
    const auto da = std::accumulate(a.begin(), a.end(), std::uint64_t{0});
    const auto db = std::accumulate(b.begin(), b.end(), std::uint64_t{0});
    if (da != db) return da < db;
    for (std::size_t i = 0; i < a.size(); ++i)
      if (a[i] != b[i]) return a[i] > b[i];
    return false;
  };
  for (const auto& [rule, n] : std::vector<std::pair<std::string, heap_size>>{{"0.33", 2},
                                                                              {"0.75", 30},
                                                                              {"0.07", 20},
                                                                              {"0.137", 14},
                                                                              {"0.77", 16},
                                                                              {"S(1,3,4)", 12},
                                                                              {"grundy", 12},
                                                                              {"0.B4", 10}}) {
    const auto q = quotient(rule, n);
    const auto& pres = q.presentation();
    const std::size_t k = pres.generators.size();
    const auto value = [&](const word& w) {
      misere_quotient::element x = misere_quotient::identity;
      for (std::size_t g = 0; g < k; ++g)
        for (std::uint32_t e = 0; e < w[g]; ++e)
          x = q.multiply(x, q.heap(pres.generators[g].heap));
      return x;
    };
    for (const auto& r : pres.relations) {
      BOOST_TEST_REQUIRE(r.left.size() == k);
      BOOST_TEST_REQUIRE(r.right.size() == k);
      BOOST_TEST(value(r.left) == value(r.right), rule);
      BOOST_TEST(smaller(r.right, r.left), rule);
    }
    const auto reducible = [&](const word& w) {
      return std::any_of(pres.relations.begin(), pres.relations.end(), [&](const auto& r) {
        for (std::size_t g = 0; g < k; ++g)
          if (r.left[g] > w[g]) return false;
        return true;
      });
    };
    // Irreducible words, breadth first: their divisors are irreducible too.
    std::set<word> irreducible{word(k, 0)};
    std::vector<word> queue{word(k, 0)};
    for (std::size_t i = 0; i < queue.size() && irreducible.size() <= q.order(); ++i)
      for (std::size_t g = 0; g < k; ++g) {
        word w = queue[i];
        ++w[g];
        if (!reducible(w) && irreducible.insert(w).second) queue.push_back(w);
      }
    BOOST_TEST(irreducible.size() == q.order(), rule);
    std::set<misere_quotient::element> elements;
    for (const auto& w : irreducible)
      elements.insert(value(w));
    BOOST_TEST(elements.size() == irreducible.size(), rule);
  }
}

BOOST_AUTO_TEST_CASE(from_tables_checks_the_tables) {
  const auto q = quotient("0.33", 2);
  const auto [products, p, heaps] = tables_of(q);
  const auto again = misere_quotient::from_tables(q.rule(), products, p, heaps, false);
  BOOST_TEST(again.presentation().str() == q.presentation().str());

  auto broken = products; // not commutative
  std::swap(broken[1][2], broken[2][1]);
  if (broken[1][2] != broken[2][1])
    BOOST_CHECK_THROW(misere_quotient::from_tables(q.rule(), broken, p, heaps, false), std::invalid_argument);
  broken = products; // an entry past the last element
  broken[3][3] = 99;
  BOOST_CHECK_THROW(misere_quotient::from_tables(q.rule(), broken, p, heaps, false), std::invalid_argument);
  auto bad_p = p; // the empty sum in P
  bad_p[0] = true;
  BOOST_CHECK_THROW(misere_quotient::from_tables(q.rule(), products, bad_p, heaps, false),
                    std::invalid_argument);
  BOOST_CHECK_THROW(misere_quotient::from_tables(q.rule(), products, std::vector<bool>(3), heaps, false),
                    std::invalid_argument);
  // Heap 2 left out: the heaps no longer generate the monoid.
  BOOST_CHECK_THROW(misere_quotient::from_tables(q.rule(), products, p, {0, q.heap(1)}, false),
                    std::invalid_argument);
  // Not reduced: two copies of Z/2 where P cannot tell them apart.
  const std::vector<std::vector<misere_quotient::element>> doubled{
      {0, 1, 2, 3}, {1, 0, 3, 2}, {2, 3, 0, 1}, {3, 2, 1, 0}};
  BOOST_CHECK_THROW(
      misere_quotient::from_tables(q.rule(), doubled, {false, true, false, true}, {0, 1, 2}, false),
      std::invalid_argument);
  // Claiming every heap decided where the periodicity test shows nothing (0.33 up to heap 2):
  // refused, while 0.75's R_8 up to heap 30, which the test settles, keeps its claim.
  BOOST_CHECK_THROW(misere_quotient::from_tables(q.rule(), products, p, heaps, true), std::invalid_argument);
  const auto r8 = quotient("0.75", 30);
  const auto t = tables_of(r8);
  BOOST_TEST(misere_quotient::from_tables(r8.rule(), t.products, t.p, t.heaps, true).decides_every_heap());
  // The checks honour a stop flag (they take order² steps and more on large tables).
  const std::atomic<bool> stop{true};
  BOOST_CHECK_THROW(misere_quotient::from_tables(r8.rule(), t.products, t.p, t.heaps, true, &stop),
                    grundy::stopped);
}

BOOST_AUTO_TEST_CASE(files_round_trip_and_malformed_files_are_refused) {
  const auto dir = std::filesystem::temp_directory_path() / ("grundy_quotient_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "q.json").string();
  const auto q = quotient("0.07", 20);
  grundy::io::write_quotient_file(path, q);
  const auto back = grundy::io::read_quotient_file(path);
  BOOST_TEST(back.order() == q.order());
  BOOST_TEST(back.rule().str() == "0.07");
  BOOST_TEST(back.max_heap() == 20u);
  BOOST_TEST(back.presentation().str() == q.presentation().str());
  for (heap_size h = 0; h <= 20; ++h)
    BOOST_TEST(back.heap(h) == q.heap(h));
  BOOST_TEST((back.p_portion() == q.p_portion()));

  std::string text;
  {
    std::ifstream in(path);
    std::getline(in, text);
  }
  auto write = [&](const std::string& name, const std::string& content) {
    const std::string p = (dir / name).string();
    std::ofstream(p) << content;
    return p;
  };
  auto replaced = [&](const std::string& from, const std::string& to) {
    auto t = text;
    const auto at = t.find(from);
    BOOST_TEST_REQUIRE(at != std::string::npos);
    return t.replace(at, from.size(), to);
  };
  using grundy::io::quotient_file_error;
  BOOST_CHECK_THROW(grundy::io::read_quotient_file(write("empty.json", "")), quotient_file_error);
  BOOST_CHECK_THROW(grundy::io::read_quotient_file(write("cut.json", text.substr(0, text.size() / 2))),
                    quotient_file_error);
  BOOST_CHECK_THROW(grundy::io::read_quotient_file(write("array.json", "[1, 2]")), quotient_file_error);
  BOOST_CHECK_THROW(
      grundy::io::read_quotient_file(write("version.json", replaced("\"version\":1", "\"version\":7"))),
      quotient_file_error);
  BOOST_CHECK_THROW(grundy::io::read_quotient_file(write("rule.json", replaced("\"0.07\"", "\"0.0x\""))),
                    quotient_file_error);
  BOOST_CHECK_THROW(
      grundy::io::read_quotient_file(write("heap.json", replaced("\"max_heap\":20", "\"max_heap\":21"))),
      quotient_file_error);
  BOOST_CHECK_THROW(grundy::io::read_quotient_file(
                        write("products.json", replaced("\"products\":[[0,1,", "\"products\":[[0,0,"))),
                    quotient_file_error);
  BOOST_CHECK_THROW(
      grundy::io::read_quotient_file(
          write("decides.json", replaced("\"decides_every_heap\":false", "\"decides_every_heap\":true"))),
      quotient_file_error);
  // Order 0 with a P element: refused before anything is indexed by it.
  BOOST_CHECK_THROW(grundy::io::read_quotient_file(
                        write("order0.json", "{\"format\":\"grundy misere quotient\",\"version\":1,\"rule\":"
                                             "\"0.07\",\"max_heap\":0,\"order\":0,\"decides_every_heap\":"
                                             "false,\"heaps\":[0],\"p\":[0,0,0],\"products\":[]}")),
                    quotient_file_error);
  grundy::io::quotient_read_options small;
  small.max_input_bytes = 100;
  BOOST_CHECK_THROW(grundy::io::read_quotient_file(path, small), quotient_file_error);
  const std::atomic<bool> stop{true};
  grundy::io::quotient_read_options stopped;
  stopped.stop = &stop;
  BOOST_CHECK_THROW(grundy::io::read_quotient_file(path, stopped), grundy::stopped);
  BOOST_CHECK_THROW(grundy::io::read_quotient_file((dir / "missing.json").string()), quotient_file_error);
  BOOST_CHECK_THROW(grundy::io::read_quotient_file(dir.string()), quotient_file_error);
  try {
    grundy::io::read_quotient_file(write("version2.json", replaced("\"version\":1", "\"version\":7")));
  } catch (const quotient_file_error& e) {
    const std::string what = e.what();
    BOOST_TEST(what.find("version 7") != std::string::npos);
    BOOST_TEST(what.find('\n') == std::string::npos);
  }
  std::filesystem::remove_all(dir);
}
