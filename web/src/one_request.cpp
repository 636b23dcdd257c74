// grundy/web/detail/one_request.hpp: one request read from bytes in memory, as a connection reads
// it from its socket.

#include "guard.hpp"
#include "request_handling.hpp"
#include "router.hpp"

#include <grundy/web/detail/one_request.hpp>

#include <boost/asio/buffer.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/parser.hpp>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <stop_token>
#include <thread>
#include <utility>

namespace grundy::web::detail {

namespace {

namespace http = boost::beast::http;

one_answer from(answer a, bool head) {
  one_answer out;
  out.status = a.status;
  out.content_type = std::move(a.content_type);
  if (!head) out.body = std::move(a.body);
  out.allow = std::move(a.allow);
  return out;
}

// Stops `work` at its deadline, as the server's ticks do, until destroyed.
class deadline_watch {
public:
  explicit deadline_watch(computation& work)
      : thread_([&work](std::stop_token stop) {
          std::mutex mutex;
          std::condition_variable_any wake;
          std::unique_lock lock(mutex);
          const auto deadline = computation::clock::now() +
                                std::chrono::duration_cast<computation::clock::duration>(
                                    std::chrono::duration<double>(std::min(work.seconds(), 1e7)));
          wake.wait_until(lock, stop, deadline, [] { return false; });
          if (!stop.stop_requested()) work.cancel(stop_cause::time);
        }) {}

private:
  std::jthread thread_;
};

} // namespace

std::optional<one_answer> answer_one_request(std::string_view bytes, const server_options& options) {
  const auto& bounds = options.bounds;
  http::request_parser<http::string_body> parser;
  parser.header_limit(header_limit);
  parser.body_limit(bounds.max_body);
  parser.eager(true);
  // The client sends `bytes`, then nothing more: a request they leave unfinished meets the end
  // of its stream, as a connection's reading does.
  boost::beast::error_code ec;
  while (!ec && !parser.is_done()) {
    if (bytes.empty()) {
      if (!parser.got_some()) return std::nullopt;
      parser.put_eof(ec);
      break;
    }
    const auto used = parser.put(boost::asio::buffer(bytes.data(), bytes.size()), ec);
    bytes.remove_prefix(used);
    if (ec == http::error::need_more) ec = {};
    if (used == 0 && !ec) bytes = {}; // what it needs is never sent
  }
  if (ec) {
    auto refused = refuse_read(ec, bounds);
    if (!refused) return std::nullopt;
    return from(std::move(*refused), false);
  }
  auto request = parser.release();
  if (auto refused = refuse_repeated_headers(request)) return from(std::move(*refused), false);
  const request_guard guard(options.host, options.port, options.allowed_hosts);
  const router routes(bounds, guard);
  auto r = routes.dispatch(incoming_of(request));
  if (r.now) return from(std::move(*r.now), r.head);
  computation work(bounds.max_memory, bounds.seconds);
  std::vector<std::string> progress;
  if (r.streams)
    work.set_progress_sink([&progress](std::string line, bool) { progress.push_back(std::move(line)); });
  answer a;
  {
    work.start();
    const deadline_watch watch(work);
    a = run_job(std::move(r.job), work, bounds);
  }
  auto out = from(std::move(a), r.head);
  out.progress = std::move(progress);
  return out;
}

} // namespace grundy::web::detail
