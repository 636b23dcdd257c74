#pragma once
// Every octal code with a given number of digits, computed and sorted into settled and open.

#include <grundy/octal/code.hpp>
#include <grundy/octal/periodicity.hpp>

#include <atomic>
#include <cstddef>
#include <functional>
#include <optional>
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
};

struct survey_row {
  octal_code code;
  std::size_t values = 0;
  grundy_value max_value = 0;
  std::optional<periodicity> period; // proven, or the best seen when the code is still open
  double seconds = 0;

  bool settled() const noexcept { return period && period->proven; }
};

// The 7 * 8^(digits-1) octal codes with exactly `digits` digits after the point, in
// increasing order. Throws std::invalid_argument for 0 or more than octal_code::max_digits.
std::vector<octal_code> octal_codes(std::size_t digits);

// Runs every code of octal_codes(options.digits) until its period is proven or max_values
// values are known. Codes are independent, so they are shared among threads; the rows come
// back in the order of octal_codes() whatever the threads. A stopped survey returns only the
// codes it finished, still in that order.
std::vector<survey_row> survey_octal(const survey_options& options);

} // namespace grundy
