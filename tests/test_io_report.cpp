// What a solve reports (grundy/io/report.hpp): the figures as people read them, the statistics
// as text and as JSON read back by Boost.JSON, and a stopped exploration in one line.
#define BOOST_TEST_MODULE io_report
#include <boost/test/unit_test.hpp>

#include <grundy/io/report.hpp>

#include <boost/json.hpp>

#include <string>

namespace io = grundy::io;
namespace json = boost::json;

namespace {

// A small acyclic graph's figures: 5 positions, the start of value 1.
grundy::graph_statistics sample() {
  grundy::graph_statistics s;
  s.vertices = 5;
  s.edges = 6;
  s.terminals = 2;
  s.depth = 3;
  s.start_value = 1;
  s.max_value = 1;
  s.value_counts = {3, 2};
  s.explore_seconds = 0.25;
  s.label_seconds = 0.5;
  s.peak_memory_bytes = 3u << 20;
  return s;
}

} // namespace

BOOST_AUTO_TEST_CASE(numbers_as_people_read_them) {
  BOOST_TEST(io::with_thousands(0) == "0");
  BOOST_TEST(io::with_thousands(999) == "999");
  BOOST_TEST(io::with_thousands(1000) == "1,000");
  BOOST_TEST(io::with_thousands(41234567) == "41,234,567");
  BOOST_TEST(io::with_thousands(18446744073709551615ull) == "18,446,744,073,709,551,615");

  BOOST_TEST(io::format_seconds(0.0123) == "0.012");
  BOOST_TEST(io::format_seconds(9.5) == "9.500");
  BOOST_TEST(io::format_seconds(12.34) == "12.3");

  BOOST_TEST(io::format_bytes(512) == "0.5 KB");
  BOOST_TEST(io::format_bytes(1536) == "1.5 KB");
  BOOST_TEST(io::format_bytes(3u << 20) == "3.0 MB");
  BOOST_TEST(io::format_bytes(5ull << 28) == "1.25 GB");
}

BOOST_AUTO_TEST_CASE(a_stopped_exploration_in_one_line) {
  grundy::build_progress reached;
  reached.levels = 7;
  reached.states = 1234567;
  reached.edges = 2000;
  reached.seconds = 1.5;
  reached.memory_bytes = 2u << 20;
  const grundy::stopped e("the exploration passed 1000000 positions", grundy::stop_reason::states, reached);
  BOOST_TEST(io::describe_stop(e) == "the exploration passed 1000000 positions; reached 1,234,567 positions "
                                     "and 2,000 moves in 7 levels, 1.500 s, 2.0 MB of memory");
  BOOST_TEST(io::describe_stop(e, "raise the limit") ==
             "the exploration passed 1000000 positions (raise the limit); reached 1,234,567 positions and "
             "2,000 moves in 7 levels, 1.500 s, 2.0 MB of memory");
}

BOOST_AUTO_TEST_CASE(statistics_as_aligned_text) {
  const auto text = io::statistics_text({{"game", "nim"}, {"start", "1 2"}}, sample());
  // Every line is a key, padded to the longest key ("peak memory"), two spaces, then its value.
  BOOST_TEST(text.find("game         nim\n") == 0u);
  BOOST_TEST(text.find("\nstart        1 2\n") != std::string::npos);
  BOOST_TEST(text.find("\nvertices     5\n") != std::string::npos);
  BOOST_TEST(text.find("\ngrundy       1 (N: the player to move wins)\n") != std::string::npos);
  BOOST_TEST(text.find("\nvalues       0:3 1:2\n") != std::string::npos);
  BOOST_TEST(text.find("\ntime         0.750 s (0.250 exploring, 0.500 labelling)\n") != std::string::npos);
  BOOST_TEST(text.find("\npeak memory  3.0 MB\n") != std::string::npos);
  BOOST_TEST(text.find("classes") == std::string::npos); // not a symmetric game
}

BOOST_AUTO_TEST_CASE(statistics_as_json) {
  const auto head = io::json_fields(
      {{"game", "tablettes"}, {"colors", "2"}, {"tablets", "3,1"}, {"k", "x"}, {"start", "a\\xff"}});
  const auto v = json::parse(io::statistics_json(head, sample())).as_object();
  BOOST_TEST(v.at("game").as_string() == "tablettes");
  BOOST_TEST(v.at("colors").as_int64() == 2);
  BOOST_TEST(v.at("tablets").as_array().size() == 2u);
  BOOST_TEST(v.at("tablets").as_array().at(0).as_int64() == 3);
  // A field whose text does not fit its type stays the string it is.
  BOOST_TEST(v.at("k").as_string() == "x");
  // The start comes as its portable name (position_name), written as it is.
  BOOST_TEST(v.at("start").as_string() == "a\\xff");
  BOOST_TEST(v.at("vertices").as_int64() == 5);
  BOOST_TEST(v.at("grundy").as_int64() == 1);
  BOOST_TEST(v.at("outcome").as_string() == "N");
  BOOST_TEST(v.at("value_counts").as_array().size() == 2u);
  BOOST_TEST(v.at("seconds").to_number<double>() == 0.75);
  BOOST_TEST(!v.contains("classes"));

  // ∞(K) is null, with K beside it.
  auto loopy = sample();
  loopy.start_value = grundy::infinity;
  loopy.start_infinite_set = {1, 2}; // no move to a P-position: a draw
  const auto l = json::parse(io::statistics_json({}, loopy)).as_object();
  BOOST_TEST(l.at("grundy").is_null());
  BOOST_TEST(l.at("infinite_set").as_array().size() == 2u);
  BOOST_TEST(l.at("outcome").as_string() == "D");
}
