#include "periodicity.hpp"

#include <grundy/periodicity.hpp>

namespace grundy {

std::size_t octal_values_to_prove(const octal_code& code, std::size_t preperiod, std::size_t period) {
  return detail::octal_count(code)(preperiod, period);
}

} // namespace grundy
