// grundy.sequence: a heap game's values until their periodicity is proven, as grundy octal and
// grundy heap-sequence compute them; grundy.octal_sequence: the same for an octal code, with its
// engine, checkpoints and resumed runs. Both return a grundy.HeapSequence.

#include "bindings.hpp"
#include "heap_rules.hpp"

#include <grundy/heap/analysis.hpp>
#include <grundy/io/output_file.hpp>
#include <grundy/octal/checkpoint.hpp>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <fstream>
#include <limits>
#include <optional>

namespace grundy::python {

namespace {

octal_method method_of(const std::string& name) {
  if (name == "auto") return octal_method::automatic;
  if (name == "naive") return octal_method::naive;
  if (name == "sparse") return octal_method::sparse;
  throw py::value_error("method is 'auto', 'naive' or 'sparse', not '" + name + "'");
}

std::size_t max_values_of(long long n) {
  if (n < 1) throw py::value_error("max must be at least 1 (the number of values to compute)");
  if (n > std::numeric_limits<std::uint32_t>::max())
    throw py::value_error("max " + std::to_string(n) + " is too large: heap sizes stop at " +
                          std::to_string(std::numeric_limits<std::uint32_t>::max()));
  return static_cast<std::size_t>(n);
}

// The saved run, with what the call may change: a larger max, keep_going. The code and the
// engine, when given, must be the saved ones (as grundy octal --resume checks them).
octal_checkpoint resumed_run(const std::string& path, const std::optional<std::string>& code,
                             const std::string& method, const std::optional<long long>& max,
                             bool keep_going) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw py::value_error("cannot read '" + path + "'");
  octal_checkpoint saved;
  try {
    saved = read_checkpoint(in);
  } catch (const invalid_checkpoint& e) {
    throw py::value_error("'" + path + "' is " + e.what());
  }
  if (code && octal_code::parse(*code) != saved.code)
    throw py::value_error("'" + path + "' holds a run of " + saved.code.str() + ", not " + *code);
  if (method != "auto" && method != to_string(saved.method))
    throw py::value_error("'" + path + "' holds a run of the " + std::string(to_string(saved.method)) +
                          " engine, not " + method);
  if (max) {
    const auto n = max_values_of(*max);
    if (n < saved.values.size())
      throw py::value_error("max " + std::to_string(n) + " is below the " +
                            std::to_string(saved.values.size()) + " values '" + path + "' holds");
    saved.max_values = n;
  }
  saved.keep_going = saved.keep_going || keep_going;
  return saved;
}

py::object values_of(const grundy_sequence& values) {
  try {
    py::module_::import("numpy");
  } catch (const py::error_already_set&) {
    return py::cast(values.to_vector());
  }
  py::array_t<grundy_value> array(static_cast<py::ssize_t>(values.size()));
  auto* out = array.mutable_data();
  values.visit([&](auto v) { std::copy(v.begin(), v.end(), out); });
  return array;
}

py::object optional_size(const std::optional<periodicity>& p, std::size_t periodicity::*field) {
  if (!p) return py::none();
  return py::int_((*p).*field);
}

// G(n) from a proven period, n a Python int of any size (past the values computed or not).
// With a saltus s, G(n) = G(r) + s * q for n - preperiod = q * period + (r - preperiod): a Python
// int, which may not fit grundy_value.
py::object value_from_period(const grundy_sequence& values, const periodicity& p, const py::int_& n) {
  if (n < py::int_(values.size())) return py::int_(values[n.cast<std::size_t>()]);
  const py::object shifted = n - py::int_(p.preperiod);
  const auto offset =
      py::reinterpret_steal<py::object>(PyNumber_Remainder(shifted.ptr(), py::int_(p.period).ptr()));
  if (!offset) throw py::error_already_set();
  const py::object base = py::int_(values[p.preperiod + offset.cast<std::size_t>()]);
  if (p.saltus == 0) return base;
  const auto turns =
      py::reinterpret_steal<py::object>(PyNumber_FloorDivide(shifted.ptr(), py::int_(p.period).ptr()));
  if (!turns) throw py::error_already_set();
  return base + turns * py::int_(p.saltus);
}

// octal_value: the values until the period is proven, or until G(n) when that comes first.
// Past the heap sizes the engines index (2^32 - 2) only a proven period answers, as it does for
// HeapSequence[n].
grundy_value value_of_heap(const octal_code& code, const py::int_& heap) {
  const auto text = py::repr(heap).cast<std::string>();
  if (heap < py::int_(0)) throw py::value_error("n is a heap size, at least 0, not " + text);
  constexpr std::uint64_t largest = std::numeric_limits<std::uint32_t>::max() - 1;
  const bool computable = heap <= py::int_(largest);
  analysis_options options;
  if (computable) options.max_values = heap.cast<std::size_t>() + 1;
  auto a = interruptible([&](const std::atomic<bool>* stop) {
    options.stop = stop;
    py::gil_scoped_release release;
    return analyse(code, options);
  });
  if (a.interrupted) throw_keyboard_interrupt();
  if (a.period && a.period->proven) return value_from_period(a.values, *a.period, heap).cast<grundy_value>();
  if (computable) return a.values[heap.cast<std::size_t>()];
  throw py::value_error("G(" + text + ") of " + code.str() +
                        " cannot be computed: no period is proven within " + std::to_string(a.values.size()) +
                        " values, and heaps past " + std::to_string(largest) +
                        " are given only by a proven period");
}

std::string repr(const heap_analysis& a) {
  std::string text =
      "<grundy.HeapSequence " + a.rule.str() + ": " + std::to_string(a.values.size()) + " values";
  if (const auto& p = a.period) {
    text += p->saltus ? ", arithmetic period " + std::to_string(p->period) + " (saltus " +
                            std::to_string(p->saltus) + ")"
                      : ", period " + std::to_string(p->period);
    text += " from heap " + std::to_string(p->preperiod) + (p->proven ? " (proven)" : " (not proven)");
  }
  if (!a.periodicity_checked) text += ", periodicity not looked for";
  return text + ">";
}

void add_heap_sequence(py::module_& m) {
  py::class_<heap_analysis>(
      m, "HeapSequence",
      "The values G(0), G(1), ... of single heaps of a heap game, and their periodicity\n"
      "(ordinary, or arithmetic with a saltus).")
      .def_property_readonly(
          "rule", [](const heap_analysis& a) { return a.rule.str(); }, "The rule, as grundy reads it back.")
      .def_property_readonly(
          "code",
          [](const heap_analysis& a) -> py::object {
            if (const auto* code = a.rule.octal()) return py::str(code->str());
            return py::none();
          },
          "The octal or hexadecimal code, normalised, when the rule is one (None otherwise).")
      .def_property_readonly(
          "values", [](const heap_analysis& a) { return values_of(a.values); },
          "G(0..n-1): a NumPy array when NumPy is installed, a list otherwise.")
      .def_property_readonly(
          "preperiod",
          [](const heap_analysis& a) { return optional_size(a.period, &periodicity::preperiod); },
          "Where the periodicity starts (None when none was seen).")
      .def_property_readonly(
          "period", [](const heap_analysis& a) { return optional_size(a.period, &periodicity::period); },
          "The period the values show (None when none was seen).")
      .def_property_readonly(
          "saltus", [](const heap_analysis& a) { return a.period ? a.period->saltus : 0; },
          "G(n + period) = G(n) + saltus past the preperiod: 0 for ordinary periodicity.")
      .def_property_readonly(
          "proven", [](const heap_analysis& a) { return a.period && a.period->proven; },
          "True when a theorem about the rule's kind proves the periodicity for every heap size\n"
          "(octal codes, subtraction sets, all-but sets).")
      .def_property_readonly(
          "periodicity_checked", [](const heap_analysis& a) { return a.periodicity_checked; },
          "False when a stop came before the periodicity of the values was looked for, so that\n"
          "period None says nothing of them (a run stopped by Ctrl-C raises KeyboardInterrupt).")
      .def_property_readonly(
          "values_to_prove",
          [](const heap_analysis& a) -> py::object {
            return a.values_to_prove ? py::int_(*a.values_to_prove) : py::object(py::none());
          },
          "The values the theorem needs to prove the periodicity (None when no theorem applies).")
      .def_property_readonly("max_value", [](const heap_analysis& a) { return a.values.max_value(); })
      .def_readonly("method", &heap_analysis::method,
                    "The engine that ran: 'naive' or 'sparse' for octal codes, 'rare/common',\n"
                    "'subtraction', ... for the others.")
      .def_readonly("seconds", &heap_analysis::seconds)
      .def_readonly("rare_count", &heap_analysis::rare_count)
      .def_property_readonly(
          "rare_mask", [](const heap_analysis& a) { return a.split.mask; },
          "The sparse engine's split of an octal code's values into rare and common (0 otherwise).")
      .def(
          "__len__", [](const heap_analysis& a) { return a.values.size(); }, "The number of values computed.")
      .def(
          "__iter__", [](const heap_analysis& a) { return py::iter(values_of(a.values)); },
          "G(0), ..., G(len-1): the values computed; seq[n] gives any larger heap once proven.")
      .def(
          "__getitem__",
          [](const heap_analysis& a, const py::int_& index) -> py::object {
            const auto text = py::repr(index).cast<std::string>();
            if (index < py::int_(0))
              throw py::index_error("HeapSequence takes heap sizes n >= 0, not " + text +
                                    ": a proven sequence has no last value (seq.values[-1] is the last one "
                                    "computed)");
            if (index < py::int_(a.values.size())) return py::int_(a.values[index.cast<std::size_t>()]);
            if (a.period && a.period->proven) return value_from_period(a.values, *a.period, index);
            throw py::index_error("G(" + text + ") is not known: " + std::to_string(a.values.size()) +
                                  " values were computed and no periodicity is proven");
          },
          py::arg("n"), "G(n), for any n >= 0 once the periodicity is proven.")
      .def("__repr__", [](const heap_analysis& a) { return repr(a); });

  m.def(
      "sequence",
      [](const py::object& rule, const std::optional<long long>& max, bool keep_going) {
        const auto parsed = to_heap_rule(rule, "rule");
        analysis_options options;
        if (max) options.max_values = max_values_of(*max);
        options.keep_going = keep_going;
        auto a = interruptible([&](const std::atomic<bool>* stop) {
          options.stop = stop;
          // A rule written in Python takes the GIL back for each heap it is asked about.
          py::gil_scoped_release release;
          return analyse(parsed, options);
        });
        if (a.interrupted) throw_keyboard_interrupt();
        return a;
      },
      py::arg("rule"), py::arg("max") = py::none(), py::kw_only(), py::arg("keep_going") = false,
      "Computes G(0), G(1), ... of a heap game until its periodicity is proven, as `grundy octal\n"
      "RULE` does, and returns a HeapSequence.\n\n"
      "rule: an octal code ('0.07'), 'S(1,3,4)', 'allbut(1,2)', 'grundy', 'squares', or a rule\n"
      "object (Subtraction, GrundysGame, TakeASquare, HeapGame). max: the most values to compute\n"
      "(default 10,000,000 for octal codes, 1,000,000 for the others); keep_going: compute all max\n"
      "values even once the periodicity is proven. Ctrl-C raises KeyboardInterrupt.");
}

} // namespace

void add_octal(py::module_& m) {
  add_heap_sequence(m);
  m.def(
      "octal_sequence",
      [](const std::optional<std::string>& code, const std::optional<long long>& max,
         const std::string& method, bool keep_going, const std::optional<std::string>& checkpoint,
         double checkpoint_every, const std::optional<std::string>& resume, unsigned threads) {
        if (!code && !resume)
          throw py::value_error("give an octal code, as in octal_sequence('0.137'), or resume=FILE");
        // As the CLI's --checkpoint-every: NaN and infinities are no number of seconds.
        if (!(checkpoint_every >= 0 && checkpoint_every <= 604800))
          throw py::value_error("checkpoint_every takes seconds from 0 to 604800, not " +
                                py::repr(py::float_(checkpoint_every)).cast<std::string>());
        for (const auto* p : {&checkpoint, &resume})
          if (*p && p->value().find('\0') != std::string::npos)
            throw py::value_error("embedded null byte in the path");
        analysis_options options;
        options.method = method_of(method);
        if (max) options.max_values = max_values_of(*max);
        options.keep_going = keep_going;
        options.threads = threads; // 0: one or two, as the run measures
        std::optional<octal_checkpoint> saved;
        if (resume) saved = resumed_run(*resume, code, method, max, keep_going);
        const auto parsed = saved ? saved->code : octal_code::parse(*code);
        // A resumed run goes on saving itself where it was saved unless told otherwise.
        const auto path = checkpoint ? checkpoint : resume;
        if (path) {
          options.checkpoint_seconds = checkpoint_every;
          // A checkpoint that cannot be written costs the run nothing but the checkpoint: a
          // RuntimeWarning, once, and the values still come back.
          options.on_checkpoint = [file = *path, warned = false](const octal_checkpoint& c) mutable {
            try {
              io::write_file(file, [&](std::ostream& os) { write_checkpoint(os, c); });
              warned = false;
            } catch (const std::exception& e) {
              if (warned) return;
              warned = true;
              const py::gil_scoped_acquire python;
              const auto message = "the checkpoint " + std::string(e.what()) + "; the run goes on";
              // A warning turned into an error by the program's filters is reported, not raised,
              // since the run cannot stop here.
              if (PyErr_WarnEx(PyExc_RuntimeWarning, message.c_str(), 1) != 0) PyErr_WriteUnraisable(nullptr);
            }
          };
        }
        auto a = interruptible([&](const std::atomic<bool>* stop) {
          options.stop = stop;
          py::gil_scoped_release release;
          return saved ? resume_octal(std::move(*saved), options) : analyse(parsed, options);
        });
        if (a.interrupted) throw_keyboard_interrupt();
        return a;
      },
      py::arg("code") = py::none(), py::kw_only(), py::arg("max") = py::none(), py::arg("method") = "auto",
      py::arg("keep_going") = false, py::arg("checkpoint") = py::none(), py::arg("checkpoint_every") = 300.0,
      py::arg("resume") = py::none(), py::arg("threads") = 0,
      "Computes G(0), G(1), ... of an octal game until its periodicity is proven, as `grundy octal`\n"
      "does, and returns a HeapSequence, as sequence(code) does.\n\n"
      "code: '0.137', '.137', '4.7', '0.F' (hexadecimal); max: the most values to compute\n"
      "(default 10,000,000); method: 'auto', 'naive' or 'sparse'; keep_going: compute all max values\n"
      "even once the period is proven. checkpoint: a file the run saves itself to every\n"
      "checkpoint_every seconds and when it ends or is interrupted; resume: continue the run saved\n"
      "in that file (its code, engine and max unless a larger max is given). threads: for the\n"
      "sequence (the sparse engine uses two at most; 0: one or two, whichever the run measures\n"
      "faster, chunk by chunk; the values do not depend on it).\n"
      "Ctrl-C raises KeyboardInterrupt, after saving the checkpoint when there is one.");

  m.def(
      "octal_value",
      [](const std::string& code, const py::int_& heap) {
        return value_of_heap(octal_code::parse(code), heap);
      },
      py::arg("code"), py::arg("n"),
      "G(n) of a single heap of n tokens, from the proven period when there is one (any n then, as\n"
      "octal_sequence(code)[n] gives it); otherwise computed, for n up to 4294967294 (2**32 - 2).\n"
      "Ctrl-C raises KeyboardInterrupt.");
}

} // namespace grundy::python
