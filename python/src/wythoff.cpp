// Positions of Wythoff's game from Python: two piles, (x, y).

#include "builtin_games.hpp"

#include <cstdint>
#include <string>

namespace grundy::python {

wythoff_game::state_type state_from(const wythoff_game& g, const py::handle& obj) {
  const auto expected = [&] {
    return py::type_error("a position of Wythoff is two piles (x, y), not " +
                          py::repr(obj).cast<std::string>());
  };
  if (py::isinstance<py::str>(obj) || !py::isinstance<py::iterable>(obj)) throw expected();
  std::vector<std::uint64_t> piles;
  for (auto item : obj) {
    if (!py::isinstance<py::int_>(item) || py::isinstance<py::bool_>(item)) throw expected();
    const auto n = py::reinterpret_borrow<py::int_>(item);
    if (n < py::int_(0) || n > py::int_(wythoff_max_pile))
      throw py::value_error("piles hold from 0 to " + std::to_string(wythoff_max_pile) + " tokens, not " +
                            py::repr(item).cast<std::string>());
    piles.push_back(n.cast<std::uint64_t>());
  }
  if (piles.size() != 2) throw expected();
  return g.canonical({piles[0], piles[1]});
}

} // namespace grundy::python
