// grundy.misere_quotient and grundy.genus: misère play of heap games, as `grundy misere` shows it.

#include "bindings.hpp"
#include "heap_rules.hpp"

#include <grundy/io/quotient_file.hpp>
#include <grundy/io/quotient_text.hpp>
#include <grundy/misere/genus.hpp>
#include <grundy/misere/quotient.hpp>
#include <grundy/stop.hpp>

#include <fmt/format.h>

#include <pybind11/stl.h>

#include <algorithm>
#include <cerrno>
#include <limits>

namespace grundy::python {

[[noreturn]] void raise_stop(const stopped& e, const char* limit_argument) {
  if (!e.by_limit()) throw_keyboard_interrupt();
  const auto type = py::module_::import("grundy").attr("LimitExceeded");
  const char* argument = e.reason() == stop_reason::memory ? "max_memory" : limit_argument;
  PyErr_SetObject(type.ptr(), type(fmt::format("{} (raise {})", e.what(), argument)).ptr());
  throw py::error_already_set();
}

std::uint64_t memory_of(const py::object& max_memory, std::uint64_t fallback) {
  if (max_memory.is_none()) return fallback;
  return solve_settings::from_python(0, py::none(), max_memory).max_memory;
}

namespace {

constexpr std::uint64_t largest_heap = std::numeric_limits<std::uint32_t>::max() - 1;

// A whole number from `low` to `high` given as a Python int; TypeError or ValueError naming `name`.
std::uint64_t whole(const py::handle& value, const char* name, std::uint64_t low, std::uint64_t high) {
  if (!py::isinstance<py::int_>(value) || py::isinstance<py::bool_>(value))
    throw py::type_error(fmt::format("{} must be an int, not {}", name, py::repr(value).cast<std::string>()));
  const auto n = py::reinterpret_borrow<py::int_>(value);
  if (n < py::int_(low) || n > py::int_(high))
    throw py::value_error(fmt::format("{} must be from {} to {}, not {}", name, low, high,
                                      py::repr(value).cast<std::string>()));
  return n.cast<std::uint64_t>();
}

misere_quotient::element heap_element(const misere_quotient& q, const py::handle& heap, const char* name) {
  const auto h = whole(heap, name, 0, largest_heap);
  if (h > q.max_heap() && !q.decides_every_heap())
    throw py::value_error(fmt::format("{} {} is past max_heap: the quotient is of heaps 1..{}, and the "
                                      "periodicity test does not show that it decides larger heaps",
                                      name, h, q.max_heap()));
  return q.heap(static_cast<heap_size>(h));
}

std::vector<std::string> names(const misere_quotient& q, const std::vector<misere_quotient::element>& xs) {
  std::vector<std::string> out;
  for (auto x : xs)
    out.push_back(q.name(x));
  return out;
}

misere_quotient load(const py::object& path_object, const py::object& max_memory) {
  const auto path = path_of(path_object);
  io::quotient_read_options options;
  options.max_memory = memory_of(max_memory, quotient_options{}.max_memory);
  try {
    return interruptible([&](const std::atomic<bool>* stop) {
      options.stop = stop;
      py::gil_scoped_release release;
      return io::read_quotient_file(path, options);
    });
  } catch (const io::quotient_file_error& e) {
    // A file that cannot be opened is an OSError, as open() raises it; one that is not a
    // quotient, a ValueError.
    if (e.system_error() != 0) {
      errno = e.system_error();
      PyErr_SetFromErrnoWithFilename(PyExc_OSError, path.c_str());
      throw py::error_already_set();
    }
    throw py::value_error(fmt::format("path: {}", e.what()));
  } catch (const stopped& e) {
    raise_stop(e, "max_memory");
  }
}

std::string repr(const misere_quotient& q) {
  return fmt::format("<grundy.MisereQuotient of {} on heaps 1..{}: order {}, P-portion of {}{}>",
                     q.rule().str(), q.max_heap(), q.order(), q.p_portion().size(),
                     q.decides_every_heap() ? ", every heap size" : "");
}

// A genus, whether the heap is tame (every position its play reaches has a Nim position's
// genus), and whether every heap from 1 up to it is.
struct heap_genus {
  genus g;
  bool tame = false;
  bool heaps_tame = false;
};

std::vector<heap_genus> genera_of(const py::handle& rule_object, const py::handle& heap_object,
                                  const char* heap_name, const py::object& max_memory) {
  const auto rule = to_heap_rule(rule_object, "rule");
  const auto max_heap = static_cast<heap_size>(whole(heap_object, heap_name, 0, largest_heap));
  genus_options options;
  options.max_memory = memory_of(max_memory, genus_options{}.max_memory);
  std::vector<genus> all;
  tameness t;
  try {
    interruptible([&](const std::atomic<bool>* stop) {
      options.stop = stop;
      py::gil_scoped_release release;
      all = heap_genera(rule, max_heap, options);
      t = heap_tameness(rule, max_heap, options);
    });
  } catch (const stopped& e) {
    raise_stop(e, "max_memory");
  }
  std::vector<heap_genus> out;
  for (heap_size h = 0; h < all.size(); ++h)
    out.push_back({std::move(all[h]), t.heap_tame[h], t.tame || h < t.heap});
  return out;
}

// The genus of a sum of heaps. A sum is tame exactly when each of its heaps is: every heap can
// be played down to a position with no move, which leaves any wild follower of another heap
// alone in the sum.
heap_genus sum_genus(const py::handle& rule_object, const py::handle& heaps_object,
                     const py::object& max_memory) {
  const auto rule = to_heap_rule(rule_object, "rule");
  std::vector<heap_size> heaps;
  for (const auto& item : py::reinterpret_borrow<py::iterable>(heaps_object)) {
    if (heaps.size() >= 64) throw py::value_error("heap lists at most 64 heaps for a genus");
    heaps.push_back(static_cast<heap_size>(whole(item, "a heap", 0, largest_heap)));
  }
  const heap_size largest = heaps.empty() ? 0 : *std::max_element(heaps.begin(), heaps.end());
  genus_options options;
  options.max_memory = memory_of(max_memory, genus_options{}.max_memory);
  heap_genus out;
  try {
    interruptible([&](const std::atomic<bool>* stop) {
      options.stop = stop;
      py::gil_scoped_release release;
      out.g = position_genus(rule, heaps, options);
      const auto t = heap_tameness(rule, largest, options);
      out.tame = std::all_of(heaps.begin(), heaps.end(), [&](heap_size h) { return t.heap_tame[h]; });
      out.heaps_tame = t.tame;
    });
  } catch (const stopped& e) {
    raise_stop(e, "max_memory");
  }
  return out;
}

grundy_value gamma_of(const genus& g, const py::handle& k_object) {
  if (!py::isinstance<py::int_>(k_object) || py::isinstance<py::bool_>(k_object))
    throw py::type_error("k must be an int, not " + py::repr(k_object).cast<std::string>());
  const auto k = py::reinterpret_borrow<py::int_>(k_object);
  if (k < py::int_(0))
    throw py::value_error("k counts heaps of 2, at least 0, not " + py::repr(k).cast<std::string>());
  if (k <= py::int_(std::numeric_limits<std::uint64_t>::max())) return g.gamma(k.cast<std::uint64_t>());
  // Past the digits held the γk alternate: only k's parity counts.
  const std::uint64_t held = g.gammas.size();
  const py::object shifted = k - py::int_(held);
  const auto parity = py::reinterpret_steal<py::object>(PyNumber_Remainder(shifted.ptr(), py::int_(2).ptr()));
  if (!parity) throw py::error_already_set();
  return g.gamma(held + parity.cast<std::uint64_t>());
}

} // namespace

void add_misere(py::module_& m) {
  py::class_<misere_quotient>(
      m, "MisereQuotient",
      "The misère quotient Q_n of a heap game on heaps 1..n (Plambeck and Siegel): a finite commutative\n"
      "monoid whose elements are the classes of sums of heaps, with the P-portion the classes of misère\n"
      "P-positions. Elements are named as words in the generators ('1', 'a', 'b^2 c').")
      .def_property_readonly(
          "rule", [](const misere_quotient& q) { return q.rule().str(); }, "The heap rule, as text.")
      .def_property_readonly("max_heap", &misere_quotient::max_heap,
                             "n: the quotient is of sums of heaps 1..n.")
      .def_property_readonly("order", &misere_quotient::order, "The number of elements.")
      .def_property_readonly(
          "p_portion", [](const misere_quotient& q) { return names(q, q.p_portion()); },
          "The names of the elements whose sums are misère P-positions.")
      .def(
          "element",
          [](const misere_quotient& q, const py::object& heap) {
            return q.name(heap_element(q, heap, "heap"));
          },
          py::arg("heap"),
          "The name of the element of a heap of `heap` tokens (0 <= heap <= max_heap, or any size when\n"
          "decides_every_heap).")
      .def(
          "outcome",
          [](const misere_quotient& q, const py::iterable& heaps) {
            // The class of the sum is multiplied out heap by heap: an iterable without end then
            // holds no memory, and Ctrl-C stops it.
            auto x = misere_quotient::identity;
            std::size_t i = 0;
            for (const auto& h : heaps) {
              x = q.multiply(x, heap_element(q, h, "heaps: each heap"));
              check_signals(i++);
            }
            return std::string(1, q.is_p(x) ? 'P' : 'N');
          },
          py::arg("heaps"),
          "'P' or 'N': the misère outcome of the sum of heaps `heaps` (each at most max_heap, or of any\n"
          "size when decides_every_heap), by the quotient's table.")
      .def_property_readonly(
          "presentation", [](const misere_quotient& q) { return q.presentation().str(); },
          "The presentation, as in '<a, b, c | a^2 = 1, b^3 = b, ...>'.")
      .def_property_readonly(
          "generators",
          [](const misere_quotient& q) {
            std::vector<std::pair<std::string, heap_size>> out;
            for (const auto& g : q.presentation().generators)
              out.emplace_back(g.name, g.heap);
            return out;
          },
          "(name, heap) for each generator: the heap whose class it is.")
      .def_property_readonly(
          "relations",
          [](const misere_quotient& q) {
            const auto& p = q.presentation();
            std::vector<std::pair<std::string, std::string>> out;
            for (const auto& r : p.relations)
              out.emplace_back(io::quotient_word(p, r.left), io::quotient_word(p, r.right));
            return out;
          },
          "(left, right) words for each relation of the presentation.")
      .def_property_readonly(
          "decides_every_heap", &misere_quotient::decides_every_heap,
          "True when the periodicity test shows that heaps past max_heap leave the quotient unchanged:\n"
          "element() and outcome() then take heaps of any size (heap h past max_heap has the element\n"
          "of heap h - period).")
      .def_property_readonly(
          "period", [](const misere_quotient& q) { return q.period(); },
          "The period p the periodicity test proved (0 without it): heap h past max_heap has the\n"
          "element of heap h - p.")
      .def(
          "save",
          [](const misere_quotient& q, const py::object& path) {
            const auto file = path_of(path);
            interruptible([&](const std::atomic<bool>* stop) {
              py::gil_scoped_release release;
              io::write_quotient_file(file, q, stop);
            });
          },
          py::arg("path"),
          "Writes the quotient to a file (as grundy misere --save does), for MisereQuotient.load.")
      .def_static(
          "load", &load, py::arg("path"), py::kw_only(), py::arg("max_memory") = py::none(),
          "The quotient a file written by save() (or grundy misere --save) holds, without computing it: its "
          "tables are checked against the rule (every sum of heaps up to max_heap has the outcome they "
          "give), and a file they fail is a ValueError saying what is false.\n"
          "max_memory: bytes or '6G' the reading and the check may hold (4G by default; past it, "
          "grundy.LimitExceeded); Ctrl-C raises KeyboardInterrupt.")
      .def("__repr__", &repr);

  m.def(
      "misere_quotient",
      [](const py::object& rule_object, const py::object& max_heap_object, const py::object& max_order,
         const py::object& max_memory) {
        const auto rule = to_heap_rule(rule_object, "rule");
        const auto max_heap = static_cast<heap_size>(whole(max_heap_object, "max_heap", 1, largest_heap));
        quotient_options options;
        if (!max_order.is_none())
          options.max_order = static_cast<std::size_t>(whole(max_order, "max_order", 1, 1'000'000'000));
        options.max_memory = memory_of(max_memory, options.max_memory);
        try {
          return interruptible([&](const std::atomic<bool>* stop) {
            options.stop = stop;
            py::gil_scoped_release release;
            return compute_misere_quotient(rule, max_heap, options);
          });
        } catch (const stopped& e) {
          raise_stop(e, "max_order");
        }
      },
      py::arg("rule"), py::arg("max_heap"), py::kw_only(), py::arg("max_order") = py::none(),
      py::arg("max_memory") = py::none(),
      "The misère quotient of a heap game on heaps 1..max_heap, each candidate verified against the "
      "rules.\n\n"
      "rule: a code or rule string ('0.07', 'S(1,3,4)', 'allbut(1,3)', 'grundy', 'squares').\n"
      "max_order: give up past a quotient of this order (default 100000); max_memory: bytes or '6G'.\n"
      "Past either, grundy.LimitExceeded; Ctrl-C raises KeyboardInterrupt.");

  py::class_<heap_genus>(
      m, "Genus",
      "Conway's genus g^{γ0 γ1 ...} of a heap: g its normal-play value, γk the misère value of the "
      "heap plus k heaps *2.")
      .def_property_readonly(
          "normal", [](const heap_genus& h) { return h.g.normal; }, "g: the normal-play value.")
      .def_property_readonly(
          "gammas", [](const heap_genus& h) { return h.g.gammas; },
          "γ0, γ1, ... up to the first two digits of their final alternation.")
      .def(
          "gamma", [](const heap_genus& h, const py::object& k) { return gamma_of(h.g, k); }, py::arg("k"),
          "γk for any k >= 0: the misère value of the heap plus k heaps *2.")
      .def_property_readonly(
          "symbol", [](const heap_genus& h) { return h.g.symbol(); }, "As in '1^031'.")
      .def_property_readonly(
          "of_nim_heap", [](const heap_genus& h) { return h.g.of_nim_heap(); },
          "True for a Nim heap's genus: 0^120, 1^031 or g^{g, g XOR 2}.")
      .def_property_readonly(
          "tame", [](const heap_genus& h) { return h.tame; },
          "True when every position play from this heap reaches has the genus of a position of Nim:\n"
          "misère play on such heaps then follows misère Nim with the heaps' normal values.")
      .def_property_readonly(
          "heaps_tame", [](const heap_genus& h) { return h.heaps_tame; },
          "True when every heap from 1 up to this one is tame (the game is tame on those heaps).")
      .def("__str__", [](const heap_genus& h) { return h.g.symbol(); })
      .def("__repr__", [](const heap_genus& h) { return "<grundy.Genus " + h.g.symbol() + ">"; })
      .def("__eq__", [](const heap_genus& a, const heap_genus& b) { return a.g == b.g; })
      .def("__hash__", [](const heap_genus& h) { return py::hash(py::str(h.g.symbol())); });

  m.def(
      "genus",
      [](const py::object& rule, const py::object& heap, const py::object& max_memory) {
        if (!py::isinstance<py::int_>(heap) && !py::isinstance<py::str>(heap) &&
            py::isinstance<py::iterable>(heap))
          return sum_genus(rule, heap, max_memory);
        return genera_of(rule, heap, "heap", max_memory).back();
      },
      py::arg("rule"), py::arg("heap"), py::kw_only(), py::arg("max_memory") = py::none(),
      "The genus of a heap of `heap` tokens of a heap game (a Genus), or of a sum of heaps given as\n"
      "a list: genus('0.07', [4, 4]) is 0^02. A sum is tame when each of its heaps is; heaps_tame\n"
      "then says whether every heap up to its largest is.");
  m.def(
      "genera",
      [](const py::object& rule, const py::object& max_heap, const py::object& max_memory) {
        return genera_of(rule, max_heap, "max_heap", max_memory);
      },
      py::arg("rule"), py::arg("max_heap"), py::kw_only(), py::arg("max_memory") = py::none(),
      "The genus of each heap 0..max_heap (a list of Genus, index h for heap h).");
}

} // namespace grundy::python
