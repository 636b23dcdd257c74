#include "computation.hpp"

#include "answer.hpp"
#include "failure.hpp"

#include <grundy/io/json_writer.hpp>
#include <grundy/io/render.hpp>
#include <grundy/io/report.hpp>
#include <grundy/io/text.hpp>
#include <grundy/stop.hpp>

#include <fmt/format.h>

#include <new>

namespace grundy::web {

std::string error_json(std::string_view message, std::string_view code, std::string_view details) {
  io::json_writer w;
  w.begin_object().member("error", message);
  if (!code.empty())
    w.member("code", code).key("details").raw(details.empty() ? std::string_view("{}") : details);
  return w.end_object().take();
}

namespace {

std::string progress_line(std::string_view object) {
  io::json_writer w;
  return w.begin_object().key("progress").raw(object).end_object().take();
}

} // namespace

bool computation::overdue(clock::time_point now) const noexcept {
  const auto started = started_.load();
  return started != 0 &&
         std::chrono::duration<double>(now - clock::time_point(clock::duration(started))).count() > seconds_;
}

double computation::queue_seconds() const noexcept {
  const auto started = started_.load();
  const auto end = started != 0 ? clock::time_point(clock::duration(started)) : clock::now();
  return std::chrono::duration<double>(end - queued_at_).count();
}

double computation::run_seconds() const noexcept {
  const auto started = started_.load();
  if (started == 0) return 0;
  return std::chrono::duration<double>(clock::now() - clock::time_point(clock::duration(started))).count();
}

void computation::progress(std::string_view object) {
  if (!sink_) return;
  const auto now = clock::now();
  if (now - last_progress_ < std::chrono::milliseconds(250)) return;
  last_progress_ = now;
  sink_(progress_line(object), false);
}

void computation::progress_kept(std::string_view object) {
  if (sink_) sink_(progress_line(object), true);
}

namespace {

// The code of a limit an engine reached, for the page to word it.
std::string_view stop_code(stop_reason r) {
  switch (r) {
  case stop_reason::states:
    return "limit.states";
  case stop_reason::memory:
    return "limit.memory";
  case stop_reason::level_size:
    return "limit.level";
  case stop_reason::interrupted:
    break;
  }
  return "stopped";
}

} // namespace

answer failure_answer(std::exception_ptr error, const computation& work) {
  // A computation stopped on its flag is reported by why the flag was set, whatever the engine
  // that noticed it threw.
  const auto reached = [&] { return work.reached().empty() ? std::string() : "; reached " + work.reached(); };
  const auto by_cause = [&]() -> std::optional<answer> {
    if (work.account().exceeded())
      return error_answer(422,
                          fmt::format("the computation needed more than its memory limit of {}{}",
                                      memory_limit_text(work.account().limit()), reached()),
                          "limit.memory",
                          io::json_writer()
                              .begin_object()
                              .member("limit", memory_limit_text(work.account().limit()))
                              .member("bytes", work.account().limit())
                              .end_object()
                              .take());
    switch (work.cause()) {
    case stop_cause::time:
      return error_answer(
          422,
          fmt::format("the computation took longer than its limit of {} s, counted from "
                      "its start after {:.1f} s waiting for a worker{}",
                      work.seconds(), work.queue_seconds(), reached()),
          "limit.time",
          io::json_writer().begin_object().member("seconds", work.seconds()).end_object().take());
    case stop_cause::shutdown:
      return error_answer(503, "the server is stopping", "server.stopping");
    case stop_cause::client_gone:
      return error_answer(499, "the client went away"); // nobody reads it
    case stop_cause::none:
      break;
    }
    return std::nullopt;
  };
  try {
    std::rethrow_exception(error);
  } catch (const http_error& e) {
    if (auto a = by_cause()) return *a;
    return error_answer(e.status(), e.what(), e.code());
  } catch (const stopped& e) {
    if (auto a = by_cause()) return *a;
    if (!e.has_figures()) return error_answer(422, e.what() + reached(), stop_code(e.reason()));
    // The figures reached, when the computation had any (an exploration's, not a quotient's).
    return error_answer(
        422, e.reached().states ? io::describe_stop(e) : e.what() + reached(), stop_code(e.reason()),
        io::json_writer().begin_object().member("states", e.reached().states).end_object().take());
  } catch (const std::bad_alloc&) {
    if (auto a = by_cause()) return *a;
    return error_answer(422, "the computation ran out of memory", "limit.memory");
  } catch (const io::render_failed& e) {
    // Graphviz refusing the user's graph (a name too long for it, a picture past the bound) is
    // the graph's limit; Graphviz missing is the server's failure.
    if (auto a = by_cause()) return *a;
    const std::string_view what = e.what();
    return error_answer(what.starts_with("drawing needs") ? 500 : 422, what);
  } catch (const std::invalid_argument& e) {
    // The user's mistake: a position, a code, a graph file the games refuse, in their words.
    if (auto a = by_cause()) return *a;
    return error_answer(400, e.what(), "input");
  } catch (const std::exception& e) {
    if (auto a = by_cause()) return *a;
    return error_answer(500, e.what());
  } catch (...) {
    return error_answer(500, "an unknown error");
  }
}

} // namespace grundy::web
