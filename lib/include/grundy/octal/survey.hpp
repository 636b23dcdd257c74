#pragma once
// Every octal code with a given number of digits, computed and sorted into settled and open.

#include <grundy/octal/code.hpp>
#include <grundy/periodicity.hpp>

#include <atomic>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace grundy {

struct survey_options {
  std::size_t digits = 2;           // codes 0.d1...dk with k = digits, dk != 0
  std::size_t max_values = 100'000; // values per code at most
  unsigned threads = 0;             // 0: one per hardware thread
  // Called after each code, from one thread at a time: codes done, codes in all.
  std::function<void(std::size_t, std::size_t)> on_progress;
  // Once *stop is true, the codes in progress end within a fraction of a second and no other
  // code starts.
  const std::atomic<bool>* stop = nullptr;
  // Called as each code starts, from the thread that runs it. What it throws fails that code
  // as a failing run would; tests inject failures through it.
  std::function<void(const octal_code&)> on_code;
};

struct survey_row {
  octal_code code;
  std::size_t values = 0;
  grundy_value max_value = 0;
  std::optional<periodicity> period; // proven, or the best seen when the code is still open
  double seconds = 0;
  // Why the code's run failed (what its exception said), empty when it did not: one code that
  // fails, out of memory say, is recorded in its row and the survey goes on with the others.
  std::string error;

  bool failed() const noexcept { return !error.empty(); }
  bool settled() const noexcept { return !failed() && period && period->proven; }
};

// The 7 * 8^(digits-1) octal codes with exactly `digits` digits after the point, in
// increasing order. Throws std::invalid_argument for 0 or more than octal_code::max_digits.
std::vector<octal_code> octal_codes(std::size_t digits);

// Runs every code of octal_codes(options.digits) until its period is proven or max_values
// values are known. Codes are independent, so they are shared among threads; the rows come
// back in the order of octal_codes() whatever the threads. A code whose run throws has its
// row with `error` set. A stopped survey returns only the codes it finished, still in that
// order.
std::vector<survey_row> survey_octal(const survey_options& options);

} // namespace grundy
