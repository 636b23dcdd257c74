#include "bindings.hpp"
#include "heap_rules.hpp"

namespace grundy::python {

void add_misere(py::module_&) {}

} // namespace grundy::python
