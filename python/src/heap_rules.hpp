#pragma once
// Heap rules as Python gives them: a code or rule string, or a rule object of the module.

#include <grundy/heap/rule.hpp>

#include <pybind11/pybind11.h>

namespace grundy::python {

// The heap rule `rule` stands for: a string ("0.07", "S(1,3,4)", "grundy", ...) or one of the
// module's rule objects. Raises ValueError or TypeError naming `argument`.
heap_rule to_heap_rule(const pybind11::handle& rule, const char* argument);

// The game a rule object with heaps stands for (a grundy.Heap), for solve, hint and
// winning_moves; any other object as it is. Raises ValueError for a rule without heaps.
pybind11::object heap_rule_game(const pybind11::object& game);

} // namespace grundy::python
