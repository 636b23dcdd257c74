#include "heap_rules.hpp"

#include "bindings.hpp"

#include <string>

namespace grundy::python {

heap_rule to_heap_rule(const py::handle& rule, const char* argument) {
  if (py::isinstance<py::str>(rule)) {
    try {
      return heap_rule::parse(rule.cast<std::string>());
    } catch (const std::invalid_argument& e) {
      throw py::value_error(std::string(argument) + ": " + e.what());
    }
  }
  throw py::type_error(std::string(argument) +
                       " must be a rule: a code or rule string such as '0.07' or 'S(1,3,4)'");
}

void add_heap_rules(py::module_&) {}

} // namespace grundy::python
