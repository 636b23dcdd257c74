#include <grundy/heap/analysis.hpp>
#include <grundy/octal/survey.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>

namespace grundy {

std::vector<octal_code> octal_codes(std::size_t digits) {
  if (digits == 0 || digits > octal_code::max_digits)
    throw std::invalid_argument(
        fmt::format("a survey needs 1 to {} digits, not {}", octal_code::max_digits, digits));
  std::vector<octal_code> codes;
  std::string text(digits + 2, '0');
  text[1] = '.';
  // Count in base 8 over the digits, the last one from 1 (a trailing 0 makes a shorter code).
  std::vector<int> d(digits, 0);
  d.back() = 1;
  while (true) {
    for (std::size_t i = 0; i < digits; ++i)
      text[i + 2] = static_cast<char>('0' + d[i]);
    codes.push_back(octal_code::parse(text));
    std::size_t i = digits;
    while (i > 0) {
      --i;
      if (++d[i] < 8) break;
      d[i] = i + 1 == digits ? 1 : 0;
      if (i == 0) return codes;
    }
  }
}

std::vector<survey_row> survey_octal(const survey_options& options) {
  const auto codes = octal_codes(options.digits);
  std::vector<survey_row> rows(codes.size());
  std::vector<char> finished(codes.size(), 0);
  std::atomic<std::size_t> next{0};
  std::size_t done = 0;
  std::mutex mutex;
  std::exception_ptr failure;

  const auto work = [&] {
    try {
      for (std::size_t i; (i = next.fetch_add(1)) < codes.size();) {
        analysis_options o;
        o.max_values = options.max_values;
        o.threads = 1; // the codes share the cores already: a helper would take one from another code
        o.stop = options.stop;
        survey_row row;
        row.code = codes[i];
        try {
          if (options.on_code) options.on_code(codes[i]);
          const auto a = analyse(codes[i], o);
          if (a.interrupted) break;
          row.values = a.values.size();
          row.max_value = a.values.max_value();
          row.period = a.period;
          row.seconds = a.seconds;
        } catch (const std::exception& e) {
          row.error = *e.what() ? e.what() : "unknown failure";
        }
        rows[i] = std::move(row);
        finished[i] = 1;
        const std::lock_guard lock(mutex);
        ++done;
        if (options.on_progress) options.on_progress(done, codes.size());
      }
    } catch (...) { // from on_progress: the caller's failure, not a code's
      const std::lock_guard lock(mutex);
      if (!failure) failure = std::current_exception();
      next = codes.size(); // the others stop after their current code
    }
  };

  unsigned threads = options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());
  threads = static_cast<unsigned>(std::min<std::size_t>(threads, codes.size()));
  std::vector<std::thread> pool;
  for (unsigned k = 1; k < threads; ++k)
    pool.emplace_back(work);
  work();
  for (auto& t : pool)
    t.join();
  if (failure) std::rethrow_exception(failure);
  if (std::find(finished.begin(), finished.end(), 0) != finished.end()) {
    std::vector<survey_row> done;
    for (std::size_t i = 0; i < rows.size(); ++i)
      if (finished[i]) done.push_back(std::move(rows[i]));
    return done;
  }
  return rows;
}

} // namespace grundy
