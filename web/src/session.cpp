#include "session.hpp"

#include "failure.hpp"
#include "request_handling.hpp"

#include <grundy/io/json_writer.hpp>
#include <grundy/memory_account.hpp>
#include <grundy/stop.hpp>

#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <deque>
#include <malloc.h>
#include <optional>
#include <sstream>
#include <string>
#include <sys/socket.h>
#include <utility>

namespace grundy::web {

namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;

// Between requests, and for a request's reading: short, so that connections that send nothing
// cannot hold the server's slots for long.
constexpr auto idle_timeout = std::chrono::seconds(15);
constexpr auto write_timeout = std::chrono::seconds(30); // one piece of an answer

// The page may only run its own scripts and styles and show its own pictures: content that
// reaches it from a game (a vertex's name) can never become code.
constexpr const char* page_policy =
    "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

// The headers every answer carries.
template <class Fields> void common_headers(Fields& f, std::string_view type, bool cacheable) {
  f.set(http::field::server, "grundy");
  f.set(http::field::content_type, type);
  f.set(http::field::cache_control, cacheable ? "no-cache" : "no-store");
  f.set("X-Content-Type-Options", "nosniff");
  f.set("X-Frame-Options", "DENY");
  f.set("Referrer-Policy", "no-referrer");
  if (type.starts_with("text/html")) f.set("Content-Security-Policy", page_policy);
}

// The Server-Timing header of a computation's answer, in milliseconds: the time it waited for a
// worker, and, with `ran`, the time it ran.
std::string server_timing(const computation& work, bool ran) {
  auto timing = fmt::format("queue;dur={:.1f}", 1000 * work.queue_seconds());
  if (ran) timing += fmt::format(", run;dur={:.1f}", 1000 * work.run_seconds());
  return timing;
}

std::string chunk(std::string_view data) { return fmt::format("{:x}\r\n{}\r\n", data.size(), data); }

class session : public std::enable_shared_from_this<session> {
public:
  session(tcp::socket socket, server_state& server) : stream_(std::move(socket)), server_(server) {
    boost::system::error_code ec;
    client_ = client_of(stream_.socket().remote_endpoint(ec).address());
  }
  ~session() {
    for (const auto& [bytes, replaceable] : outgoing_)
      server_.queued_bytes -= bytes.size();
    if (slot_) server_.connections.leave(*slot_);
  }

  // On the I/O thread, as every handler of every connection: the server runs one, so that a
  // connection closed to make room for another is never in the middle of a handler.
  void start() {
    auto admission = server_.connections.enter(client_, [weak = weak_from_this()] {
      if (auto self = weak.lock()) self->make_room();
    });
    if (!admission.admitted) {
      close_after_ = true;
      send_answer(error_answer(503, admission.refusal), false);
      return;
    }
    slot_ = admission.admitted;
    read_request();
  }

private:
  // Closed while waiting for a request (or reading one): another connection needs the slot. A
  // request already read, whose handler has not run yet, is dropped with it.
  void make_room() {
    evicted_ = true;
    close();
  }

  void read_request() {
    if (slot_) server_.connections.set_idle(*slot_, true);
    parser_.emplace();
    parser_->header_limit(header_limit);
    parser_->body_limit(server_.options.bounds.max_body);
    stream_.expires_after(idle_timeout);
    http::async_read_header(stream_, buffer_, *parser_,
                            beast::bind_front_handler(&session::on_header, shared_from_this()));
  }

  // The header alone first: a body past the bound is refused before it is sent (its length is
  // in the header), and a client that waits for "100 Continue" before sending a body gets it.
  void on_header(beast::error_code ec, std::size_t n) {
    if (evicted_) return;
    if (ec || parser_->is_done()) return on_read(ec, n);
    const auto expect = parser_->get()[http::field::expect];
    if (beast::iequals(expect, "100-continue")) {
      static constexpr std::string_view go_on = "HTTP/1.1 100 Continue\r\n\r\n";
      stream_.expires_after(write_timeout);
      return net::async_write(stream_, net::buffer(go_on.data(), go_on.size()),
                              [self = shared_from_this()](beast::error_code ec, std::size_t) {
                                if (ec) return self->close();
                                self->read_body();
                              });
    }
    read_body();
  }

  void read_body() {
    stream_.expires_after(idle_timeout);
    http::async_read(stream_, buffer_, *parser_,
                     beast::bind_front_handler(&session::on_read, shared_from_this()));
  }

  void on_read(beast::error_code ec, std::size_t) {
    if (evicted_) return;
    if (slot_) server_.connections.set_idle(*slot_, false);
    if (ec) {
      auto refused = refuse_read(ec, server_.options.bounds);
      if (!refused) return close();
      close_after_ = true;
      drain_ = ec == http::error::body_limit;
      return send_answer(std::move(*refused), false);
    }
    auto request = parser_->release();
    keep_alive_ = request.keep_alive();
    if (auto refused = refuse_repeated_headers(request)) {
      close_after_ = true;
      return send_answer(std::move(*refused), false);
    }
    if (server_.stopping) close_after_ = true;
    auto r = server_.routes.dispatch(incoming_of(request));
    if (r.now) return send_answer(std::move(*r.now), r.head);
    start_job(std::move(r));
  }

  void start_job(route r) {
    if (server_.stopping)
      return send_answer(error_answer(503, "the server is stopping", "server.stopping"), false);
    const auto& bounds = server_.options.bounds;
    work_ = std::make_shared<computation>(bounds.max_memory, bounds.seconds);
    streaming_ = r.streams;
    stream_started_ = false;
    if (streaming_)
      work_->set_progress_sink(
          [weak = weak_from_this(), executor = stream_.get_executor()](std::string line, bool keep) {
            net::post(executor, [weak, line = std::move(line), keep]() mutable {
              if (auto self = weak.lock()) self->send_progress(std::move(line), keep);
            });
          });
    server_.add(work_);
    auto run = [self = shared_from_this(), job = std::move(r.job), work = work_]() mutable {
      work->start();
      auto a = work->stopped()
                   ? failure_answer(std::make_exception_ptr(
                                        stopped("stopped before it started", stop_reason::interrupted, {})),
                                    *work)
                   : run_job(std::move(job), *work, self->server_.options.bounds);
      // A stream's last line is made here, on the worker, and never copied again.
      if (self->streaming_) a = last_line(std::move(a));
      // A large computation's memory, freed, goes back to the system rather than staying with
      // the worker until its next large one.
      if (work->account().peak() > (std::uint64_t{64} << 20)) ::malloc_trim(0);
      a.timing = server_timing(*work, true);
      self->server_.remove(work);
      net::post(self->stream_.get_executor(),
                [self, a = std::move(a)]() mutable { self->finish_job(std::move(a)); });
    };
    if (!server_.pool.post(client_, std::move(run), server_.options.max_waiting)) {
      server_.remove(work_);
      work_.reset();
      return send_answer(error_answer(503, "the server is busy: try again in a moment", "server.busy"),
                         false);
    }
    ++generation_;
    watch_for_departure();
  }

  // A client that closes its connection while its computation runs stops it: the socket turns
  // readable, and a peek finds the end of the stream.
  void watch_for_departure() {
    stream_.expires_never();
    stream_.socket().async_wait(
        tcp::socket::wait_read, [self = shared_from_this(), generation = generation_](beast::error_code ec) {
          if (ec || generation != self->generation_ || !self->work_) return;
          char byte;
          const auto n = ::recv(self->stream_.socket().native_handle(), &byte, 1, MSG_PEEK | MSG_DONTWAIT);
          if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR))
            self->work_->cancel(stop_cause::client_gone);
          // Else a request sent ahead of this answer: read once this one is done.
        });
  }

  // The last line of a progress stream, for the answer `a`: {"result": ...} holding it (JSON as
  // it is, any other body, a picture, as a string), or {"status": 4xx, "error": ...}.
  static answer last_line(answer a) {
    io::json_writer w;
    w.begin_object();
    if (a.status >= 400) {
      // The error object's members (error_json's) after the status.
      w.member("status", a.status).raw_members(std::string_view(a.body).substr(1, a.body.size() - 2));
    } else if (a.content_type.starts_with("application/json")) {
      // One line: a line feed in JSON text is only ever white space between its tokens (a string
      // writes its own as \n), as in an export written a vertex per line.
      std::replace(a.body.begin(), a.body.end(), '\n', ' ');
      w.key("result").raw(a.body);
    } else {
      w.member("result", a.body);
    }
    a.body = w.end_object().take() + "\n";
    return a;
  }

  void finish_job(answer a) {
    const bool gone = work_ && work_->cause() == stop_cause::client_gone;
    work_.reset();
    ++generation_;
    if (gone || a.status == 499) return close();
    // Answers waiting for slow readers hold memory outside any computation's bound: past the
    // server's share, a new one is refused.
    if (server_.queued_bytes + a.body.size() > server_.options.bounds.max_queued && a.body.size() > 4096) {
      const auto refused =
          error_answer(503, "the server is busy sending other answers: try again in a moment");
      a = streaming_ ? last_line(refused) : refused;
    }
    if (!streaming_) return send_answer(std::move(a), false);
    start_stream(a.timing);
    queue(fmt::format("{:x}\r\n", a.body.size()), false);
    queue(std::move(a.body), false);
    queue("\r\n0\r\n\r\n", false);
    response_queued_ = true;
    write_next();
  }

  // `timing`: the Server-Timing header; a stream that starts before its answer gives the time it
  // waited alone.
  void start_stream(std::string_view timing) {
    if (stream_started_) return;
    stream_started_ = true;
    http::response<http::empty_body> head{http::status::ok, 11};
    common_headers(head, "application/x-ndjson; charset=utf-8", false);
    if (!timing.empty()) head.set("Server-Timing", timing);
    head.chunked(true);
    head.keep_alive(keep_alive_ && !close_after_);
    std::ostringstream os;
    os << head.base();
    queue(std::move(os).str(), false);
  }

  void send_progress(std::string line, bool keep) {
    if (!work_ || !streaming_) return;
    start_stream(server_timing(*work_, false));
    queue(chunk(line + "\n"), !keep);
    write_next();
  }

  // The header, then the body as it is: an answer is never copied on this thread.
  void send_answer(answer a, bool head_only) {
    http::response<http::empty_body> res{static_cast<http::status>(a.status), 11};
    common_headers(res, a.content_type, a.cacheable);
    if (!a.allow.empty()) res.set(http::field::allow, a.allow);
    if (!a.timing.empty()) res.set("Server-Timing", a.timing);
    res.keep_alive(keep_alive_ && !close_after_);
    res.content_length(a.body.size());
    std::ostringstream os;
    os << res.base();
    queue(std::move(os).str(), false);
    if (!head_only && !a.body.empty()) queue(std::move(a.body), false);
    response_queued_ = true;
    write_next();
  }

  // A progress line not yet on its way gives way to a newer one: a slow client gets the latest
  // figures, never a backlog. `replaceable` marks such lines.
  void queue(std::string bytes, bool replaceable) {
    if (replaceable && outgoing_.size() > 1 && outgoing_.back().second) {
      server_.queued_bytes += bytes.size();
      server_.queued_bytes -= outgoing_.back().first.size();
      outgoing_.back().first = std::move(bytes);
      return;
    }
    server_.queued_bytes += bytes.size();
    outgoing_.emplace_back(std::move(bytes), replaceable);
  }

  void write_next() {
    if (writing_ || outgoing_.empty()) return;
    writing_ = true;
    stream_.expires_after(write_timeout);
    net::async_write(
        stream_, net::buffer(outgoing_.front().first),
        [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_written(ec); });
  }

  void on_written(beast::error_code ec) {
    writing_ = false;
    server_.queued_bytes -= outgoing_.front().first.size();
    outgoing_.pop_front();
    if (ec) {
      if (work_) work_->cancel(stop_cause::client_gone);
      return close();
    }
    if (!outgoing_.empty()) return write_next();
    if (!response_queued_) {
      // Progress went out; the computation goes on, watched (watch_for_departure) with no
      // deadline on the connection, which the computation's own bounds replace.
      stream_.expires_never();
      return;
    }
    response_queued_ = false;
    if (close_after_ || !keep_alive_) return finish();
    read_request();
  }

  // After an answer that ends the connection: what the client is still sending (a body past the
  // limit) is read and dropped for a while, so that it sees the answer rather than a reset.
  void finish() {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
    if (!drain_) return close();
    // Nothing more is read from it: its slot may go to another connection.
    if (slot_) server_.connections.set_idle(*slot_, true);
    stream_.expires_after(std::chrono::seconds(5));
    drain_buffer_.resize(64 * 1024);
    drain_more();
  }

  void drain_more() {
    stream_.async_read_some(net::buffer(drain_buffer_),
                            [self = shared_from_this()](beast::error_code ec, std::size_t) {
                              if (ec) return self->close();
                              self->drain_more();
                            });
  }

  void close() {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
    stream_.close();
  }

  beast::tcp_stream stream_;
  server_state& server_;
  net::ip::address client_;
  std::optional<connection_table::slot> slot_; // none: refused, for want of one
  bool evicted_ = false;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  std::deque<std::pair<std::string, bool>> outgoing_; // bytes, and whether a newer line may replace them
  std::vector<char> drain_buffer_;
  std::shared_ptr<computation> work_;
  unsigned generation_ = 0;
  bool keep_alive_ = true;
  bool close_after_ = false;
  bool drain_ = false;
  bool writing_ = false;
  bool response_queued_ = false;
  bool streaming_ = false;
  bool stream_started_ = false;
};

} // namespace

void start_session(tcp::socket socket, server_state& server) {
  std::make_shared<session>(std::move(socket), server)->start();
}

} // namespace grundy::web
