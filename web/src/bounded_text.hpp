#pragma once
// An answer written through an ostream (an export, a DOT file) into a string, under the server's
// bound on an answer's size and the computation's stop flag: the library's writers go on while
// their stream is good, and this one stops them, by an exception the stream passes on, as soon
// as the text passes the bound or the computation is stopped.

#include "answer.hpp"

#include <grundy/stop.hpp>

#include <fmt/format.h>

#include <atomic>
#include <cstddef>
#include <ostream>
#include <streambuf>
#include <string>

namespace grundy::web {

class bounded_text : public std::streambuf {
public:
  bounded_text(std::size_t bound, const std::atomic<bool>* stop) : bound_(bound), stop_(stop) {}
  std::string take() && { return std::move(text_); }

protected:
  int_type overflow(int_type c) override {
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    const char ch = traits_type::to_char_type(c);
    xsputn(&ch, 1);
    return c;
  }

  std::streamsize xsputn(const char* s, std::streamsize n) override {
    const auto count = static_cast<std::size_t>(n);
    if (text_.size() + count > bound_)
      throw http_error(422, fmt::format("the answer would take more than the limit of {} bytes", bound_));
    // The flag, every 64 KB: a large export stops within a fraction of a second.
    if ((text_.size() + count) >> 16 != text_.size() >> 16 && stop_ && stop_->load(std::memory_order_relaxed))
      throw stopped("stopped while writing the answer", stop_reason::interrupted, {});
    text_.append(s, count);
    return n;
  }

private:
  std::string text_;
  std::size_t bound_;
  const std::atomic<bool>* stop_;
};

// Calls write(os) on a stream into a bounded_text, and returns the text; the bound's and the
// flag's exceptions come out of it.
template <class Write>
std::string write_bounded(std::size_t bound, const std::atomic<bool>* stop, Write&& write) {
  bounded_text buffer(bound, stop);
  std::ostream os(&buffer);
  os.exceptions(std::ios::badbit); // the buffer's exception, passed on
  write(os);
  return std::move(buffer).take();
}

} // namespace grundy::web
