// Quotient files are checked against their rule on load: tables edited, relabelled or made up
// are refused in one line saying what is false, keys given twice are refused, and the reading
// honours its stop flag and memory limit, a pipe that sends nothing included.
#define BOOST_TEST_MODULE quotient_file_checks
#include <boost/test/unit_test.hpp>

#include <grundy/io/quotient_file.hpp>
#include <grundy/misere/quotient.hpp>
#include <grundy/stop.hpp>

#include "misere_quotient_tables.hpp"
#include "test_files.hpp"

#include <atomic>
#include <chrono>
#include <string>
#include <sys/stat.h>
#include <thread>
#include <vector>

namespace {

using grundy::heap_size;
using grundy::misere_quotient;
using grundy::io::quotient_file_error;
using grundy::io::read_quotient_text;
using element = misere_quotient::element;

std::string list(const std::vector<element>& xs) {
  std::string text = "[";
  for (auto x : xs) {
    if (text.size() > 1) text += ',';
    text += std::to_string(x);
  }
  return text + "]";
}

// A file's text, written here from its parts rather than by the writer under test.
struct file_parts {
  std::string rule;
  heap_size max_heap = 0;
  bool decides = false;
  std::vector<element> heaps, p;
  std::vector<std::vector<element>> products;

  std::string text() const {
    std::string rows;
    for (const auto& row : products) {
      if (!rows.empty()) rows += ',';
      rows += list(row);
    }
    return "{\"format\":\"grundy misere quotient\",\"version\":1,\"rule\":\"" + rule +
           "\",\"max_heap\":" + std::to_string(max_heap) + ",\"order\":" + std::to_string(products.size()) +
           ",\"decides_every_heap\":" + (decides ? "true" : "false") + ",\"heaps\":" + list(heaps) +
           ",\"p\":" + list(p) + ",\"products\":[" + rows + "]}";
  }
};

file_parts parts_of(const misere_quotient& q) {
  const auto t = grundy_test::tables_of(q);
  file_parts f{q.rule().str(), q.max_heap(), q.decides_every_heap(), t.heaps, q.p_portion(), t.products};
  return f;
}

// The message a text is refused with ("" when it loads).
std::string refusal(const std::string& text, const grundy::io::quotient_read_options& options = {}) {
  try {
    read_quotient_text("q.json", text, options);
  } catch (const quotient_file_error& e) {
    const std::string what = e.what();
    BOOST_TEST(what.find('\n') == std::string::npos, what);
    return what;
  }
  return "";
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

} // namespace

BOOST_AUTO_TEST_CASE(true_tables_load) {
  for (const auto& [rule, n] : std::vector<std::pair<std::string, heap_size>>{
           {"0.07", 20}, {"0.33", 12}, {"0.75", 30}, {"S(1,3,4)", 12}, {"grundy", 10}, {"0.3", 9}}) {
    const auto q = grundy_test::quotient(rule, n);
    const auto back = read_quotient_text("q.json", parts_of(q).text());
    BOOST_TEST(back.order() == q.order(), rule);
    BOOST_TEST(back.decides_every_heap() == q.decides_every_heap(), rule);
  }
}

// Heap 1 of Dawson's Kayles (0.07) has no move: a misère N-position, whatever class a file
// gives it. Moved to a class in P, the tables still form a quotient, and only the check against
// the rule sees that they are false.
BOOST_AUTO_TEST_CASE(a_heap_class_edited_is_refused) {
  auto f = parts_of(grundy_test::quotient("0.07", 20));
  BOOST_TEST_REQUIRE(f.heaps[1] == 0u);
  f.heaps[1] = f.p.front();
  const auto why = refusal(f.text());
  BOOST_TEST(contains(why, "is false for 0.07: its tables make heap 1 a misère P-position, but it is an "
                           "N-position"),
             why);
}

// 0.33's quotient decides every heap (the periodicity test on 0.33's own heap classes); under
// the name 0.07 its tables are false.
BOOST_AUTO_TEST_CASE(tables_relabelled_to_another_rule_are_refused) {
  const auto q = grundy_test::quotient("0.33", 12);
  auto f = parts_of(q);
  BOOST_TEST_REQUIRE(read_quotient_text("q.json", f.text()).order() == q.order());
  f.rule = "0.07";
  const auto why = refusal(f.text());
  BOOST_TEST(contains(why, "0.07"), why);
  BOOST_TEST(!why.empty());
}

// Every P-portion one element away from the true one is refused, and among them some that still
// form a reduced monoid (from_tables accepts them): the check against the rule refuses those.
BOOST_AUTO_TEST_CASE(a_wrong_p_portion_is_refused) {
  const auto q = grundy_test::quotient("0.07", 20);
  const auto t = grundy_test::tables_of(q);
  std::size_t quotients = 0;
  for (element x = 1; x < q.order(); ++x) {
    auto f = parts_of(q);
    auto p = t.p;
    p[x] = !p[x];
    f.p.clear();
    for (element y = 0; y < q.order(); ++y)
      if (p[y]) f.p.push_back(y);
    const auto why = refusal(f.text());
    BOOST_TEST(!why.empty(), "P-portion with element " << x << " toggled loads");
    try {
      misere_quotient::from_tables(q.rule(), t.products, p, t.heaps, false);
      ++quotients;
      BOOST_TEST(contains(why, "is false for 0.07"), why);
    } catch (const std::invalid_argument&) {
    }
  }
  BOOST_TEST(quotients > 0u);
}

// Z/500 with P = {1} and heap h in class h: a reduced commutative monoid the heaps generate,
// claimed for 0.3, whose quotient has order 2 (a sum of T tokens is P exactly when T is odd).
BOOST_AUTO_TEST_CASE(a_made_up_cyclic_table_is_refused) {
  file_parts f{"0.3", 10, false, {}, {1}, {}};
  const element order = 500;
  for (heap_size h = 0; h <= f.max_heap; ++h)
    f.heaps.push_back(h);
  f.products.resize(order);
  for (element x = 0; x < order; ++x)
    for (element y = 0; y < order; ++y)
      f.products[x].push_back((x + y) % order);
  const auto why = refusal(f.text());
  // Three heaps of 1 last three moves: the player to move makes the last one and loses (P); the
  // table puts them in class 3, outside P. Smaller sums (1, 1 1, 2) it gets right.
  BOOST_TEST(contains(why,
                      "is false for 0.3: its tables make the sum of heaps 1 1 1 a misère N-position, but "
                      "it is a P-position"),
             why);
}

BOOST_AUTO_TEST_CASE(keys_twice_or_unknown_are_refused) {
  const auto text = parts_of(grundy_test::quotient("0.07", 9)).text();
  const auto twice = text.substr(0, 1) + "\"rule\":\"0.33\"," + text.substr(1);
  BOOST_TEST(contains(refusal(twice), "has the key \"rule\" twice"), refusal(twice));
  const auto unknown = text.substr(0, 1) + "\"checksum\":\"0\"," + text.substr(1);
  BOOST_TEST(contains(refusal(unknown), "unknown key \"checksum\""), refusal(unknown));
  // A key or rule of control characters reaches the message made portable.
  const auto escape = text.substr(0, 1) + "\"\\u001b[2J\":1," + text.substr(1);
  BOOST_TEST(contains(refusal(escape), "\\x1b[2J"), refusal(escape));
  BOOST_TEST(!contains(refusal(escape), "\x1b"));
  auto f = parts_of(grundy_test::quotient("0.07", 9));
  f.rule = "\\u001b]0;title\\u0007";
  BOOST_TEST(!contains(refusal(f.text()), "\x1b"), refusal(f.text()));
  BOOST_TEST(contains(refusal(f.text()), "\\x1b"), refusal(f.text()));
  // Nesting past the format's and values of the wrong kind.
  BOOST_TEST(contains(refusal("[[[[[[[[[[]]]]]]]]]]"), "does not hold a JSON object"));
  BOOST_TEST(contains(refusal("{\"heaps\":[[[[[[1]]]]]]}"), "heap classes that is not"));
  BOOST_TEST(contains(refusal("{\"products\":[[1.5]]}"), "product table that is not"));
}

BOOST_AUTO_TEST_CASE(memory_and_stops_are_honoured) {
  const auto text = parts_of(grundy_test::quotient("0.07", 30)).text();
  // The table of order 360 takes 518400 bytes: counted before it is held.
  grundy::io::quotient_read_options small;
  small.max_memory = 300'000;
  try {
    read_quotient_text("q.json", text, small);
    BOOST_FAIL("loaded within 300000 bytes");
  } catch (const grundy::stopped& e) {
    BOOST_TEST(e.by_limit());
    BOOST_TEST((e.reason() == grundy::stop_reason::memory));
  }
  const std::atomic<bool> stop{true};
  grundy::io::quotient_read_options stopped;
  stopped.stop = &stop;
  BOOST_CHECK_THROW(read_quotient_text("q.json", text, stopped), grundy::stopped);
}

// A pipe nobody writes to: the open does not block, and the stop ends the wait within a second.
BOOST_AUTO_TEST_CASE(a_silent_pipe_stops) {
  const auto dir = grundy_test::fresh_directory("test-quotient-file-checks", "fifo");
  const auto fifo = (dir / "q.json").string();
  BOOST_REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  std::atomic<bool> stop{false};
  std::thread later([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    stop = true;
  });
  const auto from = std::chrono::steady_clock::now();
  grundy::io::quotient_read_options options;
  options.stop = &stop;
  BOOST_CHECK_THROW(grundy::io::read_quotient_file(fifo, options), grundy::stopped);
  later.join();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - from).count();
  BOOST_TEST(seconds < 1.3);
  // An endless stream of zeros is no JSON at its first byte.
  const auto zeros = refusal("");
  BOOST_TEST(!zeros.empty());
  const auto t0 = std::chrono::steady_clock::now();
  try {
    grundy::io::read_quotient_file("/dev/zero");
    BOOST_FAIL("/dev/zero loaded");
  } catch (const quotient_file_error& e) {
    BOOST_TEST(contains(e.what(), "is not JSON"), e.what());
  }
  BOOST_TEST(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() < 1.0);
}
